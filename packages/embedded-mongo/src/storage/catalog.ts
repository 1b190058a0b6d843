import type { Document } from 'bson';
import { MongoError } from '../errors.js';
import { CollectionStore } from './collection-store.js';
import type { IndexSpec } from './index-store.js';
import type { CollectionImage, JournalOp, PersistenceTarget } from './persistence.js';

/** All databases and collections of one engine; collects the operations each command produced. */
export class Catalog implements PersistenceTarget {
  private readonly dbs = new Map<string, Map<string, CollectionStore>>();
  private pending: JournalOp[] = [];
  private replaying = false;
  private readonly sink = (op: JournalOp) => {
    if (!this.replaying) this.pending.push(op);
  };

  /** Operations recorded since the last call, in order. */
  takePending(): JournalOp[] {
    const ops = this.pending;
    this.pending = [];
    return ops;
  }

  getCollection(db: string, name: string): CollectionStore | undefined {
    return this.dbs.get(db)?.get(name);
  }

  /** Collections spring into existence on first write, like in MongoDB. */
  ensureCollection(db: string, name: string): CollectionStore {
    return this.getCollection(db, name) ?? this.createCollection(db, name, {});
  }

  createCollection(db: string, name: string, options: Document): CollectionStore {
    validateNamespace(db, name);
    if (this.getCollection(db, name)) throw new MongoError('NamespaceExists', `Collection ${db}.${name} already exists.`);
    let colls = this.dbs.get(db);
    if (!colls) this.dbs.set(db, (colls = new Map()));
    const coll = new CollectionStore(db, name, options, this.sink);
    colls.set(name, coll);
    this.sink({ op: 'createCollection', db, coll: name, options });
    return coll;
  }

  dropCollection(db: string, name: string): CollectionStore | undefined {
    const colls = this.dbs.get(db);
    const coll = colls?.get(name);
    if (!coll) return undefined;
    colls!.delete(name);
    if (!colls!.size) this.dbs.delete(db);
    this.sink({ op: 'dropCollection', db, coll: name });
    return coll;
  }

  dropDatabase(db: string): void {
    if (!this.dbs.delete(db)) return;
    this.sink({ op: 'dropDatabase', db });
  }

  databaseNames(): string[] {
    return [...this.dbs.keys()];
  }

  collections(db: string): CollectionStore[] {
    return [...(this.dbs.get(db)?.values() ?? [])];
  }

  /** Every collection as it stands now (document references; stored documents are never mutated). */
  image(): CollectionImage[] {
    const out: CollectionImage[] = [];
    for (const [db, colls] of this.dbs) {
      for (const coll of colls.values()) {
        out.push({ db, name: coll.name, options: coll.options, indexes: coll.secondaryIndexSpecs(), docs: coll.all() });
      }
    }
    return out;
  }

  /** Replays a journaled operation without re-recording it. */
  replay(op: JournalOp): void {
    this.replaying = true;
    try {
      switch (op.op) {
        case 'createCollection':
          if (!this.getCollection(op.db, op.coll)) this.createCollection(op.db, op.coll, op.options ?? {});
          break;
        case 'dropCollection':
          this.dropCollection(op.db, op.coll);
          break;
        case 'dropDatabase':
          this.dropDatabase(op.db);
          break;
        case 'insert':
          this.ensureCollection(op.db, op.coll).insert(op.doc);
          break;
        case 'replace': {
          const coll = this.ensureCollection(op.db, op.coll);
          const old = coll.getById(op.doc._id);
          if (old) coll.replace(old, op.doc);
          else coll.insert(op.doc);
          break;
        }
        case 'delete': {
          const coll = this.getCollection(op.db, op.coll);
          const old = coll?.getById(op.id);
          if (old) coll!.remove(old);
          break;
        }
        case 'createIndex': {
          const coll = this.ensureCollection(op.db, op.coll);
          const spec = op.spec as unknown as IndexSpec;
          if (!coll.indexes.has(spec.name)) coll.createIndex(spec);
          break;
        }
        case 'dropIndex':
          this.getCollection(op.db, op.coll)?.dropIndex(op.name);
          break;
      }
    } finally {
      this.replaying = false;
    }
  }
}

export function validateNamespace(db: string, coll?: string): void {
  if (!db || /[/\\. "$\0]/.test(db) || db.length > 64) throw new MongoError('InvalidNamespace', `Invalid database name: '${db}'`);
  if (coll === undefined) return;
  if (!coll || coll.includes('\0') || coll.startsWith('.') || (coll.includes('$') && !coll.startsWith('$cmd'))) {
    throw new MongoError('InvalidNamespace', `Invalid collection name: ${coll}`);
  }
  if (coll.startsWith('system.') && !['system.js', 'system.views'].includes(coll)) {
    throw new MongoError('InvalidNamespace', `Invalid system namespace: ${db}.${coll}`);
  }
}
