// Runs every benchmark module (packages/*/bench, server/bench: files *.bench.ts exporting a default
// async function that returns a markdown section) and writes docs/benchmarks.md with machine and date.
// `npm run bench -- notices` runs only the modules whose path contains "notices".
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const dirs = ['packages/embedded-mongo/bench', 'server/bench'];
const filter = process.argv[2];

const files = dirs
  .map((d) => path.join(root, d))
  .filter((d) => existsSync(d))
  .flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.bench.ts')).map((f) => path.join(d, f)))
  .filter((f) => !filter || f.includes(filter));

// Sections are kept between markers, so a filtered run replaces only its own sections.
const out = path.join(root, 'docs/benchmarks.md');
const previous = existsSync(out) ? readFileSync(out, 'utf8') : '';
const sections = new Map<string, string>();
for (const m of previous.matchAll(/<!-- bench:(\S+) -->\n([\s\S]*?)<!-- \/bench -->/g)) sections.set(m[1], m[2]);

for (const file of files) {
  const rel = path.relative(root, file);
  console.log(`running ${rel}`);
  const started = Date.now();
  const mod = await import(pathToFileURL(file).href);
  const section: string = await mod.default();
  const machine = `${os.cpus().length} x ${os.cpus()[0]?.model.trim()}, ${new Date().toISOString().slice(0, 10)}`;
  sections.set(rel, `${section.trim()}\n\n_Source: \`${rel}\`; ${machine}; ran in ${((Date.now() - started) / 1000).toFixed(0)} s._\n`);
}

const cpus = os.cpus();
const header = [
  '# Benchmarks',
  '',
  `Last run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.type()} ${os.release()} (${os.arch()}),`,
  `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory, Node ${process.version}.`,
  'Every figure comes from `npm run bench`; `npm run bench -- <name>` re-runs one section, so each section ends with the',
  'machine and date it was measured on. Load generators and servers share the cores, so absolute numbers are',
  'conservative and the ratios against the bare Node ceiling are the meaningful part.',
  '',
].join('\n');

mkdirSync(path.join(root, 'docs'), { recursive: true });
const body = [...sections].map(([rel, text]) => `<!-- bench:${rel} -->\n${text}<!-- /bench -->`).join('\n\n');
writeFileSync(out, `${header}\n${body}\n`);
console.log('wrote docs/benchmarks.md');
process.exit(0);
