import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { launch } from './browser.js';

// Issue 11, front-end budget: the JavaScript /login needs stays under 170 KB gzip, and the lazily
// loaded routes stay out of it, by the build's import graph and in a real browser.
const root = path.resolve(import.meta.dirname, '..');
const script = path.join(root, 'client/scripts/check-bundle-budget.mjs');

interface BudgetReport {
  budgetKb: number;
  totalGzipKb: number;
  files: { file: string; gzip: number }[];
  lazyChunks: string[];
  leaks: string[];
  ok: boolean;
}

// global-setup rebuilds client/dist only when sources change; a build from before the manifest was
// switched on gets an identical (same hashes) build of its own to read the import graph from.
function budgetReport(): BudgetReport {
  let dist = path.join(root, 'client/dist');
  if (!existsSync(path.join(dist, '.vite/manifest.json'))) {
    dist = mkdtempSync(path.join(tmpdir(), 'tapquest-dist-'));
    execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], { cwd: path.join(root, 'client'), stdio: 'ignore' });
  }
  const run = spawnSync(process.execPath, [script, '--dist', dist, '--json'], { encoding: 'utf8' });
  if (!run.stdout) throw new Error(run.stderr);
  return { ...JSON.parse(run.stdout), ok: run.status === 0 };
}

describe('first screen JavaScript budget', () => {
  const report = budgetReport();

  it('stays under 170 KB gzip, lazy routes not counted and not included', () => {
    expect(report.lazyChunks.length).toBeGreaterThan(5);
    expect(report.leaks).toEqual([]);
    expect(report.totalGzipKb).toBeLessThan(report.budgetKb);
    expect(report.ok).toBe(true);
  });

  it('/login fetches only that JavaScript, and no lazy route', async () => {
    const browser = await launch();
    try {
      // No service worker: its precache would fetch every chunk in the background, by design.
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        serviceWorkers: 'block',
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname.slice(1));
      });
      await page.goto('/login', { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 }).first().isVisible()).resolves.toBe(true);
      expect(scripts.filter((s) => report.lazyChunks.includes(s))).toEqual([]);
      expect(scripts.sort()).toEqual(report.files.map((f) => f.file).sort());
    } finally {
      await browser.close();
    }
  });
});
