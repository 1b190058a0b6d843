import { mkdtemp, rm, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MongoClient, ObjectId } from 'mongodb';
import { startEmbeddedMongo } from '../src/index.js';
import { embedded } from './harness.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe.runIf(embedded)('data directory', () => {
  it('keeps documents, updates, deletes and indexes across stop/start', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'embedded-mongo-'));
    dirs.push(dir);
    const id = new ObjectId();
    let engine = await startEmbeddedMongo({ dataDir: dir });
    let client = await MongoClient.connect(engine.uri);
    const coll = () => client.db('app').collection('things');
    await coll().createIndex({ name: 1 }, { unique: true });
    await coll().insertMany([{ _id: id, name: 'a', n: 1, at: new Date(7) }, { name: 'b' }, { name: 'c' }]);
    await coll().updateOne({ _id: id }, { $inc: { n: 41 } });
    await coll().deleteOne({ name: 'b' });
    await t_dropLater(client);
    await client.close();
    await engine.stop();

    // A torn final record (crash mid-append) must be ignored, not break startup.
    await appendFile(path.join(dir, 'journal.bson'), Buffer.from([0x40, 0, 0, 0, 1, 2]));

    engine = await startEmbeddedMongo({ dataDir: dir });
    client = await MongoClient.connect(engine.uri);
    const docs = await coll().find().sort({ name: 1 }).toArray();
    expect(docs.map((d) => d.name)).toEqual(['a', 'c']);
    expect(docs[0].n).toBe(42);
    expect(docs[0].at).toEqual(new Date(7));
    expect(docs[0]._id.equals(id)).toBe(true);
    expect((await coll().insertOne({ name: 'a' }).catch((e) => e)).code).toBe(11000);
    expect((await client.db('app').listCollections().toArray()).map((c) => c.name)).toEqual(['things']);
    await client.close();
    await engine.stop();
  });
});

async function t_dropLater(client: MongoClient): Promise<void> {
  await client.db('app').collection('temp').insertOne({ x: 1 });
  await client.db('app').collection('temp').drop();
}
