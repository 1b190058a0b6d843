// Splits a TCP byte stream into whole wire-protocol messages and validates the
// 16-byte header before anything else looks at the bytes.

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const MAX_MESSAGE_SIZE_BYTES = 48_000_000;
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
const HEADER_SIZE = 16;

export interface MessageHeader {
  messageLength: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export interface RawMessage {
  header: MessageHeader;
  /** Bytes after the 16-byte header. */
  body: Buffer;
}

/** Thrown when the stream cannot be trusted any more; the connection must be closed. */
export class ProtocolError extends Error {}

export class MessageFramer {
  private chunks: Buffer[] = [];
  private buffered = 0;

  /** Feeds bytes and returns every complete message now available. Throws ProtocolError on a bad header. */
  push(chunk: Buffer): RawMessage[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: RawMessage[] = [];
    for (;;) {
      if (this.buffered < 4) break;
      const head = this.peek(Math.min(this.buffered, HEADER_SIZE));
      const messageLength = head.readInt32LE(0);
      // Validate the length before waiting for more bytes so a hostile length can't make us buffer forever.
      if (messageLength < HEADER_SIZE || messageLength > MAX_MESSAGE_SIZE_BYTES) {
        throw new ProtocolError(`invalid message length ${messageLength}`);
      }
      if (this.buffered < messageLength) break;
      const whole = this.take(messageLength);
      out.push({
        header: {
          messageLength,
          requestId: whole.readInt32LE(4),
          responseTo: whole.readInt32LE(8),
          opCode: whole.readInt32LE(12),
        },
        body: whole.subarray(HEADER_SIZE),
      });
    }
    return out;
  }

  private peek(n: number): Buffer {
    if (this.chunks[0].length >= n) return this.chunks[0];
    const joined = Buffer.concat(this.chunks);
    this.chunks = [joined];
    return joined;
  }

  private take(n: number): Buffer {
    const joined = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const msg = joined.subarray(0, n);
    const rest = joined.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return msg;
  }
}

export function encodeHeader(messageLength: number, requestId: number, responseTo: number, opCode: number): Buffer {
  const header = Buffer.alloc(HEADER_SIZE);
  header.writeInt32LE(messageLength, 0);
  header.writeInt32LE(requestId, 4);
  header.writeInt32LE(responseTo, 8);
  header.writeInt32LE(opCode, 12);
  return header;
}

/** Reads one BSON document's bytes at `offset`, checking its declared size fits. */
export function sliceBsonDocument(buf: Buffer, offset: number): Buffer {
  if (offset + 5 > buf.length) throw new ProtocolError('truncated BSON document');
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > buf.length) throw new ProtocolError(`invalid BSON document size ${size}`);
  if (size > MAX_BSON_OBJECT_SIZE + 16 * 1024) throw new ProtocolError(`BSON document too large: ${size}`);
  return buf.subarray(offset, offset + size);
}

export function readCString(buf: Buffer, offset: number): { value: string; next: number } {
  const end = buf.indexOf(0, offset);
  if (end < 0) throw new ProtocolError('unterminated cstring');
  return { value: buf.toString('utf8', offset, end), next: end + 1 };
}
