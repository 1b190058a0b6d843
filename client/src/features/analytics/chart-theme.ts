import type { BarDatum, BarSvgProps } from '@nivo/bar';

// nivo draws into SVG attributes and mixes colours itself, neither of which can read CSS custom
// properties, so the three chart colours are written out here. They are ui/tokens.css's
// --color-accent (yellow), --color-accent-2 (orange) and --color-silver; keep them in step.
export const CHART_COLOURS = { yellow: '#FFD400', orange: '#FF8A00', silver: '#C9CED8' } as const;
export const CHART_PALETTE = [CHART_COLOURS.yellow, CHART_COLOURS.orange, CHART_COLOURS.silver];

export const chartTheme: NonNullable<BarSvgProps<BarDatum>['theme']> = {
  background: 'transparent',
  text: { fontFamily: 'inherit', fontSize: 11, fill: '#A3ACC2' },
  axis: {
    domain: { line: { stroke: 'transparent' } },
    ticks: { line: { stroke: 'transparent' }, text: { fill: '#A3ACC2', fontSize: 10 } },
  },
  grid: { line: { stroke: 'rgba(255, 255, 255, 0.08)', strokeWidth: 1 } },
  // Bar labels are off; the country chart's totals sit beside the bars, on the card.
  labels: { text: { fill: '#F5F7FC', fontSize: 11, fontWeight: 700 } },
  tooltip: {
    container: {
      background: '#161E36',
      color: '#F5F7FC',
      fontSize: 12,
      borderRadius: 10,
      border: '1px solid rgba(255, 255, 255, 0.18)',
      boxShadow: '0 12px 40px rgba(0, 0, 0, 0.5)',
    },
  },
};
