import { MongoClient, type Db } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';

// Every suite runs against the embedded engine by default, or against a real
// server when MONGODB_TEST_URI is set, with the same assertions.
export const REAL_URI = process.env.MONGODB_TEST_URI;
export const embedded = !REAL_URI;

export interface TestTarget {
  /** Server URI; pass `{ dbName }` to mongoose.connect / use client.db(dbName). */
  uri: string;
  dbName: string;
  client: MongoClient;
  db: Db;
  engine?: EmbeddedMongo;
  close(): Promise<void>;
}

export async function openTarget(tag: string): Promise<TestTarget> {
  const engine = REAL_URI ? undefined : await startEmbeddedMongo();
  const uri = REAL_URI ?? engine!.uri;
  const dbName = `emtest_${tag}_${process.pid}_${Date.now().toString(36)}`;
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5000 });
  const db = client.db(dbName);
  return {
    uri,
    dbName,
    client,
    db,
    engine,
    async close() {
      if (REAL_URI) await db.dropDatabase().catch(() => undefined);
      await client.close();
      await engine?.stop();
    },
  };
}

