import { describe, expect, it } from 'vitest';
import { update as mingoUpdate } from 'mingo';
import type { Document } from 'bson';
import { applyOperatorUpdate } from '../src/mingo-setup.js';
import { cloneDocument } from '../src/storage/values.js';

// applyOperatorUpdate calls mingo's update operators directly (skipping the updater's per-call
// rebuild of its operator registry). This pins that shortcut to mingo's own updater, result for result.
const base: Document = {
  _id: 1,
  n: 5,
  s: 'text',
  arr: [1, 2, 3, 2],
  objs: [{ x: 1, tags: ['a'] }, { x: 5, tags: [] }, { x: 9 }],
  nested: { a: { b: 1 }, list: [{ k: 'p' }] },
  when: new Date(1000),
};

const cases: Array<[string, Document, Document[]?]> = [
  ['$inc existing, missing and nested', { $inc: { n: 2, fresh: 1, 'nested.a.b': -1 } }],
  ['$mul', { $mul: { n: 3, missing: 2 } }],
  ['$set scalars, objects and new paths', { $set: { s: 'new', 'nested.a.c': { deep: [1, 2] }, 'brand.new.path': true } }],
  ['$set array element by index', { $set: { 'arr.1': 20, 'objs.0.x': 100 } }],
  ['$unset', { $unset: { s: '', 'nested.a.b': '', nope: '' } }],
  ['$min / $max', { $min: { n: 1, low: 3 }, $max: { 'nested.a.b': 10 } }],
  ['$rename', { $rename: { s: 'renamed', 'nested.a': 'moved' } }],
  ['$push single, $each/$slice/$sort/$position', { $push: { arr: 9, newArr: { $each: [3, 1, 2], $sort: 1, $slice: 2 }, 'nested.list': { $each: [{ k: 'q' }], $position: 0 } } }],
  ['$addToSet and $each', { $addToSet: { arr: 2, 'objs.0.tags': { $each: ['a', 'b', 'c'] } } }],
  ['$pull by value and by condition', { $pull: { arr: 2, objs: { x: { $gt: 4 } } } }],
  ['$pullAll', { $pullAll: { arr: [1, 3] } }],
  ['$pop first and last', { $pop: { arr: -1, 'objs': 1 } }],
  ['$bit', { $bit: { n: { and: 4 } } }],
  ['no-op $set', { $set: { n: 5 } }],
  ['arrayFilters', { $set: { 'objs.$[big].x': 0, n: 1 } }, [{ 'big.x': { $gte: 5 } }]],
  ['all positional $[]', { $inc: { 'objs.$[].seen': 1 } }],
  ['$[] on nested arrays', { $push: { 'objs.$[o].tags': 'z' } }, [{ 'o.tags': { $exists: true } }]],
];

describe('operator updates match mingo’s updater', () => {
  it.each(cases)('%s', (_name, modifier, arrayFilters) => {
    const ours = applyOperatorUpdate(base, modifier, { arrayFilters });
    const theirs = cloneDocument(base);
    const changed = mingoUpdate(theirs, modifier, arrayFilters, undefined, { cloneMode: 'deep' });
    expect(ours.doc).toEqual(theirs);
    expect(ours.modified).toBe(changed.length > 0);
  });

  it('never mutates the stored document or shares values with the update', () => {
    const stored = cloneDocument(base);
    const value = { deep: { list: [1] } };
    const { doc } = applyOperatorUpdate(stored, { $set: { v: value }, $push: { arr: value } }, {});
    expect(stored).toEqual(base);
    value.deep.list.push(2);
    expect(doc.v).toEqual({ deep: { list: [1] } });
    expect(doc.arr[4]).toEqual({ deep: { list: [1] } });
  });
});
