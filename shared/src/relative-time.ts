// Relative texts of SPEC section 9: one for notices (seconds up to years), one for feed posts (days up to years).
const UNITS: [string, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

export function noticeAge(value: Date | string | number, now: Date = new Date()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${unit}${n > 1 ? 's' : ''} ago`;
  }
  return 'just now';
}

export function postAge(value: Date | string | number, now: Date = new Date()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  const weeks = Math.floor(days / 7);
  if (weeks < 4) return `${weeks} week${weeks > 1 ? 's' : ''} ago`;
  const months = Math.floor(days / 30);
  if (months < 12) return `${Math.max(months, 1)} month${months > 1 ? 's' : ''} ago`;
  const years = Math.floor(days / 365);
  return `${Math.max(years, 1)} year${years > 1 ? 's' : ''} ago`;
}
