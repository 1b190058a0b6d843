import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src/index.js';
import { payloadFor } from './fixtures/kill9-payload.js';
import { embedded } from './harness.js';

// kill -9 in a child process: the child runs the engine on a data directory plus 4 concurrent
// writers and prints every write the driver acknowledged; we SIGKILL it mid-stream (at a random
// point, or frozen at a chosen step of a journal compaction), restart the engine here on the same
// directory and check that every acknowledged write is there, and nothing half-written is.
// Rounds share one directory, so each recovery also starts from the previous recovery's files.

const PKG = path.resolve(import.meta.dirname, '..');
const WRITER = path.join(PKG, 'test/fixtures/kill9-writer.ts');
const WRITERS = 4;

type Kill = { afterAcks: number } | { frozenAt: 'started' | 'snapshot-written' | 'snapshot-installed'; nth: number } | { whenCompacting: true };

interface RoundResult {
  acked: Set<string>;
  /** Highest counter value acknowledged per writer. */
  counters: Map<number, number>;
  lines: string[];
}

function runChild(dir: string, round: number, kill: Kill): Promise<RoundResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dir,
    ROUND: String(round),
    WRITERS: String(WRITERS),
    // Small threshold so compactions happen every few hundred writes.
    EMBEDDED_MONGO_COMPACT_BYTES: String(32 * 1024),
  };
  if ('frozenAt' in kill) Object.assign(env, { FREEZE_AT: kill.frozenAt, FREEZE_NTH: String(kill.nth) });
  if ('whenCompacting' in kill) env.COMPACTING_SIGNAL = '1';
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER], { cwd: PKG, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const result: RoundResult = { acked: new Set(), counters: new Map(), lines: [] };
  let stderr = '';
  let pending = '';
  let acks = 0;
  let sentKill = false;
  const killNow = () => {
    if (!sentKill) child.kill('SIGKILL');
    sentKill = true;
  };
  const timer = setTimeout(killNow, 25_000);
  child.stderr.on('data', (d) => (stderr += d));
  // Lines printed after the signal was sent but before the process died are acknowledged writes too.
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      result.lines.push(line);
      const [kind, a, b] = line.split(' ');
      if (kind === 'A') {
        result.acked.add(a);
        acks++;
      } else if (kind === 'C') {
        result.counters.set(Number(a), Math.max(result.counters.get(Number(a)) ?? 0, Number(b)));
      }
      if ('afterAcks' in kill && acks >= kill.afterAcks) killNow();
      if ('frozenAt' in kill && kind === 'FROZEN') killNow();
      if ('whenCompacting' in kill && kind === 'COMPACTING') killNow();
    }
  });
  return new Promise((resolve, reject) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signal !== 'SIGKILL' || !sentKill) reject(new Error(`writer exited on its own (code ${code}, signal ${signal}):\n${stderr}`));
      else if (!result.lines.includes('READY')) reject(new Error(`writer never got ready:\n${stderr}`));
      else resolve(result);
    });
  });
}

interface Recovered {
  /** Documents present per round/writer: the count P, known to be the ids 0..P-1. */
  present: Map<string, number>;
  counters: Map<string, number>;
  total: number;
}

