import { promises as fs } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize, type Document } from 'bson';
import { DESERIALIZE_OPTIONS } from '../wire/bson-options.js';
import { DataDirLock } from './lock.js';
import type { CollectionImage, JournalOp, Persistence, PersistenceTarget } from './persistence.js';
import { encodeRecord, RECORD_HEADER_BYTES, scanRecords } from './records.js';

/**
 * Durable storage in a data directory:
 *
 *   mongod.lock                     one engine per directory (see lock.ts)
 *   snapshot.<G>.bson               the whole state as of the start of journal generation G
 *   journal.<G>.log, <G+1>.log ...  every command's operations since, one checksummed record each
 *
 * Commit: a command's operations become one record, appended to the current journal; the write is
 * acknowledged once that record has been fdatasync'ed. Records that arrive while a flush is in flight
 * are written and synced together by the next one (group commit), so N concurrent writers cost one
 * fsync, not N. On a slow disk (fsync over 1 ms) a flush waits briefly (a quarter of an fsync, at
 * most 5 ms) for the writers it just acknowledged to send their next write, so they share the next
 * fsync instead of queueing behind a flush of one record.
 *
 * Compaction: when the journal passes the threshold (and is bigger than the last snapshot, so
 * rewriting the snapshot never costs more than the journal it retires), the state is captured between
 * two commands (stored documents are immutable, so this is a list of references), commits switch to a
 * new journal generation G, and the snapshot is written to snapshot.G.bson.tmp, fsynced, renamed into
 * place and the directory fsynced; only then are older journals and snapshots deleted. A crash at any
 * point leaves either the old snapshot with every journal after it, or the new one: nothing is lost.
 *
 * Start: the newest complete snapshot (valid header, every record's checksum, trailer) whose chain of
 * journals is complete is loaded, then the journals from its generation on are replayed. The newest
 * journal may end in a torn or corrupt record (crash mid-append): replay stops there and the file is
 * truncated to its last good record. A bad record in an older journal is corruption, not a crash
 * artefact, and stops the start with an error rather than silently dropping later writes.
 */

export interface CompactionEvent {
  phase: 'started' | 'snapshot-written' | 'snapshot-installed' | 'finished' | 'failed';
  /** Generation of the snapshot being written (= the new journal's generation). */
  generation: number;
  documents?: number;
  bytes?: number;
  ms?: number;
  error?: Error;
}

export interface JournalOptions {
  /** Compact once the journal is larger than this and than the last snapshot. Default 64 MiB. */
  compactThresholdBytes?: number;
  /** Called synchronously at each compaction step (logging, tests). */
  onCompaction?: (event: CompactionEvent) => void;
  /** Where recovery warnings go (truncated journal tail). Default console.warn. */
  warn?: (message: string) => void;
}

export const DEFAULT_COMPACT_THRESHOLD_BYTES = 64 * 1024 * 1024;
const SNAPSHOT_RECORD_BYTES = 1024 * 1024;
const FORMAT_VERSION = 1;
const LEGACY_JOURNAL = 'journal.bson'; // phase-1 format: bare BSON documents, no checksums

const journalName = (g: number) => `journal.${String(g).padStart(12, '0')}.log`;
const snapshotName = (g: number) => `snapshot.${String(g).padStart(12, '0')}.bson`;
const JOURNAL_RE = /^journal\.(\d+)\.log$/;
const SNAPSHOT_RE = /^snapshot\.(\d+)\.bson$/;

type Entry =
  | { kind: 'record'; bytes: Buffer; resolve: () => void; reject: (e: unknown) => void }
  | { kind: 'rotate'; generation: number; resolve: () => void; reject: (e: unknown) => void };

export class JournalPersistence implements Persistence {
  private readonly dir: string;
  private readonly threshold: number;
  private readonly onCompaction?: (event: CompactionEvent) => void;
  private readonly warn: (message: string) => void;
  private target: PersistenceTarget | null = null;
  private lock: DataDirLock | null = null;
  private handle: fs.FileHandle | null = null;
  /** Generation new commits go to (ahead of `handle` while a rotation is queued). */
  private generation = 0;
  /** Bytes in, or queued for, the journal of `generation`. */
  private journalBytes = 0;
  private snapshotBytes = 0;
  private pending: Entry[] = [];
  private flushing: Promise<void> | null = null;
  private compaction: Promise<void> | null = null;
  private failed: Error | null = null;
  private closing = false;
  private readonly counters = { commits: 0, flushes: 0, compactions: 0 };
  /** Moving average of write + fdatasync time, and the sizes of the last flushes (group commit). */
  private syncMs = 0;
  private readonly recentBatches: number[] = new Array(16).fill(1);
  private batchWaiter: { expected: number; done: () => void } | null = null;
  private lastCompaction: CompactionEvent | null = null;

