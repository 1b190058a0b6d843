import styles from './progress-indicator.module.css';

export type ProgressState = 'indeterminate' | 'loading' | 'complete';

export interface ProgressIndicatorProps {
  state: ProgressState;
  /** Progress so far while loading, out of `max`. */
  value?: number;
  max?: number;
  label: string;
  /** 'bar' is a thin line; 'ring' a circular spinner for loading screens. */
  shape?: 'bar' | 'ring';
}

/** Indeterminate, loading and complete progress (SPEC sections 2 and 4); the default max is 100. */
export function ProgressIndicator({ state, value = 0, max = 100, label, shape = 'bar' }: ProgressIndicatorProps) {
  const now = state === 'complete' ? max : state === 'loading' ? Math.min(Math.max(value, 0), max) : undefined;
  const share = now === undefined ? undefined : `${(now / max) * 100}%`;
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={now}
      data-state={state}
      data-shape={shape}
      style={share ? { ['--progress' as string]: share } : undefined}
    >
      <span className={styles.fill} />
    </div>
  );
}
