import { describe, expect, it } from 'vitest';
import { categories, country, items, scanDetails } from './sample-analytics';

// The sample figures tell one story: the totals, the countries and the registry types agree.
describe('sample analytics', () => {
  it('adds up: countries to total scans, registry types to registries', () => {
    expect(country.reduce((s, c) => s + c.scans, 0)).toBe(scanDetails.totalScans.current);
    expect(categories.reduce((s, c) => s + c.value, 0)).toBe(scanDetails.registries.current);
    expect(scanDetails.uniqueScans.current).toBe(items.reduce((s, i) => s + i.uniqueScans, 0));
  });

  it('never has more unique scans than scans', () => {
    for (const item of items) expect(item.uniqueScans).toBeLessThanOrEqual(item.totalScans);
  });

  it('has the three registry types of the spec', () => {
    expect(categories.map((c) => c.id)).toEqual(['EMAIL', 'SOCIALS', 'WALLET']);
  });
});
