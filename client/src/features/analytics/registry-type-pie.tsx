import { ResponsivePie } from '@nivo/pie';
import { ARC_LABEL_MIN_ANGLE } from './arc-labels';
import { ChartLegend } from './chart-legend';
import { CHART_PALETTE, chartTheme } from './chart-theme';
import { formatCount, formatShare } from './format';
import type { RegistryCategory } from './sample-analytics';
import styles from './analytics.module.css';

/** 'REGISTRY TYPE': how people registered (EMAIL, SOCIALS, WALLET). Thin slices go unlabelled (SPEC). */
export function RegistryTypePie({ data }: { data: RegistryCategory[] }) {
  const total = data.reduce((sum, c) => sum + c.value, 0);
  const summary = `Registry type: ${data.map((c) => `${c.label} ${formatCount(c.value)} (${formatShare(c.value, total)})`).join(', ')}`;
  return (
    <figure className={styles.pieFigure} data-chart="REGISTRY TYPE">
      <figcaption className={styles.cardTitle}>REGISTRY TYPE</figcaption>
      <div className={styles.pie}>
        <ResponsivePie
          data={data}
          id="id"
          value="value"
          colors={CHART_PALETTE}
          theme={chartTheme}
          margin={{ top: 6, right: 6, bottom: 6, left: 6 }}
          innerRadius={0.52}
          padAngle={1.2}
          cornerRadius={4}
          activeOuterRadiusOffset={4}
          enableArcLinkLabels={false}
          arcLabelsSkipAngle={ARC_LABEL_MIN_ANGLE}
          arcLabel={(d) => formatShare(d.value, total)}
          arcLabelsTextColor="#16110A"
          valueFormat={formatCount}
          role="img"
          animate={false}
        />
        <span className={styles.pieCentre} aria-hidden="true">
          <strong>{formatCount(total)}</strong>
          <span>registries</span>
        </span>
      </div>
      <span className={styles.visuallyHidden}>{summary}</span>
      <ChartLegend
        entries={data.map((c, i) => ({
          label: c.label,
          colour: CHART_PALETTE[i % CHART_PALETTE.length],
          detail: `${formatCount(c.value)} · ${formatShare(c.value, total)}`,
        }))}
      />
    </figure>
  );
}
