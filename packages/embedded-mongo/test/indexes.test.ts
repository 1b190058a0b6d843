import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { MongoBulkWriteError, MongoServerError, type Collection } from 'mongodb';
import { openTarget, type TestTarget } from './harness.js';

let t: TestTarget;
beforeAll(async () => {
  t = await openTarget('indexes');
});
afterAll(async () => {
  await t.close();
});

const fresh = (name: string): Collection => t.db.collection(`${name}_${Math.random().toString(36).slice(2, 7)}`);

describe('indexes', () => {
  it('enforces unique indexes with the exact duplicate-key error shape', async () => {
    const c = fresh('uniq');
    await c.createIndex({ name: 1 }, { unique: true });
    await c.insertOne({ name: 'x' });
    const err = await c.insertOne({ name: 'x' }).catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(11000);
    expect(err.keyPattern).toEqual({ name: 1 });
    expect(err.keyValue).toEqual({ name: 'x' });
    expect(err.message).toBe(`E11000 duplicate key error collection: ${t.dbName}.${c.collectionName} index: name_1 dup key: { name: "x" }`);
    const byUpdate = await c.insertOne({ name: 'y' }).then(() => c.updateOne({ name: 'y' }, { $set: { name: 'x' } })).catch((e) => e);
    expect(byUpdate.code).toBe(11000);
    const idDup = await c.insertOne({ _id: 'same' as never, name: 'z1' }).then(() => c.insertOne({ _id: 'same' as never, name: 'z2' })).catch((e) => e);
    expect(idDup.code).toBe(11000);
    expect(idDup.keyPattern).toEqual({ _id: 1 });
    expect(idDup.message).toMatch(/index: _id_ dup key: \{ _id: "same" \}/);
  });

  it('reports writeErrors for ordered and unordered batches', async () => {
    const c = fresh('batch');
    await c.createIndex({ k: 1 }, { unique: true });
    const ordered = await c.insertMany([{ k: 1 }, { k: 1 }, { k: 2 }]).catch((e) => e);
    expect(ordered).toBeInstanceOf(MongoBulkWriteError);
    expect(ordered.insertedCount).toBe(1);
    expect(ordered.writeErrors).toHaveLength(1);
    expect(ordered.writeErrors[0].index).toBe(1);
    expect(ordered.writeErrors[0].code).toBe(11000);
    expect(ordered.writeErrors[0].errInfo ?? ordered.writeErrors[0].err?.keyValue ?? true).toBeTruthy();
    expect(await c.countDocuments()).toBe(1);
    const unordered = await c.insertMany([{ k: 3 }, { k: 1 }, { k: 4 }, { k: 3 }], { ordered: false }).catch((e) => e);
    expect(unordered.insertedCount).toBe(2);
    expect(unordered.writeErrors.map((w: { index: number }) => w.index)).toEqual([1, 3]);
    expect(await c.countDocuments()).toBe(3);
    const raw = await t.db.command({ insert: c.collectionName, documents: [{ k: 1 }], ordered: true });
    expect(raw.n).toBe(0);
    expect(raw.writeErrors[0]).toMatchObject({ index: 0, code: 11000, keyPattern: { k: 1 }, keyValue: { k: 1 } });
    expect(raw.writeErrors[0].errmsg).toMatch(/^E11000 duplicate key error collection: .* index: k_1 dup key: \{ k: 1 \}$/);
  });

  it('enforces compound unique and sparse unique indexes', async () => {
    const c = fresh('compound');
    await c.createIndex({ userId: 1, awardId: 1 }, { unique: true });
    await c.insertMany([{ userId: 1, awardId: 1 }, { userId: 1, awardId: 2 }, { userId: 2, awardId: 1 }]);
    const err = await c.insertOne({ userId: 1, awardId: 2 }).catch((e) => e);
    expect(err.code).toBe(11000);
    expect(err.keyPattern).toEqual({ userId: 1, awardId: 1 });
    expect(err.keyValue).toEqual({ userId: 1, awardId: 2 });
    expect(err.message).toMatch(/dup key: \{ userId: 1, awardId: 2 \}/);

    const s = fresh('sparse');
    await s.createIndex({ email: 1 }, { unique: true, sparse: true });
    await s.createIndex({ 'providers.google': 1 }, { unique: true, sparse: true });
    await s.insertMany([{ a: 1 }, { a: 2 }, { email: 'e@x', providers: { google: 'g1' } }, { providers: {} }]);
    expect((await s.insertOne({ email: 'e@x' }).catch((e) => e)).code).toBe(11000);
    const nested = await s.insertOne({ providers: { google: 'g1' } }).catch((e) => e);
    expect(nested.code).toBe(11000);
    expect(nested.keyValue).toEqual({ 'providers.google': 'g1' });

    const plain = fresh('nonsparse');
    await plain.createIndex({ email: 1 }, { unique: true });
    await plain.insertOne({ a: 1 });
    const nullDup = await plain.insertOne({ a: 2 }).catch((e) => e);
    expect(nullDup.code).toBe(11000);
    expect(nullDup.keyValue).toEqual({ email: null });
  });

  it('lists, creates idempotently and drops indexes', async () => {
    const c = fresh('list');
    await c.insertOne({ a: 1 });
    expect(await c.createIndex({ a: 1, b: -1 })).toBe('a_1_b_-1');
    expect(await c.createIndex({ a: 1, b: -1 })).toBe('a_1_b_-1');
    const list = await c.listIndexes().toArray();
    expect(list.map((i) => i.name)).toEqual(['_id_', 'a_1_b_-1']);
    expect(list[1].key).toEqual({ a: 1, b: -1 });
    expect(await c.indexExists('a_1_b_-1')).toBe(true);
    await c.dropIndex('a_1_b_-1');
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
    const missing = await c.dropIndex('nope').catch((e) => e);
    expect(missing.code).toBe(27);
    const idErr = await c.dropIndex('_id_').catch((e) => e);
    expect(idErr.code).toBe(72);
    const noColl = await t.db.collection('never_created').listIndexes().toArray().catch((e) => e);
    expect(noColl.code).toBe(26);
  });

  it('refuses to build a unique index over duplicate data', async () => {
    const c = fresh('build');
    await c.insertMany([{ v: 1 }, { v: 1 }]);
    const err = await c.createIndex({ v: 1 }, { unique: true }).catch((e) => e);
    expect(err.code).toBe(11000);
    expect((await c.listIndexes().toArray()).length).toBe(1);
  });

  it('answers equality queries through the index and finds the same documents as a scan', async () => {
    const c = fresh('lookup');
    await c.createIndex({ k: 1 });
    await c.insertMany(Array.from({ length: 500 }, (_, i) => ({ k: i % 50, tags: [`t${i % 7}`] })));
    await c.createIndex({ tags: 1 });
    expect(await c.countDocuments({ k: 7 })).toBe(10);
    expect(await c.countDocuments({ k: { $eq: 7 }, _id: { $exists: true } })).toBe(10);
    expect(await c.countDocuments({ tags: 't3' })).toBe(71);
    const docs = await c.find({ k: 7 }).toArray();
    const all = (await c.find({}).toArray()).filter((d) => d.k === 7);
    expect(docs.map((d) => d._id.toHexString())).toEqual(all.map((d) => d._id.toHexString()));
    await c.updateMany({ k: 7 }, { $set: { k: 1007 } });
    expect(await c.countDocuments({ k: 7 })).toBe(0);
    expect(await c.countDocuments({ k: 1007 })).toBe(10);
  });

  it('surfaces E11000 through mongoose', async () => {
    const conn = await mongoose.createConnection(t.uri, { dbName: t.dbName, serverSelectionTimeoutMS: 5000 }).asPromise();
    try {
      const schema = new mongoose.Schema({ email: String, usernameKey: String });
      schema.index({ email: 1 }, { unique: true, sparse: true });
      schema.index({ usernameKey: 1 }, { unique: true, sparse: true });
      const User = conn.model('User', schema, `mg_users_${Date.now()}`);
      await User.init();
      await User.create({ email: 'a@x' });
      await User.create({ usernameKey: 'k' });
      await User.create({});
      await User.create({});
      const err = await User.create({ email: 'a@x' }).catch((e) => e);
      expect(err.code).toBe(11000);
      expect(err.message).toMatch(/E11000 duplicate key error/);
      expect(err.keyValue).toEqual({ email: 'a@x' });
      const viaUpdate = await User.updateOne({ email: 'a@x' }, { $set: { usernameKey: 'k' } }).catch((e) => e);
      expect(viaUpdate.code).toBe(11000);
      const viaFam = await User.findOneAndUpdate({ email: 'a@x' }, { $set: { usernameKey: 'k' } }).catch((e) => e);
      expect(viaFam.code).toBe(11000);
      expect(viaFam.keyPattern).toEqual({ usernameKey: 1 });
    } finally {
      await conn.close();
    }
  });
});
