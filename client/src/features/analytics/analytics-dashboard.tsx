import { useState } from 'react';
import { CountryChart } from './country-chart';
import { PeriodPicker, type Period } from './period-picker';
import { campaigns, country, items } from './sample-analytics';
import { ScanBarChart } from './scan-bar-chart';
import { ScanDetails } from './scan-details';
import { ScanMap } from './scan-map';
import styles from './analytics.module.css';

/**
 * The brand analytics dashboard (SPEC section 2): three small charts, the map, the period buttons and
 * SCAN DETAILS. It holds the chart library, so it is loaded apart from the screen that guards it.
 */
export default function AnalyticsDashboard() {
  const [period, setPeriod] = useState<Period>('7 DAYS');
  return (
    <div className={styles.layout}>
      <div className={styles.toolbar}>
        <PeriodPicker value={period} onChange={setPeriod} />
      </div>
      <div className={styles.charts}>
        <ScanBarChart title="SCANS & REGISTRIES" data={items} layout="vertical" />
        <CountryChart data={country} />
        <ScanBarChart title="CAMPAIGN RESULTS" data={campaigns} layout="horizontal" />
      </div>
      <ScanMap data={country} />
      <ScanDetails />
    </div>
  );
}