  constructor(dir: string, opts: JournalOptions = {}) {
    this.dir = path.resolve(dir);
    this.threshold = opts.compactThresholdBytes ?? DEFAULT_COMPACT_THRESHOLD_BYTES;
    this.onCompaction = opts.onCompaction;
    this.warn = opts.warn ?? ((m) => console.warn(`[embedded-mongo] ${m}`));
  }

  async open(target: PersistenceTarget): Promise<void> {
    this.target = target;
    await fs.mkdir(this.dir, { recursive: true });
    this.lock = await DataDirLock.acquire(this.dir);
    try {
      const migrateLegacy = await this.recover(target);
      // A phase-1 journal is folded into a snapshot once, then removed.
      if (migrateLegacy) await this.startCompaction();
    } catch (err) {
      await this.handle?.close().catch(() => undefined);
      this.handle = null;
      await this.lock.release();
      this.lock = null;
      throw err;
    }
  }

  commit(ops: JournalOp[]): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (!ops.length) return Promise.resolve();
    let bytes: Buffer;
    try {
      bytes = encodeRecord(ops.map((op) => serialize(op as Document)));
    } catch (err) {
      return Promise.reject(err);
    }
    const done = new Promise<void>((resolve, reject) => this.pending.push({ kind: 'record', bytes, resolve, reject }));
    this.journalBytes += bytes.length;
    this.counters.commits++;
    if (this.batchWaiter && this.pending.length >= this.batchWaiter.expected) this.batchWaiter.done();
    this.kick();
    if (!this.compaction && !this.closing && this.journalBytes >= Math.max(this.threshold, this.snapshotBytes)) {
      void this.startCompaction();
    }
    return done;
  }

  stats(): Document {
    return {
      mode: 'journal',
      dataDir: this.dir,
      generation: this.generation,
      journalBytes: this.journalBytes,
      snapshotBytes: this.snapshotBytes,
      compactThresholdBytes: this.threshold,
      ...this.counters,
      averageSyncMs: Math.round(this.syncMs * 1000) / 1000,
      ...(this.lastCompaction ? { lastCompaction: { ...this.lastCompaction } } : {}),
      ...(this.failed ? { failed: this.failed.message } : {}),
    };
  }

  async close(): Promise<void> {
    this.closing = true;
    while (this.compaction) await this.compaction;
    while (this.flushing) await this.flushing;
    await this.handle?.close();
    this.handle = null;
    await this.lock?.release();
    this.lock = null;
  }

  // ------------------------------------------------------------------ group commit

  private kick(): void {
    if (!this.flushing) this.flushing = this.flushLoop();
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length) {
      const head = this.pending[0];
      if (head.kind === 'rotate') {
        this.pending.shift();
        try {
          if (this.failed) throw this.failed;
          await this.switchJournal(head.generation);
          head.resolve();
        } catch (err) {
          this.fail(err);
          head.reject(err);
        }
        continue;
      }
      await this.gatherBatch();
      let n = 1;
      while (n < this.pending.length && this.pending[n].kind === 'record') n++;
      const batch = this.pending.splice(0, n) as Array<Extract<Entry, { kind: 'record' }>>;
      try {
        if (this.failed) throw this.failed;
        if (!this.handle) throw new Error('journal is closed');
        const started = performance.now();
        await writeAll(this.handle, batch.length === 1 ? batch[0].bytes : Buffer.concat(batch.map((b) => b.bytes)));
        await this.handle.datasync();
        this.syncMs = 0.8 * this.syncMs + 0.2 * (performance.now() - started);
        this.counters.flushes++;
        this.recentBatches[this.counters.flushes % this.recentBatches.length] = batch.length;
        for (const b of batch) b.resolve();
      } catch (err) {
        this.fail(err);
        for (const b of batch) b.reject(this.failed);
      }
    }
    // Set synchronously once the queue is seen empty, so a commit right after starts a new loop.
    this.flushing = null;
  }

  /**
   * On a slow disk, lets writers that are on their way join the coming flush. Right after a flush
   * completes, the writers it acknowledged are still sending their next write; starting the next
   * flush at once would sync one record and make the others wait a whole fsync. So when an fsync
   * takes over a millisecond and fewer records are queued than recent flushes carried, wait (a
   * quarter of an fsync, 1 to 5 ms) for the queue to fill up. With a fast disk: no wait at all.
   */
  private async gatherBatch(): Promise<void> {
    if (this.syncMs < 1 || this.closing) return;
    const expected = Math.max(...this.recentBatches);
    if (this.pending.length >= expected) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => done(), Math.min(5, Math.max(1, this.syncMs / 4)));
      const done = () => {
        clearTimeout(timer);
        this.batchWaiter = null;
        resolve();
      };
      this.batchWaiter = { expected, done };
    });
  }

  /** After a journal write fails nothing later may be acknowledged: memory and disk could disagree. */
  private fail(err: unknown): void {
    if (this.failed) return;
    this.failed = new Error(`embedded-mongo journal write failed (${(err as Error).message}); writes are refused until the engine restarts`);
    this.warn(this.failed.message);
  }

  /** Runs inside the flush loop, after everything before it is durable in the old journal. */
  private async switchJournal(generation: number): Promise<void> {
    const handle = await createJournal(this.dir, generation);
    const old = this.handle;
    this.handle = handle;
    await old?.close();
  }

  // ------------------------------------------------------------------ compaction

  /** Captures the state and queues the journal switch synchronously, then writes the snapshot. */
  private startCompaction(): Promise<void> {
    const generation = this.generation + 1;
    const image = this.target!.image();
    this.generation = generation;
    this.journalBytes = JOURNAL_HEADER_BYTES;
    const rotated = new Promise<void>((resolve, reject) => this.pending.push({ kind: 'rotate', generation, resolve, reject }));
    this.kick();
    this.compaction = this.compact(generation, image, rotated);
    return this.compaction;
  }

  private async compact(generation: number, image: CollectionImage[], rotated: Promise<void>): Promise<void> {
    const started = Date.now();
    const final = path.join(this.dir, snapshotName(generation));
    const tmp = `${final}.tmp`;
    try {
      await rotated;
      this.emit({ phase: 'started', generation });
      const { bytes, documents } = await writeSnapshot(tmp, generation, image);
      this.emit({ phase: 'snapshot-written', generation, bytes, documents });
      await fs.rename(tmp, final);
      await fsyncDir(this.dir);
      this.emit({ phase: 'snapshot-installed', generation, bytes, documents });
      this.snapshotBytes = bytes;
      await removeOlderThan(this.dir, generation);
      this.counters.compactions++;
      this.lastCompaction = { phase: 'finished', generation, bytes, documents, ms: Date.now() - started };
      this.emit(this.lastCompaction);
    } catch (err) {
      await fs.rm(tmp, { force: true }).catch(() => undefined);
      this.warn(`compaction into ${snapshotName(generation)} failed: ${(err as Error).message}; the journal keeps everything`);
      this.emit({ phase: 'failed', generation, error: err as Error });
    } finally {
      this.compaction = null;
    }
  }

  private emit(event: CompactionEvent): void {
    this.onCompaction?.(event);
  }

  // ------------------------------------------------------------------ recovery

  /** Loads snapshot + journals into `target`; opens the journal to append to. Returns whether a phase-1 journal was loaded. */
  private async recover(target: PersistenceTarget): Promise<boolean> {
    const journals = new Map<number, string>();
    const snapshots = new Map<number, string>();
    let legacy = false;
    for (const name of await fs.readdir(this.dir)) {
      let m: RegExpExecArray | null;
      if (name.endsWith('.tmp')) await fs.rm(path.join(this.dir, name), { force: true });
      else if ((m = JOURNAL_RE.exec(name))) journals.set(Number(m[1]), name);
      else if ((m = SNAPSHOT_RE.exec(name))) snapshots.set(Number(m[1]), name);
      else if (name === LEGACY_JOURNAL) legacy = true;
    }
    const journalGens = [...journals.keys()].sort((a, b) => a - b);

    // Journals from `base` on must be contiguous (and start at `base`, or 1 for no snapshot).
    const chainProblem = (base: number): string | null => {
      const needed = journalGens.filter((g) => g >= base);
      if (!needed.length) return null;
      const first = Math.max(base, 1);
      for (let i = 0; i < needed.length; i++) {
        if (needed[i] !== first + i) return `${journalName(first + i)} is missing`;
      }
      return null;
    };

    let base: LoadedSnapshot | null = null;
    const problems: string[] = [];
    for (const generation of [...snapshots.keys()].sort((a, b) => b - a)) {
      const chain = chainProblem(generation);
      if (chain) {
        problems.push(`${snapshotName(generation)} can't be used: ${chain}`);
        continue;
      }
      const loaded = await readSnapshot(path.join(this.dir, snapshotName(generation)), generation);
      if (typeof loaded === 'string') {
        problems.push(loaded);
        continue;
      }
      base = loaded;
      break;
    }
    if (!base) {
      const chain = chainProblem(0);
      if (chain) {
        throw new Error(`embedded-mongo: data directory ${this.dir} is incomplete and can't be loaded without losing data: ${[...problems, chain].join('; ')}`);
      }
      base = { generation: 0, bytes: 0, records: [] };
    }
    if (problems.length) this.warn(`recovering from ${base.generation ? snapshotName(base.generation) : 'the journals'}: ${problems.join('; ')}`);

    for (const ops of base.records) for (const op of ops) target.replay(op as JournalOp);
    base.records = [];
    const loadLegacy = legacy && base.generation === 0;
    if (loadLegacy) await replayLegacy(path.join(this.dir, LEGACY_JOURNAL), target, this.warn);

    const replayGens = journalGens.filter((g) => g >= base.generation);
    let tailBytes = -1; // valid bytes of the newest journal, -1 = it has no valid header
    for (const generation of replayGens) {
      const file = path.join(this.dir, journalName(generation));
      const newest = generation === replayGens[replayGens.length - 1];
      const data = await fs.readFile(file);
      const scan = scanRecords(data);
      const header = scan.records[0]?.[0];
      const headerOk = header?.journal === 'embedded-mongo' && header.version === FORMAT_VERSION && header.generation === generation;
      if (!headerOk) {
        if (!newest || scan.records.length > 1) throw new Error(`embedded-mongo: ${file} has no valid header; refusing to guess`);
        // Created but its header never made it to disk: the journal is empty.
        if (data.length) this.warn(`${journalName(generation)}: discarding ${data.length} bytes without a valid header`);
        tailBytes = -1;
        continue;
      }
      for (const ops of scan.records.slice(1)) for (const op of ops) target.replay(op as JournalOp);
      if (scan.problem) {
        if (!newest) throw new Error(`embedded-mongo: ${file} is corrupt (${scan.problem}) and later journals depend on it; refusing to start`);
        this.warn(`${journalName(generation)}: ${scan.problem}; discarding the ${data.length - scan.validBytes} bytes from there (a write that was never acknowledged)`);
      }
      tailBytes = scan.validBytes;
    }

    if (replayGens.length) {
      this.generation = replayGens[replayGens.length - 1];
      const file = path.join(this.dir, journalName(this.generation));
      if (tailBytes < 0) {
        this.handle = await createJournal(this.dir, this.generation);
        tailBytes = JOURNAL_HEADER_BYTES;
      } else {
        this.handle = await fs.open(file, 'r+');
        const { size } = await this.handle.stat();
        if (size !== tailBytes) {
          await this.handle.truncate(tailBytes);
          await this.handle.sync();
        }
        await this.handle.close();
        this.handle = await fs.open(file, 'a');
      }
      this.journalBytes = tailBytes;
    } else {
      this.generation = Math.max(base.generation, 1);
      this.handle = await createJournal(this.dir, this.generation);
      this.journalBytes = JOURNAL_HEADER_BYTES;
    }
    this.snapshotBytes = base.bytes;
    if (base.generation > 0) await removeOlderThan(this.dir, base.generation);
    return loadLegacy;
  }
}

