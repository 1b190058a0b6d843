import { Aggregator, Query, update as mingoUpdate } from 'mingo';
import { Context } from 'mingo/core';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import { Query as BaseQuery } from 'mingo/query';
import type { Options } from 'mingo/types';
import * as updateOperators from 'mingo/operators/update';
import { ObjectId, type Document } from 'bson';
import { badValue, MongoError, toMongoError } from './errors.js';
import { cloneDocument, cloneValue, getPath, isPlainObject, keyOf, setPath } from './storage/values.js';

// The one place that configures mingo and patches the spots where its semantics
// differ from MongoDB's. Command code never imports mingo directly.

type Resolver = (name: string) => Document[];

function options(resolver?: Resolver): Partial<Options> {
  return {
    idKey: '_id',
    useStrictMode: true,
    // $where/$function would run client-supplied JS inside the server process.
    scriptEnabled: false,
    failOnError: true,
    ...(resolver ? { collectionResolver: resolver } : {}),
  };
}

// Performance: mingo's top-level Query/update copy its whole operator registry (several hundred
// operators, through getter-based module namespaces) on every call, which cost more than the rest of
// a point find or an $inc together. Filters and updates that can't reach an aggregation expression
// (no $expr / $jsonSchema anywhere) go through mingo's own classes with a small context holding just
// the query and projection operators; the rest keep the full registry. Same code, same semantics:
// a filter the lean context can't handle fails loudly ("unknown operator"), never silently.
const LEAN_CONTEXT = Context.init({ query: { ...queryOperators }, projection: { ...projectionOperators } } as Parameters<typeof Context.init>[0]);
const EXPRESSION_KEYS = new Set(['$expr', '$jsonSchema']);

function usesExpressions(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(usesExpressions);
  if (!isPlainObject(value)) return false;
  for (const [k, v] of Object.entries(value)) {
    if (EXPRESSION_KEYS.has(k) || usesExpressions(v)) return true;
  }
  return false;
}

function newQuery(filter: Document): { test(doc: Document): boolean } {
  return usesExpressions(filter) ? new Query(filter, options()) : new BaseQuery(filter, { ...options(), context: LEAN_CONTEXT });
}

export interface Matcher {
  test(doc: Document): boolean;
}

const MATCH_ALL: Matcher = { test: () => true };

export function compileFilter(filter: Document | undefined): Matcher {
  if (filter === undefined || filter === null) return MATCH_ALL;
  if (!isPlainObject(filter)) throw badValue('filter must be an object');
  if (Object.keys(filter).length === 0) return MATCH_ALL;
  assertNoUnsupportedQueryOps(filter);
  try {
    const q = newQuery(filter);
    return {
      test(doc) {
        try {
          return q.test(doc);
        } catch (err) {
          throw toMongoError(err);
        }
      },
    };
  } catch (err) {
    throw toMongoError(err);
  }
}

const UNSUPPORTED_QUERY_OPS = new Set(['$where', '$text', '$near', '$nearSphere', '$geoWithin', '$geoIntersects', '$function', '$accumulator']);

function assertNoUnsupportedQueryOps(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(assertNoUnsupportedQueryOps);
  if (!isPlainObject(value)) return;
  for (const [k, v] of Object.entries(value)) {
    if (UNSUPPORTED_QUERY_OPS.has(k)) throw badValue(`${k} is not supported by embedded-mongo`);
    assertNoUnsupportedQueryOps(v);
  }
}

export type SortSpec = Record<string, 1 | -1>;

export function normalizeSort(sort: unknown): SortSpec | undefined {
  if (sort === undefined || sort === null) return undefined;
  if (!isPlainObject(sort)) throw badValue('sort must be an object');
  const out: SortSpec = {};
  for (const [k, v] of Object.entries(sort)) {
    if (k === '$natural') continue; // natural order is insertion order, which is what we already return
    if (isPlainObject(v)) throw badValue(`sort by $meta is not supported by embedded-mongo (field '${k}')`);
    const n = Number(v);
    if (n !== 1 && n !== -1) throw badValue(`Invalid sort value for '${k}': ${String(v)}`);
    out[k] = n;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Sorting, skipping, limiting and projecting already-filtered documents. */
export function shapeResults(
  docs: Document[],
  opts: { sort?: SortSpec; skip?: number; limit?: number; projection?: Document },
): Document[] {
  const projection = opts.projection && Object.keys(opts.projection).length ? opts.projection : undefined;
  if (!opts.sort && !projection) {
    const start = opts.skip ?? 0;
    return opts.limit ? docs.slice(start, start + opts.limit) : docs.slice(start);
  }
  const stages: Document[] = [];
  if (opts.sort) stages.push({ $sort: opts.sort });
  if (opts.skip) stages.push({ $skip: opts.skip });
  if (opts.limit) stages.push({ $limit: opts.limit });
  try {
    let out = stages.length ? new Aggregator(stages, options()).run(docs) : docs;
    if (projection) out = new Query({}, options()).find(out, projection).all() as Document[];
    return out;
  } catch (err) {
    throw toMongoError(err);
  }
}

const UNSUPPORTED_STAGES = new Set(['$out', '$merge', '$geoNear', '$search', '$searchMeta', '$vectorSearch', '$changeStream', '$currentOp', '$listSessions', '$indexStats', '$collStats', '$planCacheStats', '$unionWith']);

export function runPipeline(docs: Document[], pipeline: Document[], resolver: Resolver): Document[] {
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new MongoError('Location40324', 'A pipeline stage specification object must contain exactly one field.');
    }
    const name = Object.keys(stage)[0];
    if (UNSUPPORTED_STAGES.has(name)) throw badValue(`${name} is not supported by embedded-mongo`);
    assertNoUnsupportedQueryOps(stage);
  }
  // Foreign collections are cloned once per run so pipeline stages can't mutate stored documents.
  const cache = new Map<string, Document[]>();
  const cachedResolver = (name: string) => {
    let docsFor = cache.get(name);
    if (!docsFor) cache.set(name, (docsFor = resolver(name).map(cloneDocument)));
    return docsFor;
  };
  try {
    return new Aggregator(pipeline, options(cachedResolver)).run(docs.map(cloneDocument));
  } catch (err) {
    throw toMongoError(err);
  }
}

