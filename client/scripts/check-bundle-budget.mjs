// The first screen's JavaScript budget (issue 11): what a visitor's browser must fetch to show /login,
// gzipped, stays under BUDGET_KB. That is the entry chunk of index.html plus every chunk it imports
// statically (what Vite lists as modulepreload); routes behind import() load on demand and do not count,
// and none of them may end up in that set (a lazy route pulled into the first load is a failure too).
//
// Runs after `vite build` (see the client's "build" script) and in the e2e project. Reads the Vite
// manifest (build.manifest), not file names, so it follows the real import graph.
//   node client/scripts/check-bundle-budget.mjs [--dist <dir>] [--json]
// Exits 1 past the budget or when a lazy route leaks into the first load.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
// 1 KB = 1,000 bytes, as Vite reports sizes. Level 6 is zlib's default and what compression middleware
// and CDNs typically serve; level 9 saves well under 1%.
const KB = 1000;

const args = process.argv.slice(2);
const distArg = args.indexOf('--dist');
const dist = path.resolve(distArg >= 0 ? args[distArg + 1] : path.join(import.meta.dirname, '../dist'));
const asJson = args.includes('--json');

function fail(message) {
  console.error(`bundle budget: ${message}`);
  process.exit(1);
}

const manifestFile = path.join(dist, '.vite/manifest.json');
const htmlFile = path.join(dist, 'index.html');
if (!existsSync(htmlFile)) fail(`${htmlFile} not found: build the client first`);
if (!existsSync(manifestFile)) fail(`${manifestFile} not found: the build needs build.manifest: true`);

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
if (!entryKey) fail('no index.html entry in the Vite manifest');

// Static closure of the entry: `imports` only; `dynamicImports` are the lazily loaded routes.
const firstLoad = new Set();
const lazyKeys = new Set();
(function walk(key) {
  const chunk = manifest[key];
  if (!chunk || firstLoad.has(chunk.file)) return;
  firstLoad.add(chunk.file);
  for (const dyn of chunk.dynamicImports ?? []) lazyKeys.add(dyn);
  for (const imp of chunk.imports ?? []) walk(imp);
})(entryKey);

// What index.html itself asks for must agree with the manifest (the browser goes by the HTML).
const html = readFileSync(htmlFile, 'utf8');
const fromHtml = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
].map((m) => m[1]);
for (const file of fromHtml) firstLoad.add(file);

const leaks = [...lazyKeys].filter((k) => manifest[k] && firstLoad.has(manifest[k].file));
const rows = [...firstLoad]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const lazyChunks = [...lazyKeys].filter((k) => manifest[k]).map((k) => manifest[k].file);
const over = total > BUDGET_KB * KB;

if (asJson) {
  console.log(
    JSON.stringify({ budgetKb: BUDGET_KB, totalGzipKb: total / KB, files: rows, lazyChunks, leaks, ok: !over && leaks.length === 0 }),
  );
} else {
  const kb = (n) => (n / KB).toFixed(2).padStart(9);
  const width = Math.max(...rows.map((r) => r.file.length), 'total'.length);
  console.log(`\nFirst-screen JavaScript (index.html entry + static imports), ${lazyChunks.length} lazy chunks not counted:`);
  console.log(`  ${'file'.padEnd(width)}   raw KB   gzip KB`);
  for (const r of rows) console.log(`  ${r.file.padEnd(width)}${kb(r.raw)}${kb(r.gzip)}`);
  console.log(
    `  ${'total'.padEnd(width)}${kb(rows.reduce((s, r) => s + r.raw, 0))}${kb(total)}   budget ${BUDGET_KB} KB gzip, ${over ? 'OVER' : `${((BUDGET_KB * KB - total) / KB).toFixed(1)} KB to spare`}\n`,
  );
}
if (leaks.length) fail(`lazily loaded modules are in the first load: ${leaks.join(', ')}`);
if (over) fail(`first-screen JavaScript is ${(total / KB).toFixed(1)} KB gzip, over the ${BUDGET_KB} KB budget`);
