import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { MongoClient, MongoServerError } from 'mongodb';
import { embedded, openTarget, type TestTarget } from './harness.js';

let t: TestTarget;
beforeAll(async () => {
  t = await openTarget('handshake');
});
afterAll(async () => {
  await t.close();
});

describe('handshake', () => {
  it('answers hello like a writable standalone primary', async () => {
    const hello = await t.db.admin().command({ hello: 1 });
    expect(hello.ok).toBe(1);
    expect(hello.isWritablePrimary).toBe(true);
    expect(hello.maxBsonObjectSize).toBe(16777216);
    expect(hello.maxMessageSizeBytes).toBe(48000000);
    expect(hello.maxWriteBatchSize).toBe(100000);
    expect(hello.localTime).toBeInstanceOf(Date);
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(17);
    expect(typeof hello.connectionId).toBe('number');
    if (embedded) {
      expect(hello.helloOk).toBe(true);
      expect(hello.readOnly).toBe(false);
      expect(hello).not.toHaveProperty('logicalSessionTimeoutMinutes');
      expect(hello).not.toHaveProperty('topologyVersion');
      expect(hello).not.toHaveProperty('setName');
    }
    const legacy = await t.db.admin().command({ isMaster: 1 });
    expect(legacy.ismaster).toBe(true);
  });

  it('answers ping, buildInfo, getParameter, whatsmyuri and hostInfo', async () => {
    const admin = t.db.admin();
    expect((await admin.command({ ping: 1 })).ok).toBe(1);
    const info = await admin.command({ buildInfo: 1 });
    expect(info.version).toMatch(/^\d+\.\d+/);
    expect(Array.isArray(info.versionArray)).toBe(true);
    const fcv = await admin.command({ getParameter: 1, featureCompatibilityVersion: 1 });
    expect(fcv.featureCompatibilityVersion.version).toMatch(/^\d+\.\d+$/);
    expect((await admin.command({ whatsmyuri: 1 })).you).toMatch(/:\d+$/);
    expect((await admin.command({ hostInfo: 1 })).system).toBeDefined();
  });

  it('answers a legacy OP_QUERY isMaster with OP_REPLY echoing the request id', async () => {
    const { serialize, deserialize } = await import('bson');
    const { hostname, port } = new URL(t.uri.replace('mongodb://', 'http://'));
    const query = serialize({ isMaster: 1, helloOk: true });
    const ns = Buffer.from('admin.$cmd\0');
    const body = Buffer.concat([Buffer.alloc(4), ns, Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]), query]);
    const header = Buffer.alloc(16);
    header.writeInt32LE(16 + body.length, 0);
    header.writeInt32LE(4242, 4);
    header.writeInt32LE(2004, 12);
    const reply = await new Promise<Buffer>((resolve, reject) => {
      const sock = net.connect(Number(port), hostname.replace(/^\[|\]$/g, ''));
      const chunks: Buffer[] = [];
      sock.on('data', (c) => {
        chunks.push(c);
        const all = Buffer.concat(chunks);
        if (all.length >= 4 && all.length >= all.readInt32LE(0)) {
          sock.destroy();
          resolve(all);
        }
      });
      sock.on('error', reject);
      sock.write(Buffer.concat([header, body]));
    });
    expect(reply.readInt32LE(8)).toBe(4242);
    expect(reply.readInt32LE(12)).toBe(1); // OP_REPLY
    expect(reply.readInt32LE(32)).toBe(1); // numberReturned
    const doc = deserialize(reply.subarray(36));
    expect(doc.ismaster).toBe(true);
    expect(doc.ok).toBe(1);
  });

  it('connects with mongoose and runs model.init + CRUD', async () => {
    const conn = await mongoose.createConnection(t.uri, { dbName: t.dbName, serverSelectionTimeoutMS: 5000, autoIndex: true }).asPromise();
    try {
      const Cat = conn.model('Cat', new mongoose.Schema({ name: { type: String, unique: true }, age: Number, tags: [String] }));
      await Cat.init();
      const created = await Cat.create({ name: 'Tom', age: 3, tags: ['a'] });
      expect(created._id).toBeDefined();
      const found = await Cat.findOne({ name: 'Tom' }).lean();
      expect(found?.age).toBe(3);
      await Cat.updateOne({ _id: created._id }, { $inc: { age: 1 }, $push: { tags: 'b' } });
      const after = await Cat.findById(created._id).lean();
      expect(after?.age).toBe(4);
      expect(after?.tags).toEqual(['a', 'b']);
      expect(await Cat.countDocuments({})).toBe(1);
      expect(await Cat.estimatedDocumentCount()).toBe(1);
      expect(await Cat.exists({ name: 'Tom' })).toBeTruthy();
      const indexes = await Cat.listIndexes();
      expect(indexes.map((i) => i.name).sort()).toEqual(['_id_', 'name_1']);
      await expect(Cat.create({ name: 'Tom' })).rejects.toThrow(/E11000/);
      await Cat.deleteMany({});
      expect(await Cat.countDocuments()).toBe(0);
    } finally {
      await conn.close();
    }
  });

  it('reports unknown commands as CommandNotFound with the server error shape', async () => {
    const err = await t.db.command({ definitelyNotACommand: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(59);
    expect(err.codeName).toBe('CommandNotFound');
    expect(err.message).toMatch(/definitelyNotACommand/);
  });

  it.runIf(embedded)('refuses unsupported options naming them, with BadValue', async () => {
    const err = await t.db.command({ find: 'x', filter: {}, tailable: true }).catch((e) => e);
    expect(err.code).toBe(2);
    expect(err.codeName).toBe('BadValue');
    expect(err.message).toMatch(/tailable/);
    const stage = await t.db.collection('x').aggregate([{ $out: 'y' }]).toArray().catch((e) => e);
    expect(stage.code).toBe(2);
    expect(stage.message).toMatch(/\$out/);
  });

  it.runIf(embedded)('refuses transactions', async () => {
    const err = await t.db.command({ find: 'x', startTransaction: true, autocommit: false, txnNumber: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(20);
    const client = new MongoClient(t.uri);
    try {
      const session = client.startSession();
      // No logicalSessionTimeoutMinutes -> the driver refuses to start a transaction itself.
      await expect(session.withTransaction(async () => t.db.collection('x').insertOne({ a: 1 }, { session }))).rejects.toThrow();
      await session.endSession();
    } finally {
      await client.close();
    }
  });
});
