import { ResponsiveBar } from '@nivo/bar';
import { CHART_COLOURS, chartTheme } from './chart-theme';
import { formatCount } from './format';
import type { CountryScans } from './sample-analytics';
import styles from './analytics.module.css';

/** Scans per country, lying down, the busiest on top. */
export function CountryChart({ data }: { data: CountryScans[] }) {
  // nivo draws the first row of a horizontal bar at the bottom.
  const rows = [...data].sort((a, b) => a.scans - b.scans);
  const summary = `Scans by country: ${data.map((d) => `${d.country} ${formatCount(d.scans)}`).join(', ')}`;
  return (
    <figure className={styles.card} data-chart="SCANS BY COUNTRY">
      <figcaption className={styles.cardTitle}>SCANS BY COUNTRY</figcaption>
      <div className={styles.chart}>
        <ResponsiveBar
          data={rows}
          keys={['scans']}
          indexBy="country"
          layout="horizontal"
          colors={[CHART_COLOURS.orange]}
          theme={chartTheme}
          margin={{ top: 4, right: 40, bottom: 4, left: 30 }}
          padding={0.28}
          borderRadius={3}
          enableGridY={false}
          axisBottom={null}
          axisLeft={{ tickSize: 0, tickPadding: 8 }}
          enableLabel={false}
          enableTotals
          totalsOffset={6}
          valueFormat={formatCount}
          tooltipLabel={(d) => `${d.indexValue} scans`}
          role="img"
          ariaLabel={summary}
          animate={false}
        />
      </div>
    </figure>
  );
}
