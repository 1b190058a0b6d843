// Lighthouse on the built app as our server serves it, in Debian's Chromium, at Lighthouse's default
// (mobile) settings with simulated throttling. Shared by the benchmark (server/bench/lighthouse.bench.ts,
// which records the scores) and the E2E gate (e2e/lighthouse.e2e.ts, which asserts them).
//
// Chromium is started here with a debugging port: Playwright (connectOverCDP) puts the demo user's jwt
// into the origin's localStorage, then Lighthouse audits through the same port, so a signed-in screen is
// audited without a log-in step. Lighthouse 12 dropped its PWA category; installability is Chromium's
// own verdict instead (Page.getInstallabilityErrors, which checks the manifest and the service worker).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];
/** Issue 11: mobile, simulated throttling. */
export const THRESHOLDS: Record<Category, number> = { performance: 90, accessibility: 95, 'best-practices': 95 };

export interface PageAudit {
  path: string;
  /** Where the audited page ended up (a guard that sends a visitor to /login shows here). */
  finalPath: string;
  scores: Record<Category, number>;
  metrics: { fcp: string; lcp: string; tbt: string; cls: string; si: string };
  /** Audits and opportunities below 0.9 in the three categories: the reasons behind a low score. */
  failing: { id: string; title: string; score: number; displayValue?: string }[];
  warnings: string[];
  /** Lighthouse's measure of this machine's CPU speed at the time (a desktop-class CPU scores ~1500-2000). */
  benchmarkIndex: number;
}

export interface PageToAudit {
  path: string;
  /** A jwt to sign in with (put into localStorage under `jwt`, as the client keeps it). */
  token?: string;
}

export interface Chromium {
  port: number;
  close(): Promise<void>;
}

/** Starts Chromium with a DevTools port; resolves once it listens. */
export async function startChromium(): Promise<Chromium> {
  const profile = mkdtempSync(path.join(tmpdir(), 'tapquest-lh-'));
  const child: ChildProcess = spawn(
    executablePath,
    [...chromiumFlags, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen.slice(-500)}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${seen.slice(-500)}`)));
  });
  child.stderr!.resume();
  return {
    port,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Clears the origin's storage, service worker and caches (each audit is a cold visit) and, with a
 * token, signs in. The token is set from the web manifest's URL: same origin, but no app code runs
 * there, so no service worker registers before the audit.
 */
async function prepareOrigin(port: number, baseUrl: string, token?: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseUrl).origin, storageTypes: 'all' });
    // Lighthouse leaves the HTTP cache alone when told not to reset storage; an earlier audit's assets must not count.
    await cdp.send('Network.clearBrowserCache');
    if (token) {
      await page.goto(`${baseUrl}/manifest.webmanifest`);
      await page.evaluate((jwt) => localStorage.setItem('jwt', jwt), token);
    }
    await page.close();
  } finally {
    // Disconnects Playwright only: the browser was not launched by it and keeps running.
    await browser.close();
  }
}

/** Audits each page in turn in one Chromium. */
export async function auditPages(baseUrl: string, pages: PageToAudit[], chrome: Chromium): Promise<PageAudit[]> {
  const audits: PageAudit[] = [];
  for (const target of pages) {
    await prepareOrigin(chrome.port, baseUrl, target.token);
    const result = await lighthouse(`${baseUrl}${target.path}`, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
      // Storage was prepared above; Lighthouse's own reset would drop the jwt.
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${target.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const categoryAudits = new Set(CATEGORIES.flatMap((c) => lhr.categories[c]?.auditRefs.map((r) => r.id) ?? []));
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
    audits.push({
      path: target.path,
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>,
      metrics: {
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        si: metric('speed-index'),
      },
      failing: Object.values(lhr.audits)
        .filter(
          (a) =>
            categoryAudits.has(a.id) &&
            a.score !== null &&
            a.score < 0.9 &&
            ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode),
        )
        .map((a) => ({ id: a.id, title: a.title, score: a.score as number, displayValue: a.displayValue })),
      warnings: lhr.runWarnings,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    });
  }
  return audits;
}

/** Chromium's installability verdict for the app at `path`, once its service worker is ready. Empty means installable. */
export async function installabilityErrors(baseUrl: string, chrome: Chromium, pagePath = '/login'): Promise<string[]> {
  await prepareOrigin(chrome.port, baseUrl);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
    const controlled = await page.evaluate(async () => {
      const ready = navigator.serviceWorker.ready.then(() => true);
      return Promise.race([ready, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000))]);
    });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors');
    const messages = errors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '));
    if (!controlled) messages.push('service worker not ready after 15 s');
    await page.close();
    return messages;
  } finally {
    await browser.close();
  }
}

/** The seeded demo user's jwt, by logging in over the API as the client does. */
export async function demoUserToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@tapquest.dev', password: 'tapquest-demo' }),
  });
  if (!res.ok) throw new Error(`demo log-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Whether the server compresses the entry script (the usual reason for a low performance score). */
export async function servesCompressed(baseUrl: string): Promise<boolean> {
  const html = await (await fetch(`${baseUrl}/login`, { headers: { accept: 'text/html' } })).text();
  const entry = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!entry) return false;
  const res = await fetch(`${baseUrl}${entry}`, { headers: { 'accept-encoding': 'gzip, br' } });
  await res.arrayBuffer();
  return Boolean(res.headers.get('content-encoding'));
}
