import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serialize } from 'bson';
import { crc32, crc32Fallback } from '../src/storage/crc32.js';
import { encodeRecord, scanRecords } from '../src/storage/records.js';

describe('journal records', () => {
  it('computes the same CRC-32 with the table fallback as with node:zlib', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926); // the standard check value
    for (const size of [0, 1, 7, 64, 4096]) {
      const data = randomBytes(size);
      expect(crc32Fallback(data)).toBe(crc32(data));
    }
  });

  it('reads records back and stops at the first short, corrupt or malformed one', () => {
    const a = encodeRecord([serialize({ op: 'a' }), serialize({ op: 'b' })]);
    const b = encodeRecord([serialize({ op: 'c' })]);
    const ok = scanRecords(Buffer.concat([a, b]));
    expect(ok.records.map((r) => r.map((d) => d.op))).toEqual([['a', 'b'], ['c']]);
    expect(ok.validBytes).toBe(a.length + b.length);
    expect(ok.problem).toBeUndefined();

    const torn = scanRecords(Buffer.concat([a, b.subarray(0, b.length - 1)]));
    expect(torn.records).toHaveLength(1);
    expect(torn.validBytes).toBe(a.length);
    expect(torn.problem).toMatch(/truncated record/);

    const flipped = Buffer.concat([a, b]);
    flipped[a.length + 12] ^= 1;
    expect(scanRecords(flipped)).toMatchObject({ validBytes: a.length, problem: expect.stringMatching(/checksum/) });

    const garbageLength = Buffer.concat([a, Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0])]);
    expect(scanRecords(garbageLength)).toMatchObject({ validBytes: a.length, problem: expect.stringMatching(/invalid record length/) });
  });
});
