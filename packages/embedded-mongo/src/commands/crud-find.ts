import { Long, type Document } from 'bson';
import { MongoError } from '../errors.js';
import { normalizeSort, shapeResults } from '../mingo-setup.js';
import { keyOf, valuesAtPath } from '../storage/values.js';
import {
  checkCollation, checkFields, collectionName, namespace, nonNegative, optionalDocument, optionalNumber,
  type CommandContext, type CommandHandler,
} from './context.js';

function find(cmd: Document, ctx: CommandContext): Document {
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
  const store = ctx.catalog.getCollection(ctx.db, coll);
  const matched = store ? store.find(filter) : [];
  const docs = shapeResults(matched, {
    sort: normalizeSort(cmd.sort),
    skip: nonNegative(cmd, 'skip'),
    limit: limit || undefined,
    projection: optionalDocument(cmd, 'projection'),
  });
  const batchSize = nonNegative(cmd, 'batchSize');
  return ctx.cursors.first(namespace(ctx, coll), docs, batchSize, singleBatch) as unknown as Document;
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

export const findCommands: Record<string, CommandHandler> = { find, getMore, killCursors, count, distinct };
