import { Engine } from './engine.js';
import { WireServer } from './server.js';
import { JournalPersistence, type CompactionEvent } from './storage/journal.js';
import { MemoryPersistence } from './storage/persistence.js';

export interface EmbeddedMongoOptions {
  /** 0 or omitted = a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Omitted = in-memory only. One engine per directory (a lock file enforces it). */
  dataDir?: string;
  /**
   * With dataDir: compact the journal into a snapshot once it is larger than this many bytes and
   * than the last snapshot. Default: env EMBEDDED_MONGO_COMPACT_BYTES, else 64 MiB.
   */
  compactThresholdBytes?: number;
  /** With dataDir: called at each step of a compaction (for logging). */
  onCompaction?: (event: CompactionEvent) => void;
}

export type { CompactionEvent };
export { DataDirLockedError } from './storage/lock.js';

function compactThreshold(opts: EmbeddedMongoOptions): number | undefined {
  if (opts.compactThresholdBytes !== undefined) return opts.compactThresholdBytes;
  const env = process.env.EMBEDDED_MONGO_COMPACT_BYTES;
  if (!env) return undefined;
  const n = Number(env);
  if (!Number.isFinite(n) || n < 0) throw new Error(`EMBEDDED_MONGO_COMPACT_BYTES must be a number of bytes, got '${env}'`);
  return n;
}

export interface EmbeddedMongo {
  /** mongodb://127.0.0.1:PORT (append /dbname). */
  uri: string;
  port: number;
  stop(): Promise<void>;
}

export async function startEmbeddedMongo(opts: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const host = opts.host ?? '127.0.0.1';
  const persistence = opts.dataDir
    ? new JournalPersistence(opts.dataDir, { compactThresholdBytes: compactThreshold(opts), onCompaction: opts.onCompaction })
    : new MemoryPersistence();
  const engine = new Engine(persistence);
  await engine.open();
  const server = new WireServer(engine);
  let port: number;
  try {
    port = await server.listen(opts.port ?? 0, host);
  } catch (err) {
    await engine.close();
    throw err;
  }
  engine.setPort(port);
  let stopping: Promise<void> | null = null;
  const uriHost = host.includes(':') ? `[${host}]` : host;
  return {
    uri: `mongodb://${uriHost}:${port}`,
    port,
    stop() {
      stopping ??= (async () => {
        await server.close();
        await engine.close();
      })();
      return stopping;
    },
  };
}
