import type { Document } from 'bson';
import type { CursorManager } from '../cursors.js';
import { MongoError } from '../errors.js';
import type { Catalog } from '../storage/catalog.js';
import { isPlainObject } from '../storage/values.js';

export interface ConnectionInfo {
  id: number;
  remote: string;
}

export interface CommandContext {
  db: string;
  catalog: Catalog;
  cursors: CursorManager;
  connection: ConnectionInfo;
  engine: { connectionCount(): number; startedAt: number; port(): number; storage(): Document };
}

export type CommandHandler = (cmd: Document, ctx: CommandContext) => Document;

// Fields every command may carry that don't change its result here: sessions
// (ignored because we never advertise them), read/write concerns (a single node
// acknowledges after its own journal), API versioning and diagnostics.
const GENERIC_FIELDS = new Set([
  '$db', 'lsid', 'txnNumber', 'autocommit', '$clusterTime', '$readPreference', 'readConcern', 'writeConcern',
  'maxTimeMS', 'comment', 'apiVersion', 'apiStrict', 'apiDeprecationErrors', '$client', 'bypassDocumentValidation',
  '$audit', 'mayBypassWriteBlocking', 'startTransaction',
]);

/** Rejects fields a command doesn't support, naming them, instead of ignoring them and returning something wrong. */
export function checkFields(cmd: Document, allowed: readonly string[]): void {
  const name = Object.keys(cmd)[0];
  for (const field of Object.keys(cmd)) {
    if (field === name || GENERIC_FIELDS.has(field) || allowed.includes(field)) continue;
    throw new MongoError('BadValue', `embedded-mongo does not support the option '${field}' of the '${name}' command`);
  }
}

export function collectionName(cmd: Document): string {
  const name = Object.keys(cmd)[0];
  const value = cmd[name];
  if (typeof value !== 'string' || !value) {
    throw new MongoError('InvalidNamespace', `collection name has invalid type ${value === null ? 'null' : typeof value}`);
  }
  return value;
}

export function optionalDocument(cmd: Document, field: string): Document | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v)) throw new MongoError('TypeMismatch', `BSON field '${Object.keys(cmd)[0]}.${field}' is the wrong type '${typeof v}', expected type 'object'`);
  return v as Document;
}

export function optionalNumber(cmd: Document, field: string): number | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'object' && '_bsontype' in (v as object) ? Number(v.toString()) : NaN;
  if (!Number.isFinite(n)) throw new MongoError('TypeMismatch', `BSON field '${Object.keys(cmd)[0]}.${field}' is the wrong type '${typeof v}', expected a number`);
  return n;
}

export function nonNegative(cmd: Document, field: string): number | undefined {
  const n = optionalNumber(cmd, field);
  if (n !== undefined && n < 0) throw new MongoError('BadValue', `${field} must be non-negative, but received: ${n}`);
  return n;
}

/** Only the simple (binary) collation is implemented; anything else would sort and match differently. */
export function checkCollation(collation: unknown): void {
  if (collation === undefined || collation === null) return;
  if (isPlainObject(collation) && collation.locale === 'simple') return;
  throw new MongoError('BadValue', 'embedded-mongo does not support collations other than { locale: "simple" }');
}

export function namespace(ctx: CommandContext, coll: string): string {
  return `${ctx.db}.${coll}`;
}
