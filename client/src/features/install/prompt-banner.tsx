import { useId, type ReactNode } from 'react';
import styles from './install.module.css';

/** A card above the bottom bar asking for something; a region, not a dialog: the screen stays usable. */
export function PromptBanner({ title, icon, text, actions }: { title: string; icon: ReactNode; text: ReactNode; actions: ReactNode }) {
  const titleId = useId();
  return (
    <aside className={styles.banner} aria-labelledby={titleId}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <p className={styles.text}>{text}</p>
      </div>
      <div className={styles.actions}>{actions}</div>
    </aside>
  );
}
