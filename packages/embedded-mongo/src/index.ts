import { Engine } from './engine.js';
import { WireServer } from './server.js';
import { JournalPersistence } from './storage/journal.js';
import { MemoryPersistence } from './storage/persistence.js';

export interface EmbeddedMongoOptions {
  /** 0 or omitted = a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Omitted = in-memory only. */
  dataDir?: string;
}

export interface EmbeddedMongo {
  /** mongodb://127.0.0.1:PORT (append /dbname). */
  uri: string;
  port: number;
  stop(): Promise<void>;
}

export async function startEmbeddedMongo(opts: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const host = opts.host ?? '127.0.0.1';
  const engine = new Engine(opts.dataDir ? new JournalPersistence(opts.dataDir) : new MemoryPersistence());
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
