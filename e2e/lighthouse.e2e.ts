import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  auditPages,
  CATEGORIES,
  demoUserToken,
  installabilityErrors,
  servesCompressed,
  startChromium,
  THRESHOLDS,
  type Chromium,
  type PageAudit,
} from '../scripts/lighthouse.js';

// Issue 11, front-end budget: Lighthouse at mobile settings on /login and on /profile signed in as the
// demo user (accessibility and best practices), and Chromium's own installability verdict. Two audits
// and one check take ~20 s.
describe('Lighthouse (mobile, simulated throttling)', () => {
  const baseUrl = inject('baseUrl');
  let chrome: Chromium;
  let audits: PageAudit[];
  let compressed: boolean;

  beforeAll(async () => {
    chrome = await startChromium();
    compressed = await servesCompressed(baseUrl);
    const token = await demoUserToken(baseUrl);
    audits = await auditPages(baseUrl, [{ path: '/login' }, { path: '/profile', token }], chrome);
  }, 120_000);

  afterAll(async () => {
    await chrome?.close();
  });

  const audit = (path: string) => audits.find((a) => a.path === path)!;
  const why = (a: PageAudit) => `${a.path}: ${JSON.stringify(a.scores)}; failing: ${a.failing.map((f) => f.id).join(', ')}`;

  it('the PWA is installable (manifest and service worker)', async () => {
    expect(await installabilityErrors(baseUrl, chrome)).toEqual([]);
  });

  it.each(['/login', '/profile'])('%s is audited where it stands (the demo user stays signed in)', (path) => {
    expect(audit(path).finalPath).toBe(path);
  });

  for (const category of CATEGORIES.filter((c) => c !== 'performance')) {
    it.each(['/login', '/profile'])(`%s: ${category} at least ${THRESHOLDS[category]}`, (path) => {
      expect(audit(path).scores[category], why(audit(path))).toBeGreaterThanOrEqual(THRESHOLDS[category]);
    });
  }

  // The performance score is a timing: Lighthouse multiplies the CPU time it observes by 4, and this
  // machine's speed (its benchmark index) swings 2x with its neighbours, so one page's score moves by
  // 10 points from run to run. Like every speed target it is proven by `npm run bench` (median of
  // three, with the machine's speed beside it, in docs/benchmarks.md), not asserted here. What does not
  // move with the machine stays gated: compressed responses, and the first-screen budget (bundle-budget.e2e.ts).
  it('the server compresses what the first screen downloads', () => {
    expect(compressed).toBe(true);
  });
});
