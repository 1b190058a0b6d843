import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, Document } from 'mongodb';
import { openTarget, type TestTarget } from './harness.js';

// Indexes must make lookups by indexed fields fast, not full scans: checked through explain's
// executionStats (documents examined, and the index an IXSCAN stage names), which a real server
// reports the same way, and by point-find time staying flat from 1,000 to 100,000 documents.

let t: TestTarget;
beforeAll(async () => {
  t = await openTarget('lookups');
});
afterAll(async () => {
  await t.close();
});

/** Index names of every IXSCAN-like stage anywhere in an explain output (any server version's layout). */
function indexScans(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => indexScans(n, out));
  else if (node && typeof node === 'object') {
    const o = node as Document;
    if (typeof o.stage === 'string' && /IXSCAN$/.test(o.stage) && typeof o.indexName === 'string') out.push(o.indexName);
    for (const v of Object.values(o)) indexScans(v, out);
  }
  return out;
}

async function explainFind(coll: Collection, filter: Document): Promise<{ index: string | undefined; docsExamined: number; returned: number }> {
  const e = await coll.find(filter).explain('executionStats');
  return { index: indexScans(e.queryPlanner)[0], docsExamined: e.executionStats.totalDocsExamined, returned: e.executionStats.nReturned };
}

describe('index lookups', () => {
  it('use a compound index for equality on its first field, on all its fields, and for $in', async () => {
    const c = t.db.collection('taps');
    await c.createIndex({ userId: 1, at: -1 });
    await c.insertMany(Array.from({ length: 2000 }, (_, i) => ({ userId: i % 100, at: i, third: i % 3 === 0 })));

    expect(await explainFind(c, { userId: 7 })).toEqual({ index: 'userId_1_at_-1', docsExamined: 20, returned: 20 });
    // Other conditions are checked on the documents the index yields: 7, 107, ... 1907, a third of them divisible by 3.
    expect(await explainFind(c, { userId: { $eq: 7 }, third: true })).toEqual({ index: 'userId_1_at_-1', docsExamined: 20, returned: 6 });
    expect(await explainFind(c, { userId: 7, at: 1207 })).toEqual({ index: 'userId_1_at_-1', docsExamined: 1, returned: 1 });
    expect(await explainFind(c, { userId: { $in: [1, 2, 3] } })).toEqual({ index: 'userId_1_at_-1', docsExamined: 60, returned: 60 });
    expect(await explainFind(c, { userId: { $in: [] } })).toMatchObject({ docsExamined: 0, returned: 0 });
    // Not indexed, or not a prefix of the index: a collection scan.
    expect(await explainFind(c, { at: 5 })).toEqual({ index: undefined, docsExamined: 2000, returned: 1 });

    // Same answers as a scan, in the same order.
    const viaIndex = await c.find({ userId: { $in: [5, 3] } }).toArray();
    const viaScan = (await c.find({}).toArray()).filter((d) => d.userId === 5 || d.userId === 3);
    expect(viaIndex.map((d) => d.at)).toEqual(viaScan.map((d) => d.at));
  });

  it('keeps point-find time flat from 1,000 to 100,000 documents', async () => {
    const c = t.db.collection('points');
    await c.createIndex({ k: 1 });
    const load = async (from: number, to: number) => {
      for (let s = from; s < to; s += 10_000) {
        await c.insertMany(Array.from({ length: Math.min(10_000, to - s) }, (_, j) => ({ k: s + j, name: `n${s + j}` })));
      }
    };
    const medianMs = async (size: number) => {
      const samples: number[] = [];
      for (let i = 0; i < 300; i++) {
        const k = Math.floor(Math.random() * size);
        const started = performance.now();
        const doc = await c.findOne({ k });
        samples.push(performance.now() - started);
        expect(doc?.k).toBe(k);
      }
      return samples.sort((a, b) => a - b)[150];
    };
    await load(0, 1_000);
    await medianMs(1_000); // warm-up
    const small = await medianMs(1_000);
    expect((await explainFind(c, { k: 500 })).docsExamined).toBe(1);
    await load(1_000, 100_000);
    const large = await medianMs(100_000);
    expect((await explainFind(c, { k: 99_999 })).docsExamined).toBe(1);
    // A scan of 100,000 documents would be ~100x slower; allow noise, not growth.
    expect(large, `median ${small.toFixed(3)} ms at 1,000 vs ${large.toFixed(3)} ms at 100,000`).toBeLessThan(Math.max(3 * small, small + 0.5));
  }, 60_000);
});
