import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Binary, Decimal128, Long, ObjectId, type Collection, type Document } from 'mongodb';
import { openTarget, type TestTarget } from './harness.js';

let t: TestTarget;
let coll: Collection<Document>;
beforeAll(async () => {
  t = await openTarget('crud');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  coll = t.db.collection(`c_${Math.random().toString(36).slice(2, 8)}`);
});

describe('insert and find', () => {
  it('round-trips BSON types exactly, keeping null distinct from missing', async () => {
    const id = new ObjectId();
    const doc = {
      _id: id,
      date: new Date('2024-01-02T03:04:05.678Z'),
      bin: new Binary(Buffer.from([1, 2, 3]), 0),
      long: Long.fromString('9007199254740993'),
      dec: Decimal128.fromString('12.345'),
      nil: null,
      nested: { arr: [1, 'two', { three: 3 }], empty: {} },
      dbl: 1.5,
    };
    await coll.insertOne(doc);
    const back = await coll.findOne({ _id: id }, { promoteLongs: false });
    expect(back!._id.equals(id)).toBe(true);
    expect(back!.date.getTime()).toBe(doc.date.getTime());
    expect(back!.bin).toBeInstanceOf(Binary);
    expect(Buffer.from(back!.bin.buffer)).toEqual(Buffer.from([1, 2, 3]));
    expect(Long.isLong(back!.long) && back!.long.toString()).toBe('9007199254740993');
    expect(back!.dec).toBeInstanceOf(Decimal128);
    expect(back!.dec.toString()).toBe('12.345');
    expect(back).toHaveProperty('nil', null);
    expect(back).not.toHaveProperty('missing');
    expect(back!.nested).toEqual({ arr: [1, 'two', { three: 3 }], empty: {} });
    expect(Object.keys(back!)[0]).toBe('_id');
    expect(await coll.countDocuments({ nil: null })).toBe(1);
    expect(await coll.countDocuments({ nil: { $exists: true } })).toBe(1);
    expect(await coll.countDocuments({ missing: { $exists: true } })).toBe(0);
    expect(await coll.countDocuments({ missing: null })).toBe(1);
  });

  it('filters, sorts, projects, skips and limits', async () => {
    await coll.insertMany([
      { n: 3, name: 'c', tags: ['x'] },
      { n: 1, name: 'a', tags: ['x', 'y'] },
      { n: 2, name: 'b', tags: [] },
      { n: 4, name: 'd' },
    ]);
    const docs = await coll.find({ n: { $gte: 2 } }, { projection: { _id: 0, name: 1 } }).sort({ n: -1 }).skip(1).limit(2).toArray();
    expect(docs).toEqual([{ name: 'c' }, { name: 'b' }]);
    expect(await coll.find({ tags: 'y' }).project({ _id: 0, n: 1 }).toArray()).toEqual([{ n: 1 }]);
    expect(await coll.find({ $or: [{ n: 1 }, { name: 'd' }] }).sort({ name: 1 }).project({ _id: 0, name: 1 }).toArray()).toEqual([{ name: 'a' }, { name: 'd' }]);
    expect(await coll.find({ name: { $in: ['a', 'b'] } }).count()).toBe(2);
    expect(await coll.find({}, { projection: { tags: 0, _id: 0 } }).sort({ n: 1 }).limit(1).toArray()).toEqual([{ n: 1, name: 'a' }]);
    expect((await coll.find({ name: /^[ab]$/ }).toArray()).length).toBe(2);
  });

  it('matches ObjectId and Date by value', async () => {
    const ids = [new ObjectId(), new ObjectId(), new ObjectId()];
    await coll.insertMany(ids.map((_id, i) => ({ _id, at: new Date(2020, 0, i + 1) })));
    expect(await coll.countDocuments({ _id: new ObjectId(ids[1].toHexString()) })).toBe(1);
    expect(await coll.countDocuments({ _id: { $in: [ids[0], ids[2]] } })).toBe(2);
    expect(await coll.countDocuments({ _id: { $gt: ids[0] } })).toBe(2);
    expect(await coll.countDocuments({ at: { $gte: new Date(2020, 0, 2) } })).toBe(2);
    const sorted = await coll.find().sort({ _id: -1 }).toArray();
    expect(sorted.map((d) => d._id.toHexString())).toEqual([...ids].reverse().map((i) => i.toHexString()));
    expect(await coll.countDocuments({ _id: ids[0].toHexString() } as Document)).toBe(0); // a string is not an ObjectId
  });

  it('serves cursors past the first batch with getMore and killCursors', async () => {
    await coll.insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
    const all = await coll.find({}, { batchSize: 7 }).sort({ i: 1 }).toArray();
    expect(all.map((d) => d.i)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    const cursor = coll.find({}, { batchSize: 5 });
    const first = await cursor.next();
    expect(first).toBeTruthy();
    await cursor.close(); // killCursors
    const res = await t.db.command({ find: coll.collectionName, batchSize: 10 });
    expect(res.cursor.firstBatch).toHaveLength(10);
    const more = await t.db.command({ getMore: res.cursor.id, collection: coll.collectionName, batchSize: 300 });
    expect(more.cursor.nextBatch).toHaveLength(240);
    expect(more.cursor.id.toString()).toBe('0');
    const gone = await t.db.command({ getMore: res.cursor.id, collection: coll.collectionName }).catch((e) => e);
    expect(gone.code).toBe(43);
    const single = await t.db.command({ find: coll.collectionName, batchSize: 3, singleBatch: true });
    expect(single.cursor.id.toString()).toBe('0');
    expect(await coll.find().limit(120).toArray()).toHaveLength(120);
  });

  it('deletes one or many', async () => {
    await coll.insertMany([{ k: 1 }, { k: 1 }, { k: 2 }]);
    expect((await coll.deleteOne({ k: 1 })).deletedCount).toBe(1);
    expect((await coll.deleteMany({})).deletedCount).toBe(2);
    expect((await coll.deleteMany({ k: 9 })).deletedCount).toBe(0);
  });

  it('counts and distincts', async () => {
    await coll.insertMany([{ c: 'a', t: [1, 2] }, { c: 'b', t: [2, 3] }, { c: 'a' }]);
    expect(await coll.countDocuments({ c: 'a' })).toBe(2);
    expect(await coll.estimatedDocumentCount()).toBe(3);
    expect((await coll.distinct('c')).sort()).toEqual(['a', 'b']);
    expect((await coll.distinct('t')).sort()).toEqual([1, 2, 3]);
    expect(await coll.distinct('c', { t: 3 })).toEqual(['b']);
    expect(await t.db.collection('nope').countDocuments()).toBe(0);
  });
});

describe('update operators', () => {
  it('applies $set $unset $inc $push $pull $addToSet $each', async () => {
    const { insertedId: _id } = await coll.insertOne({ a: 1, b: 2, list: [1, 2, 3], set: ['x'], sub: { n: 1 } });
    const r = await coll.updateOne({ _id }, {
      $set: { 'sub.m': 2, c: 'new' },
      $unset: { b: '' },
      $inc: { a: 5, fresh: 2 },
      $push: { list: { $each: [4, 5] } },
      $addToSet: { set: { $each: ['x', 'y'] } },
    } as Document);
    expect(r.matchedCount).toBe(1);
    expect(r.modifiedCount).toBe(1);
    await coll.updateOne({ _id }, { $pull: { list: { $gte: 4 } } } as Document);
    const doc = await coll.findOne({ _id }, { projection: { _id: 0 } });
    expect(doc).toEqual({ a: 6, list: [1, 2, 3], set: ['x', 'y'], sub: { n: 1, m: 2 }, c: 'new', fresh: 2 });
    const noop = await coll.updateOne({ _id }, { $set: { a: 6 } });
    expect(noop.matchedCount).toBe(1);
    expect(noop.modifiedCount).toBe(0);
  });

  it('supports positional $ and arrayFilters', async () => {
    const { insertedId: _id } = await coll.insertOne({ items: [{ k: 'a', q: 1 }, { k: 'b', q: 1 }, { k: 'c', q: 5 }] });
    await coll.updateOne({ _id, 'items.k': 'b' }, { $inc: { 'items.$.q': 10 } });
    await coll.updateOne({ _id }, { $set: { 'items.$[it].flag': true } }, { arrayFilters: [{ 'it.q': { $gte: 5 } }] });
    const doc = await coll.findOne({ _id });
    expect(doc!.items).toEqual([{ k: 'a', q: 1 }, { k: 'b', q: 11, flag: true }, { k: 'c', q: 5, flag: true }]);
  });

  it('updates many and replaces while keeping _id', async () => {
    await coll.insertMany([{ g: 1, v: 0 }, { g: 1, v: 0 }, { g: 2, v: 0 }]);
    const many = await coll.updateMany({ g: 1 }, { $set: { v: 1 } });
    expect([many.matchedCount, many.modifiedCount]).toEqual([2, 2]);
    const target = await coll.findOne({ g: 2 });
    await coll.replaceOne({ g: 2 }, { g: 3, replaced: true });
    const replaced = await coll.findOne({ g: 3 });
    expect(replaced!._id.equals(target!._id)).toBe(true);
    expect(replaced).not.toHaveProperty('v');
    const err = await coll.replaceOne({ g: 3 }, { _id: new ObjectId(), g: 4 }).catch((e) => e);
    expect(err.code).toBe(66);
  });

  it('upserts with $setOnInsert and seeds from the equality filter', async () => {
    const first = await coll.updateOne({ email: 'a@x', plan: { $eq: 'free' }, n: { $gt: 0 } }, { $setOnInsert: { createdAt: 1 }, $inc: { visits: 1 } }, { upsert: true });
    expect(first.upsertedCount).toBe(1);
    const second = await coll.updateOne({ email: 'a@x' }, { $setOnInsert: { createdAt: 2 }, $inc: { visits: 1 } }, { upsert: true });
    expect(second.upsertedCount).toBe(0);
    expect(second.modifiedCount).toBe(1);
    const doc = await coll.findOne({ email: 'a@x' }, { projection: { _id: 0 } });
    expect(doc).toEqual({ email: 'a@x', plan: 'free', createdAt: 1, visits: 2 });
    const id = new ObjectId();
    await coll.replaceOne({ _id: id }, { name: 'r' }, { upsert: true });
    expect((await coll.findOne({ _id: id }))!.name).toBe('r');
  });

  it('rejects invalid updates with MongoDB error codes', async () => {
    const { insertedId: _id } = await coll.insertOne({ s: 'text', a: { b: 1 } });
    const badOp = await coll.updateOne({ _id }, { $bogus: { a: 1 } } as Document).catch((e) => e);
    expect(badOp.code).toBe(9);
    const conflict = await coll.updateOne({ _id }, { $set: { a: 1 }, $inc: { a: 1 } }).catch((e) => e);
    expect(conflict.code).toBe(40);
    const immutable = await coll.updateOne({ _id }, { $set: { _id: new ObjectId() } }).catch((e) => e);
    expect(immutable.code).toBe(66);
  });
});

describe('findOneAndUpdate / findOneAndDelete / findOneAndReplace', () => {
  it('honours returnDocument, sort, projection, upsert and includeResultMetadata', async () => {
    await coll.insertMany([{ q: 1, v: 'a' }, { q: 2, v: 'b' }, { q: 3, v: 'c' }]);
    const before = await coll.findOneAndUpdate({}, { $set: { hit: true } }, { sort: { q: -1 }, projection: { _id: 0, q: 1, hit: 1 } });
    expect(before).toEqual({ q: 3 });
    const after = await coll.findOneAndUpdate({ q: 1 }, { $inc: { q: 10 } }, { returnDocument: 'after', projection: { _id: 0, q: 1 } });
    expect(after).toEqual({ q: 11 });
    expect(await coll.findOneAndUpdate({ q: 99 }, { $set: { x: 1 } })).toBeNull();
    const up = await coll.findOneAndUpdate({ q: 50 }, { $set: { v: 'u' } }, { upsert: true, returnDocument: 'after', includeResultMetadata: true });
    expect(up.value).toMatchObject({ q: 50, v: 'u' });
    expect(up.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false });
    expect(up.lastErrorObject!.upserted).toBeInstanceOf(ObjectId);
    const del = await coll.findOneAndDelete({ q: 2 });
    expect(del!.v).toBe('b');
    expect(await coll.countDocuments({ q: 2 })).toBe(0);
    const rep = await coll.findOneAndReplace({ q: 50 }, { q: 51 }, { returnDocument: 'after' });
    expect(rep).toMatchObject({ q: 51 });
    expect(rep).not.toHaveProperty('v');
  });
});
