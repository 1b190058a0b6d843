import { useEffect, useState } from 'react';
import { XP_BAR_DELAY_MS } from '@tapquest/shared';
import styles from './xp-bar.module.css';

export interface XpBarProps {
  /** XP earned inside the current level. */
  current: number;
  /** XP the current level needs in all. */
  required: number;
  /** Names the bar for assistive technology. */
  label?: string;
}

/**
 * Progress through the current level. The fill starts empty and grows to its share XP_BAR_DELAY_MS
 * after it appears (SPEC section 9), so the gain is seen; with reduced motion the growth is instant.
 */
export function XpBar({ current, required, label = 'Experience' }: XpBarProps) {
  const safeRequired = Math.max(required, 1);
  const value = Math.min(Math.max(current, 0), safeRequired);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setShown(value), XP_BAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);

  return (
    <div className={styles.xp}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={safeRequired}
        aria-valuenow={value}
        aria-valuetext={`${value} of ${safeRequired} XP`}
      >
        <span className={styles.fill} data-testid="xp-fill" style={{ width: `${(shown / safeRequired) * 100}%` }} />
      </div>
      <p className={styles.caption} aria-hidden="true">
        <span className={styles.current}>{value}</span> / {safeRequired} XP
      </p>
    </div>
  );
}
