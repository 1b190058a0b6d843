import type { Document } from 'bson';
import { MongoError } from '../errors.js';
import { compileFilter } from '../mingo-setup.js';
import { IndexStore, isPlainEqualityValue, type IndexSpec } from './index-store.js';
import type { JournalOp } from './persistence.js';
import { isPlainObject, keyOf } from './values.js';

export type OpSink = (op: JournalOp) => void;

/**
 * Documents of one collection in insertion order, keyed by canonical _id.
 * Stored documents are never mutated in place: writers replace them with new
 * objects, so readers holding a reference (open cursors) see a stable snapshot.
 */
export class CollectionStore {
  readonly db: string;
  readonly name: string;
  readonly options: Document;
  private readonly docs = new Map<string, Document>();
  readonly indexes = new Map<string, IndexStore>();
  private readonly sink: OpSink;

  constructor(db: string, name: string, options: Document, sink: OpSink) {
    this.db = db;
    this.name = name;
    this.options = options;
    this.sink = sink;
    this.indexes.set('_id_', new IndexStore({ v: 2, key: { _id: 1 }, name: '_id_' }));
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get size(): number {
    return this.docs.size;
  }

  all(): Document[] {
    return [...this.docs.values()];
  }

  secondaryIndexSpecs(): IndexSpec[] {
    return [...this.indexes.values()].filter((i) => i.name !== '_id_').map((i) => i.spec);
  }

  getById(id: unknown): Document | undefined {
    return this.docs.get(keyOf(id));
  }

  /**
   * Matching documents in natural order (at most `limit`). Uses the most selective index that can
   * answer a condition of the filter: equality or `$in` on an index's first field, or equality on
   * every field of a compound index. Other conditions are checked by the matcher.
   */
  find(filter: Document | undefined, limit = 0): Document[] {
    return this.findWithPlan(filter, limit).docs;
  }

  /** find() plus what it did, for explain. */
  findWithPlan(filter: Document | undefined, limit = 0): { docs: Document[]; plan: QueryPlan } {
    const plan = this.plan(filter);
    // When the index lookup alone decides the filter, testing each document again is redundant.
    const matcher = plan.exact ? null : compileFilter(filter);
    const out: Document[] = [];
    let examined = 0;
    for (const doc of plan.candidates) {
      examined++;
      if (!matcher || matcher.test(doc)) {
        out.push(doc);
        if (limit && out.length >= limit) break;
      }
    }
    return { docs: out, plan: { index: plan.index, bounds: plan.bounds, keysExamined: plan.index ? examined : 0, docsExamined: examined } };
  }

  private plan(filter: Document | undefined): { candidates: Iterable<Document>; index: IndexStore | null; bounds: Document | null; exact: boolean } {
    const scan = { candidates: this.docs.values(), index: null, bounds: null, exact: false };
    if (!filter || !isPlainObject(filter)) return scan;
    let best: (IndexLookup & { index: IndexStore }) | null = null;
    for (const index of this.indexes.values()) {
      if (!index.usableForLookups) continue;
      const found = lookup(index, filter);
      if (found && (!best || found.ids.size < best.ids.size || (found.ids.size === best.ids.size && found.exact && !best.exact))) best = { ...found, index };
      if (best && best.ids.size <= 1 && best.exact) break;
    }
    if (!best) return scan;
    const { ids, index, bounds, exact } = best;
    if (ids.size <= 1) return { candidates: [...ids].flatMap((id) => this.docs.get(id) ?? []), index, bounds, exact };
    // Keep natural order so results match a collection scan; a big share of the collection is cheaper to scan.
    if (ids.size * 8 > this.docs.size) return scan;
    const picked: Array<[number, Document]> = [];
    const order = this.naturalOrder();
    for (const id of ids) {
      const doc = this.docs.get(id);
      if (doc) picked.push([order.get(id) ?? 0, doc]);
    }
    return { candidates: picked.sort((a, b) => a[0] - b[0]).map(([, d]) => d), index, bounds, exact };
  }

  private orderCache: Map<string, number> | null = null;
  private naturalOrder(): Map<string, number> {
    if (!this.orderCache) {
      this.orderCache = new Map();
      let i = 0;
      for (const id of this.docs.keys()) this.orderCache.set(id, i++);
    }
    return this.orderCache;
  }

  insert(doc: Document): void {
    if (doc._id === undefined) throw new MongoError('InternalError', 'document without _id reached storage');
    const id = keyOf(doc._id);
    // checkUnique tolerates a document's own id, so a second document with the same _id needs this explicit check.
    if (this.docs.has(id)) throw this.indexes.get('_id_')!.duplicateError(this.ns, [doc._id]);
    for (const index of this.indexes.values()) index.checkUnique(id, doc, this.ns);
    this.docs.set(id, doc);
    for (const index of this.indexes.values()) index.add(id, doc);
    this.orderCache?.set(id, this.orderCache.size);
    this.sink({ op: 'insert', db: this.db, coll: this.name, doc });
  }

  replace(oldDoc: Document, newDoc: Document): void {
    const id = keyOf(oldDoc._id);
    if (keyOf(newDoc._id) !== id) throw new MongoError('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
    for (const index of this.indexes.values()) index.checkUnique(id, newDoc, this.ns);
    for (const index of this.indexes.values()) index.remove(id, oldDoc);
    this.docs.set(id, newDoc);
    for (const index of this.indexes.values()) index.add(id, newDoc);
    this.sink({ op: 'replace', db: this.db, coll: this.name, doc: newDoc });
  }

  remove(doc: Document): void {
    const id = keyOf(doc._id);
    if (!this.docs.delete(id)) return;
    for (const index of this.indexes.values()) index.remove(id, doc);
    this.orderCache = null;
    this.sink({ op: 'delete', db: this.db, coll: this.name, id: doc._id });
  }

  /** Builds a new index over existing documents; fails without side effects on duplicates. */
  createIndex(spec: IndexSpec): void {
    const index = new IndexStore(spec);
    const seen = new Map<string, unknown[]>();
    if (index.unique) {
      for (const doc of this.docs.values()) {
        const keys = new Set<string>();
        for (const e of index.entriesFor(doc)) {
          if (keys.has(e.key)) continue;
          keys.add(e.key);
          if (seen.has(e.key)) throw index.duplicateError(this.ns, e.values);
          seen.set(e.key, e.values);
        }
      }
    }
    for (const [id, doc] of this.docs) index.add(id, doc);
    this.indexes.set(spec.name, index);
    this.sink({ op: 'createIndex', db: this.db, coll: this.name, spec: spec as unknown as Document });
  }

  dropIndex(name: string): void {
    this.indexes.delete(name);
    this.sink({ op: 'dropIndex', db: this.db, coll: this.name, name });
  }

  approximateSize(): number {
    return this.docs.size * 256;
  }
}

export interface QueryPlan {
  index: IndexStore | null;
  /** Index values looked up, per field (explain's indexBounds). */
  bounds: Document | null;
  keysExamined: number;
  docsExamined: number;
}

interface IndexLookup {
  ids: ReadonlySet<string>;
  bounds: Document;
  /** The lookup alone decides the whole filter: every id matches, no other condition applies. */
  exact: boolean;
}

/**
 * Values a field condition pins the field to (`v`, `{$eq: v}`, `{$in: [...]}`), or null if it
 * doesn't; `pure` when that is all the condition says.
 */
function pinnedValues(cond: unknown): { values: unknown[]; pure: boolean } | null {
  if (cond === undefined) return null;
  if (!isPlainObject(cond)) return isPlainEqualityValue(cond) ? { values: [cond], pure: true } : null;
  const keys = Object.keys(cond);
  if (keys.some((k) => !k.startsWith('$'))) return null; // a literal sub-document
  const pure = keys.length === 1;
  if ('$eq' in cond) return isPlainEqualityValue(cond.$eq) ? { values: [cond.$eq], pure } : null;
  if (Array.isArray(cond.$in) && cond.$in.length <= 1000 && cond.$in.every(isPlainEqualityValue)) return { values: cond.$in, pure };
  return null;
}

/** Types whose index key (keyOf) is exactly MongoDB's equality, so a lookup needs no re-check. */
function exactKeyType(v: unknown): boolean {
  return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || v instanceof Date || (v as { _bsontype?: string })?._bsontype === 'ObjectId';
}

/** Ids an index yields for the filter's conditions, or null if it can't narrow the filter down. */
function lookup(index: IndexStore, filter: Document): IndexLookup | null {
  const pins = index.fields.map((f) => pinnedValues(filter[f]));
  const first = pins[0];
  if (!first) return null;
  const keyCount = Object.keys(filter).length;
  // Equality on every field of a compound index: one exact key.
  if (index.fields.length > 1 && pins.every((p) => p && p.values.length === 1)) {
    const values = pins.map((p) => p!.values[0]);
    const bounds: Document = {};
    index.fields.forEach((f, i) => (bounds[f] = [values[i]]));
    const exact = keyCount === index.fields.length && pins.every((p) => p!.pure) && values.every(exactKeyType);
    return { ids: index.lookupExact(values), bounds, exact };
  }
  let ids: ReadonlySet<string>;
  if (first.values.length === 1) ids = index.lookupFirstField(first.values[0]);
  else {
    const union = new Set<string>();
    for (const v of first.values) for (const id of index.lookupFirstField(v)) union.add(id);
    ids = union;
  }
  const exact = keyCount === 1 && first.pure && first.values.every(exactKeyType);
  return { ids, bounds: { [index.fields[0]]: first.values }, exact };
}