async function recoverAndCheck(dir: string, rounds: Array<{ round: number; result: RoundResult }>): Promise<Recovered> {
  const engine = await startEmbeddedMongo({ dataDir: dir });
  const client = await MongoClient.connect(engine.uri);
  try {
    const docs = await client.db('kill9').collection('docs').find().toArray();
    const counterDocs = await client.db('kill9').collection('counters').find().toArray();

    // No duplicate, no partial document.
    const ids = new Set(docs.map((d) => String(d._id)));
    expect(ids.size).toBe(docs.length);
    const byWriter = new Map<string, number[]>();
    for (const d of docs) {
      const id = String(d._id);
      expect(id).toBe(`r${d.round}-w${d.w}-${d.i}`);
      expect(d.payload).toBe(payloadFor(id));
      expect(d.length).toBe(d.payload.length);
      const key = `r${d.round}-w${d.w}`;
      byWriter.set(key, [...(byWriter.get(key) ?? []), d.i]);
    }

    // Every acknowledged write is there.
    for (const { result } of rounds) {
      const missing = [...result.acked].filter((id) => !ids.has(id));
      expect(missing, 'acknowledged inserts missing after restart').toEqual([]);
    }

    // Each writer waited for each ack before its next write, and the journal keeps command order,
    // so what survived of a writer is a prefix of what it did: inserts 0..P-1 and, after insert k,
    // its counter incremented to k+1 (so the counter is P-1 or P).
    const present = new Map<string, number>();
    const counters = new Map<string, number>();
    for (const [key, list] of byWriter) {
      list.sort((a, b) => a - b);
      expect(list, `inserts of ${key} have a gap`).toEqual(list.map((_, i) => i));
      present.set(key, list.length);
    }
    for (const c of counterDocs) counters.set(String(c._id), c.n);
    for (const { round, result } of rounds) {
      for (let w = 0; w < WRITERS; w++) {
        const key = `r${round}-w${w}`;
        const p = present.get(key) ?? 0;
        const n = counters.get(key) ?? 0;
        expect([p - 1, p], `counter of ${key} (${n}) doesn't match its ${p} inserts`).toContain(n);
        expect(n, `acknowledged $inc of ${key} lost`).toBeGreaterThanOrEqual(result.counters.get(w) ?? 0);
      }
    }
    return { present, counters, total: docs.length };
  } finally {
    await client.close();
    await engine.stop();
  }
}

describe.runIf(embedded)('kill -9', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  const plans: Array<[string, Kill]> = [
    ['at a random point', { afterAcks: 200 + Math.floor(Math.random() * 300) }],
    ['right after a compaction switched journals, before its snapshot is written', { frozenAt: 'started', nth: 2 }],
    ['with the new snapshot written but not yet renamed into place', { frozenAt: 'snapshot-written', nth: 1 }],
    ['with the new snapshot in place but the old journals not yet deleted', { frozenAt: 'snapshot-installed', nth: 1 }],
    ['while a compaction is running', { whenCompacting: true }],
    ['at another random point', { afterAcks: 100 + Math.floor(Math.random() * 400) }],
  ];

  it(`keeps every acknowledged write across ${plans.length} kills at different points`, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'embedded-mongo-kill9-'));
    dirs.push(dir);
    const rounds: Array<{ round: number; result: RoundResult }> = [];
    let previous: Recovered | null = null;
    for (const [round, [label, kill]] of plans.entries()) {
      const started = Date.now();
      const result = await runChild(dir, round, kill);
      rounds.push({ round, result });
      expect(result.acked.size, `round ${round} (${label}) acknowledged nothing before the kill`).toBeGreaterThan(0);
      const recovered = await recoverAndCheck(dir, rounds);
      const frozen = result.lines.find((l) => l.startsWith('FROZEN') || l === 'COMPACTING');
      console.log(`kill -9 round ${round} (${label}): ${result.acked.size} inserts acknowledged, ${[...recovered.present].filter(([k]) => k.startsWith(`r${round}-`)).reduce((s, [, p]) => s + p, 0)} recovered${frozen ? `, killed at ${frozen}` : ''}; ${recovered.total} documents in all (${Date.now() - started} ms)`);
      // Earlier rounds' data is exactly as the previous recovery found it.
      if (previous) {
        for (const [key, p] of previous.present) expect(recovered.present.get(key), `${key} changed after round ${round}`).toBe(p);
        for (const [key, n] of previous.counters) expect(recovered.counters.get(key), `${key} changed after round ${round}`).toBe(n);
      }
      previous = recovered;
    }
  }, 120_000);
});
