import styles from './analytics.module.css';

export interface LegendEntry {
  label: string;
  colour: string;
  /** Shown after the label, e.g. a value and its share. */
  detail?: string;
}

/** A chart's key in HTML, so it reads at any size and to a screen reader. */
export function ChartLegend({ entries }: { entries: LegendEntry[] }) {
  return (
    <ul className={styles.legend}>
      {entries.map((entry) => (
        <li key={entry.label} className={styles.legendItem}>
          <span className={styles.swatch} style={{ background: entry.colour }} aria-hidden="true" />
          <span>{entry.label}</span>
          {entry.detail && <span className={styles.legendDetail}>{entry.detail}</span>}
        </li>
      ))}
    </ul>
  );
}
