import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTarget, type TestTarget } from './harness.js';

let t: TestTarget;
let host: string;
let port: number;
beforeAll(async () => {
  t = await openTarget('robustness');
  const url = new URL(t.uri.replace(/^mongodb:\/\//, 'http://').split(',')[0]);
  host = url.hostname.replace(/^\[|\]$/g, '');
  port = Number(url.port || 27017);
});
afterAll(async () => {
  await t.close();
});

/** Sends raw bytes and resolves with how the server reacted: closed the socket, or replied. */
function sendRaw(bytes: Buffer, waitMs = 2000): Promise<'closed' | 'replied' | 'silent'> {
  return new Promise((resolve) => {
    const sock = net.connect(port, host);
    let settled = false;
    const done = (r: 'closed' | 'replied' | 'silent') => {
      if (settled) return;
      settled = true;
      sock.destroy();
      resolve(r);
    };
    sock.on('data', () => done('replied'));
    sock.on('close', () => done('closed'));
    sock.on('error', () => done('closed'));
    sock.on('connect', () => sock.write(bytes));
    setTimeout(() => done('silent'), waitMs);
  });
}

function header(length: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(1, 4);
  h.writeInt32LE(opCode, 12);
  return h;
}

describe('malformed input', () => {
  it('closes the offending connection while other clients keep working', async () => {
    const coll = t.db.collection('alive');
    await coll.insertOne({ before: true });
    // OP_MSG whose body claims a 1000-byte BSON document but carries 5 bytes.
    const body = Buffer.concat([Buffer.alloc(4), Buffer.from([0]), Buffer.from([0xe8, 0x03, 0, 0, 0])]);
    expect(await sendRaw(Buffer.concat([header(16 + body.length, 2013), body]))).toBe('closed');
    // Garbage that isn't a header at all.
    expect(await sendRaw(Buffer.from([0xff, 0xff, 0xff, 0x7f, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))).toBe('closed');
    // A message longer than maxMessageSizeBytes.
    expect(await sendRaw(header(48_000_001, 2013))).toBe('closed');
    // Unknown opcode.
    expect(await sendRaw(Buffer.concat([header(21, 9999), Buffer.alloc(5)]))).toBe('closed');
    await coll.insertOne({ after: true });
    expect(await coll.countDocuments()).toBe(2);
  });

  it('survives invalid BSON inside a well-framed message', async () => {
    // Section kind 0 with a document whose element type byte is bogus.
    const doc = Buffer.from([0x0c, 0, 0, 0, 0x99, 0x61, 0, 1, 0, 0, 0, 0]);
    const body = Buffer.concat([Buffer.alloc(4), Buffer.from([0]), doc]);
    const reaction = await sendRaw(Buffer.concat([header(16 + body.length, 2013), body]));
    expect(['closed', 'replied']).toContain(reaction);
    expect((await t.db.command({ ping: 1 })).ok).toBe(1);
  });
});
