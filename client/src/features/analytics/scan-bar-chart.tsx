import { ResponsiveBar } from '@nivo/bar';
import { ChartLegend } from './chart-legend';
import { CHART_COLOURS, chartTheme } from './chart-theme';
import { formatCount } from './format';
import type { ScanItem } from './sample-analytics';
import styles from './analytics.module.css';

// A small stacked bar of registries, unique scans and total scans per row: the first chart (per
// gear, upright) and 'CAMPAIGN RESULTS' (per campaign, lying down so the names have room).

const KEYS = ['registries', 'uniqueScans', 'totalScans'] as const;
const LABELS: Record<(typeof KEYS)[number], string> = { registries: 'Registries', uniqueScans: 'Unique scans', totalScans: 'Total scans' };
const COLOURS = [CHART_COLOURS.yellow, CHART_COLOURS.orange, CHART_COLOURS.silver];

export interface ScanBarChartProps {
  title: string;
  data: ScanItem[];
  layout: 'vertical' | 'horizontal';
}

export function ScanBarChart({ title, data, layout }: ScanBarChartProps) {
  const vertical = layout === 'vertical';
  const summary = `${title}: ${data.map((d) => `${d.name} ${formatCount(d.totalScans)} total scans, ${formatCount(d.uniqueScans)} unique, ${formatCount(d.registries)} registries`).join('; ')}`;
  return (
    <figure className={styles.card} data-chart={title}>
      <figcaption className={styles.cardTitle}>{title}</figcaption>
      <div className={styles.chart}>
        <ResponsiveBar
          data={data}
          keys={[...KEYS]}
          indexBy="name"
          layout={layout}
          groupMode="stacked"
          colors={COLOURS}
          theme={chartTheme}
          margin={vertical ? { top: 8, right: 4, bottom: 40, left: 36 } : { top: 4, right: 8, bottom: 22, left: 76 }}
          padding={0.32}
          borderRadius={3}
          enableLabel={false}
          enableGridX={!vertical}
          enableGridY={vertical}
          axisBottom={
            vertical ? { tickSize: 0, tickPadding: 6, tickRotation: -30 } : { tickSize: 0, tickPadding: 6, tickValues: 4, format: compact }
          }
          axisLeft={vertical ? { tickSize: 0, tickPadding: 6, tickValues: 4, format: compact } : { tickSize: 0, tickPadding: 8 }}
          tooltipLabel={(d) => `${d.indexValue} · ${LABELS[d.id as (typeof KEYS)[number]]}`}
          valueFormat={formatCount}
          role="img"
          ariaLabel={summary}
          animate={false}
        />
      </div>
      <ChartLegend entries={KEYS.map((key, i) => ({ label: LABELS[key], colour: COLOURS[i] }))} />
    </figure>
  );
}

/** Axis ticks: 1,200 reads as 1.2k in a chart this small. */
function compact(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(value % 1000 === 0 ? 0 : 1)}k` : String(value);
}
