import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phone, shoot } from './browser.js';

// Issue 9 journeys, notifications: a notice made by a server-side action while /notice is open
// arrives live (socket.io), moves from New to Previous once seen, is marked read by a click that
// navigates, and still arrives with the socket blocked (the polling fallbacks).
// Each journey signs up its own user: the daily check-in (one add-xp notice) can happen once a day
// per account, and the demo account is shared with other journeys.

const DEMO_GEAR = (n: number) => `demo-tq-hoodie-${String(n).padStart(3, '0')}`;

let browser: Browser;

async function api(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${inject('baseUrl')}/api${path}`, { ...init, headers });
}

async function newUser(): Promise<string> {
  const id = randomBytes(4).toString('hex');
  const created = await api('/user', { method: 'POST', body: JSON.stringify({ email: `notices-${id}@example.com`, password: 'long-enough-pw' }) });
  expect(created.status).toBeLessThan(300);
  const { token } = (await created.json()) as { token: string };
  const named = await api('/my/username', { method: 'PUT', token, body: JSON.stringify({ username: `notice_${id}` }) });
  expect(named.status).toBe(200);
  return token;
}

interface NoticeView {
  notice_id: string;
  type: string;
  title: string;
  ack_type: string;
}

async function noticesOf(token: string): Promise<NoticeView[]> {
  return (await (await api('/my/notices', { token })).json()) as NoticeView[];
}

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

async function signedInPhone(token: string, path: string, setup?: (page: Page) => Promise<void>): Promise<Page> {
  const { page } = await phone(browser);
  // Today's daily reward counts as claimed on this phone: its modal would cover the notices a journey opens on /profile.
  await page.addInitScript(() => {
    const now = new Date();
    localStorage.setItem('last-checkin-day', `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`);
  });
  await setup?.(page);
  await page.goto(`${path}?jwt=${encodeURIComponent(token)}`);
  return page;
}

const newSection = (page: Page) => page.getByRole('region', { name: 'New' });
const previousSection = (page: Page) => page.getByRole('region', { name: 'Previous' });

/** Waits for entrance animations (sheets, modals, cards) to finish, so pictures show the settled screen. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity || a.playState !== 'running'),
  );
}

describe('notifications', () => {
  it('a notice made while /notice is open arrives live, then moves from New to Previous once seen', async () => {
    const token = await newUser();
    const page = await signedInPhone(token, '/notice');
    const socket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/') });
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.getByText('There are currently no new notifications').waitFor();
    await page.getByText('No previous notifications.').waitFor();
    await socket;
    // Connected and caught up: the client's first sync round-trip is done when the network settles.
    await page.waitForLoadState('networkidle');
    await settled(page);
    await shoot(page, 'notices-empty');

    const checkin = await api('/user/checkin', { method: 'POST', token });
    expect(checkin.status).toBe(200);
    const started = Date.now();
    const card = newSection(page).getByRole('button').first();
    // Under the 5 s poll: only the socket can bring it this fast.
    await card.waitFor({ timeout: 4000 });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await card.getAttribute('data-state')).toBe('new');
    expect(await card.innerText()).toMatch(/just now|second/);
    await page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).waitFor();
    await settled(page);
    await shoot(page, 'notices-live');

    const [notice] = await noticesOf(token);
    expect(notice.type).toBe('add-xp');
    await page.getByRole('link', { name: /^Home/ }).click();
    await page.getByRole('heading', { name: 'My brands' }).waitFor();
    await expect.poll(async () => (await noticesOf(token)).map((n) => n.ack_type), { timeout: 5000 }).toEqual(['seen']);

    await page.getByRole('link', { name: /^Notifications/ }).click();
    await page.getByText('There are currently no new notifications').waitFor();
    const seen = previousSection(page).getByRole('button', { name: new RegExp(notice.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    expect(await seen.getAttribute('data-state')).toBe('seen');
    await settled(page);
    await shoot(page, 'notices-previous');
    await page.context().close();
  });

  it('a click marks a notice read and opens its screen: a new award goes to /profile', async () => {
    const token = await newUser();
    const claimed = await api('/device/claim', { method: 'POST', token, body: JSON.stringify({ deviceToken: DEMO_GEAR(41) }) });
    expect(claimed.status).toBe(200);
    const award = (await noticesOf(token)).find((n) => n.type === 'new-award');
    expect(award, 'claiming Summit gear awards the First Tap badge').toBeDefined();

    const page = await signedInPhone(token, '/notice');
    const card = newSection(page).getByRole('button', { name: new RegExp(award!.title) });
    await card.waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await shoot(page, 'notices');

    await page.getByRole('tab', { name: 'Unread' }).click();
    await page.getByRole('list', { name: 'Unread notifications' }).waitFor();
    await page.getByRole('tab', { name: 'Quests' }).click();
    await page.getByText('No quest notifications.').waitFor();
    await page.getByRole('tab', { name: 'All' }).click();

    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('button', { name: 'What is this page?' }).click();
    const about = page.getByRole('dialog', { name: 'What is this page?' });
    await about.getByText(/platform activity, brand updates and gear updates/).waitFor();
    await settled(page);
    await shoot(page, 'notices-about');
    await about.getByRole('button', { name: 'Got it' }).click();

    await newSection(page).getByRole('button', { name: new RegExp(award!.title) }).click();
    await page.waitForURL('**/profile');
    // Read by the click; leaving /notice marked the others seen, and the award stays read.
    await expect
      .poll(async () => (await noticesOf(token)).map((n) => (n.notice_id === award!.notice_id ? `award:${n.ack_type}` : n.ack_type)).sort(), {
        timeout: 5000,
      })
      .toEqual(['award:read', ...Array((await noticesOf(token)).length - 1).fill('seen')]);

    await page.getByRole('link', { name: /^Notifications/ }).click();
    const read = previousSection(page).getByRole('button', { name: new RegExp(award!.title) });
    await read.waitFor();
    expect(await read.getAttribute('data-state')).toBe('read');
    await page.context().close();
  });

  it('with the socket blocked, the polling fallbacks still bring a new notice and the count', async () => {
    const token = await newUser();
    const page = await signedInPhone(token, '/notice', async (p) => {
      await p.route('**/socket.io/**', (route) => route.abort());
    });
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.getByText('There are currently no new notifications').waitFor();

    const checkin = await api('/user/checkin', { method: 'POST', token });
    expect(checkin.status).toBe(200);
    const card = newSection(page).getByRole('button').first();
    // The socket's connect grace (3 s) and one poll interval (5 s), with room to spare.
    await card.waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).waitFor({ timeout: 10_000 });
    expect(sockets).toEqual([]);
    await settled(page);
    await shoot(page, 'notices-polling');
    await page.context().close();
  });
});
