import { cpSync, readdirSync, statSync } from 'node:fs';
import { appendFile, mkdtemp, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serialize } from 'bson';
import { MongoClient, ObjectId } from 'mongodb';
import { startEmbeddedMongo, type CompactionEvent, type EmbeddedMongo, type EmbeddedMongoOptions } from '../src/index.js';
import { embedded } from './harness.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'embedded-mongo-'));
  dirs.push(dir);
  return dir;
}

async function open(dataDir: string, opts: Omit<EmbeddedMongoOptions, 'dataDir'> = {}): Promise<{ engine: EmbeddedMongo; client: MongoClient; close(): Promise<void> }> {
  const engine = await startEmbeddedMongo({ ...opts, dataDir });
  const client = await MongoClient.connect(engine.uri);
  return {
    engine,
    client,
    async close() {
      await client.close();
      await engine.stop();
    },
  };
}

const files = (dir: string, re: RegExp) => readdirSync(dir).filter((f) => re.test(f)).sort();
const newestJournal = (dir: string) => path.join(dir, files(dir, /^journal\.\d+\.log$/).at(-1)!);

async function storageStats(client: MongoClient) {
  return (await client.db('admin').command({ serverStatus: 1 })).embeddedStorage;
}

describe.runIf(embedded)('data directory', () => {
  it('keeps documents, updates, deletes and indexes across stop/start', async () => {
    const dir = await tempDir();
    const id = new ObjectId();
    let s = await open(dir);
    const coll = () => s.client.db('app').collection('things');
    await coll().createIndex({ name: 1 }, { unique: true });
    await coll().insertMany([{ _id: id, name: 'a', n: 1, at: new Date(7) }, { name: 'b' }, { name: 'c' }]);
    await coll().updateOne({ _id: id }, { $inc: { n: 41 } });
    await coll().deleteOne({ name: 'b' });
    await s.client.db('app').collection('temp').insertOne({ x: 1 });
    await s.client.db('app').collection('temp').drop();
    await s.close();

    s = await open(dir);
    const docs = await coll().find().sort({ name: 1 }).toArray();
    expect(docs.map((d) => d.name)).toEqual(['a', 'c']);
    expect(docs[0].n).toBe(42);
    expect(docs[0].at).toEqual(new Date(7));
    expect(docs[0]._id.equals(id)).toBe(true);
    expect((await coll().insertOne({ name: 'a' }).catch((e) => e)).code).toBe(11000);
    expect((await s.client.db('app').listCollections().toArray()).map((c) => c.name)).toEqual(['things']);
    await s.close();
  });

  it('cuts a torn or corrupt journal tail (a write never acknowledged) and keeps going', async () => {
    const dir = await tempDir();
    let s = await open(dir);
    const coll = () => s.client.db('app').collection('log');
    for (let i = 0; i < 5; i++) await coll().insertOne({ i });
    await s.close();
    const journal = newestJournal(dir);
    const goodSize = statSync(journal).size;

    // A record cut off mid-append.
    await appendFile(journal, Buffer.from([0x40, 0, 0, 0, 1, 2, 3, 4, 5, 6]));
    s = await open(dir);
    expect((await coll().find().toArray()).map((d) => d.i)).toEqual([0, 1, 2, 3, 4]);
    await s.close();
    expect(statSync(journal).size).toBe(goodSize);

    // A whole record whose checksum doesn't match (a flipped bit in the last write).
    s = await open(dir);
    await coll().insertOne({ i: 5 });
    await s.close();
    const bytes = await readFile(newestJournal(dir));
    bytes[bytes.length - 3] ^= 0xff;
    await writeFile(newestJournal(dir), bytes);
    s = await open(dir);
    expect((await coll().find().toArray()).map((d) => d.i)).toEqual([0, 1, 2, 3, 4]);
    await coll().insertOne({ i: 6 });
    await s.close();
    s = await open(dir);
    expect((await coll().find().toArray()).map((d) => d.i)).toEqual([0, 1, 2, 3, 4, 6]);
    await s.close();
  });

  it('groups concurrent writes into shared fsyncs', async () => {
    const dir = await tempDir();
    const s = await open(dir);
    const clients = await Promise.all(Array.from({ length: 10 }, () => MongoClient.connect(s.engine.uri)));
    const before = await storageStats(s.client);
    await Promise.all(Array.from({ length: 200 }, (_, i) => clients[i % 10].db('app').collection('g').insertOne({ i })));
    const after = await storageStats(s.client);
    const commits = after.commits - before.commits;
    const flushes = after.flushes - before.flushes;
    expect(commits).toBe(200);
    expect(flushes).toBeLessThan(commits / 2);
    await Promise.all(clients.map((c) => c.close()));
    await s.close();
  });

  it('compacts the journal into snapshots and restarts from them', async () => {
    const dir = await tempDir();
    const events: CompactionEvent[] = [];
    let s = await open(dir, { compactThresholdBytes: 16 * 1024, onCompaction: (e) => events.push(e) });
    const db = () => s.client.db('app');
    await db().collection('users').createIndex({ email: 1 }, { unique: true });
    for (let i = 0; i < 300; i++) await db().collection('users').insertOne({ email: `u${i}@x`, n: 0 });
    for (let i = 0; i < 300; i += 3) await db().collection('users').updateOne({ email: `u${i}@x` }, { $inc: { n: 1 } });
    await db().collection('users').deleteMany({ email: /^u1\d\d@/ });
    await db().collection('gone').insertOne({});
    await db().collection('gone').drop();
    const stats = await storageStats(s.client);
    await s.close();

    expect(stats.compactions).toBeGreaterThan(1);
    expect(events.filter((e) => e.phase === 'finished').length).toBe(stats.compactions);
    expect(events.map((e) => e.phase).slice(0, 4)).toEqual(['started', 'snapshot-written', 'snapshot-installed', 'finished']);
    // Only the newest snapshot and the journals after it remain.
    expect(files(dir, /^snapshot\./)).toHaveLength(1);
    const snapGen = Number(files(dir, /^snapshot\./)[0].split('.')[1]);
    expect(files(dir, /^journal\./).map((f) => Number(f.split('.')[1]))).toEqual([snapGen]);

    s = await open(dir);
    const users = await db().collection('users').find().toArray();
    expect(users).toHaveLength(200);
    expect(users.filter((u) => u.n === 1)).toHaveLength(67);
    expect((await db().collection('users').insertOne({ email: 'u5@x' }).catch((e) => e)).code).toBe(11000);
    expect((await db().listCollections().toArray()).map((c) => c.name)).toEqual(['users']);
    await s.close();
  });

  it('loses nothing whatever compaction step a crash interrupts', async () => {
    // At each step of each compaction the directory is copied as it is on disk at that instant:
    // what a kill -9 at that point leaves behind. Every copy must open with every write acknowledged
    // before the copy was taken, and nothing but writes that were issued.
    const dir = await tempDir();
    const images: Array<{ phase: string; dir: string; acked: number }> = [];
    let acked = 0;
    const s = await open(dir, {
      compactThresholdBytes: 8 * 1024,
      onCompaction: (e) => {
        if (e.phase === 'failed' || images.filter((i) => i.phase === e.phase).length >= 2) return;
        const copy = `${dir}-crash-${images.length}-${e.phase}`;
        dirs.push(copy);
        cpSync(dir, copy, { recursive: true });
        images.push({ phase: e.phase, dir: copy, acked });
      },
    });
    const coll = s.client.db('app').collection('seq');
    for (let i = 0; i < 400; i++) {
      await coll.insertOne({ _id: i as never, payload: 'x'.repeat(40) });
      acked = i + 1;
    }
    await s.close();
    expect(new Set(images.map((i) => i.phase))).toEqual(new Set(['started', 'snapshot-written', 'snapshot-installed', 'finished']));

    for (const image of images) {
      // The copy holds our lock file; its pid is alive, so a real crash image wouldn't. Drop it.
      await rm(path.join(image.dir, 'mongod.lock'), { force: true });
      const r = await open(image.dir);
      const ids = (await r.client.db('app').collection('seq').find().toArray()).map((d) => d._id as unknown as number);
      await r.close();
      expect(ids.length, `image at ${image.phase}`).toBeGreaterThanOrEqual(image.acked);
      expect(ids, `image at ${image.phase}`).toEqual(Array.from({ length: ids.length }, (_, i) => i));
    }
  });

  it('falls back to an older snapshot when the newest is damaged and its journals are still there', async () => {
    const dir = await tempDir();
    let s = await open(dir, { compactThresholdBytes: 4 * 1024 });
    for (let i = 0; i < 100; i++) await s.client.db('app').collection('c').insertOne({ i, pad: 'y'.repeat(50) });
    await s.close();
    const [snapshot] = files(dir, /^snapshot\./);
    const gen = Number(snapshot.split('.')[1]);
    // A newer snapshot that is damaged (this can't come from a crash, only from the disk).
    const newer = `snapshot.${String(gen + 1).padStart(12, '0')}.bson`;
    await writeFile(path.join(dir, newer), (await readFile(path.join(dir, snapshot))).subarray(0, 100));
    s = await open(dir);
    expect(await s.client.db('app').collection('c').countDocuments()).toBe(100);
    await s.close();

    // With no usable snapshot and journals missing, start refuses instead of silently losing data.
    await truncate(path.join(dir, files(dir, /^snapshot\./)[0]), 50);
    await rm(path.join(dir, newer));
    const err = await startEmbeddedMongo({ dataDir: dir }).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(/incomplete|damaged/);
    expect(await readdir(dir)).not.toContain('mongod.lock');
  });

  it('migrates a phase-1 journal (bare BSON) into a snapshot', async () => {
    const dir = await tempDir();
    const ops = [
      { op: 'createCollection', db: 'app', coll: 'old', options: {} },
      { op: 'createIndex', db: 'app', coll: 'old', spec: { v: 2, key: { k: 1 }, name: 'k_1', unique: true } },
      { op: 'insert', db: 'app', coll: 'old', doc: { _id: 1, k: 'a' } },
      { op: 'insert', db: 'app', coll: 'old', doc: { _id: 2, k: 'b' } },
      { op: 'delete', db: 'app', coll: 'old', id: 1 },
    ];
    await writeFile(path.join(dir, 'journal.bson'), Buffer.concat([...ops.map((o) => serialize(o)), Buffer.from([0x40, 0, 0])]));
    let s = await open(dir);
    expect(await s.client.db('app').collection('old').find().toArray()).toEqual([{ _id: 2, k: 'b' }]);
    await s.close();
    expect(await readdir(dir)).not.toContain('journal.bson');
    s = await open(dir);
    expect(await s.client.db('app').collection('old').find().toArray()).toEqual([{ _id: 2, k: 'b' }]);
    expect((await s.client.db('app').collection('old').insertOne({ k: 'b' }).catch((e) => e)).code).toBe(11000);
    await s.close();
  });
});
