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

  getById(id: unknown): Document | undefined {
    return this.docs.get(keyOf(id));
  }

  /** Matching documents in natural order; uses an index when the filter has a plain equality on an index's first field. */
  find(filter: Document | undefined): Document[] {
    const matcher = compileFilter(filter);
    const candidates = this.candidates(filter);
    const out: Document[] = [];
    for (const doc of candidates) if (matcher.test(doc)) out.push(doc);
    return out;
  }

  private candidates(filter: Document | undefined): Iterable<Document> {
    if (!filter || !isPlainObject(filter)) return this.docs.values();
    let best: Set<string> | null = null;
    for (const index of this.indexes.values()) {
      const value = equalityValue(filter[index.fields[0]]);
      if (value === NO_EQUALITY) continue;
      const ids = index.lookupFirstField(value);
      if (ids && (!best || ids.size < best.size)) best = ids;
    }
    if (!best) return this.docs.values();
    if (best.size <= 1) return [...best].flatMap((id) => this.docs.get(id) ?? []);
    // Keep natural order so results match a collection scan.
    if (best.size * 8 > this.docs.size) return this.docs.values();
    const picked: Array<[number, Document]> = [];
    const order = this.naturalOrder();
    for (const id of best) {
      const doc = this.docs.get(id);
      if (doc) picked.push([order.get(id) ?? 0, doc]);
    }
    return picked.sort((a, b) => a[0] - b[0]).map(([, d]) => d);
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

const NO_EQUALITY = Symbol('no-equality');

function equalityValue(cond: unknown): unknown {
  if (cond === undefined) return NO_EQUALITY;
  if (isPlainObject(cond)) {
    const keys = Object.keys(cond);
    if (keys.length === 1 && keys[0] === '$eq' && isPlainEqualityValue(cond.$eq)) return cond.$eq;
    return NO_EQUALITY;
  }
  return isPlainEqualityValue(cond) ? cond : NO_EQUALITY;
}
