import { promises as fs } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize, type Document } from 'bson';
import { DESERIALIZE_OPTIONS } from '../wire/bson-options.js';
import type { JournalOp, Persistence } from './persistence.js';

const JOURNAL_FILE = 'journal.bson';

/**
 * Append-only journal: one BSON document per logical operation, fsynced before
 * the write is acknowledged. Commits that arrive while a flush is in progress are
 * written together in the next flush (group commit). On start the whole file is
 * replayed; a torn tail from a crash mid-append is cut off.
 */
export class JournalPersistence implements Persistence {
  private readonly file: string;
  private handle: fs.FileHandle | null = null;
  private pending: Array<{ bytes: Uint8Array[]; resolve: () => void; reject: (e: unknown) => void }> = [];
  private flushing: Promise<void> | null = null;

  constructor(dir: string) {
    this.file = path.join(dir, JOURNAL_FILE);
  }

  async load(apply: (op: JournalOp) => void): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    let data: Buffer;
    try {
      data = await fs.readFile(this.file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      data = Buffer.alloc(0);
    }
    let offset = 0;
    while (offset + 4 <= data.length) {
      const size = data.readInt32LE(offset);
      if (size < 5 || offset + size > data.length) break;
      let op: JournalOp;
      try {
        op = deserialize(data.subarray(offset, offset + size), DESERIALIZE_OPTIONS) as JournalOp;
      } catch {
        break;
      }
      apply(op);
      offset += size;
    }
    this.handle = await fs.open(this.file, 'a+');
    if (offset < data.length) {
      await this.handle.truncate(offset);
      await this.handle.sync();
    }
  }

  commit(ops: JournalOp[]): Promise<void> {
    if (!ops.length) return Promise.resolve();
    const bytes = ops.map((op) => serialize(op as Document));
    return new Promise((resolve, reject) => {
      this.pending.push({ bytes, resolve, reject });
      if (!this.flushing) this.flushing = this.flushLoop();
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending;
      this.pending = [];
      try {
        if (!this.handle) throw new Error('journal is closed');
        await this.handle.write(Buffer.concat(batch.flatMap((b) => b.bytes)));
        await this.handle.datasync();
        batch.forEach((b) => b.resolve());
      } catch (err) {
        batch.forEach((b) => b.reject(err));
      }
    }
    this.flushing = null;
  }

  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.handle?.close();
    this.handle = null;
  }
}
