import styles from './analytics.module.css';

export const PERIODS = ['TODAY', '7 DAYS', '14 DAYS', '30 DAYS', '90 DAYS'] as const;
export type Period = (typeof PERIODS)[number];

/** The period buttons. The spec gives them no effect on the figures (all are sample data); they only select. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  return (
    <div className={styles.periods} role="group" aria-label="Period">
      {PERIODS.map((period) => (
        <button key={period} type="button" className={styles.period} aria-pressed={period === value} onClick={() => onChange(period)}>
          {period}
        </button>
      ))}
    </div>
  );
}
