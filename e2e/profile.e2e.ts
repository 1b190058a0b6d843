import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phone, shoot } from './browser.js';

// Issue 8 journeys, profiles: the demo user's own profile (header, details, gear, collections,
// assets), flair and badges set and put back, a public profile seen by a visitor, demo gear tapped
// before and after signing in, the daily reward with its level-up, and the edit form with a picture
// upload. Journeys that change a profile for good (claims, check-in, picture) use a new account:
// the demo account is shared with other journeys.

const DEMO = { email: 'demo@tapquest.dev', password: 'tapquest-demo' };
const PASSWORD = 'long-enough-pw';
// Demo tap tokens (demo-<model>-<nnn>, see server/src/seed/seed.ts) near the end of their runs,
// clear of the ones other journeys claim. Neon gear: no claim tasks on its quests, so the XP is known.
const NEON_CAP = 'demo-neon-cap-028'; // 50 XP and the Spark flair
const NEON_BAND = 'demo-neon-wristband-058'; // 40 XP and the Night Runner badge

let browser: Browser;
let demoToken: string;
/** The account journeys 4 to 6 share: made in beforeAll, its gear claimed in journey 4. */
const tapper = { email: '', username: '', token: '' };

async function api(urlPath: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${inject('baseUrl')}/api${urlPath}`, { ...init, headers });
}

async function profileOf(token: string) {
  const res = await api('/my/profile', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    xp: number;
    level: number;
    bio: string;
    instagram: string;
    profilePicture: string | null;
    profileFlair: { id: string } | null;
    profileBadges: ({ id: string } | null)[];
    history: { lastCheckin: string | null };
  };
}

beforeAll(async () => {
  browser = await launch();
  const res = await api('/user/login', { method: 'POST', body: JSON.stringify(DEMO) });
  expect(res.status).toBe(200);
  demoToken = ((await res.json()) as { token: string }).token;

  const id = randomBytes(4).toString('hex');
  tapper.email = `tapper-${id}@example.com`;
  tapper.username = `tapper_${id}`;
  const created = await api('/user', { method: 'POST', body: JSON.stringify({ email: tapper.email, password: PASSWORD }) });
  expect(created.status).toBeLessThan(300);
  tapper.token = ((await created.json()) as { token: string }).token;
  const named = await api('/my/username', { method: 'PUT', token: tapper.token, body: JSON.stringify({ username: tapper.username }) });
  expect(named.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
});

/** A phone whose person already answered the install and push prompts, so no banner covers these screens. */
async function quietPhone() {
  const opened = await phone(browser);
  await opened.context.addInitScript(() => {
    localStorage.setItem('install-status', 'dismissed');
    localStorage.setItem('push-status', 'denied');
  });
  return opened;
}

/** A phone signed in with `token`: the jwt arrives as a launch parameter, as from a link. */
async function signedInPhone(token: string, to: string): Promise<Page> {
  const { page } = await quietPhone();
  await page.goto(`${to}${to.includes('?') ? '&' : '?'}jwt=${encodeURIComponent(token)}`);
  return page;
}

/** Every alert() the page shows, accepted. */
function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

/** Waits for entrance animations (sheets, modals, the XP bar) to finish, so pictures show the settled screen. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity || a.playState !== 'running'),
  );
}

/** Every image on the page has loaded (a live notice feed may keep the network busy, so not networkidle). */
async function imagesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
}

/** The XP bar fills XP_BAR_DELAY_MS after the profile shows, then eases in. */
async function xpSettled(page: Page): Promise<void> {
  await page.waitForTimeout(1600);
  await settled(page);
}

/** Puts off today's reward when it is offered (journeys other than the reward's own). */
async function putOffReward(page: Page): Promise<void> {
  const reward = page.getByRole('dialog', { name: 'Welcome back!' });
  await reward.waitFor({ timeout: 5000 }).catch(() => undefined);
  if (await reward.isVisible()) {
    await reward.getByRole('button', { name: 'Close' }).first().click();
    await reward.waitFor({ state: 'hidden' });
  }
}

const stat = (page: Page, name: string) =>
  page.locator('dl div', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) }).locator('dd');

describe('profiles', () => {
  it("the demo user's own profile: header and counts, details sheet, gear, asset details, collections", async () => {
    const page = await signedInPhone(demoToken, '/profile');
    await page.getByRole('heading', { name: 'demo_tapper', level: 1 }).waitFor();
    await putOffReward(page);
    // Seeded with 420 XP: level 3, 120 of 300 into it; two pieces of gear.
    expect(await stat(page, 'Interfaces').innerText()).toBe('2');
    expect(await stat(page, 'Level').innerText()).toBe('3');
    expect(await stat(page, 'Rank').innerText()).toMatch(/^#\d+$/);
    const xp = page.getByRole('progressbar', { name: 'Experience towards level 4' });
    expect(await xp.getAttribute('aria-valuenow')).toBe('120');
    await page.getByText('Boulder, CO').waitFor();
    await page.getByRole('link', { name: 'Edit profile' }).waitFor();
    const gear = page.getByRole('list', { name: 'Gear' });
    await gear.getByRole('button', { name: /^Summit Wristband\s*Open #1 of 100/ }).waitFor();
    await gear.getByRole('button', { name: /^Neon Reflective Cap\s*Limited #1 of 30/ }).waitFor();
    await imagesLoaded(page);
    await xpSettled(page);
    await shoot(page, 'profile');

    await page.getByRole('button', { name: 'summit-supply.example/crew/demo' }).click();
    const leaving = page.getByRole('dialog', { name: 'You are leaving Tapquest' });
    await leaving.getByText('summit-supply.example').waitFor();
    await leaving.getByRole('button', { name: "No, I'll stay here" }).click();

    await page.getByRole('button', { name: 'Profile details' }).click();
    const sheet = page.getByRole('dialog', { name: 'About demo_tapper' });
    for (const section of ['About', 'User', 'Brands', 'Quests', 'Products', 'Mods'])
      await sheet.getByRole('heading', { name: section, exact: true }).waitFor();
    await sheet.getByRole('link', { name: '@demo_tapper' }).first().waitFor();
    await settled(page);
    await shoot(page, 'profile-details');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });

    await gear.getByRole('button', { name: /^Summit Wristband/ }).click();
    const asset = page.getByRole('dialog', { name: 'Summit Wristband' });
    await asset.getByText('Silicone band with an NFC tag, made for the trail.').waitFor();
    await asset.getByText('Open #1 of 100').waitFor();
    await asset.getByText('Summit Supply Co.').waitFor();
    await settled(page);
    await shoot(page, 'profile-asset');
    await asset.getByRole('button', { name: 'Edit NFC link' }).click();
    const nfc = page.getByRole('dialog', { name: 'Edit NFC link' });
    expect(await nfc.getByRole('textbox', { name: 'Link' }).inputValue()).toBe('https://summit-supply.example/crew/demo');
    await nfc.getByRole('button', { name: 'Cancel' }).click();

    await gear.getByRole('button', { name: /Add Gear/ }).click();
    const add = page.getByRole('dialog', { name: 'Add Gear' });
    await add.getByText(/hold its top edge against the tag/).waitFor();
    await settled(page);
    await shoot(page, 'profile-add-gear');
    await add.getByRole('button', { name: 'Got it' }).click();

    await page.getByRole('tab', { name: 'Collections' }).click();
    const pass = page.getByRole('region', { name: 'Season Pass' });
    await pass.getByText('Next reward: Level 4').waitFor();
    await pass.getByText('180 XP needed').waitFor();
    const flairs = page.getByRole('list', { name: 'Flairs collected' });
    expect(await flairs.getByRole('button').allInnerTexts()).toEqual(['Royal', 'Sunrise', 'Spark']);
    expect(await page.getByRole('list', { name: 'Badges collected' }).getByRole('button').count()).toBe(3);
    await pass.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await xpSettled(page);
    await shoot(page, 'profile-collections');
    await flairs.getByRole('button', { name: 'Royal' }).click();
    const royal = page.getByRole('dialog', { name: 'Royal' });
    await royal.getByText('Among the very first members.').waitFor();
    await settled(page);
    await shoot(page, 'profile-asset-flair');
    await page.context().close();
  });

  it('sets a flair and badges in the pickers (and puts the seeded ones back)', async () => {
    const page = await signedInPhone(demoToken, '/profile/edit');
    await page.getByRole('heading', { name: 'Edit profile', level: 1 }).waitFor();
    const flair = page.getByRole('region', { name: 'Flair' });
    await flair.getByText('Select a Flair').waitFor();
    expect(await flair.getByRole('list', { name: 'Flairs' }).locator('li').count()).toBe(12);
    const applyFlair = flair.getByRole('button', { name: 'Apply' });
    expect(await applyFlair.isDisabled()).toBe(true);
    expect(await flair.getByRole('button', { name: 'Spark' }).getAttribute('aria-pressed')).toBe('true');
    await flair.getByRole('button', { name: 'Royal' }).click();
    expect(await applyFlair.isEnabled()).toBe(true);
    await flair.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await settled(page);
    await shoot(page, 'edit-profile-flair');
    await applyFlair.click();
    await page.getByText('Flair applied').waitFor();
    await expect.poll(async () => (await profileOf(demoToken)).profileFlair?.id).toBe('flair-royal');
    expect(await flair.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);

    const badges = page.getByRole('region', { name: 'Badges' });
    await badges.getByText('Select a Badge').waitFor();
    await badges.getByRole('button', { name: 'Slot 1 (Left): First Tap' }).waitFor();
    await badges.getByRole('button', { name: 'Slot 2 (Center): Launch Crew' }).waitFor();
    await badges.getByRole('button', { name: 'Slot 3 (Right): empty' }).click();
    await badges.getByRole('button', { name: 'Summiteer' }).click();
    await badges.getByRole('button', { name: 'Slot 3 (Right): Summiteer' }).waitFor();
    await badges.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await settled(page);
    await shoot(page, 'edit-profile-badges');
    await badges.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Badges applied').waitFor();
    expect((await profileOf(demoToken)).profileBadges.map((b) => b?.id ?? null)).toEqual([
      'badge-first-tap',
      'badge-launch',
      'badge-summiteer',
    ]);

    await page.getByRole('link', { name: 'Back to profile' }).click();
    await page.getByRole('heading', { name: 'demo_tapper', level: 1 }).waitFor();
    await putOffReward(page);
    await page.getByRole('img', { name: 'Flair: Royal' }).waitFor();
    await page.getByRole('list', { name: 'Badges' }).getByRole('img', { name: 'Summiteer' }).waitFor();
    await page.context().close();

    expect((await api('/my/flair', { method: 'PUT', token: demoToken, body: JSON.stringify({ flairID: 'flair-spark' }) })).status).toBe(
      200,
    );
    const reset = await api('/my/badges', {
      method: 'PUT',
      token: demoToken,
      body: JSON.stringify({ badgeIDs: ['badge-first-tap', 'badge-launch'] }),
    });
    expect(reset.status).toBe(200);
  });

  it("a visitor sees someone's profile read-only, and a clear answer for a name nobody has", async () => {
    const { page, context } = await quietPhone();
    const calls: { url: string; auth: string | undefined }[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/')) calls.push({ url: req.url(), auth: req.headers().authorization });
    });
    await page.goto('/profile/harbor_rider');
    await page.getByRole('heading', { name: 'harbor_rider', level: 1 }).waitFor();
    await page.getByText('Skating the harbour bowl since the first deck run.').waitFor();
    await page
      .getByRole('list', { name: 'Gear' })
      .getByRole('button', { name: /^Harbor Deck 03\s*Numbered #1 of 25/ })
      .waitFor();
    expect(await page.getByRole('link', { name: 'Edit profile' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Add Gear/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit NFC link' }).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Welcome back!' }).count()).toBe(0);
    expect(calls.some((c) => c.url.includes('/api/profiles/harbor_rider'))).toBe(true);
    expect(calls.every((c) => c.auth === undefined)).toBe(true);
    expect(page.url()).toMatch(/\/profile\/harbor_rider$/);
    await imagesLoaded(page);
    await xpSettled(page);
    await shoot(page, 'public-profile');

    await page.getByRole('tab', { name: 'Collections' }).click();
    await page.getByRole('list', { name: 'Badges collected' }).getByRole('button', { name: 'Wave Rider' }).click();
    const asset = page.getByRole('dialog', { name: 'Wave Rider' });
    await asset.getByText('Skated with Harbor Skate Works.').waitFor();
    expect(await asset.getByRole('button', { name: 'Edit NFC link' }).count()).toBe(0);
    await asset.getByRole('button', { name: 'Close' }).last().click();

    await page.goto('/profile/nobody_goes_by_this');
    await page.getByText('Profile not found').waitFor();
    await page.getByText(/Nobody on Tapquest goes by nobody_goes_by_this/).waitFor();
    await settled(page);
    await shoot(page, 'public-profile-not-found');
    await context.close();
  });

  it('gear tapped by a visitor is claimed at sign-in, and a tap while signed in claims at once; both show without a reload', async () => {
    const { page, context } = await quietPhone();
    const alerts = collectAlerts(page);

    await page.goto(`/api/tap/${NEON_CAP}`);
    await page.waitForURL('**/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(tapper.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/profile');
    await expect.poll(() => alerts).toContain('Device registered!');
    const gear = page.getByRole('list', { name: 'Gear' });
    await gear.getByRole('button', { name: /^Neon Reflective Cap\s*Limited #28 of 30/ }).waitFor();
    // The cap comes with the Spark flair. Its congratulations and today's reward show one after the
    // other, in the order they are ready: never both at once.
    const unlocked = page.getByRole('dialog', { name: 'Congratulations!' });
    const reward = page.getByRole('dialog', { name: 'Welcome back!' });
    await unlocked.or(reward).first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    if (await reward.isVisible()) await putOffReward(page);
    await unlocked.getByText('You unlocked a new flair: Spark.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    await settled(page);
    await shoot(page, 'gear-claim-unlock');
    await unlocked.getByRole('button', { name: 'OK' }).click();
    await unlocked.waitFor({ state: 'hidden' });
    await putOffReward(page);

    await page.goto(`/api/tap/${NEON_BAND}`);
    await page.waitForURL('**/profile');
    await expect.poll(() => alerts.filter((a) => a === 'Device registered!').length).toBe(2);
    await gear.getByRole('button', { name: /^Neon Glow Band\s*Open #58 of 60/ }).waitFor();
    await gear.getByRole('button', { name: /^Neon Reflective Cap/ }).waitFor();
    await unlocked.getByText('You unlocked a new badge: Night Runner.').waitFor();
    await unlocked.getByRole('button', { name: 'OK' }).click();
    await unlocked.waitFor({ state: 'hidden' });
    // The claim refreshes the profile too: its interface count follows without a reload.
    await expect.poll(() => stat(page, 'Interfaces').innerText()).toBe('2');
    expect(alerts.every((a) => a === 'Device registered!')).toBe(true);
    await imagesLoaded(page);
    await xpSettled(page);
    await shoot(page, 'profile-gear-claimed');
    await context.close();
  });

  it("claims the daily reward: 'Welcome back!', the XP, Close, then the level-up", async () => {
    const before = await profileOf(tapper.token);
    // 50 + 40 XP from the two claims: the first check-in's 10 XP reaches level 2.
    expect(before.xp).toBe(90);
    expect(before.history.lastCheckin).toBeNull();

    const page = await signedInPhone(tapper.token, '/profile');
    const reward = page.getByRole('dialog', { name: 'Welcome back!' });
    await reward.getByText('Day 1 streak bonus: 10 XP').waitFor();
    await settled(page);
    await shoot(page, 'daily-reward');

    await reward.getByRole('button', { name: 'Claim' }).click();
    await reward.getByRole('status').filter({ hasText: '+10 XP' }).waitFor();
    await reward.getByRole('button', { name: 'Close' }).last().waitFor();
    expect(await reward.getByRole('button', { name: 'Claim' }).count()).toBe(0);
    await page.waitForTimeout(1000);
    await settled(page);
    await shoot(page, 'daily-reward-claimed');
    const jwt = await page.evaluate(() => localStorage.getItem('jwt'));
    expect(jwt).toBeTruthy();
    expect(jwt).not.toBe(tapper.token);

    await reward.getByRole('button', { name: 'Close' }).last().click();
    const levelUp = page.getByRole('dialog', { name: 'Nice work! You leveled up!' });
    await levelUp.getByText('You reached level 2.').waitFor();
    await settled(page);
    await shoot(page, 'level-up');
    await levelUp.getByRole('button', { name: 'Collect' }).click();
    await levelUp.waitFor({ state: 'hidden' });
    expect(await stat(page, 'Level').innerText()).toBe('2');
    const after = await profileOf(tapper.token);
    expect(after.xp).toBe(100);
    expect(after.level).toBe(2);

    // The same day on the same phone: not offered again.
    await page.reload();
    await page.getByRole('heading', { name: tapper.username, level: 1 }).waitFor();
    await imagesLoaded(page);
    expect(await page.getByRole('dialog', { name: 'Welcome back!' }).count()).toBe(0);
    await page.context().close();
  });

  it('edits and saves the profile (a refused value keeps what was typed), and uploads a picture', async () => {
    const page = await signedInPhone(tapper.token, '/profile/edit');
    await page.getByRole('heading', { name: 'Edit profile', level: 1 }).waitFor();
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await imagesLoaded(page);
    await settled(page);
    await shoot(page, 'edit-profile');
    await field('Bio').fill('Night runs, glow bands and early coffee.');
    await field('Location').fill('Lisbon, PT');
    await field('Featured link').fill('tapper.example/runs');
    await field('Instagram').fill('@night_tapper');
    await field('Twitter').fill('https://x.com/tapper_runs');
    await field('Website').fill('javascript:alert(1)');
    await page.getByText(`${300 - 'Night runs, glow bands and early coffee.'.length} characters left`).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('website_link must be a web address (http or https)').waitFor();
    expect(page.url()).toMatch(/\/profile\/edit$/);
    expect(await field('Bio').inputValue()).toBe('Night runs, glow bands and early coffee.');
    expect(await field('Instagram').inputValue()).toBe('@night_tapper');

    await settled(page);
    await shoot(page, 'edit-profile-error');
    await field('Website').fill('tapper.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/profile');
    await page.getByText('Night runs, glow bands and early coffee.').waitFor();
    await page.getByText('Lisbon, PT').waitFor();
    await page.getByRole('button', { name: 'tapper.example/runs' }).waitFor();
    const saved = await profileOf(tapper.token);
    expect(saved.instagram).toBe('https://instagram.com/night_tapper');

    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.getByRole('heading', { name: 'Edit profile', level: 1 }).waitFor();
    expect(await field('Instagram').inputValue()).toBe('night_tapper');
    expect(await field('Twitter').inputValue()).toBe('tapper_runs');

    await page.getByText('Profile saved').waitFor({ state: 'hidden' });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tapquest-upload-')), 'me.png');
    await sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 255, g: 138, b: 0 } } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="320" height="320"><circle cx="160" cy="130" r="70" fill="#0b1330"/><rect x="60" y="220" width="200" height="140" rx="90" fill="#0b1330"/></svg>',
          ),
        },
      ])
      .png()
      .toFile(file);
    await page.getByLabel('Profile picture file').setInputFiles(file);
    const preview = page.getByRole('dialog', { name: 'Update profile picture' });
    await preview.getByRole('button', { name: 'Choose different' }).waitFor();
    await preview.getByRole('img', { name: 'Preview' }).waitFor();
    await settled(page);
    await shoot(page, 'upload-preview');
    await preview.getByRole('button', { name: 'Update' }).click();
    await preview.waitFor({ state: 'hidden' });
    await page.getByText('Picture updated').waitFor();
    await expect.poll(async () => (await profileOf(tapper.token)).profilePicture).toMatch(/\/media\//);
    const picture = page.getByRole('img', { name: `${tapper.username}'s profile picture` });
    await expect.poll(() => picture.getAttribute('src')).toMatch(/\/media\//);

    await page
      .getByRole('button', { name: 'Discard' })
      .or(page.getByRole('link', { name: 'Discard' }))
      .click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: tapper.username, level: 1 }).waitFor();
    await page.getByText('Picture updated').waitFor({ state: 'hidden' });
    await imagesLoaded(page);
    await xpSettled(page);
    await shoot(page, 'profile-edited');
    await page.context().close();
  });
});
