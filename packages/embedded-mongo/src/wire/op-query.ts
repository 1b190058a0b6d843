import { deserialize, serialize, type Document } from 'bson';
import { DESERIALIZE_OPTIONS } from './bson-options.js';
import { encodeHeader, OP_REPLY, ProtocolError, readCString, sliceBsonDocument } from './framing.js';

// OP_QUERY survives only for the legacy handshake (drivers send isMaster this way
// before they know the server speaks OP_MSG), so we accept only `<db>.$cmd` queries.
export interface OpQueryRequest {
  fullCollectionName: string;
  dbName: string;
  command: Document;
}

export function decodeOpQuery(body: Buffer): OpQueryRequest {
  if (body.length < 4) throw new ProtocolError('OP_QUERY too short');
  const { value: fullCollectionName, next } = readCString(body, 4);
  if (next + 8 > body.length) throw new ProtocolError('truncated OP_QUERY');
  const bytes = sliceBsonDocument(body, next + 8);
  let command = deserialize(bytes, DESERIALIZE_OPTIONS);
  // Old drivers wrap the command as { $query: {...}, $readPreference: ... }.
  if (command.$query && typeof command.$query === 'object') command = command.$query as Document;
  const dot = fullCollectionName.indexOf('.');
  const dbName = dot < 0 ? fullCollectionName : fullCollectionName.slice(0, dot);
  return { fullCollectionName, dbName, command };
}

export function encodeOpReply(requestId: number, responseTo: number, doc: Document): Buffer {
  const bson = serialize(doc);
  const fixed = Buffer.alloc(20); // responseFlags(4) cursorID(8) startingFrom(4) numberReturned(4)
  fixed.writeInt32LE(1, 16);
  const length = 16 + fixed.length + bson.length;
  return Buffer.concat([encodeHeader(length, requestId, responseTo, OP_REPLY), fixed, bson]);
}