interface LoadedSnapshot {
  generation: number;
  bytes: number;
  records: Document[][];
}

const journalHeader = (generation: number) => encodeRecord([serialize({ journal: 'embedded-mongo', version: FORMAT_VERSION, generation })]);
const JOURNAL_HEADER_BYTES = journalHeader(1).length;

/** Creates journal `generation` with its header, durable (file and directory entry) before use. */
async function createJournal(dir: string, generation: number): Promise<fs.FileHandle> {
  const handle = await fs.open(path.join(dir, journalName(generation)), 'w');
  try {
    await writeAll(handle, journalHeader(generation));
    await handle.sync();
    await handle.close();
    await fsyncDir(dir);
    return await fs.open(path.join(dir, journalName(generation)), 'a');
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

async function writeSnapshot(file: string, generation: number, image: CollectionImage[]): Promise<{ bytes: number; documents: number }> {
  const handle = await fs.open(file, 'w');
  let bytes = 0;
  let records = 0;
  let documents = 0;
  let chunk: Uint8Array[] = [];
  let chunkBytes = 0;
  const writeRecord = async (docs: Uint8Array[]) => {
    const record = encodeRecord(docs);
    await writeAll(handle, record);
    bytes += record.length;
  };
  const add = async (op: Document) => {
    const b = serialize(op);
    chunk.push(b);
    chunkBytes += b.length;
    if (chunkBytes >= SNAPSHOT_RECORD_BYTES) {
      await writeRecord(chunk);
      records++;
      chunk = [];
      chunkBytes = 0;
    }
  };
  try {
    await writeRecord([serialize({ snapshot: 'embedded-mongo', version: FORMAT_VERSION, generation, createdAt: new Date() })]);
    for (const coll of image) {
      await add({ op: 'createCollection', db: coll.db, coll: coll.name, options: coll.options });
      for (const spec of coll.indexes) await add({ op: 'createIndex', db: coll.db, coll: coll.name, spec });
      for (const doc of coll.docs) {
        await add({ op: 'insert', db: coll.db, coll: coll.name, doc });
        documents++;
      }
    }
    if (chunk.length) {
      await writeRecord(chunk);
      records++;
    }
    await writeRecord([serialize({ end: true, generation, records, documents })]);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { bytes, documents };
}

/** The snapshot's records, or why it can't be used. Complete = header, every checksum, and the trailer. */
async function readSnapshot(file: string, generation: number): Promise<LoadedSnapshot | string> {
  const data = await fs.readFile(file);
  const scan = scanRecords(data);
  const name = path.basename(file);
  if (scan.problem) return `${name} is damaged: ${scan.problem}`;
  const header = scan.records[0]?.[0];
  if (header?.snapshot !== 'embedded-mongo' || header.version !== FORMAT_VERSION || header.generation !== generation) return `${name} has no valid header`;
  const trailer = scan.records[scan.records.length - 1]?.[0];
  const body = scan.records.slice(1, -1);
  if (scan.records.length < 2 || trailer?.end !== true || trailer.records !== body.length || trailer.generation !== generation) {
    return `${name} is incomplete (no valid trailer)`;
  }
  return { generation, bytes: data.length, records: body };
}

/** Phase-1 journal: bare BSON operation documents; a torn tail is ignored. */
async function replayLegacy(file: string, target: PersistenceTarget, warn: (m: string) => void): Promise<void> {
  const data = await fs.readFile(file);
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
    target.replay(op);
    offset += size;
  }
  if (offset < data.length) warn(`${LEGACY_JOURNAL}: ignoring a torn tail of ${data.length - offset} bytes`);
}

/** Deletes what snapshot `generation` makes redundant: older journals, older snapshots, a phase-1 journal. */
async function removeOlderThan(dir: string, generation: number): Promise<void> {
  let removed = false;
  for (const name of await fs.readdir(dir)) {
    const m = JOURNAL_RE.exec(name) ?? SNAPSHOT_RE.exec(name);
    if ((m && Number(m[1]) < generation) || name === LEGACY_JOURNAL) {
      await fs.rm(path.join(dir, name), { force: true });
      removed = true;
    }
  }
  if (removed) await fsyncDir(dir);
}

async function writeAll(handle: fs.FileHandle, buf: Buffer): Promise<void> {
  let off = 0;
  while (off < buf.length) {
    const { bytesWritten } = await handle.write(buf, off, buf.length - off);
    off += bytesWritten;
  }
}

/** Makes a create/rename/delete in `dir` durable. Not possible on every platform (Windows): skipped there. */
async function fsyncDir(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF') throw err;
  } finally {
    await handle?.close();
  }
}

export { RECORD_HEADER_BYTES };
