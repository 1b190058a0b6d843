import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phone, shoot } from './browser.js';

// Login, sign-up and the route guards (SPEC sections 2, 4, 5, 6 and 8) at a phone viewport
// against the real seeded server; the desktop placeholder at a laptop size. Every sign-up uses a
// fresh email so the journeys can run again against the same server.

const DEMO = { email: 'demo@tapquest.dev', password: 'tapquest-demo' };
const DESKTOP = { width: 1280, height: 800 };

let browser: Browser;
let png: string;

beforeAll(async () => {
  browser = await launch();
  png = path.join(mkdtempSync(path.join(tmpdir(), 'tapquest-auth-e2e-')), 'avatar.png');
  await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 240, g: 120, b: 40 } } })
    .png()
    .toFile(png);
});

afterAll(async () => {
  await browser?.close();
});

function freshEmail(): string {
  return `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@tapquest.dev`;
}

function stepParam(page: Page): string | null {
  return new URL(page.url()).searchParams.get('step');
}

async function waitForStep(page: Page, step: number): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/signup' && url.searchParams.get('step') === String(step));
  await page.getByText(`Step ${step + 1} of 5`).waitFor();
}

/** Waits for entrance animations to finish, so pictures show the settled screen. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity || a.playState !== 'running'),
  );
}

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

/** A fresh account made through the API, without a username yet. */
async function apiSignUp(): Promise<string> {
  const res = await fetch(`${inject('baseUrl')}/api/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: freshEmail(), password: 'tapquest-e2e-pw' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

describe('login', () => {
  it('the demo user logs in and lands on /profile with the jwt stored', async () => {
    const { page } = await phone(browser);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'No account? Sign up' }).waitFor();
    await page.waitForLoadState('networkidle');
    await shoot(page, 'login');

    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    const jwt = await page.evaluate(() => window.localStorage.getItem('jwt'));
    expect(jwt).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    await page.getByText('demo_tapper').first().waitFor();
    await page.context().close();
  });

  it('a wrong password is refused with the alert and the screen stays; submit waits for both fields', async () => {
    const { page } = await phone(browser);
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Log in', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(DEMO.email);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    expect(await submit.isEnabled()).toBe(true);
    await page.getByLabel('Email').fill('');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(DEMO.email);

    const dialogs: string[] = [];
    const alerted = new Promise<void>((resolve) =>
      page.on('dialog', (dialog) => {
        dialogs.push(`${dialog.type()}:${dialog.message()}`);
        void dialog.accept();
        resolve();
      }),
    );
    await submit.click();
    await alerted;
    expect(dialogs).toEqual(['alert:Login failed']);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => window.localStorage.getItem('jwt'))).toBeNull();
    await shoot(page, 'login-wrong-password');
    await page.context().close();
  });

  it("federated sign-in with no provider configured shows the server's message and stays in the app", async () => {
    const { page } = await phone(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in with Google' }).click();
    await toast(page, 'Sign in with Google is not available right now').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Log in with Google' }).isEnabled()).toBe(true);
    await page.context().close();
  });
});

describe('sign-up', () => {
  it('walks all five steps, the step parameter following, and finishes on /profile', async () => {
    const { page } = await phone(browser);
    await page.goto('/signup');
    await waitForStep(page, 0);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByRole('link', { name: 'Already have an account? Log in' }).waitFor();

    // Step 0: all three fields, and a mismatch said out loud.
    const cont = page.getByRole('button', { name: 'Continue', exact: true });
    expect(await cont.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(freshEmail());
    await page.getByLabel('Password', { exact: true }).fill('tapquest-e2e-pw');
    expect(await cont.isDisabled()).toBe(true);
    await page.getByLabel('Confirm password').fill('tapquest-e2e-px');
    await page.getByText('Passwords do not match').waitFor();
    expect(await cont.isEnabled()).toBe(true);
    await page.getByLabel('Confirm password').fill('tapquest-e2e-pw');
    await page.getByText('Passwords do not match').waitFor({ state: 'hidden' });
    await settled(page);
    await shoot(page, 'signup-step-0');
    await cont.click();

    // Step 1: the live checklist, a taken name, then a free one.
    await waitForStep(page, 1);
    const username = page.getByRole('textbox', { name: 'Username' });
    const rule = (label: string) => page.getByRole('list', { name: 'Username rules' }).getByRole('listitem').filter({ hasText: label });
    await username.fill('9x');
    expect(await rule('6 to 20 characters').getAttribute('data-passed')).toBe('false');
    expect(await rule('Starts with a letter').getAttribute('data-passed')).toBe('false');
    expect(await rule('Only letters, numbers or underscore').getAttribute('data-passed')).toBe('true');
    await username.fill('demo_tapper');
    expect(await rule('6 to 20 characters').getAttribute('data-passed')).toBe('true');
    expect(await rule('Starts with a letter').getAttribute('data-passed')).toBe('true');
    await page.locator('[data-availability="unavailable"]').getByText('Username not available').waitFor();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await toast(page, 'Username not available').waitFor();
    expect(stepParam(page)).toBe('1');
    const free = `e2e_${Date.now().toString(36)}`.slice(0, 20);
    await username.fill(free);
    await page.locator('[data-availability="available"]').getByText('Username available').waitFor();
    await toast(page, 'Username not available').waitFor({ state: 'hidden' });
    await settled(page);
    await shoot(page, 'signup-step-1');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // Step 2: a real upload, then Continue; Go back is disabled here.
    await waitForStep(page, 2);
    const back = page.getByRole('button', { name: 'Go back' });
    const skip = page.getByRole('button', { name: /Skip this for now/ });
    expect(await back.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Continue', exact: true }).isDisabled()).toBe(true);
    const uploaded = page.waitForResponse((res) => res.request().method() !== 'GET' && new URL(res.url()).pathname.startsWith('/api/'));
    await page.getByLabel('Upload profile picture').setInputFiles(png);
    expect((await uploaded).ok()).toBe(true);
    await page.getByText('Change profile picture').waitFor();
    const continuePictures = page.getByRole('button', { name: 'Continue', exact: true });
    await expect.poll(() => continuePictures.isEnabled()).toBe(true);
    await settled(page);
    await shoot(page, 'signup-step-2');
    await continuePictures.click();

    // Step 3 -> back to 2 -> skip to 3; Go back never goes below step 2.
    await waitForStep(page, 3);
    await back.click();
    await waitForStep(page, 2);
    expect(await back.isDisabled()).toBe(true);
    await skip.click();
    await waitForStep(page, 3);

    // Step 3: the bio is required and counts down.
    const bio = page.getByLabel('Bio');
    const submitAbout = page.getByRole('button', { name: 'Continue', exact: true });
    await page.getByText('300 characters left').waitFor();
    expect(await submitAbout.isDisabled()).toBe(true);
    await bio.fill('   ');
    expect(await submitAbout.isDisabled()).toBe(true);
    await page.getByLabel('Link').fill('tapquest.dev');
    await bio.fill('Trail runner, tapping gear since the alpha.');
    await page.getByText(`${300 - 'Trail runner, tapping gear since the alpha.'.length} characters left`).waitFor();
    await page.getByLabel('Location (optional)').fill('Lisbon');
    await settled(page);
    await shoot(page, 'signup-step-3');
    await submitAbout.click();

    // Step 4: claim-gear instructions, then the profile.
    await waitForStep(page, 4);
    await page.getByRole('heading', { name: 'Claim your gear' }).waitFor();
    for (const title of ['Find the tag', 'Tap it', 'Claim it']) await page.getByRole('heading', { name: title, level: 3 }).waitFor();
    await settled(page);
    await shoot(page, 'signup-step-4');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByText(free).first().waitFor();
    await page.context().close();
  });
});

describe('guards and redirects', () => {
  it('sends visitors to /login except on the public routes; unknown paths go to /login', async () => {
    const { page } = await phone(browser);
    for (const guarded of ['/profile', '/notice', '/', '/no-such-page']) {
      await page.goto(guarded);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    }
    const open: [string, string][] = [
      ['/signup', 'Create your account'],
      ['/login', 'Log in'],
      ['/admin', 'Admin'],
    ];
    for (const [route, heading] of open) {
      await page.goto(route);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(route);
    }
    await page.goto('/profile/demo_tapper');
    await page.getByText('demo_tapper').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/demo_tapper');
    await page.context().close();
  });

  it('a signed-in user without a username opening /profile is sent to /signup', async () => {
    const token = await apiSignUp();
    const { page } = await phone(browser);
    await page.goto('/login');
    await page.evaluate((jwt) => window.localStorage.setItem('jwt', jwt), token);
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/signup');
    await waitForStep(page, 1);
    await page.getByRole('textbox', { name: 'Username' }).waitFor();
    await page.context().close();
  });
});

describe('desktop', () => {
  it('shows the alpha placeholder instead of the login form, and hides /profile/edit', async () => {
    const { page } = await phone(browser, { viewport: DESKTOP });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Tapquest is in alpha' }).waitFor();
    await page.getByText('Please switch to a mobile device to continue.').waitFor();
    expect(await page.getByLabel('Email').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Log in', exact: true }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await shoot(page, 'desktop-placeholder');

    const res = await fetch(`${inject('baseUrl')}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    const { token } = (await res.json()) as { token: string };
    await page.goto(`/profile/edit?jwt=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Tapquest is in alpha' }).waitFor();
    expect(await page.getByRole('heading', { name: /edit profile/i }).count()).toBe(0);
    expect(await page.locator('form').count()).toBe(0);
    await page.context().close();
  });
});
