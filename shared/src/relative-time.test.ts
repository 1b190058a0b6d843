import { describe, expect, it } from 'vitest';
import { noticeAge, postAge } from './relative-time.js';

const now = new Date('2026-06-15T12:00:00');

describe('notice age', () => {
  it.each([
    [0, 'just now'],
    [1, '1 second ago'],
    [59, '59 seconds ago'],
    [3 * 3600, '3 hours ago'],
    [86400, '1 day ago'],
    [14 * 86400, '2 weeks ago'],
    [60 * 86400, '2 months ago'],
    [800 * 86400, '2 years ago'],
  ])('%i seconds reads %s', (s, text) => {
    expect(noticeAge(new Date(now.getTime() - s * 1000), now)).toBe(text);
  });
  it('says Invalid date for garbage', () => expect(noticeAge('nope', now)).toBe('Invalid date'));
});

describe('post age', () => {
  it.each([
    ['2026-06-15T01:00:00', 'today'],
    ['2026-06-14T23:00:00', 'yesterday'],
    ['2026-06-10T12:00:00', '5 days ago'],
    ['2026-06-01T12:00:00', '2 weeks ago'],
    ['2026-03-01T12:00:00', '3 months ago'],
    ['2024-01-01T12:00:00', '2 years ago'],
  ])('%s reads %s', (d, text) => {
    expect(postAge(d, now)).toBe(text);
  });
  it('says Invalid date for garbage', () => expect(postAge('', now)).toBe('Invalid date'));
});
