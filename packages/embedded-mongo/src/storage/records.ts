import { deserialize, type Document } from 'bson';
import { DESERIALIZE_OPTIONS } from '../wire/bson-options.js';
import { crc32 } from './crc32.js';

// Record framing shared by journal and snapshot files:
//
//   [payload length: u32 LE][CRC-32 of payload: u32 LE][payload: one or more whole BSON documents]
//
// A record is the unit of atomicity: one journal record holds every operation of one command, so
// after a crash a command is either entirely there or entirely absent. Readers stop at the first
// record that is short, fails its checksum or doesn't parse.

export const RECORD_HEADER_BYTES = 8;
/** Far above anything a 48 MB wire message can produce; a larger length means garbage, not data. */
export const MAX_RECORD_BYTES = 256 * 1024 * 1024;

/** Frames already-serialized BSON documents as one record. */
export function encodeRecord(docs: Uint8Array[]): Buffer {
  let size = 0;
  for (const d of docs) size += d.length;
  const out = Buffer.allocUnsafe(RECORD_HEADER_BYTES + size);
  let offset = RECORD_HEADER_BYTES;
  for (const d of docs) {
    out.set(d, offset);
    offset += d.length;
  }
  out.writeUInt32LE(size, 0);
  out.writeUInt32LE(crc32(out.subarray(RECORD_HEADER_BYTES)), 4);
  return out;
}

export interface RecordScan {
  /** Documents of each valid record, in file order. */
  records: Document[][];
  /** Byte offset just past the last valid record. */
  validBytes: number;
  /** Why scanning stopped before the end of the data, if it did. */
  problem?: string;
}

/** Reads records from `data` starting at `offset` up to the first bad one. */
export function scanRecords(data: Buffer, offset = 0): RecordScan {
  const records: Document[][] = [];
  let pos = offset;
  while (pos < data.length) {
    if (pos + RECORD_HEADER_BYTES > data.length) return { records, validBytes: pos, problem: `truncated record header at offset ${pos}` };
    const size = data.readUInt32LE(pos);
    const expected = data.readUInt32LE(pos + 4);
    if (size < 5 || size > MAX_RECORD_BYTES) return { records, validBytes: pos, problem: `invalid record length ${size} at offset ${pos}` };
    const end = pos + RECORD_HEADER_BYTES + size;
    if (end > data.length) return { records, validBytes: pos, problem: `truncated record at offset ${pos} (${size} bytes declared, ${data.length - pos - RECORD_HEADER_BYTES} present)` };
    const payload = data.subarray(pos + RECORD_HEADER_BYTES, end);
    if (crc32(payload) !== expected) return { records, validBytes: pos, problem: `checksum mismatch in record at offset ${pos}` };
    const docs = splitDocuments(payload);
    if (!docs) return { records, validBytes: pos, problem: `malformed BSON in record at offset ${pos}` };
    records.push(docs);
    pos = end;
  }
  return { records, validBytes: pos };
}

function splitDocuments(payload: Buffer): Document[] | null {
  const docs: Document[] = [];
  let p = 0;
  try {
    while (p < payload.length) {
      if (p + 5 > payload.length) return null;
      const size = payload.readInt32LE(p);
      if (size < 5 || p + size > payload.length) return null;
      docs.push(deserialize(payload.subarray(p, p + size), DESERIALIZE_OPTIONS));
      p += size;
    }
  } catch {
    return null;
  }
  return docs;
}
