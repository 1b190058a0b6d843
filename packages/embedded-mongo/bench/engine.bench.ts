// Engine throughput and point-find latency through the official driver, in memory and journaled.
// Run alone: `cd /work/main && npm run bench -- embedded-mongo`. Returns a markdown section.
//
// The engine runs in its own process (the CLI, as `npm run db` runs it), the 10 clients in this one,
// as with any database server: the figures are what the engine serves, not what one Node thread can
// drive and serve at once. For reference, the same suite also runs with the engine inside this
// process (how the app embeds it in dev and tests), where the driver and the engine share one thread.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient, type Collection, type Document } from 'mongodb';
import { startEmbeddedMongo } from '../src/index.js';

const PKG = path.resolve(import.meta.dirname, '..');
const CLIENTS = 10;
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 1500);
/** Each figure is the best of this many runs: other work on the machine only ever lowers a figure. */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_FINDS = 10_000;
const TARGET_JOURNALED_WRITES = 2_000;
const DOCS_FOR_FINDS = 10_000;
const COUNTERS = 100;

interface Engine {
  uri: string;
  stop(): Promise<void>;
}

/** The engine as its own process, via the CLI on a free port. */
async function engineProcess(dataDir?: string): Promise<Engine> {
  const args = ['--import', 'tsx', path.join(PKG, 'src/cli.ts'), '--port', '0', ...(dataDir ? ['--data-dir', dataDir] : [])];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: PKG, stdio: ['ignore', 'pipe', 'inherit'] });
  const uri = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (mongodb:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`engine exited with ${code}: ${out}`)));
  });
  return {
    uri,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function engineInProcess(dataDir?: string): Promise<Engine> {
  const engine = await startEmbeddedMongo({ dataDir });
  return { uri: engine.uri, stop: () => engine.stop() };
}

/** Runs `op` in a loop on each client for PHASE_MS, RUNS times; returns the best operations per second across all of them. */
async function measure<T>(targets: T[], op: (target: T) => Promise<unknown>, runs = RUNS): Promise<number> {
  // Warm-up, so JIT and connection set-up don't count.
  await Promise.all(targets.map(async (t) => {
    for (let i = 0; i < 100; i++) await op(t);
  }));
  let best = 0;
  for (let run = 0; run < runs; run++) {
    let done = 0;
    const started = performance.now();
    const deadline = started + PHASE_MS;
    await Promise.all(
      targets.map(async (t) => {
        while (performance.now() < deadline) {
          await op(t);
          done++;
        }
      }),
    );
    best = Math.max(best, done / ((performance.now() - started) / 1000));
  }
  return best;
}

const rand = (n: number) => Math.floor(Math.random() * n);

async function loadDocs(coll: Collection, to: number, from = 0): Promise<void> {
  for (let start = from; start < to; start += 5_000) {
    const end = Math.min(to, start + 5_000);
    await coll.insertMany(Array.from({ length: end - start }, (_, j) => ({ k: start + j, name: `thing ${start + j}`, group: (start + j) % 100, payload: 'x'.repeat(64) })));
  }
}

interface Throughput {
  inserts: number;
  finds: number;
  incs: number;
}

async function throughput(uri: string, runs = RUNS): Promise<Throughput> {
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => MongoClient.connect(uri, { maxPoolSize: 1 })));
  try {
    const colls = (name: string) => clients.map((c) => c.db('bench').collection(name));
    let seq = 0;
    const inserts = await measure(colls('inserted'), (c) => c.insertOne({ seq: seq++, name: `item ${seq}`, tags: ['a', 'b'], at: new Date() }), runs);

    const things = colls('things');
    await things[0].createIndex({ k: 1 });
    await loadDocs(things[0], DOCS_FOR_FINDS);
    const finds = await measure(things, async (c) => {
      const k = rand(DOCS_FOR_FINDS);
      const doc = await c.findOne({ k });
      if (doc?.k !== k) throw new Error(`findOne({k: ${k}}) returned ${JSON.stringify(doc)}`);
    }, runs);

    const counters = colls('counters') as unknown as Array<Collection<{ _id: number; n: number }>>;
    await counters[0].insertMany(Array.from({ length: COUNTERS }, (_, i) => ({ _id: i, n: 0 })));
    const incs = await measure(counters, (c) => c.findOneAndUpdate({ _id: rand(COUNTERS) }, { $inc: { n: 1 } }, { returnDocument: 'after' }), runs);
    return { inserts, finds, incs };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}

