import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { DataDirLockedError, startEmbeddedMongo } from '../src/index.js';
import { embedded } from './harness.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'embedded-mongo-lock-'));
  dirs.push(dir);
  return dir;
}

/** The pid of a process that has exited. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

describe.runIf(embedded)('data directory lock', () => {
  it('refuses a second engine on the same directory with a clear error, and frees it on stop', async () => {
    const dir = await tempDir();
    const first = await startEmbeddedMongo({ dataDir: dir });
    const err = await startEmbeddedMongo({ dataDir: dir }).catch((e) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect(err.message).toContain(dir);
    expect(err.message).toContain(`process ${process.pid}`);
    expect(err.message).toMatch(/already in use/);
    // The first engine is unaffected.
    const client = await MongoClient.connect(first.uri);
    await client.db('app').collection('c').insertOne({ ok: true });
    await client.close();
    await first.stop();
    expect(await readdir(dir)).not.toContain('mongod.lock');

    const second = await startEmbeddedMongo({ dataDir: dir });
    const c2 = await MongoClient.connect(second.uri);
    expect(await c2.db('app').collection('c').countDocuments()).toBe(1);
    await c2.close();
    await second.stop();
  });

  it('takes over a stale lock left by a process that died', async () => {
    const dir = await tempDir();
    const pid = deadPid();
    await writeFile(path.join(dir, 'mongod.lock'), JSON.stringify({ pid, hostname: os.hostname(), startedAt: new Date().toISOString() }));
    const engine = await startEmbeddedMongo({ dataDir: dir });
    expect(JSON.parse(await readFile(path.join(dir, 'mongod.lock'), 'utf8')).pid).toBe(process.pid);
    await engine.stop();
  });

  it('takes over a lock whose pid now belongs to another process', async () => {
    const dir = await tempDir();
    // Our own pid, but recorded with a different process start time: the pid was reused.
    await writeFile(path.join(dir, 'mongod.lock'), JSON.stringify({ pid: process.pid, hostname: os.hostname(), startTicks: '1', startedAt: 'earlier' }));
    const canCheck = await readFile(`/proc/${process.pid}/stat`, 'utf8').then(() => true, () => false);
    const result = await startEmbeddedMongo({ dataDir: dir }).catch((e) => e);
    if (canCheck) {
      expect(result).not.toBeInstanceOf(Error);
      await result.stop();
    } else {
      expect(result).toBeInstanceOf(DataDirLockedError);
    }
  });

  it('does not take over a lock held on another host', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'mongod.lock'), JSON.stringify({ pid: 1, hostname: 'some-other-host', startedAt: 'earlier' }));
    const err = await startEmbeddedMongo({ dataDir: dir }).catch((e) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect(err.message).toContain('some-other-host');
    expect(err.message).toContain(path.join(dir, 'mongod.lock'));
  });
});
