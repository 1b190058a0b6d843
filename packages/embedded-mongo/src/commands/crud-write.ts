import { ObjectId, type Document } from 'bson';
import { MongoError, toMongoError } from '../errors.js';
import { applyOperatorUpdate, applyPipelineUpdate, isOperatorUpdate, upsertSeed, type UpdateOutcome } from '../mingo-setup.js';
import type { CollectionStore } from '../storage/collection-store.js';
import { cloneDocument, isPlainObject, keyOf } from '../storage/values.js';
import { checkCollation, checkFields, collectionName, type CommandContext, type CommandHandler } from './context.js';

/** MongoDB stores _id as the first field; keep that so documents read back identically. */
export function withIdFirst(doc: Document, id?: unknown): Document {
  const _id = id ?? doc._id ?? new ObjectId();
  const { _id: _drop, ...rest } = doc;
  return { _id, ...rest };
}

function statements(cmd: Document, field: string): Document[] {
  const list = cmd[field];
  if (!Array.isArray(list)) throw new MongoError('TypeMismatch', `BSON field '${Object.keys(cmd)[0]}.${field}' is missing or not an array`);
  if (list.length > 100_000) throw new MongoError('InvalidLength', `Write batch sizes must be between 1 and 100000. Got ${list.length} operations.`);
  return list;
}

function insert(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['documents', 'ordered']);
  const docs = statements(cmd, 'documents');
  const ordered = cmd.ordered !== false;
  const store = ctx.catalog.ensureCollection(ctx.db, collectionName(cmd));
  const writeErrors: Document[] = [];
  let n = 0;
  docs.forEach((raw, index) => {
    if (ordered && writeErrors.length) return;
    try {
      if (!isPlainObject(raw)) throw new MongoError('TypeMismatch', 'document to insert must be an object');
      if (Array.isArray(raw._id) || raw._id instanceof RegExp) throw new MongoError('BadValue', `can't use a${Array.isArray(raw._id) ? 'n array' : ' regex'} for _id`);
      store.insert(withIdFirst(cloneDocument(raw)));
      n++;
    } catch (err) {
      writeErrors.push(toMongoError(err).toWriteError(index));
    }
  });
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
}

export interface UpdateSpec {
  q: Document | undefined;
  u: Document | Document[];
  upsert: boolean;
  arrayFilters?: Document[];
}

/** New version of `doc` per the update, without touching storage. */
export function computeUpdate(doc: Document, spec: UpdateSpec, inserting: boolean): UpdateOutcome {
  if (Array.isArray(spec.u)) return applyPipelineUpdate(doc, spec.u);
  if (!isPlainObject(spec.u)) throw new MongoError('FailedToParse', 'Update argument must be either an object or an array');
  if (isOperatorUpdate(spec.u)) {
    return applyOperatorUpdate(doc, spec.u, { arrayFilters: spec.arrayFilters, query: spec.q, inserting });
  }
  // Replacement: keeps _id, rejects an attempt to change it.
  for (const k of Object.keys(spec.u)) {
    if (k.startsWith('$')) throw new MongoError('BadValue', `The dollar ($) prefixed field '${k}' in '${k}' is not allowed in the context of an update's replacement document.`);
  }
  if (spec.u._id !== undefined && doc._id !== undefined && keyOf(spec.u._id) !== keyOf(doc._id)) {
    throw new MongoError('ImmutableField', "After applying the update, the (immutable) field '_id' was found to have been altered");
  }
  const replaced = withIdFirst(cloneDocument(spec.u), doc._id ?? spec.u._id);
  return { doc: replaced, modified: keyOf(replaced) !== keyOf(doc) };
}

/** The document an upsert inserts when nothing matched. */
export function buildUpsert(spec: UpdateSpec): Document {
  if (!Array.isArray(spec.u) && isPlainObject(spec.u) && !isOperatorUpdate(spec.u)) {
    // A replacement keeps nothing from the filter except an equality on _id.
    return withIdFirst(cloneDocument(spec.u), spec.u._id ?? upsertSeed(spec.q)._id);
  }
  const seed = upsertSeed(spec.q);
  const { doc } = computeUpdate(seed, spec, true);
  return withIdFirst(doc);
}