// ---------------------------------------------------------------- updates

const UPDATE_OPERATORS = new Set([
  '$set', '$unset', '$inc', '$mul', '$min', '$max', '$rename', '$currentDate',
  '$push', '$addToSet', '$pull', '$pullAll', '$pop', '$bit', '$setOnInsert',
]);

export function isOperatorUpdate(update: Document): boolean {
  const keys = Object.keys(update);
  return keys.length > 0 && keys[0].startsWith('$');
}

export interface UpdateOutcome {
  doc: Document;
  modified: boolean;
}

/**
 * Applies an operator update (`{$set: ...}`) to a copy of `doc`.
 * Differences from mingo that this fixes, each covered by a test in mingo-semantics.test.ts:
 *  - $setOnInsert is applied only when the update inserts (mingo has no $setOnInsert).
 *  - $inc/$mul on a non-numeric field is TypeMismatch (mingo silently skips it).
 *  - setting a path through a scalar is PathNotViable (mingo silently skips it).
 *  - conflicting paths and changes to _id are rejected with MongoDB's codes.
 */
export function applyOperatorUpdate(
  doc: Document,
  update: Document,
  opts: { arrayFilters?: Document[]; query?: Document; inserting?: boolean },
): UpdateOutcome {
  const modifier: Record<string, Record<string, unknown>> = {};
  for (const [op, args] of Object.entries(update)) {
    if (!UPDATE_OPERATORS.has(op)) {
      throw new MongoError('FailedToParse', `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`);
    }
    if (!isPlainObject(args)) throw new MongoError('FailedToParse', `Modifiers operate on fields but we found type ${typeof args} instead. For example: {$mod: {<field>: ...}} not {${op}: ${String(args)}}`);
    if (op === '$setOnInsert') {
      if (!opts.inserting) continue;
      modifier.$set = { ...(modifier.$set ?? {}), ...args };
      continue;
    }
    modifier[op] = { ...(modifier[op] ?? {}), ...args };
  }
  checkConflicts(update, opts.inserting === true);

  const out = cloneDocument(doc);
  for (const [op, args] of Object.entries(modifier)) {
    for (const [path, arg] of Object.entries(args)) {
      if (path === '' || path.startsWith('.') || path.endsWith('.')) throw new MongoError('BadValue', `The update path '${path}' contains an empty field name, which is not allowed.`);
      if (path.includes('$')) continue; // positional paths are resolved by mingo
      if (op === '$inc' || op === '$mul') {
        if (typeof arg !== 'number' && !isBsonNumber(arg)) {
          throw new MongoError('TypeMismatch', `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${JSON.stringify(arg)}}`);
        }
        const existing = getPath(out, path);
        if (existing !== undefined && typeof existing !== 'number' && !isBsonNumber(existing)) {
          throw new MongoError('TypeMismatch', `Cannot apply ${op} to a value of non-numeric type. {_id: ${String(out._id)}} has the field '${path.split('.').pop()}' of non-numeric type ${typeName(existing)}`);
        }
      }
      if (op !== '$unset' && op !== '$pull' && op !== '$pullAll' && op !== '$pop') assertPathViable(out, path);
      if (op === '$rename') {
        if (typeof arg !== 'string') throw new MongoError('BadValue', `The 'to' field for $rename must be a string: ${path}: ${String(arg)}`);
        assertPathViable(out, arg);
      }
    }
  }
  const idBefore = keyOf(out._id);
  // mingo treats `condition` as a guard (no-op when the document doesn't match it), which would
  // silently drop upsert updates; it's only needed to resolve the positional `$` operator.
  const positional = Object.values(modifier).some((args) => Object.keys(args).some((p) => /(^|\.)\$(\.|$)/.test(p)));
  if (positional && opts.inserting) {
    throw new MongoError('BadValue', 'The positional operator did not find the match needed from the query.');
  }
  let changed: string[];
  try {
    if (!positional && !usesExpressions(modifier) && !usesExpressions(opts.arrayFilters)) {
      // mingo's update operators called directly, as its updater does (it would first rebuild its
      // operator registry); `$` needs the updater's condition handling, $expr the full registry.
      changed = [];
      for (const [op, args] of Object.entries(modifier)) {
        const apply = (updateOperators as unknown as Record<string, UpdateOperator>)[op];
        changed.push(...apply(cloneValue(args), opts.arrayFilters ?? [])(out));
      }
    } else {
      changed = mingoUpdate(out, modifier, opts.arrayFilters, positional ? opts.query : undefined, { cloneMode: 'deep', queryOptions: options() });
    }
  } catch (err) {
    throw toMongoError(err);
  }
  if (doc._id !== undefined && keyOf(out._id) !== idBefore) {
    throw new MongoError('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return { doc: out, modified: changed.length > 0 };
}

type UpdateOperator = (expr: Record<string, unknown>, arrayFilters: Document[]) => (obj: Document) => string[];

function checkConflicts(update: Document, inserting: boolean): void {
  const seen: Array<{ path: string; op: string }> = [];
  for (const [op, args] of Object.entries(update)) {
    if (op === '$setOnInsert' && !inserting) continue;
    if (!isPlainObject(args)) continue;
    const paths = Object.keys(args);
    if (op === '$rename') paths.push(...Object.values(args).filter((v): v is string => typeof v === 'string'));
    for (const raw of paths) {
      const path = raw.replace(/\.\$(\[[^\]]*\])?/g, '');
      for (const other of seen) {
        if (other.path === path || other.path.startsWith(path + '.') || path.startsWith(other.path + '.')) {
          throw new MongoError('ConflictingUpdateOperators', `Updating the path '${raw}' would create a conflict at '${path.length < other.path.length ? path : other.path}'`);
        }
      }
      seen.push({ path, op });
    }
  }
}

function assertPathViable(doc: Document, path: string): void {
  const parts = path.split('.');
  let cur: unknown = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = Array.isArray(cur) ? (/^\d+$/.test(parts[i]) ? cur[Number(parts[i])] : undefined) : (cur as Record<string, unknown>)[parts[i]];
    if (Array.isArray(cur) && !/^\d+$/.test(parts[i])) {
      throw new MongoError('PathNotViable', `Cannot create field '${parts[i]}' in element {${parts[i - 1]}: [...]}`);
    }
    if (next === undefined) return;
    if (next === null || typeof next !== 'object' || next instanceof Date || (next as { _bsontype?: string })._bsontype) {
      throw new MongoError('PathNotViable', `Cannot create field '${parts[i + 1]}' in element {${parts[i]}: ${next === null ? 'null' : String(JSON.stringify(next))}}`);
    }
    cur = next;
  }
}

