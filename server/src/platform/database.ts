import path from 'node:path';
import mongoose from 'mongoose';
import { startEmbeddedMongo, type EmbeddedMongo } from '@tapquest/embedded-mongo';
import type { Logger } from './logger.js';

export interface Database {
  uri: string;
  embedded: boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Same code path for the embedded engine and a real MongoDB: only the URI differs.
export async function connectDatabase(opts: { mongoUri?: string; dataDir: string; inMemory?: boolean; logger: Logger }): Promise<Database> {
  let engine: EmbeddedMongo | undefined;
  let uri = opts.mongoUri;
  if (!uri) {
    engine = await startEmbeddedMongo(opts.inMemory ? {} : { dataDir: path.join(opts.dataDir, 'db') });
    uri = `${engine.uri}/tapquest`;
    opts.logger.info({ uri }, 'embedded MongoDB engine started');
  }
  mongoose.set('strictQuery', true);
  await mongoose.connect(uri, { serverSelectionTimeoutMS: 5000, autoIndex: true });
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  return {
    uri,
    embedded: Boolean(engine),
    async ping() {
      const db = mongoose.connection.db;
      if (!db) throw new Error('not connected');
      await db.admin().command({ ping: 1 });
    },
    async close() {
      await mongoose.disconnect();
      await engine?.stop();
    },
  };
}
