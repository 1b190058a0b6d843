import type { AriaRole, ReactNode } from 'react';
import styles from './callout.module.css';

/**
 * A boxed line of text standing where content would be: there is none yet ('empty'), or it could
 * not be loaded ('error', announced at once to screen readers).
 */
export function Callout({ tone = 'empty', role, children }: { tone?: 'empty' | 'error'; role?: AriaRole; children: ReactNode }) {
  return (
    <p className={styles.callout} data-tone={tone} role={role ?? (tone === 'error' ? 'alert' : undefined)}>
      {children}
    </p>
  );
}
