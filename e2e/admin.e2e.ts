import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phone, screenshotsDir, shoot } from './browser.js';

// Issue 10 journeys: the admin page's Reset Profile as an admin and as a member, the dashboard's
// panels and its real user management (ranking, sort, view all, CSV download), and the brand
// analytics dashboard with every chart, on a phone and on a laptop. The seeded demo accounts
// sign in through the API and arrive with ?jwt=, as a federated sign-in would.

const PASSWORD = 'tapquest-demo';
const LAPTOP = { width: 1366, height: 900 };

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

async function tokenFor(email: string): Promise<string> {
  const res = await fetch(`${inject('baseUrl')}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function open(pathname: string, email: string | null, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await phone(browser, viewport ? { viewport } : {});
  const token = email ? await tokenFor(email) : null;
  await page.goto(token ? `${pathname}?jwt=${encodeURIComponent(token)}` : pathname);
  return page;
}

function consoleLines(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message: ConsoleMessage) => lines.push(message.text()));
  return lines;
}

describe('/admin Reset Profile', () => {
  it('an admin resets their progress: the spec console line and a success toast', async () => {
    const page = await open('/admin', 'admin@tapquest.dev');
    const lines = consoleLines(page);
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    await page.getByText('(admin)').waitFor();
    const bar = page.getByRole('banner');
    expect(await bar.getByRole('link', { name: 'Tapquest home' }).getAttribute('href')).toBe('/');
    expect(await bar.getByRole('link', { name: 'ADMIN' }).getAttribute('href')).toBe('/admin');
    await bar.getByRole('button', { name: 'LOGOUT' }).waitFor();
    await bar.getByRole('button', { name: 'Menu' }).waitFor();

    const reset = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/admin/reset');
    await page.getByRole('button', { name: 'Reset Profile' }).click();
    const res = await reset;
    expect(res.status()).toBe(200);
    expect(res.request().headers().authorization).toMatch(/^Bearer ey/);
    await page.getByText('Your profile has been reset').waitFor();
    expect(lines).toContain('Reset request succeeded');
    await page.waitForTimeout(400); // the toast's entrance
    await shoot(page, 'admin-reset');
  });

  it('a member without the admin role is told they lack the right', async () => {
    const page = await open('/admin', 'demo@tapquest.dev');
    const lines = consoleLines(page);
    await page.getByText('(not an admin)').waitFor();
    await page.getByRole('button', { name: 'Reset Profile' }).click();
    await page.getByText("You don't have the right to reset profiles: only admins can.").waitFor();
    expect(lines).toContain('Reset request failed');
    await page.waitForTimeout(400);
    await shoot(page, 'admin-reset-refused');
  });

  it('a visitor is told to log in', async () => {
    const page = await open('/admin', null);
    const lines = consoleLines(page);
    await page.getByRole('button', { name: 'Reset Profile' }).click();
    await page.getByText('Please log in to reset your profile.').waitFor();
    expect(lines).toContain('Reset request failed');
  });
});

describe('/dashboard', () => {
  it('shows the UPLOAD tiles and CAMPAIGN MANAGEMENT cards, their links going home', async () => {
    const page = await open('/dashboard', 'admin@tapquest.dev');
    const upload = page.getByRole('region', { name: 'UPLOAD' });
    await upload.waitFor();
    expect(await upload.getByRole('link').allTextContents()).toEqual([
      'NEWS UPDATES',
      'MEDIA',
      'BADGES/FLAIRS',
      'REWARD',
      'BANNER',
      'SEE UPLOADS',
    ]);
    const campaigns = page.getByRole('region', { name: 'CAMPAIGN MANAGEMENT' });
    for (const title of ['TAP QUEST', 'EVENT', 'SOCIAL QUEST']) {
      expect(await campaigns.getByRole('link', { name: `BEGIN ${title}` }).getAttribute('href')).toBe('/');
    }
    expect(await campaigns.getByRole('link', { name: 'VIEW CAMPAIGNS' }).getAttribute('href')).toBe('/');
    await page.getByRole('table').waitFor();
    await shoot(page, 'dashboard');
  });

  it('USER MANAGEMENT ranks the real users by XP, sorts and shows them all', async () => {
    const page = await open('/dashboard', 'admin@tapquest.dev');
    const panel = page.getByRole('region', { name: 'USER MANAGEMENT' });
    const rows = panel.locator('tbody tr');
    await rows.first().waitFor();
    const ranks = (await panel.locator('tbody td:first-child').allTextContents()).map(Number);
    expect(ranks[0]).toBe(1);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    // The seed: demo_tapper (420 XP) ranks above harbor_rider (180 XP).
    const names = await panel.locator('tbody th').allTextContents();
    const demo = names.findIndex((n) => n.startsWith('demo_tapper'));
    const rider = names.findIndex((n) => n.startsWith('harbor_rider'));
    expect(demo).toBeGreaterThanOrEqual(0);
    if (rider >= 0) expect(demo).toBeLessThan(rider);

    const sort = panel.getByRole('button', { name: /^SORT/ });
    expect(await sort.textContent()).toBe('SORT: XP');
    const sorted = page.waitForResponse((res) => res.url().includes('/api/admin/users?') && res.url().includes('sort=username'));
    for (let i = 0; i < 4; i++) await sort.click();
    expect(await sort.textContent()).toBe('SORT: USERNAME');
    expect((await sorted).status()).toBe(200);

    await panel.getByRole('button', { name: 'VIEW ALL' }).click();
    await panel.getByText(/^Page 1 of \d+ · \d+ users$/).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shoot(page, 'dashboard-all-users');
  });

  it('lays the panels out side by side on a laptop', async () => {
    const page = await open('/dashboard', 'admin@tapquest.dev', LAPTOP);
    await page.getByRole('region', { name: 'USER MANAGEMENT' }).locator('tbody tr').first().waitFor();
    const top = (name: string) => page.getByRole('region', { name }).evaluate((el) => Math.round(el.getBoundingClientRect().top));
    expect(await top('CAMPAIGN MANAGEMENT')).toBe(await top('UPLOAD'));
    expect(await top('USER MANAGEMENT')).toBeGreaterThan(await top('UPLOAD'));
    await page.screenshot({ path: path.join(screenshotsDir, 'dashboard-laptop.png'), fullPage: true });
  });

  it('EXPORT TO CSV downloads every user, ranked, as a proper CSV', async () => {
    const page = await open('/dashboard', 'admin@tapquest.dev');
    const panel = page.getByRole('region', { name: 'USER MANAGEMENT' });
    await panel.locator('tbody tr').first().waitFor();
    const total = await (
      await fetch(`${inject('baseUrl')}/api/admin/users?pageSize=1`, {
        headers: { authorization: `Bearer ${await tokenFor('admin@tapquest.dev')}` },
      })
    ).json();

    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'EXPORT TO CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tapquest-users-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await file.path())!, 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('rank,username,level,xp,interfaces,quests');
    expect(lines.at(-1)).toBe('');
    const records = lines.slice(1, -1);
    expect(records).toHaveLength((total as { total: number }).total);
    expect(records.find((l) => l.split(',')[1] === 'demo_tapper')).toMatch(/^\d+,demo_tapper,\d+,\d+,\d+,\d+$/);
    const ranks = records.map((l) => Number(l.split(',')[0]));
    expect(ranks[0]).toBe(1);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    await page.getByText('Users exported').waitFor();
  });

  it('a member without the admin role sees the user list is for admins', async () => {
    const page = await open('/dashboard', 'demo@tapquest.dev');
    await page.getByRole('region', { name: 'USER MANAGEMENT' }).getByText('Only admins can see the user list.').waitFor();
  });
});

describe('/analytics', () => {
  async function everyChartDrawn(page: Page) {
    for (const chart of ['SCANS & REGISTRIES', 'SCANS BY COUNTRY', 'CAMPAIGN RESULTS', 'REGISTRY TYPE']) {
      const figure = page.locator(`figure[data-chart="${chart}"]`);
      await figure.locator('svg[role="img"]').first().waitFor();
      // Drawn for real: a chart with no size would have no bars or slices.
      const marks = await figure.locator('svg rect, svg path').count();
      expect(marks, chart).toBeGreaterThan(3);
    }
    await page.locator('figure[data-chart="SCAN MAP"] img').evaluate((img: HTMLImageElement) => img.decode());
    expect(await page.locator('figure[data-chart="SCAN MAP"] img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      0,
    );
  }

  it('an admin sees every chart, the map, the periods and the scan details on a phone', async () => {
    const page = await open('/analytics', 'admin@tapquest.dev');
    await page.getByRole('heading', { name: 'Brand analytics', level: 1 }).waitFor();
    await everyChartDrawn(page);
    const details = page.getByRole('region', { name: 'SCAN DETAILS' });
    for (const label of ['TOTAL SCANS', 'UNIQUE SCANS', 'REGISTRIES']) await details.getByText(label, { exact: true }).waitFor();
    expect(await details.getByText(/last week/).count()).toBe(3);
    // Arc labels only on slices of 45 degrees or more: EMAIL and SOCIALS, not WALLET (36 degrees).
    expect(await page.locator('figure[data-chart="REGISTRY TYPE"] svg text').allTextContents()).toEqual(['52%', '38%']);

    const periods = page.getByRole('group', { name: 'Period' });
    expect(await periods.getByRole('button').allTextContents()).toEqual(['TODAY', '7 DAYS', '14 DAYS', '30 DAYS', '90 DAYS']);
    await periods.getByRole('button', { name: '30 DAYS' }).click();
    expect(await periods.getByRole('button', { name: '30 DAYS' }).getAttribute('aria-pressed')).toBe('true');
    await shoot(page, 'analytics-phone');
    await page.screenshot({ path: path.join(screenshotsDir, 'analytics-phone-full.png'), fullPage: true });
  });

  it('lays the dashboard out for a laptop', async () => {
    const page = await open('/analytics', 'admin@tapquest.dev', LAPTOP);
    await everyChartDrawn(page);
    // Three small charts side by side, SCAN DETAILS alongside them.
    const boxes = await page
      .locator('figure[data-chart]')
      .evaluateAll((figures) =>
        figures.map((f) => ({ chart: f.getAttribute('data-chart'), top: Math.round(f.getBoundingClientRect().top) })),
      );
    const top = (chart: string) => boxes.find((b) => b.chart === chart)!.top;
    expect(top('SCANS BY COUNTRY')).toBe(top('SCANS & REGISTRIES'));
    expect(top('CAMPAIGN RESULTS')).toBe(top('SCANS & REGISTRIES'));
    await page.getByRole('heading', { name: 'Tapquest is in alpha' }).waitFor({ state: 'detached' });
    await page.screenshot({ path: path.join(screenshotsDir, 'analytics-laptop.png'), fullPage: true });
  });

  it('a member without the admin role is told it is for admins', async () => {
    const page = await open('/analytics', 'demo@tapquest.dev');
    await page.getByText('Brand analytics are for admins. Ask an admin for access.').waitFor();
  });
});
