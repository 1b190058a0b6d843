import { Binary, ObjectId, type Document } from 'bson';

// Value helpers shared by storage and commands: deep cloning that keeps BSON
// classes intact, canonical keys for hashing, and MongoDB-style value printing.

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** Deep clone for stored documents. Immutable BSON values (ObjectId, Long, Decimal128...) are shared; mutable ones copied. */
export function cloneValue<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneValue) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) out[k] = cloneValue(value[k]);
    return out as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof RegExp) return new RegExp(value.source, value.flags) as T;
  if (value instanceof Binary) return new Binary(Buffer.from(value.buffer.subarray(0, value.position)), value.sub_type) as T;
  if (value instanceof Uint8Array) return Buffer.from(value) as T;
  return value;
}

export function cloneDocument(doc: Document): Document {
  return cloneValue(doc);
}

/**
 * A string that is equal for two values exactly when MongoDB's index would treat
 * them as the same key (numbers by value across int/double/long, null == missing).
 */
export function keyOf(value: unknown): string {
  if (value === undefined || value === null) return 'z';
  switch (typeof value) {
    case 'number':
      return 'n' + (Object.is(value, -0) ? 0 : value);
    case 'string':
      return 's' + JSON.stringify(value);
    case 'boolean':
      return value ? 'b1' : 'b0';
    case 'bigint':
      return 'n' + value.toString();
  }
  if (Array.isArray(value)) return 'a[' + value.map(keyOf).join(',') + ']';
  if (value instanceof Date) return 'd' + value.getTime();
  if (value instanceof RegExp) return 'r' + String(value);
  if (isPlainObject(value)) {
    return 'O{' + Object.keys(value).map((k) => JSON.stringify(k) + ':' + keyOf(value[k])).join(',') + '}';
  }
  const bsonType = (value as { _bsontype?: string })._bsontype;
  switch (bsonType) {
    case 'ObjectId':
      return 'o' + (value as ObjectId).toHexString();
    case 'Long':
    case 'Int32':
    case 'Double':
      // Longs small enough to promote already arrived as numbers; the rest compare by exact value.
      return 'n' + String(value.toString());
    case 'Decimal128': {
      const n = Number(value.toString());
      return Number.isFinite(n) && String(n) === value.toString() ? 'n' + n : 'D' + value.toString();
    }
    case 'Binary': {
      const b = value as Binary;
      return 'x' + b.sub_type + ':' + Buffer.from(b.buffer.subarray(0, b.position)).toString('base64');
    }
  }
  return (bsonType ?? 'u') + ':' + JSON.stringify(value);
}

/** Prints a value the way mongod does inside error messages, e.g. `{ name: "x", _id: ObjectId('…') }`. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return '[ ' + value.map(formatValue).join(', ') + ' ]';
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (value instanceof RegExp) return String(value);
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (!keys.length) return '{}';
    return '{ ' + keys.map((k) => `${k}: ${formatValue(value[k])}`).join(', ') + ' }';
  }
  const bsonType = (value as { _bsontype?: string })._bsontype;
  if (bsonType === 'ObjectId') return `ObjectId('${(value as ObjectId).toHexString()}')`;
  if (bsonType === 'Decimal128') return `${value.toString()}`;
  if (bsonType === 'Long') return `${value.toString()}`;
  return String(value);
}

/** Values of a dotted path with MongoDB's array traversal (used for index keys and distinct). */
export function valuesAtPath(doc: unknown, path: string): unknown[] {
  return walk(doc, path.split('.'), 0);
}

function walk(current: unknown, parts: string[], i: number): unknown[] {
  if (i === parts.length) {
    if (Array.isArray(current)) return current.length ? current : [undefined];
    return [current];
  }
  if (current === null || typeof current !== 'object') return [undefined];
  const part = parts[i];
  if (Array.isArray(current)) {
    if (/^\d+$/.test(part)) return walk(current[Number(part)], parts, i + 1);
    const out: unknown[] = [];
    for (const el of current) {
      if (el !== null && typeof el === 'object') out.push(...walk(el, parts, i));
    }
    return out.length ? out : [undefined];
  }
  return walk((current as Record<string, unknown>)[part], parts, i + 1);
}

/** Plain single-value read of a dotted path without array expansion (undefined when absent). */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

export function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Record<string, unknown> = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]];
    if (next === null || typeof next !== 'object') cur[parts[i]] = {};
    cur = cur[parts[i]] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]] = value;
}

export { isPlainObject };
