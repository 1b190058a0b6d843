import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phone, shoot } from './browser.js';

// Issue 9 journeys, brands and quests: browse the demo user's communities, join and follow for
// real (and leave things as the seed had them), a quest before and after its start, the quests
// modal's filters, the demo pages and the install banner, at a phone viewport in Chromium.

const DEMO = { email: 'demo@tapquest.dev', password: 'tapquest-demo' };
const DAY = 86_400_000;

let browser: Browser;
let token: string;

async function api(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${inject('baseUrl')}/api${path}`, { ...init, headers });
}

beforeAll(async () => {
  browser = await launch();
  const res = await api('/user/login', { method: 'POST', body: JSON.stringify(DEMO) });
  expect(res.status).toBe(200);
  token = ((await res.json()) as { token: string }).token;
});

afterAll(async () => {
  await browser?.close();
});

/** A phone signed in as the demo user: the jwt arrives as a launch parameter, as from a link. */
async function signedInPhone(path: string, setup?: (page: Page) => Promise<void>): Promise<Page> {
  const { page } = await phone(browser);
  await setup?.(page);
  const sep = path.includes('?') ? '&' : '?';
  await page.goto(`${path}${sep}jwt=${encodeURIComponent(token)}`);
  return page;
}

/** Waits for entrance animations (sheets, modals, cards) to finish, so pictures show the settled screen. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity || a.playState !== 'running'),
  );
}

describe('brands', () => {
  it('browses the brand list and a brand hub: membership, counts, posts and a link that asks first', async () => {
    const page = await signedInPhone('/');
    await page.getByRole('heading', { name: 'My brands' }).waitFor();
    const brands = page.getByRole('list', { name: 'Brands' });
    await brands.getByRole('link').first().waitFor();
    const names = await brands.getByRole('link').allInnerTexts();
    expect(names.map((n) => n.split('\n')[0].trim())).toEqual(['Summit Supply Co.', 'Neon Run Club', 'Harbor Skate Works']);
    expect(await brands.getByRole('link', { name: /Summit Supply Co\./ }).getAttribute('data-member')).toBe('true');
    expect(await brands.getByRole('link', { name: /Harbor Skate Works/ }).getAttribute('data-member')).toBeNull();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await shoot(page, 'brand-list');

    await page.getByRole('button', { name: 'Add a Brand' }).click();
    const toast = page.getByText('Adding brands is coming soon.');
    await toast.waitFor();
    await toast.waitFor({ state: 'hidden' });

    await brands.getByRole('link', { name: /Summit Supply Co\./ }).click();
    await page.waitForURL('**/brandhub/1');
    await page.getByRole('heading', { name: 'Summit Supply Co.', level: 1 }).waitFor();
    await page.getByText('You are a member').waitFor();
    const stat = (name: string) => page.locator('dl div', { has: page.locator('dt', { hasText: name }) }).locator('dd');
    expect(Number(await stat('Members').innerText())).toBeGreaterThanOrEqual(2);
    expect(Number(await stat('Quests').innerText())).toBe(3);
    expect(Number(await stat('Gear').innerText())).toBeGreaterThan(100);
    const trail = page.getByRole('article', { name: 'Post by Maya at Summit' });
    // Two hours old: 'today', or 'yesterday' in the first two hours of a day.
    await trail.getByText(/^(today|yesterday)$/).waitFor();
    await page.getByRole('article', { name: 'Post by Summit Supply Co.' }).first().getByText('3 days ago').waitFor();
    await page.getByRole('heading', { name: 'Gear up!' }).waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await shoot(page, 'brand-hub');

    await trail.getByRole('link', { name: 'summit-supply.example/trail-report' }).click();
    const caution = page.getByRole('dialog', { name: 'You are leaving Tapquest' });
    await caution.waitFor();
    await settled(page);
    await shoot(page, 'brand-hub-external-link');
    await caution.getByRole('button', { name: "No, I'll stay here" }).click();
    await caution.waitFor({ state: 'detached' });
    expect(page.context().pages()).toHaveLength(1);

    await page.getByRole('button', { name: 'See all gear' }).click();
    await page.getByRole('list', { name: 'Gear' }).getByText('Summit Trail Hoodie').waitFor();
    await settled(page);
    await shoot(page, 'brand-hub-gear');
    await page.context().close();
  });

  it('joins and follows a brand for real, then leaves and unfollows it again', async () => {
    const page = await signedInPhone('/brandhub/3');
    await page.getByText('You are NOT a member').waitFor();
    const members = page.locator('dl div', { has: page.locator('dt', { hasText: 'Members' }) }).locator('dd');
    const before = Number(await members.innerText());

    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByText('You are a member').waitFor();
    expect(Number(await members.innerText())).toBe(before + 1);
    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: 'Following' }).waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await shoot(page, 'brand-hub-joined');

    await page.reload();
    await page.getByText('You are a member').waitFor();
    expect(await page.getByRole('button', { name: 'Following' }).getAttribute('aria-pressed')).toBe('true');
    const hub = (await (await api('/my/brands/3', { token })).json()) as { isMember: boolean; isFollowing: boolean; members: number };
    expect(hub).toMatchObject({ isMember: true, isFollowing: true, members: before + 1 });

    await page.getByRole('link', { name: 'Back to my brands' }).click();
    expect(await page.getByRole('link', { name: /Harbor Skate Works/ }).getAttribute('data-member')).toBe('true');
    await page.getByRole('link', { name: /Harbor Skate Works/ }).click();
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.getByText('You are NOT a member').waitFor();
    await page.getByRole('button', { name: 'Following' }).click();
    await page.getByRole('button', { name: 'Follow' }).waitFor();
    await page.waitForLoadState('networkidle');
    const after = (await (await api('/my/brands/3', { token })).json()) as { isMember: boolean; isFollowing: boolean; members: number };
    expect(after).toMatchObject({ isMember: false, isFollowing: false, members: before });
    await page.context().close();
  });

  it('opens a quest before its start (countdown) and after it (progress view)', async () => {
    const page = await signedInPhone('/brandhub/1', (p) => p.clock.install());
    await page.getByRole('tab', { name: 'Quests' }).click();
    await page.getByRole('button', { name: /Sunrise Meetup/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Sunrise Meetup' });
    await sheet.getByRole('heading', { name: 'This quest begins in' }).waitFor();
    expect(await sheet.getByRole('timer').innerText()).toMatch(/^0[23]\s*days/i);
    await sheet.getByText('In-person').waitFor();
    await sheet.getByRole('button', { name: /Eligible Gear/ }).getByText('1 of 2').waitFor();
    const first = await sheet.getByRole('timer').innerText();
    await page.clock.runFor(2000);
    expect(await sheet.getByRole('timer').innerText()).not.toBe(first);
    await page.waitForLoadState('networkidle');
    await settled(page);
    await shoot(page, 'quest-countdown');

    // Three days on, the quest has begun: the same sheet shows the progress view.
    await page.clock.fastForward(3 * DAY + 60_000);
    await page.clock.runFor(1000);
    await sheet.getByRole('heading', { name: 'Your progress' }).waitFor();
    expect(await sheet.getByRole('heading', { name: 'This quest begins in' }).count()).toBe(0);
    await sheet.getByText('0 of 1 steps').waitFor();
    await settled(page);
    await shoot(page, 'quest-started');

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /First Tap/ }).click();
    const active = page.getByRole('dialog', { name: 'First Tap' });
    await active.getByRole('heading', { name: 'Your progress' }).waitFor();
    expect(await active.getByText('In-person').count()).toBe(0);
    await active.getByText('1 of 2 steps').waitFor();
    await active.getByText('1 tap counted').waitFor();
    await settled(page);
    await shoot(page, 'quest-details');
    await page.context().close();
  });

  it('filters every quest in the quests modal', async () => {
    const page = await signedInPhone('/brandhub/1');
    await page.getByRole('tab', { name: 'Quests' }).click();
    await page.getByRole('button', { name: 'Browse all my quests' }).click();
    const modal = page.getByRole('dialog', { name: 'Quests' });
    const titles = async (filter: string) => {
      await modal.getByRole('button', { name: filter, exact: true }).click();
      const list = modal.getByRole('list', { name: filter });
      await list.waitFor();
      return (await list.getByRole('button').allInnerTexts()).map((t) => t.split('\n')[0]);
    };
    expect(await titles('All Quests')).toHaveLength(6);
    expect(await titles('Active')).toEqual(['First Tap', 'Daily Devotion']);
    expect(await titles('Upcoming')).toEqual(['Sunrise Meetup', 'Night Run Series']);
    expect(await titles('Completed')).toEqual(expect.arrayContaining(['Launch Week', 'Harbor Open Session']));
    expect(await titles('Rewards')).toHaveLength(6);
    await modal.getByRole('button', { name: 'Upcoming', exact: true }).click();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await shoot(page, 'quests-modal');
    await page.context().close();
  });

  it('shows the demo pages with demo data', async () => {
    const page = await signedInPhone('/quests-modal-demo');
    const modal = page.getByRole('dialog', { name: 'Quests' });
    await modal.getByRole('list', { name: 'All Quests' }).waitFor();
    await settled(page);
    await shoot(page, 'quests-modal-demo');
    await modal.getByRole('button', { name: 'Completed', exact: true }).click();
    await modal.getByRole('button', { name: /Harbor Open Session/ }).waitFor();

    await page.goto('/quest-details-demo');
    const sheet = page.getByRole('dialog', { name: 'Sunrise Meetup' });
    await sheet.getByRole('heading', { name: 'This quest begins in' }).waitFor();
    await settled(page);
    await shoot(page, 'quest-details-demo');
    await page.context().close();
  });

  it('offers installing after five clicks', async () => {
    const page = await signedInPhone('/');
    const lead = page.getByText('The communities your gear connects you to.');
    for (let i = 0; i < 4; i++) await lead.click();
    expect(await page.getByRole('complementary', { name: 'Install Tapquest' }).count()).toBe(0);
    await lead.click();
    const banner = page.getByRole('complementary', { name: 'Install Tapquest' });
    await banner.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('install-status'))).toBe('pending');
    await settled(page);
    await shoot(page, 'install-banner');
    await banner.getByRole('button', { name: 'Not now' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('install-status'))).toBe('dismissed');
    await page.context().close();
  });
});
