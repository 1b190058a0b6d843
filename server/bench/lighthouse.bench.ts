// Lighthouse scores (issue 11) for /login and, signed in as the demo user, /profile: the built client
// as a server node in a child process serves it, mobile settings, simulated throttling, median of
// three runs per page. Installability is Chromium's own check (Lighthouse 12 has no PWA category).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  auditPages,
  CATEGORIES,
  demoUserToken,
  installabilityErrors,
  servesCompressed,
  startChromium,
  THRESHOLDS,
  type PageAudit,
} from '../../scripts/lighthouse.js';
import { machineLoad, startChildServer } from './child-server.js';

const RUNS = 3;
const lighthouseVersion = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
const root = path.resolve(import.meta.dirname, '../..');

function newest(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newest(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).mtimeMs,
    ),
  );
}

function ensureClientBuild(): void {
  const html = path.join(root, 'client/dist/index.html');
  if (existsSync(html) && statSync(html).mtimeMs > newest(path.join(root, 'client/src'))) return;
  execFileSync('npm', ['run', 'build', '-w', '@tapquest/client'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const median = (audits: PageAudit[]) =>
  [...audits].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(audits.length / 2)]!;

export default async function lighthouseBench(): Promise<string> {
  const busy = machineLoad();
  ensureClientBuild();
  // The default NODE_ENV (development), as `npm start`: the seed then keeps the documented demo password.
  const server = await startChildServer({ NODE_ENV: 'development' });
  const chrome = await startChromium();
  const results: { path: string; runs: PageAudit[] }[] = [];
  let installErrors: string[];
  let compressed: boolean;
  try {
    compressed = await servesCompressed(server.url);
    const token = await demoUserToken(server.url);
    for (const target of [{ path: '/login' }, { path: '/profile', token }]) {
      const runs: PageAudit[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(...(await auditPages(server.url, [target], chrome)));
      results.push({ path: target.path, runs });
    }
    installErrors = await installabilityErrors(server.url, chrome);
  } finally {
    await chrome.close();
    await server.stop();
  }

  const mark = (score: number, min: number) => `${score}${score >= min ? '' : ' ✗'}`;
  const rows = results.map(({ path: page, runs }) => {
    const m = median(runs);
    const where = m.finalPath === page ? page : `${page} (redirected to ${m.finalPath})`;
    const perf = runs.map((r) => r.scores.performance).join(' / ');
    const cpu = runs.map((r) => r.benchmarkIndex).join(' / ');
    return `| ${where} | ${mark(m.scores.performance, THRESHOLDS.performance)} (${perf}) | ${CATEGORIES.slice(1)
      .map((c) => mark(m.scores[c], THRESHOLDS[c]))
      .join(' | ')} | ${m.metrics.fcp} | ${m.metrics.lcp} | ${m.metrics.tbt} | ${m.metrics.cls} | ${cpu} |`;
  });
  const reasons = results.flatMap(({ path: page, runs }) => {
    const failing = median(runs).failing.filter((f) => f.score < 0.9);
    return failing.length
      ? [`- ${page}: ${failing.map((f) => `${f.title}${f.displayValue ? ` (${f.displayValue})` : ''}`).join('; ')}`]
      : [];
  });
  return [
    '## Lighthouse (mobile, simulated throttling)',
    '',
    `Lighthouse ${lighthouseVersion} against Debian's Chromium; the built client served by a server node (child process, seeded);`,
    `/profile signed in as the demo user (jwt put into localStorage first). Each audit starts cold: storage, service worker`,
    `and HTTP cache cleared. Median of ${RUNS} runs by performance (all ${RUNS} performance scores in brackets).`,
    `Thresholds: performance ${THRESHOLDS.performance}, accessibility ${THRESHOLDS.accessibility}, best practices ${THRESHOLDS['best-practices']} (✗ below).`,
    `Simulated throttling multiplies the CPU time it observes by 4, a factor made for a desktop-class CPU (benchmark index`,
    `~1500-2000); the last column is Lighthouse's own measure of this machine in each run, and it swings with its neighbours.`,
    '',
    '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | CPU benchmark index |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `Installable (Chromium's Page.getInstallabilityErrors with the service worker ready): ${installErrors.length ? `**no**: ${installErrors.join('; ')}` : '**yes**, no errors'}.`,
    `Server compresses JavaScript: ${compressed ? 'yes' : '**no** (no Content-Encoding on the entry script)'}.`,
    '',
    reasons.length ? 'Audits below 0.9 (median run):' : 'No audit below 0.9.',
    ...reasons,
    '',
    busy,
  ].join('\n');
}
