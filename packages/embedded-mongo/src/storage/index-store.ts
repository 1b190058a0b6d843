import type { Document } from 'bson';
import { MongoError } from '../errors.js';
import { compileFilter, type Matcher } from '../mingo-setup.js';
import { formatValue, isPlainObject, keyOf, valuesAtPath } from './values.js';

export interface IndexSpec {
  v: 2;
  key: Record<string, 1 | -1>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
}

interface IndexEntry {
  key: string;
  values: unknown[];
}

/** One in-memory index: hash map from canonical key to document ids, plus a first-field map for compound lookups. */
export class IndexStore {
  readonly spec: IndexSpec;
  readonly fields: string[];
  private readonly entries = new Map<string, Set<string>>();
  private readonly byFirstField: Map<string, Set<string>> | null;
  private readonly partial: Matcher | null;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.byFirstField = this.fields.length > 1 ? new Map() : null;
    this.partial = spec.partialFilterExpression ? compileFilter(spec.partialFilterExpression) : null;
  }

  get name(): string {
    return this.spec.name;
  }

  get unique(): boolean {
    return this.spec.unique === true || this.spec.name === '_id_';
  }

  /** Every key this document contributes (several when a field is an array: multikey). */
  entriesFor(doc: Document): IndexEntry[] {
    if (this.partial && !this.partial.test(doc)) return [];
    const perField = this.fields.map((f) => dedupe(valuesAtPath(doc, f)));
    // A sparse index skips documents that have none of the indexed fields.
    if (this.spec.sparse && perField.every((vals) => vals.length === 1 && vals[0] === undefined)) return [];
    let combos: unknown[][] = [[]];
    for (const vals of perField) combos = combos.flatMap((c) => vals.map((v) => [...c, v]));
    return combos.map((values) => ({ key: values.map(keyOf).join('|'), values }));
  }

  add(id: string, doc: Document): void {
    for (const e of this.entriesFor(doc)) addTo(this.entries, e.key, id);
    if (this.byFirstField) for (const k of this.firstKeys(doc)) addTo(this.byFirstField, k, id);
  }

  remove(id: string, doc: Document): void {
    for (const e of this.entriesFor(doc)) removeFrom(this.entries, e.key, id);
    if (this.byFirstField) for (const k of this.firstKeys(doc)) removeFrom(this.byFirstField, k, id);
  }

  /** Throws DuplicateKey if `doc` (stored under `id`) would collide with another document. */
  checkUnique(id: string, doc: Document, ns: string): void {
    if (!this.unique) return;
    for (const e of this.entriesFor(doc)) {
      const holders = this.entries.get(e.key);
      if (holders && (holders.size > 1 || !holders.has(id))) throw this.duplicateError(ns, e.values);
    }
  }

  duplicateError(ns: string, values: unknown[]): MongoError {
    const keyValue: Document = {};
    this.fields.forEach((f, i) => (keyValue[f] = values[i] === undefined ? null : values[i]));
    const shown = '{ ' + this.fields.map((f, i) => `${f}: ${formatValue(values[i])}`).join(', ') + ' }';
    return new MongoError('DuplicateKey', `E11000 duplicate key error collection: ${ns} index: ${this.name} dup key: ${shown}`, {
      keyPattern: { ...this.spec.key },
      keyValue,
    });
  }

  /**
   * Whether lookups may use this index. A partial index doesn't hold every document. A sparse one
   * lacks only documents without any of its fields, which can't equal the (non-null) values we look up.
   */
  get usableForLookups(): boolean {
    return !this.partial;
  }

  /** Ids whose first indexed field equals `value` (a plain, non-null value). */
  lookupFirstField(value: unknown): ReadonlySet<string> {
    return (this.byFirstField ?? this.entries).get(keyOf(value)) ?? EMPTY;
  }

  /** Ids whose indexed fields equal `values`, one per field. */
  lookupExact(values: unknown[]): ReadonlySet<string> {
    return this.entries.get(values.map(keyOf).join('|')) ?? EMPTY;
  }

  private firstKeys(doc: Document): string[] {
    return dedupe(valuesAtPath(doc, this.fields[0])).map(keyOf);
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const k = keyOf(v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function addTo(map: Map<string, Set<string>>, key: string, id: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}

function removeFrom(map: Map<string, Set<string>>, key: string, id: string): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(id);
  if (!set.size) map.delete(key);
}

export function defaultIndexName(key: Record<string, unknown>): string {
  return Object.entries(key).map(([k, v]) => `${k}_${String(v)}`).join('_');
}

export function isPlainEqualityValue(v: unknown): boolean {
  // Arrays, sub-documents, null and regexes have matching rules an exact-key lookup can't reproduce.
  if (v === null || v === undefined || Array.isArray(v) || v instanceof RegExp || isPlainObject(v)) return false;
  return true;
}
