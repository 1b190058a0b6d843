import { Binary, UUID, type Document } from 'bson';
import { MongoError } from '../errors.js';
import { compileFilter } from '../mingo-setup.js';
import { validateNamespace } from '../storage/catalog.js';
import type { CollectionStore } from '../storage/collection-store.js';
import { isPlainObject } from '../storage/values.js';
import { checkFields, collectionName, namespace, optionalDocument, type CommandContext, type CommandHandler } from './context.js';

// Stable per-collection UUIDs for listCollections' info.uuid within one process.
const uuids = new WeakMap<CollectionStore, Binary>();
function uuidOf(store: CollectionStore): Binary {
  let id = uuids.get(store);
  if (!id) uuids.set(store, (id = new UUID().toBinary()));
  return id;
}

function listCollections(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['filter', 'nameOnly', 'authorizedCollections', 'cursor']);
  const nameOnly = cmd.nameOnly === true;
  const entries = ctx.catalog.collections(ctx.db).map((store) =>
    nameOnly
      ? { name: store.name, type: 'collection' }
      : {
          name: store.name,
          type: 'collection',
          options: { ...store.options },
          info: { readOnly: false, uuid: uuidOf(store) },
          idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
        },
  );
  const matcher = compileFilter(optionalDocument(cmd, 'filter'));
  const batchSize = isPlainObject(cmd.cursor) && typeof cmd.cursor.batchSize === 'number' ? cmd.cursor.batchSize : undefined;
  return ctx.cursors.first(`${ctx.db}.$cmd.listCollections`, entries.filter((e) => matcher.test(e)), batchSize) as unknown as Document;
}

function listDatabases(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['filter', 'nameOnly', 'authorizedDatabases']);
  const matcher = compileFilter(optionalDocument(cmd, 'filter'));
  const databases = ctx.catalog
    .databaseNames()
    .map((name) => {
      const sizeOnDisk = ctx.catalog.collections(name).reduce((s, c) => s + c.approximateSize(), 0);
      return cmd.nameOnly === true ? { name } : { name, sizeOnDisk, empty: sizeOnDisk === 0 };
    })
    .filter((d) => matcher.test(d));
  const totalSize = databases.reduce((s, d) => s + ((d as { sizeOnDisk?: number }).sizeOnDisk ?? 0), 0);
  return cmd.nameOnly === true ? { databases, ok: 1 } : { databases, totalSize, totalSizeMb: Math.round(totalSize / 1024 / 1024), ok: 1 };
}

function create(cmd: Document, ctx: CommandContext): Document {
  // Capped collections, validators, views and time series change write/read semantics we don't implement.
  checkFields(cmd, ['idIndex']);
  ctx.catalog.createCollection(ctx.db, collectionName(cmd), {});
  return { ok: 1 };
}

function drop(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, []);
  const coll = collectionName(cmd);
  validateNamespace(ctx.db, coll);
  const dropped = ctx.catalog.dropCollection(ctx.db, coll);
  return dropped ? { ns: namespace(ctx, coll), nIndexesWas: dropped.indexes.size, ok: 1 } : { ok: 1 };
}

function dropDatabase(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, []);
  ctx.catalog.dropDatabase(ctx.db);
  return { dropped: ctx.db, ok: 1 };
}

function collStats(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['scale']);
  const coll = collectionName(cmd);
  const store = ctx.catalog.getCollection(ctx.db, coll);
  if (!store) throw new MongoError('NamespaceNotFound', `Collection [${namespace(ctx, coll)}] not found.`);
  const size = store.approximateSize();
  const indexSizes: Document = {};
  for (const name of store.indexes.keys()) indexSizes[name] = store.size * 32;
  return {
    ns: store.ns,
    count: store.size,
    size,
    avgObjSize: store.size ? Math.round(size / store.size) : 0,
    storageSize: size,
    nindexes: store.indexes.size,
    totalIndexSize: store.size * 32 * store.indexes.size,
    indexSizes,
    capped: false,
    ok: 1,
  };
}

function dbStats(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['scale', 'freeStorage']);
  const colls = ctx.catalog.collections(ctx.db);
  const objects = colls.reduce((s, c) => s + c.size, 0);
  const dataSize = colls.reduce((s, c) => s + c.approximateSize(), 0);
  const indexes = colls.reduce((s, c) => s + c.indexes.size, 0);
  return {
    db: ctx.db,
    collections: colls.length,
    views: 0,
    objects,
    avgObjSize: objects ? Math.round(dataSize / objects) : 0,
    dataSize,
    storageSize: dataSize,
    indexes,
    indexSize: objects * 32 * indexes,
    ok: 1,
  };
}

function renameCollection(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['to', 'dropTarget']);
  if (ctx.db !== 'admin') throw new MongoError('IllegalOperation', 'renameCollection may only be run against the admin database.');
  const from = String(cmd.renameCollection);
  const to = String(cmd.to);
  const [fromDb, ...fromRest] = from.split('.');
  const [toDb, ...toRest] = to.split('.');
  const fromColl = fromRest.join('.');
  const toColl = toRest.join('.');
  const source = ctx.catalog.getCollection(fromDb, fromColl);
  if (!source) throw new MongoError('NamespaceNotFound', `Source collection ${from} does not exist`);
  if (ctx.catalog.getCollection(toDb, toColl)) {
    if (cmd.dropTarget !== true) throw new MongoError('NamespaceExists', `Target namespace exists`);
    ctx.catalog.dropCollection(toDb, toColl);
  }
  const target = ctx.catalog.createCollection(toDb, toColl, source.options);
  for (const index of source.indexes.values()) if (index.name !== '_id_') target.createIndex(index.spec);
  for (const doc of source.all()) target.insert(doc);
  ctx.catalog.dropCollection(fromDb, fromColl);
  return { ok: 1 };
}

export const adminCommands: Record<string, CommandHandler> = {
  listCollections,
  listDatabases,
  create,
  drop,
  dropDatabase,
  collStats,
  dbStats,
  renameCollection,
};
