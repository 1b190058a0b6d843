// Figures as the dashboard writes them: grouped thousands, whole percentages.

export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** Change from `before` to `now`, signed, e.g. '+14%' or '-3%'; '0%' when there is nothing to compare. */
export function formatChange(now: number, before: number): string {
  if (before <= 0) return '0%';
  const change = Math.round(((now - before) / before) * 100);
  return `${change > 0 ? '+' : ''}${change}%`;
}

export const formatShare = (value: number, total: number): string => (total > 0 ? `${Math.round((value / total) * 100)}%` : '0%');
