import zlib from 'node:zlib';

// CRC-32 (IEEE, the zlib/PNG one). node:zlib has it natively since Node 20.15 / 22.2;
// older Node 20 releases get the table-driven version, which gives identical values.

let table: Uint32Array | null = null;

function crc32Table(data: Uint8Array, crc = 0): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let c = (crc ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const native = (zlib as unknown as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;

/** CRC-32 of `data`, continuing from `crc` (0 to start). */
export const crc32: (data: Uint8Array, crc?: number) => number = native ? (data, crc = 0) => native(data, crc) : crc32Table;

/** Exposed for the test that pins the fallback to the native implementation. */
export const crc32Fallback = crc32Table;
