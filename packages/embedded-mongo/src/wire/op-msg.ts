import { deserialize, serialize, type Document } from 'bson';
import { DESERIALIZE_OPTIONS } from './bson-options.js';
import { encodeHeader, OP_MSG, ProtocolError, readCString, sliceBsonDocument } from './framing.js';

export const FLAG_CHECKSUM_PRESENT = 1 << 0;
export const FLAG_MORE_TO_COME = 1 << 1;
export const FLAG_EXHAUST_ALLOWED = 1 << 16;
// Bits 0-15 are "required": a receiver must reject any it doesn't understand.
const KNOWN_REQUIRED_BITS = FLAG_CHECKSUM_PRESENT | FLAG_MORE_TO_COME;

export interface OpMsgRequest {
  flags: number;
  moreToCome: boolean;
  /** Kind-0 body with kind-1 document sequences already merged in as array fields, like mongod does. */
  command: Document;
}

export function decodeOpMsg(body: Buffer): OpMsgRequest {
  if (body.length < 5) throw new ProtocolError('OP_MSG too short');
  const flags = body.readUInt32LE(0);
  if ((flags & 0xffff) & ~KNOWN_REQUIRED_BITS) throw new ProtocolError(`unsupported OP_MSG flag bits ${flags}`);
  // The checksum is CRC-32C; we don't verify it (TCP already does) but must not parse it as a section.
  const end = flags & FLAG_CHECKSUM_PRESENT ? body.length - 4 : body.length;
  let offset = 4;
  let command: Document | undefined;
  const sequences: Array<[string, Document[]]> = [];
  while (offset < end) {
    const kind = body[offset++];
    if (kind === 0) {
      if (command) throw new ProtocolError('OP_MSG has more than one body section');
      const bytes = sliceBsonDocument(body, offset);
      command = deserialize(bytes, DESERIALIZE_OPTIONS);
      offset += bytes.length;
    } else if (kind === 1) {
      if (offset + 4 > end) throw new ProtocolError('truncated document sequence');
      const size = body.readInt32LE(offset);
      const seqEnd = offset + size;
      if (size < 5 || seqEnd > end) throw new ProtocolError('invalid document sequence size');
      const { value: identifier, next } = readCString(body, offset + 4);
      const docs: Document[] = [];
      let p = next;
      while (p < seqEnd) {
        const bytes = sliceBsonDocument(body, p);
        if (p + bytes.length > seqEnd) throw new ProtocolError('document overruns sequence');
        docs.push(deserialize(bytes, DESERIALIZE_OPTIONS));
        p += bytes.length;
      }
      sequences.push([identifier, docs]);
      offset = seqEnd;
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
    }
  }
  if (!command) throw new ProtocolError('OP_MSG without body section');
  for (const [identifier, docs] of sequences) {
    if (identifier in command) throw new ProtocolError(`duplicate field ${identifier} in OP_MSG`);
    command[identifier] = docs;
  }
  return { flags, moreToCome: (flags & FLAG_MORE_TO_COME) !== 0, command };
}

export function encodeOpMsg(requestId: number, responseTo: number, doc: Document): Buffer {
  const bson = serialize(doc);
  const prefix = Buffer.alloc(5); // flagBits (0) + section kind 0
  const length = 16 + prefix.length + bson.length;
  return Buffer.concat([encodeHeader(length, requestId, responseTo, OP_MSG), prefix, bson]);
}
