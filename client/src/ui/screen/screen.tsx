import type { ReactNode } from 'react';
import styles from './screen.module.css';

export interface ScreenProps {
  title: string;
  /** A short line under the title. */
  lead?: ReactNode;
  /** Controls at the end of the header row (menus, options). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of an app screen: one h1, then content in a centred mobile column. */
export function Screen({ title, lead, actions, children }: ScreenProps) {
  return (
    <main className={styles.screen}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
        </div>
        {actions}
      </header>
      {children}
    </main>
  );
}

/** A card saying what a screen will hold; placeholder screens use it until their feature lands. */
export function ComingSoon({ children }: { children: ReactNode }) {
  return <section className={styles.comingSoon}>{children}</section>;
}
