import type { Document } from 'bson';
import type { IndexSpec } from './index-store.js';

// The storage boundary: command code only mutates the in-memory catalog, which
// emits these logical operations. A Persistence makes them durable.

export type JournalOp =
  | { op: 'insert'; db: string; coll: string; doc: Document }
  | { op: 'replace'; db: string; coll: string; doc: Document }
  | { op: 'delete'; db: string; coll: string; id: unknown }
  | { op: 'createCollection'; db: string; coll: string; options: Document }
  | { op: 'dropCollection'; db: string; coll: string }
  | { op: 'dropDatabase'; db: string }
  | { op: 'createIndex'; db: string; coll: string; spec: Document }
  | { op: 'dropIndex'; db: string; coll: string; name: string };

/** One collection as it stands at one instant; documents are shared, immutable references. */
export interface CollectionImage {
  db: string;
  name: string;
  options: Document;
  /** Secondary indexes (the _id index always exists). */
  indexes: IndexSpec[];
  docs: Document[];
}

/** What a Persistence restores into and takes snapshots of (the catalog). */
export interface PersistenceTarget {
  /** Applies a recorded operation without recording it again. */
  replay(op: JournalOp): void;
  /** The whole state at this instant. Called synchronously between commands, so it is consistent. */
  image(): CollectionImage[];
}

export interface Persistence {
  /** Restores everything recorded so far into `target` (called once, before serving). */
  open(target: PersistenceTarget): Promise<void>;
  /**
   * Records the operations of one command. Called synchronously, in command order, while no other
   * command runs; the promise resolves once they are durable (or rejects if they can't be made so).
   * Undefined: nothing to wait for.
   */
  commit(ops: JournalOp[]): Promise<void> | undefined;
  close(): Promise<void>;
  /** For serverStatus. */
  stats(): Document;
}

export class MemoryPersistence implements Persistence {
  stats(): Document {
    return { mode: 'memory' };
  }
  async open(): Promise<void> {}
  commit(): undefined {
    return undefined;
  }
  async close(): Promise<void> {}
}
