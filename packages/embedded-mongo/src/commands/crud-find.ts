import { Long, type Document } from 'bson';
import { MongoError } from '../errors.js';
import { normalizeSort, shapeResults } from '../mingo-setup.js';
import type { QueryPlan } from '../storage/collection-store.js';
import { isPlainObject, keyOf, valuesAtPath } from '../storage/values.js';
import {
  checkCollation, checkFields, collectionName, namespace, nonNegative, optionalDocument, optionalNumber,
  type CommandContext, type CommandHandler,
} from './context.js';

interface FindPlan {
  docs: Document[];
  plan: QueryPlan | null;
}

function runFind(cmd: Document, ctx: CommandContext): FindPlan & { singleBatch: boolean } {
  checkFields(cmd, ['filter', 'sort', 'projection', 'skip', 'limit', 'batchSize', 'singleBatch', 'hint', 'collation', 'allowDiskUse', 'noCursorTimeout', 'allowPartialResults', 'readOnce']);
  const coll = collectionName(cmd);
  checkCollation(cmd.collation);
  let limit = optionalNumber(cmd, 'limit');
  let singleBatch = cmd.singleBatch === true;
  // Legacy negative limit means "one batch of |limit|".
  if (limit !== undefined && limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  const filter = optionalDocument(cmd, 'filter');
  const sort = normalizeSort(cmd.sort);
  const skip = nonNegative(cmd, 'skip');
  const store = ctx.catalog.getCollection(ctx.db, coll);
  // Without a sort, the first skip + limit matches in natural order are the answer: stop there.
  const found = store ? store.findWithPlan(filter, !sort && limit ? (skip ?? 0) + limit : 0) : null;
  const docs = shapeResults(found?.docs ?? [], { sort, skip, limit: limit || undefined, projection: optionalDocument(cmd, 'projection') });
  return { docs, plan: found?.plan ?? null, singleBatch };
}

function find(cmd: Document, ctx: CommandContext): Document {
  const { docs, singleBatch } = runFind(cmd, ctx);
  const batchSize = nonNegative(cmd, 'batchSize');
  return ctx.cursors.first(namespace(ctx, collectionName(cmd)), docs, batchSize, singleBatch) as unknown as Document;
}

/** explain for find, in the shape of MongoDB's classic planner: FETCH over IXSCAN, or COLLSCAN. */
function explain(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['verbosity']);
  const inner = cmd.explain;
  if (!isPlainObject(inner)) throw new MongoError('TypeMismatch', "BSON field 'explain.explain' is the wrong type, expected type 'object'");
  const name = Object.keys(inner)[0];
  if (name !== 'find') throw new MongoError('BadValue', `embedded-mongo supports explain only for find, not for '${name}'`);
  const verbosity = cmd.verbosity ?? 'allPlansExecution';
  if (!['queryPlanner', 'executionStats', 'allPlansExecution'].includes(verbosity)) throw new MongoError('BadValue', `verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`);
  const started = performance.now();
  const { docs, plan } = runFind({ ...inner, $db: ctx.db }, ctx);
  const ms = Math.round(performance.now() - started);
  const filter = optionalDocument(inner, 'filter') ?? {};
  const index = plan?.index ?? null;
  const stage: Document = index
    ? {
        stage: 'FETCH',
        ...(Object.keys(filter).length ? { filter } : {}),
        inputStage: { stage: 'IXSCAN', keyPattern: { ...index.spec.key }, indexName: index.name, isUnique: index.unique, isSparse: index.spec.sparse === true, direction: 'forward', indexBounds: plan!.bounds },
      }
    : { stage: 'COLLSCAN', filter, direction: 'forward' };
  const reply: Document = {
    explainVersion: '1',
    queryPlanner: { namespace: namespace(ctx, collectionName(inner)), parsedQuery: filter, winningPlan: stage, rejectedPlans: [] },
  };
  if (verbosity !== 'queryPlanner') {
    reply.executionStats = {
      executionSuccess: true,
      nReturned: docs.length,
      executionTimeMillis: ms,
      totalKeysExamined: plan?.keysExamined ?? 0,
      totalDocsExamined: plan?.docsExamined ?? 0,
      executionStages: { ...stage, nReturned: docs.length, docsExamined: plan?.docsExamined ?? 0 },
    };
  }
  reply.command = { ...inner, $db: ctx.db };
  reply.ok = 1;
  return reply;
}

function getMore(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['collection', 'batchSize']);
  const id = cmd.getMore;
  if (!(id instanceof Long) && typeof id !== 'number') throw new MongoError('TypeMismatch', "BSON field 'getMore.getMore' is the wrong type, expected type 'long'");
  if (typeof cmd.collection !== 'string') throw new MongoError('TypeMismatch', "BSON field 'getMore.collection' is missing or not a string");
  return ctx.cursors.more(id, namespace(ctx, cmd.collection), nonNegative(cmd, 'batchSize')) as unknown as Document;
}

function killCursors(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['cursors']);
  if (!Array.isArray(cmd.cursors)) throw new MongoError('TypeMismatch', "BSON field 'killCursors.cursors' must be an array");
  const { killed, notFound } = ctx.cursors.kill(cmd.cursors);
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
}

function count(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['query', 'limit', 'skip', 'hint', 'collation', 'fields']);
  checkCollation(cmd.collation);
  const store = ctx.catalog.getCollection(ctx.db, collectionName(cmd));
  const query = optionalDocument(cmd, 'query');
  let n = !store ? 0 : query && Object.keys(query).length ? store.find(query).length : store.size;
  const skip = nonNegative(cmd, 'skip') ?? 0;
  const limit = Math.abs(optionalNumber(cmd, 'limit') ?? 0);
  n = Math.max(0, n - skip);
  if (limit) n = Math.min(n, limit);
  return { n, ok: 1 };
}

function distinct(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['key', 'query', 'hint', 'collation']);
  checkCollation(cmd.collation);
  if (typeof cmd.key !== 'string') throw new MongoError('TypeMismatch', "BSON field 'distinct.key' is missing or not a string");
  const store = ctx.catalog.getCollection(ctx.db, collectionName(cmd));
  const seen = new Map<string, unknown>();
  for (const doc of store ? store.find(optionalDocument(cmd, 'query')) : []) {
    for (const v of valuesAtPath(doc, cmd.key)) {
      if (v === undefined) continue;
      const k = keyOf(v);
      if (!seen.has(k)) seen.set(k, v);
    }
  }
  return { values: [...seen.values()], ok: 1 };
}

export const findCommands: Record<string, CommandHandler> = { find, getMore, killCursors, count, distinct, explain };