export function parseUpdateSpec(raw: Document, where: string): UpdateSpec & { multi: boolean } {
  if (!isPlainObject(raw)) throw new MongoError('TypeMismatch', `${where} must be an object`);
  const allowed = ['q', 'u', 'upsert', 'multi', 'arrayFilters', 'hint', 'collation', 'c', 'upsertSupplied'];
  for (const k of Object.keys(raw)) {
    if (!allowed.includes(k)) throw new MongoError('BadValue', `embedded-mongo does not support the option '${k}' of an update statement`);
  }
  if (raw.c !== undefined) throw new MongoError('BadValue', "embedded-mongo does not support the option 'c' (let variables) of an update statement");
  checkCollation(raw.collation);
  if (raw.u === undefined) throw new MongoError('FailedToParse', "BSON field 'update.updates.u' is missing but a required field");
  const multi = raw.multi === true;
  if (multi && isPlainObject(raw.u) && !isOperatorUpdate(raw.u) && Object.keys(raw.u).length) {
    throw new MongoError('FailedToParse', 'multi update is not supported for replacement-style update');
  }
  if (raw.arrayFilters !== undefined && !Array.isArray(raw.arrayFilters)) throw new MongoError("TypeMismatch", "arrayFilters must be an array");
  return { q: raw.q as Document | undefined, u: raw.u as Document | Document[], upsert: raw.upsert === true, multi, arrayFilters: raw.arrayFilters as Document[] | undefined };
}

function update(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['updates', 'ordered', 'let']);
  if (cmd.let !== undefined) throw new MongoError('BadValue', "embedded-mongo does not support the option 'let' of the 'update' command");
  const list = statements(cmd, 'updates');
  const ordered = cmd.ordered !== false;
  const store = ctx.catalog.ensureCollection(ctx.db, collectionName(cmd));
  const writeErrors: Document[] = [];
  const upserted: Document[] = [];
  let n = 0;
  let nModified = 0;
  list.forEach((raw, index) => {
    if (ordered && writeErrors.length) return;
    try {
      const spec = parseUpdateSpec(raw, 'update statement');
      const targets = store.find(spec.q, spec.multi ? 0 : 1);
      if (!targets.length) {
        if (!spec.upsert) return;
        const doc = buildUpsert(spec);
        store.insert(doc);
        n++;
        upserted.push({ index, _id: doc._id });
        return;
      }
      // Like MongoDB, a multi-update that fails midway keeps the documents it already changed.
      for (const doc of targets) {
        const out = computeUpdate(doc, spec, false);
        if (out.modified) {
          store.replace(doc, out.doc);
          nModified++;
        }
        n++;
      }
    } catch (err) {
      writeErrors.push(toMongoError(err).toWriteError(index));
    }
  });
  const reply: Document = { n, nModified };
  if (upserted.length) reply.upserted = upserted;
  if (writeErrors.length) reply.writeErrors = writeErrors;
  reply.ok = 1;
  return reply;
}

function deleteCommand(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['deletes', 'ordered', 'let']);
  if (cmd.let !== undefined) throw new MongoError('BadValue', "embedded-mongo does not support the option 'let' of the 'delete' command");
  const list = statements(cmd, 'deletes');
  const ordered = cmd.ordered !== false;
  const store: CollectionStore | undefined = ctx.catalog.getCollection(ctx.db, collectionName(cmd));
  const writeErrors: Document[] = [];
  let n = 0;
  list.forEach((raw, index) => {
    if (ordered && writeErrors.length) return;
    try {
      if (!isPlainObject(raw)) throw new MongoError('TypeMismatch', 'delete statement must be an object');
      for (const k of Object.keys(raw)) {
        if (!['q', 'limit', 'hint', 'collation'].includes(k)) throw new MongoError('BadValue', `embedded-mongo does not support the option '${k}' of a delete statement`);
      }
      checkCollation(raw.collation);
      const limit = Number(raw.limit ?? 0);
      if (limit !== 0 && limit !== 1) throw new MongoError('FailedToParse', `The limit field in delete objects must be 0 or 1. Got ${limit}`);
      if (!store) return;
      for (const doc of store.find(raw.q as Document | undefined, limit)) {
        store.remove(doc);
        n++;
      }
    } catch (err) {
      writeErrors.push(toMongoError(err).toWriteError(index));
    }
  });
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
}

export const writeCommands: Record<string, CommandHandler> = { insert, update, delete: deleteCommand };
