import type { Document } from 'bson';

// The storage boundary: command code only mutates the in-memory catalog, which
// emits these logical operations. A Persistence makes them durable. Phase 2 can
// add group commit or snapshot compaction behind this interface alone.

export type JournalOp =
  | { op: 'insert'; db: string; coll: string; doc: Document }
  | { op: 'replace'; db: string; coll: string; doc: Document }
  | { op: 'delete'; db: string; coll: string; id: unknown }
  | { op: 'createCollection'; db: string; coll: string; options: Document }
  | { op: 'dropCollection'; db: string; coll: string }
  | { op: 'dropDatabase'; db: string }
  | { op: 'createIndex'; db: string; coll: string; spec: Document }
  | { op: 'dropIndex'; db: string; coll: string; name: string };

export interface Persistence {
  /** Replays every operation recorded so far (called once, before serving). */
  load(apply: (op: JournalOp) => void): Promise<void>;
  /** Resolves once `ops` are durable. Calls are made in commit order and must be persisted in that order. */
  commit(ops: JournalOp[]): Promise<void>;
  close(): Promise<void>;
}

export class MemoryPersistence implements Persistence {
  async load(): Promise<void> {}
  async commit(): Promise<void> {}
  async close(): Promise<void> {}
}
