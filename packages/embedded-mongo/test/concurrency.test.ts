import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { openTarget, type TestTarget } from './harness.js';

let t: TestTarget;
let clients: MongoClient[] = [];
beforeAll(async () => {
  t = await openTarget('concurrency');
  clients = await Promise.all(Array.from({ length: 10 }, () => MongoClient.connect(t.uri, { maxPoolSize: 5 })));
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await t.close();
});

describe('concurrency', () => {
  it('loses no $inc from 50 concurrent findOneAndUpdate calls across 10 clients', async () => {
    await t.db.collection('counters').insertOne({ _id: 'c' as never, n: 0 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        clients[i % 10].db(t.dbName).collection('counters').findOneAndUpdate({ _id: 'c' as never }, { $inc: { n: 1 } }, { returnDocument: 'after' }),
      ),
    );
    const seen = results.map((r) => r!.n).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await t.db.collection('counters').findOne({ _id: 'c' as never }))!.n).toBe(50);
  });

  it('lets exactly one of 20 racing unique inserts win', async () => {
    const coll = t.db.collection('claims');
    await coll.createIndex({ usernameKey: 1 }, { unique: true });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => clients[i % 10].db(t.dbName).collection('claims').insertOne({ usernameKey: 'taken', by: i })),
    );
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const l of lost) expect(l.reason.code).toBe(11000);
    expect(await coll.countDocuments({ usernameKey: 'taken' })).toBe(1);
  });
});
