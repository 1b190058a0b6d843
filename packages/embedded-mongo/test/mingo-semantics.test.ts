import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from 'mongodb';
import { openTarget, type TestTarget } from './harness.js';

// Each case names a place where plain mingo differs from MongoDB and
// src/mingo-setup.ts makes us behave like the server.
let t: TestTarget;
let coll: Collection;
beforeAll(async () => {
  t = await openTarget('semantics');
  coll = t.db.collection('s');
});
afterAll(async () => {
  await t.close();
});

describe('MongoDB semantics over mingo', () => {
  it('$inc on a missing field creates it (mingo agrees) and on a string is TypeMismatch (mingo silently skips)', async () => {
    const { insertedId: _id } = await coll.insertOne({ s: 'text' });
    await coll.updateOne({ _id }, { $inc: { counter: 3 } });
    expect((await coll.findOne({ _id }))!.counter).toBe(3);
    const err = await coll.updateOne({ _id }, { $inc: { s: 1 } }).catch((e) => e);
    expect(err.code).toBe(14);
  });

  it('setting a path through a scalar is PathNotViable (mingo silently skips)', async () => {
    const { insertedId: _id } = await coll.insertOne({ a: { b: 1 } });
    const err = await coll.updateOne({ _id }, { $set: { 'a.b.c': 1 } }).catch((e) => e);
    expect(err.code).toBe(28);
  });

  it('upserts seed the new document from equality conditions (mingo has no upsert)', async () => {
    await coll.updateOne({ kind: 'seed', 'meta.level': 2, score: { $gt: 5 }, $and: [{ team: 'red' }] }, { $set: { touched: true } }, { upsert: true });
    const doc = await coll.findOne({ kind: 'seed' }, { projection: { _id: 0 } });
    expect(doc).toEqual({ kind: 'seed', meta: { level: 2 }, team: 'red', touched: true });
  });

  it('$setOnInsert applies only when inserting (mingo has no $setOnInsert) and a filter guard never drops an upsert', async () => {
    await coll.updateOne({ key: 'once', n: { $gte: 0 } }, { $setOnInsert: { created: 1 }, $set: { last: 1 } }, { upsert: true });
    await coll.updateOne({ key: 'once' }, { $setOnInsert: { created: 2 }, $set: { last: 2 } }, { upsert: true });
    const doc = await coll.findOne({ key: 'once' }, { projection: { _id: 0 } });
    expect(doc).toEqual({ key: 'once', created: 1, last: 2 });
  });
});
