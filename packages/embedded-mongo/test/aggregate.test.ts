import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectId } from 'mongodb';
import { openTarget, type TestTarget } from './harness.js';

let t: TestTarget;
const users = [
  { _id: new ObjectId(), name: 'ann', team: 'red', xp: 10 },
  { _id: new ObjectId(), name: 'bob', team: 'red', xp: 30 },
  { _id: new ObjectId(), name: 'cid', team: 'blue', xp: 20 },
];
beforeAll(async () => {
  t = await openTarget('aggregate');
  await t.db.collection('users').insertMany(users);
  await t.db.collection('awards').insertMany([
    { userId: users[0]._id, kind: 'gold', tags: ['a', 'b'] },
    { userId: users[0]._id, kind: 'silver', tags: ['b'] },
    { userId: users[2]._id, kind: 'gold', tags: [] },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('aggregate', () => {
  it('groups, sorts and projects', async () => {
    const out = await t.db
      .collection('users')
      .aggregate([
        { $match: { xp: { $gte: 10 } } },
        { $group: { _id: '$team', total: { $sum: '$xp' }, n: { $sum: 1 }, names: { $push: '$name' } } },
        { $sort: { total: -1 } },
        { $project: { _id: 0, team: '$_id', total: 1, n: 1 } },
      ])
      .toArray();
    expect(out).toEqual([{ total: 40, n: 2, team: 'red' }, { total: 20, n: 1, team: 'blue' }]);
  });

  it('joins with $lookup and flattens with $unwind', async () => {
    const out = await t.db
      .collection('users')
      .aggregate([
        { $lookup: { from: 'awards', localField: '_id', foreignField: 'userId', as: 'awards' } },
        { $unwind: '$awards' },
        { $addFields: { kind: '$awards.kind' } },
        { $project: { _id: 0, name: 1, kind: 1 } },
        { $sort: { name: 1, kind: 1 } },
      ])
      .toArray();
    expect(out).toEqual([
      { name: 'ann', kind: 'gold' },
      { name: 'ann', kind: 'silver' },
      { name: 'cid', kind: 'gold' },
    ]);
  });

  it('supports $count, $facet, $skip, $limit and batches past the first', async () => {
    const [facet] = await t.db
      .collection('users')
      .aggregate([{ $facet: { count: [{ $count: 'n' }], top: [{ $sort: { xp: -1 } }, { $limit: 1 }, { $project: { _id: 0, name: 1 } }] } }])
      .toArray();
    expect(facet).toEqual({ count: [{ n: 3 }], top: [{ name: 'bob' }] });
    const skipped = await t.db.collection('users').aggregate([{ $sort: { xp: 1 } }, { $skip: 1 }, { $limit: 1 }]).toArray();
    expect(skipped.map((u) => u.name)).toEqual(['cid']);
    const big = t.db.collection('big');
    await big.insertMany(Array.from({ length: 300 }, (_, i) => ({ i })));
    const all = await big.aggregate([{ $match: {} }, { $sort: { i: -1 } }], { batchSize: 50 }).toArray();
    expect(all).toHaveLength(300);
    expect(all[0].i).toBe(299);
    const unwound = await t.db.collection('awards').aggregate([{ $unwind: '$tags' }, { $count: 'n' }]).toArray();
    expect(unwound).toEqual([{ n: 3 }]);
  });

  it('does not let pipelines modify stored documents', async () => {
    await t.db.collection('users').aggregate([{ $set: { xp: 0 } }]).toArray();
    const bob = await t.db.collection('users').findOne({ name: 'bob' });
    expect(bob!.xp).toBe(30);
  });

  it('reports unknown stages like MongoDB', async () => {
    const err = await t.db.collection('users').aggregate([{ $nope: {} }]).toArray().catch((e) => e);
    expect(err.code).toBe(40324);
  });
});