interface Latency {
  docs: number;
  meanUs: number;
  p50Us: number;
  p99Us: number;
}

/** Sequential point finds by an indexed field from one client: round-trip latency at each collection size. */
async function latency(uri: string, sizes: number[]): Promise<Latency[]> {
  const client = await MongoClient.connect(uri, { maxPoolSize: 1 });
  try {
    const coll = client.db('bench').collection('latency');
    await coll.createIndex({ k: 1 });
    const out: Latency[] = [];
    let loaded = 0;
    for (const size of sizes) {
      await loadDocs(coll, size, loaded);
      loaded = size;
      for (let i = 0; i < 500; i++) await coll.findOne({ k: rand(size) });
      const samples: number[] = [];
      for (let i = 0; i < 5_000; i++) {
        const k = rand(size);
        const t = performance.now();
        const doc: Document | null = await coll.findOne({ k });
        samples.push((performance.now() - t) * 1000);
        if (doc?.k !== k) throw new Error(`point find returned ${String(doc?.k)} for ${k}`);
      }
      samples.sort((a, b) => a - b);
      out.push({
        docs: size,
        meanUs: samples.reduce((a, b) => a + b, 0) / samples.length,
        p50Us: samples[Math.floor(samples.length * 0.5)],
        p99Us: samples[Math.floor(samples.length * 0.99)],
      });
    }
    return out;
  } finally {
    await client.close();
  }
}

/** Raw fdatasync latency of a small append in `dir`: the floor under every journaled write. */
function fsyncMicros(dir: string): number {
  const file = path.join(dir, 'fsync-probe');
  const fd = openSync(file, 'a');
  const buf = Buffer.alloc(200, 1);
  const started = performance.now();
  const n = 200;
  for (let i = 0; i < n; i++) {
    writeSync(fd, buf);
    fdatasyncSync(fd);
  }
  const us = ((performance.now() - started) * 1000) / n;
  closeSync(fd);
  rmSync(file);
  return us;
}

