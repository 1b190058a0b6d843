import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

// Debian's Chromium, driven by Playwright; no browser download.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];

export const PHONE = { width: 390, height: 844 };
export const screenshotsDir = path.resolve(import.meta.dirname, '../docs/screenshots');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath, args });
}

export async function phone(browser: Browser, opts: { viewport?: { width: number; height: number } } = {}): Promise<{ context: BrowserContext; page: Page; baseUrl: string }> {
  const baseUrl = inject('baseUrl');
  const context = await browser.newContext({ viewport: opts.viewport ?? PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, baseURL: baseUrl });
  const page = await context.newPage();
  return { context, page, baseUrl };
}

/** Keeps a picture of a screen under docs/screenshots for people to look at. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) });
}
