import { calculateObjectSize, Long, type Document } from 'bson';
import { MongoError } from './errors.js';

// Results are materialized when the cursor opens (stored documents are
// immutable, so holding references is a consistent snapshot) and handed out in
// batches. Batches stay under the 16 MiB reply document limit.
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 64 * 1024;
const DEFAULT_FIRST_BATCH = 101;
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

interface OpenCursor {
  ns: string;
  docs: Document[];
  pos: number;
  lastUsed: number;
}

export interface CursorReply {
  cursor: { firstBatch?: Document[]; nextBatch?: Document[]; id: Long; ns: string };
  ok: 1;
}

export class CursorManager {
  private readonly open = new Map<string, OpenCursor>();
  private nextId = BigInt(Math.floor(Math.random() * 2 ** 40)) + 1n;
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  /** First batch of a fresh result set; leaves a cursor open only if documents remain. */
  first(ns: string, docs: Document[], batchSize: number | undefined, singleBatch = false): CursorReply {
    const state: OpenCursor = { ns, docs, pos: 0, lastUsed: Date.now() };
    const batch = takeBatch(state, batchSize ?? DEFAULT_FIRST_BATCH);
    let id = Long.ZERO;
    if (state.pos < docs.length && !singleBatch) {
      id = Long.fromBigInt(this.nextId++);
      this.open.set(id.toString(), state);
    }
    return { cursor: { firstBatch: batch, id, ns }, ok: 1 };
  }

  more(cursorId: Long | number, ns: string, batchSize: number | undefined): CursorReply {
    const key = cursorId.toString();
    const state = this.open.get(key);
    if (!state) throw new MongoError('CursorNotFound', `cursor id ${key} not found`);
    if (state.ns !== ns) throw new MongoError('BadValue', `Requested getMore on namespace '${ns}', but cursor belongs to a different namespace ${state.ns}`);
    state.lastUsed = Date.now();
    const batch = takeBatch(state, batchSize && batchSize > 0 ? batchSize : Infinity);
    let id = Long.fromString(key);
    if (state.pos >= state.docs.length) {
      this.open.delete(key);
      id = Long.ZERO;
    }
    return { cursor: { nextBatch: batch, id, ns: state.ns }, ok: 1 };
  }

  kill(ids: Array<Long | number>): { killed: Long[]; notFound: Long[] } {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const id of ids) {
      const long = typeof id === 'number' ? Long.fromNumber(id) : id;
      (this.open.delete(long.toString()) ? killed : notFound).push(long);
    }
    return { killed, notFound };
  }

  close(): void {
    clearInterval(this.sweeper);
    this.open.clear();
  }

  private sweep(): void {
    const cutoff = Date.now() - IDLE_TIMEOUT_MS;
    for (const [id, c] of this.open) if (c.lastUsed < cutoff) this.open.delete(id);
  }
}

function takeBatch(state: OpenCursor, max: number): Document[] {
  const batch: Document[] = [];
  let bytes = 0;
  while (state.pos < state.docs.length && batch.length < max) {
    const doc = state.docs[state.pos];
    const size = calculateObjectSize(doc);
    if (batch.length && bytes + size > MAX_BATCH_BYTES) break;
    batch.push(doc);
    bytes += size;
    state.pos++;
  }
  return batch;
}