async function withEngine<T>(start: (dataDir?: string) => Promise<Engine>, journaled: boolean, body: (uri: string, dir?: string) => Promise<T>): Promise<T> {
  const dir = journaled ? await mkdtemp(path.join(os.tmpdir(), 'embedded-mongo-bench-')) : undefined;
  try {
    const engine = await start(dir);
    try {
      return await body(engine.uri, dir);
    } finally {
      await engine.stop();
    }
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const log = (label: string, t: Throughput) => console.log(`  ${label}: ${fmt(t.inserts)} inserts/s, ${fmt(t.finds)} finds/s, ${fmt(t.incs)} $inc/s`);

export default async function run(): Promise<string> {
  const load = os.loadavg()[0];
  console.log('embedded-mongo: engine process, in memory');
  const [memory, lat] = await withEngine(engineProcess, false, async (uri) => [await throughput(uri), await latency(uri, [1_000, 100_000])] as const);
  log('in memory', memory);
  console.log('embedded-mongo: engine process, journaled');
  let fsyncUs = 0;
  const journaled = await withEngine(engineProcess, true, async (uri, dir) => {
    fsyncUs = fsyncMicros(dir!);
    return throughput(uri);
  });
  log('journaled', journaled);
  console.log('embedded-mongo: engine in the bench process');
  const memoryIn = await withEngine(engineInProcess, false, (uri) => throughput(uri, 1));
  log('in memory', memoryIn);
  const journaledIn = await withEngine(engineInProcess, true, (uri) => throughput(uri, 1));
  log('journaled', journaledIn);

  const minFinds = Math.min(memory.finds, journaled.finds);
  const minJournaledWrites = Math.min(journaled.inserts, journaled.incs);
  const flat = lat[1].p50Us <= lat[0].p50Us * 1.5;
  const met = (ok: boolean) => (ok ? '**met**' : '**missed**');
  return [
    '## embedded-mongo engine',
    '',
    `Official \`mongodb\` driver, ${CLIENTS} concurrent clients (one connection and one operation in flight each); each figure is the best of ${RUNS} runs of ${PHASE_MS / 1000} s`,
    `(other work on this shared machine only lowers figures; the 1-minute load average was ${load.toFixed(1)} on ${os.cpus().length} CPUs when the run started).`,
    'The engine runs as its own process (`npm run db`), the clients in the bench process. Journaled = with a data directory:',
    `every write is fdatasync'ed (group commit) before it is acknowledged; a bare fdatasync took ${fmt(fsyncUs)} µs on this disk during the run.`,
    `Point finds: \`findOne({k})\` on an indexed field of ${fmt(DOCS_FOR_FINDS)} documents; \`$inc\`: \`findOneAndUpdate({_id}, {$inc: {n: 1}}, {returnDocument: 'after'})\` over ${COUNTERS} counters.`,
    '',
    '| operations per second | in memory | journaled |',
    '| --- | ---: | ---: |',
    `| insertOne | ${fmt(memory.inserts)} | ${fmt(journaled.inserts)} |`,
    `| findOne by indexed field | ${fmt(memory.finds)} | ${fmt(journaled.finds)} |`,
    `| findOneAndUpdate \`$inc\` | ${fmt(memory.incs)} | ${fmt(journaled.incs)} |`,
    '',
    'Point-find latency: one client, sequential `findOne({k})` by an indexed field, round trip through the driver (engine in memory):',
    '',
    '| documents | mean | p50 | p99 |',
    '| ---: | ---: | ---: | ---: |',
    ...lat.map((l) => `| ${fmt(l.docs)} | ${fmt(l.meanUs)} µs | ${fmt(l.p50Us)} µs | ${fmt(l.p99Us)} µs |`),
    '',
    'Targets (engine process):',
    '',
    `- at least ${fmt(TARGET_FINDS)} point finds per second: ${fmt(minFinds)} (lower of in memory and journaled), ${met(minFinds >= TARGET_FINDS)}`,
    `- at least ${fmt(TARGET_JOURNALED_WRITES)} journaled writes per second: ${fmt(minJournaledWrites)} (lower of insertOne and \`$inc\`), ${met(minJournaledWrites >= TARGET_JOURNALED_WRITES)}`,
    `- point-find time flat from 1,000 to 100,000 documents (p50 within 1.5x): ${fmt(lat[0].p50Us)} µs → ${fmt(lat[1].p50Us)} µs, ${met(flat)}`,
    '',
    'For reference, the engine inside the bench process (as the app embeds it in dev and tests; the driver and the engine share one thread; one run each):',
    '',
    '| operations per second | in memory | journaled |',
    '| --- | ---: | ---: |',
    `| insertOne | ${fmt(memoryIn.inserts)} | ${fmt(journaledIn.inserts)} |`,
    `| findOne by indexed field | ${fmt(memoryIn.finds)} | ${fmt(journaledIn.finds)} |`,
    `| findOneAndUpdate \`$inc\` | ${fmt(memoryIn.incs)} | ${fmt(journaledIn.incs)} |`,
    '',
  ].join('\n');
}

// `npx tsx bench/engine.bench.ts` on its own prints the section.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(await run());
  process.exit(0);
}
