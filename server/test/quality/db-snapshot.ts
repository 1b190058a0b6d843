import { BSON } from 'mongodb';
import mongoose from 'mongoose';

// "Nothing changed" made checkable: every document of every collection as canonical EJSON, keyed
// by collection and _id. Two snapshots differ exactly where a request wrote something.

export type Snapshot = Map<string, string>;

export async function snapshotDatabase(keep: (json: string) => boolean = () => true): Promise<Snapshot> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('mongoose is not connected');
  const snapshot: Snapshot = new Map();
  for (const collection of await db.collections()) {
    for (const doc of await collection.find({}).toArray()) {
      const json = BSON.EJSON.stringify(doc, { relaxed: false });
      if (keep(json)) snapshot.set(`${collection.collectionName}/${BSON.EJSON.stringify(doc._id)}`, json);
    }
  }
  return snapshot;
}

/** The documents of one user: every document that mentions their id anywhere. */
export const snapshotOwnedBy = (userId: string) => snapshotDatabase((json) => json.includes(userId));

/** What changed between two snapshots, one line per document: [] when nothing did. */
export function changes(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [key, json] of after) {
    if (!before.has(key)) out.push(`added ${key}: ${json.slice(0, 300)}`);
    else if (before.get(key) !== json) out.push(`changed ${key}: ${before.get(key)!.slice(0, 300)} -> ${json.slice(0, 300)}`);
  }
  for (const key of before.keys()) if (!after.has(key)) out.push(`removed ${key}`);
  return out;
}
