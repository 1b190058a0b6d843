import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from '../icons/icons';
import styles from './collapsible.module.css';

export interface CollapsibleProps {
  title: string;
  /** Shown on the header row, visible while closed too (a count, a rule). */
  aside?: ReactNode;
  /** Controlled when given with onToggle; otherwise the section keeps its own state. */
  open?: boolean;
  onToggle?: (open: boolean) => void;
  defaultOpen?: boolean;
  children: ReactNode;
}

/** A section whose body folds away under a header button (a disclosure: aria-expanded and aria-controls). */
export function Collapsible({ title, aside, open, onToggle, defaultOpen = false, children }: CollapsibleProps) {
  const [own, setOwn] = useState(defaultOpen);
  const expanded = open ?? own;
  const bodyId = useId();
  const toggle = () => {
    setOwn(!expanded);
    onToggle?.(!expanded);
  };
  return (
    <section className={styles.collapsible} data-open={expanded || undefined}>
      <h3 className={styles.heading}>
        <button type="button" className={styles.header} aria-expanded={expanded} aria-controls={bodyId} onClick={toggle}>
          <span className={styles.title}>{title}</span>
          {aside && <span className={styles.aside}>{aside}</span>}
          <ChevronDownIcon className={styles.chevron} />
        </button>
      </h3>
      <div id={bodyId} className={styles.body} hidden={!expanded}>
        {children}
      </div>
    </section>
  );
}
