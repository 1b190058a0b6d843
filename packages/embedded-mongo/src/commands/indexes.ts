import type { Document } from 'bson';
import { MongoError } from '../errors.js';
import { compileFilter } from '../mingo-setup.js';
import { defaultIndexName, type IndexSpec } from '../storage/index-store.js';
import { isPlainObject, keyOf } from '../storage/values.js';
import { checkCollation, checkFields, collectionName, namespace, type CommandContext, type CommandHandler } from './context.js';

const INDEX_OPTIONS = ['key', 'name', 'unique', 'sparse', 'partialFilterExpression', 'background', 'v', 'ns', 'collation', 'hidden'];

function parseIndexSpec(raw: unknown): IndexSpec {
  if (!isPlainObject(raw)) throw new MongoError('TypeMismatch', 'index specification must be an object');
  for (const k of Object.keys(raw)) {
    if (!INDEX_OPTIONS.includes(k)) throw new MongoError('BadValue', `embedded-mongo does not support the index option '${k}'`);
  }
  if (raw.hidden === true) throw new MongoError('BadValue', "embedded-mongo does not support the index option 'hidden'");
  checkCollation(raw.collation);
  if (!isPlainObject(raw.key) || !Object.keys(raw.key).length) throw new MongoError('BadValue', 'Index key pattern must be a non-empty object');
  const key: Record<string, 1 | -1> = {};
  for (const [field, dir] of Object.entries(raw.key)) {
    const n = Number(dir);
    if (n !== 1 && n !== -1) {
      throw new MongoError('BadValue', `embedded-mongo supports only ascending/descending indexes; '${field}: ${String(dir)}' is not supported`);
    }
    key[field] = n;
  }
  const name = typeof raw.name === 'string' && raw.name ? raw.name : defaultIndexName(key);
  const spec: IndexSpec = { v: 2, key, name };
  if (raw.unique === true) spec.unique = true;
  if (raw.sparse === true) spec.sparse = true;
  if (raw.partialFilterExpression !== undefined) {
    if (!isPlainObject(raw.partialFilterExpression)) throw new MongoError('TypeMismatch', 'partialFilterExpression must be an object');
    compileFilter(raw.partialFilterExpression); // validate now, not on first insert
    spec.partialFilterExpression = raw.partialFilterExpression;
  }
  if (name === '_id_' && (keyOf(key) !== keyOf({ _id: 1 }) || spec.unique === false)) {
    throw new MongoError('BadValue', 'The index name _id_ is reserved for the _id index');
  }
  return spec;
}

const sameOptions = (a: IndexSpec, b: IndexSpec) =>
  (a.unique ?? false) === (b.unique ?? false) &&
  (a.sparse ?? false) === (b.sparse ?? false) &&
  keyOf(a.partialFilterExpression ?? null) === keyOf(b.partialFilterExpression ?? null);

function createIndexes(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['indexes', 'commitQuorum']);
  const coll = collectionName(cmd);
  if (!Array.isArray(cmd.indexes) || !cmd.indexes.length) throw new MongoError('BadValue', 'Must specify at least one index to create');
  const specs = cmd.indexes.map(parseIndexSpec);
  const existed = Boolean(ctx.catalog.getCollection(ctx.db, coll));
  const store = ctx.catalog.ensureCollection(ctx.db, coll);
  const before = store.indexes.size;
  const toCreate: IndexSpec[] = [];
  for (const spec of specs) {
    const sameName = store.indexes.get(spec.name)?.spec;
    if (sameName) {
      if (keyOf(sameName.key) !== keyOf(spec.key)) {
        throw new MongoError('IndexKeySpecsConflict', `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName)}`);
      }
      if (!sameOptions(sameName, spec) && spec.name !== '_id_') {
        throw new MongoError('IndexOptionsConflict', `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName)}`);
      }
      continue;
    }
    const sameKey = [...store.indexes.values()].find((i) => keyOf(i.spec.key) === keyOf(spec.key) && sameOptions(i.spec, spec));
    if (sameKey) {
      throw new MongoError('IndexOptionsConflict', `Index already exists with a different name: ${sameKey.name}`);
    }
    toCreate.push(spec);
  }
  for (const spec of toCreate) store.createIndex(spec);
  const reply: Document = { numIndexesBefore: before, numIndexesAfter: store.indexes.size, createdCollectionAutomatically: !existed };
  if (!toCreate.length) reply.note = 'all indexes already exist';
  reply.ok = 1;
  return reply;
}

function listIndexes(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['cursor']);
  const coll = collectionName(cmd);
  const store = ctx.catalog.getCollection(ctx.db, coll);
  if (!store) throw new MongoError('NamespaceNotFound', `ns does not exist: ${namespace(ctx, coll)}`);
  const specs = [...store.indexes.values()].map((i) => ({ ...i.spec }));
  const batchSize = isPlainObject(cmd.cursor) && typeof cmd.cursor.batchSize === 'number' ? cmd.cursor.batchSize : undefined;
  return ctx.cursors.first(namespace(ctx, coll), specs, batchSize) as unknown as Document;
}

function dropIndexes(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['index']);
  const coll = collectionName(cmd);
  const store = ctx.catalog.getCollection(ctx.db, coll);
  if (!store) throw new MongoError('NamespaceNotFound', `ns not found ${namespace(ctx, coll)}`);
  const was = store.indexes.size;
  const target = cmd.index;
  let names: string[];
  if (target === '*') names = [...store.indexes.keys()].filter((n) => n !== '_id_');
  else if (typeof target === 'string') names = [target];
  else if (Array.isArray(target)) names = target.map(String);
  else if (isPlainObject(target)) {
    const found = [...store.indexes.values()].find((i) => keyOf(i.spec.key) === keyOf(target));
    if (!found) throw new MongoError('IndexNotFound', `can't find index with key: ${JSON.stringify(target)}`);
    names = [found.name];
  } else throw new MongoError('TypeMismatch', "BSON field 'dropIndexes.index' must be a string, array or object");
  for (const name of names) {
    if (name === '_id_') throw new MongoError('InvalidOptions', 'cannot drop _id index');
    if (!store.indexes.has(name)) throw new MongoError('IndexNotFound', `index not found with name [${name}]`);
  }
  for (const name of names) store.dropIndex(name);
  return { nIndexesWas: was, ok: 1 };
}

export const indexCommands: Record<string, CommandHandler> = { createIndexes, listIndexes, dropIndexes, deleteIndexes: dropIndexes };