function isBsonNumber(v: unknown): boolean {
  const t = (v as { _bsontype?: string } | null)?._bsontype;
  return t === 'Long' || t === 'Int32' || t === 'Double' || t === 'Decimal128';
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof Date) return 'date';
  if (v instanceof ObjectId) return 'objectId';
  return 'object';
}

/** Pipeline-style update (`u: [ {$set: ...} ]`): run the stages over the single document. */
export function applyPipelineUpdate(doc: Document, pipeline: Document[]): UpdateOutcome {
  const allowed = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);
  for (const stage of pipeline) {
    const name = Object.keys(stage ?? {})[0];
    if (!allowed.has(name)) throw badValue(`${name} is not allowed to be used within an update`);
  }
  const [out] = runPipeline([doc], pipeline, () => []);
  if (keyOf(out?._id) !== keyOf(doc._id)) {
    throw new MongoError('ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return { doc: out, modified: keyOf(out) !== keyOf(doc) };
}

/**
 * Document an upsert starts from: the equality conditions of the filter
 * (`{a: 1}`, `{a: {$eq: 1}}`, `$and` of those, single-value `$in`), as MongoDB does.
 */
export function upsertSeed(filter: Document | undefined): Document {
  const seed: Document = {};
  const visit = (f: Document) => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) v.forEach((sub) => isPlainObject(sub) && visit(sub));
      if (k.startsWith('$')) continue;
      if (isPlainObject(v) && Object.keys(v).some((x) => x.startsWith('$'))) {
        if ('$eq' in v) setPath(seed, k, cloneValue(v.$eq));
        else if (Array.isArray(v.$in) && v.$in.length === 1) setPath(seed, k, cloneValue(v.$in[0]));
        continue;
      }
      setPath(seed, k, cloneValue(v));
    }
  };
  if (filter) visit(filter);
  return seed;
}
