import { formatChange, formatCount } from './format';
import { RegistryTypePie } from './registry-type-pie';
import { categories, scanDetails } from './sample-analytics';
import styles from './analytics.module.css';

const FIGURES = [
  { label: 'TOTAL SCANS', figure: scanDetails.totalScans },
  { label: 'UNIQUE SCANS', figure: scanDetails.uniqueScans },
  { label: 'REGISTRIES', figure: scanDetails.registries },
];

/** 'SCAN DETAILS': the three totals, each against last week, and the registry type pie. */
export function ScanDetails() {
  return (
    <section className={styles.details} aria-labelledby="scan-details-title">
      <h2 id="scan-details-title" className={styles.cardTitle}>
        SCAN DETAILS
      </h2>
      <dl className={styles.figures}>
        {FIGURES.map(({ label, figure }) => {
          const change = formatChange(figure.current, figure.lastWeek);
          return (
            <div key={label} className={styles.figure}>
              <dt className={styles.figureLabel}>{label}</dt>
              <dd className={styles.figureValue}>{formatCount(figure.current)}</dd>
              <dd className={styles.lastWeek}>
                <span className={styles.change} data-trend={change.startsWith('-') ? 'down' : 'up'}>
                  {change}
                </span>{' '}
                {formatCount(figure.lastWeek)} last week
              </dd>
            </div>
          );
        })}
      </dl>
      <RegistryTypePie data={categories} />
    </section>
  );
}
