import type { Document } from 'bson';
import { MongoError } from '../errors.js';
import { normalizeSort, shapeResults } from '../mingo-setup.js';
import { checkCollation, checkFields, collectionName, optionalDocument, type CommandContext, type CommandHandler } from './context.js';
import { buildUpsert, computeUpdate, parseUpdateSpec } from './crud-write.js';

// Runs inside the engine's single command queue, so find + modify is atomic
// with respect to every other command: concurrent $inc never loses updates.
function findAndModify(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['query', 'sort', 'remove', 'update', 'new', 'fields', 'upsert', 'arrayFilters', 'hint', 'collation', 'let']);
  if (cmd.let !== undefined) throw new MongoError('BadValue', "embedded-mongo does not support the option 'let' of the 'findAndModify' command");
  checkCollation(cmd.collation);
  const coll = collectionName(cmd);
  const remove = cmd.remove === true;
  if (remove && cmd.update !== undefined) throw new MongoError('FailedToParse', 'Cannot specify both an update and remove=true');
  if (!remove && cmd.update === undefined) throw new MongoError('FailedToParse', 'Either an update or remove=true must be specified');
  if (remove && cmd.upsert === true) throw new MongoError('FailedToParse', 'Cannot specify both upsert=true and remove=true');
  if (remove && cmd.new === true) throw new MongoError('FailedToParse', 'Cannot specify both new=true and remove=true; \'remove\' always returns the deleted document');
  const query = optionalDocument(cmd, 'query');
  const fields = optionalDocument(cmd, 'fields');
  const project = (doc: Document | null) => (doc && fields && Object.keys(fields).length ? shapeResults([doc], { projection: fields })[0] : doc);

  const store = remove ? ctx.catalog.getCollection(ctx.db, coll) : ctx.catalog.ensureCollection(ctx.db, coll);
  const sort = normalizeSort(cmd.sort);
  const matches = store ? store.find(query, sort ? 0 : 1) : [];
  const [target] = shapeResults(matches, { sort, limit: 1 });

  if (remove) {
    if (!target || !store) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    store.remove(target);
    return { lastErrorObject: { n: 1 }, value: project(target), ok: 1 };
  }

  const spec = parseUpdateSpec({ q: query ?? {}, u: cmd.update, upsert: cmd.upsert === true, arrayFilters: cmd.arrayFilters }, 'findAndModify');
  if (!target) {
    if (!spec.upsert) return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
    const doc = buildUpsert(spec);
    store!.insert(doc);
    return { lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id }, value: cmd.new === true ? project(doc) : null, ok: 1 };
  }
  const out = computeUpdate(target, spec, false);
  if (out.modified) store!.replace(target, out.doc);
  return { lastErrorObject: { n: 1, updatedExisting: true }, value: project(cmd.new === true ? out.doc : target), ok: 1 };
}

export const findAndModifyCommands: Record<string, CommandHandler> = { findAndModify, findandmodify: findAndModify };
