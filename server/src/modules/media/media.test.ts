import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { UPLOAD_MAX_BYTES } from '@tapquest/shared';
import { createTestUser, startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const png = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: { r: 255, g: 212, b: 0 } } })
    .png()
    .toBuffer();

/** A JPEG carrying GPS EXIF data. */
const jpegWithGps = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' } })
    .toBuffer();

const bytesOf = async (url: string) => (await server.api.get(url).responseType('blob')).body as Buffer;

/** A one-entry ZIP archive (stored, not deflated): enough for unzip tools to open the polyglot. */
function zipHolding(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const entry = Buffer.concat([local, fileName, content]);
  const directory = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(entry.length, 16);
  return Buffer.concat([entry, directory, end]);
}

/** 300x100, red on the left and blue on the right, stored upside down with EXIF orientation 3. */
async function upsideDownJpeg(): Promise<Buffer> {
  const half = (background: string) =>
    sharp({ create: { width: 150, height: 100, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 300, height: 100, channels: 3, background: '#000' } })
    .composite([
      { input: await half('#ff0000'), left: 0, top: 0 },
      { input: await half('#0000ff'), left: 150, top: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation: 3 })
    .toBuffer();
}

/** A tiny PNG whose header claims billions of pixels: decoding it would exhaust memory. */
function pngHeaderClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('PUT /api/my/profile/picture and banner', () => {
  it('re-encodes a picture to 512x512 JPEG without metadata and serves it with a long cache', async () => {
    const user = await createTestUser(server.api);
    const res = await server.api
      .put('/api/my/profile/picture')
      .set(user.auth)
      .attach('file', await jpegWithGps(), 'me.jpg');
    expect(res.status).toBe(200);
    expect(res.body.profilePicture).toMatch(/^\/api\/media\/[a-f0-9]{24}$/);
    const image = await server.api
      .get(res.body.profilePicture)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.headers['etag']).toBe(`"${res.body.profilePicture.split('/').pop()}"`);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.body as Buffer).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([512, 512]);
    expect(meta.exif).toBeUndefined();
    expect((image.body as Buffer).includes(Buffer.from('SpyCam'))).toBe(false);
    expect((image.body as Buffer).includes(Buffer.from('Exif'))).toBe(false);
  });

  it('answers 304 to a revalidation with the ETag', async () => {
    const user = await createTestUser(server.api);
    const res = await server.api
      .put('/api/my/profile/picture')
      .set(user.auth)
      .attach('file', await png(), 'me.png');
    const etag = `"${res.body.profilePicture.split('/').pop()}"`;
    const again = await server.api.get(res.body.profilePicture).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toContain('immutable');
  });

  it('turns the image upright by its EXIF orientation before dropping the EXIF', async () => {
    const user = await createTestUser(server.api);
    const res = await server.api
      .put('/api/my/profile/banner')
      .set(user.auth)
      .attach('file', await upsideDownJpeg(), 'flip.jpg');
    expect(res.status).toBe(200);
    const { data, info } = await sharp(await bytesOf(res.body.banner))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1500, 500]);
    const pixel = (x: number) => [...data.subarray((250 * info.width + x) * 3, (250 * info.width + x) * 3 + 3)];
    // Stored upside down with red on the left, shown upright it has blue on the left.
    const [leftRed, , leftBlue] = pixel(100);
    const [rightRed, , rightBlue] = pixel(1400);
    expect(leftBlue).toBeGreaterThan(200);
    expect(leftRed).toBeLessThan(50);
    expect(rightRed).toBeGreaterThan(200);
    expect(rightBlue).toBeLessThan(50);
  });

  it('resizes a banner to 1500x500 and deletes the image it replaces', async () => {
    const user = await createTestUser(server.api);
    const first = await server.api
      .put('/api/my/profile/banner')
      .set(user.auth)
      .attach('file', await png(300, 100), 'a.png');
    const second = await server.api
      .put('/api/my/profile/banner')
      .set(user.auth)
      .attach('file', await png(300, 100), 'b.png');
    expect(second.status).toBe(200);
    expect(second.body.banner).not.toBe(first.body.banner);
    expect((await server.api.get(first.body.banner)).status).toBe(404);
    const meta = await sharp((await server.api.get(second.body.banner).responseType('blob')).body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([1500, 500]);
  });

  it('strips a script appended to a PNG (polyglot)', async () => {
    const user = await createTestUser(server.api);
    const payload = Buffer.from('<script>alert(1)</script>');
    const res = await server.api
      .put('/api/my/profile/picture')
      .set(user.auth)
      .attach('file', Buffer.concat([await png(), payload]), 'x.png');
    expect(res.status).toBe(200);
    expect((await bytesOf(res.body.profilePicture)).includes(Buffer.from('<script>'))).toBe(false);
  });

  it('strips a ZIP archive appended to a JPEG (polyglot), GPS data included', async () => {
    const user = await createTestUser(server.api);
    const polyglot = Buffer.concat([await jpegWithGps(), zipHolding('evil.html', Buffer.from('<script>alert(1)</script>'))]);
    const res = await server.api.put('/api/my/profile/picture').set(user.auth).attach('file', polyglot, 'x.jpg');
    expect(res.status).toBe(200);
    const stored = await bytesOf(res.body.profilePicture);
    for (const leftover of ['PK\u0003\u0004', 'evil.html', '<script>', 'SpyCam'])
      expect(stored.includes(Buffer.from(leftover))).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it.each([
    ['a renamed executable', () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048, 1)]), 'photo.png', 415],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      'x.gif',
      415,
    ],
    ['an empty file', () => Buffer.alloc(0), 'empty.png', 415],
    [
      'a ZIP archive with a JPEG appended',
      async () => Buffer.concat([zipHolding('a.txt', Buffer.from('hi')), await jpegWithGps()]),
      'x.jpg',
      415,
    ],
    ['a PDF', () => Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'), 'doc.png', 415],
    ['a file over 10 MB', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10485760)]), 'big.jpg', 413],
  ])('refuses %s and keeps the old picture', async (_label, make, name, status) => {
    const user = await createTestUser(server.api);
    const ok = await server.api
      .put('/api/my/profile/picture')
      .set(user.auth)
      .attach('file', await png(), 'ok.png');
    const res = await server.api
      .put('/api/my/profile/picture')
      .set(user.auth)
      .attach('file', await make(), name);
    expect(res.status).toBe(status);
    expect(res.body.messages[0].message).toMatch(status === 413 ? /10MB/ : /JPG and PNG/);
    expect((await server.api.get('/api/my/profile').set(user.auth)).body.profilePicture).toBe(ok.body.profilePicture);
  });

  it('refuses a real decompression bomb (64 megapixels in 190 KB) made with sharp, keeping the old banner', async () => {
    const user = await createTestUser(server.api);
    const ok = await server.api
      .put('/api/my/profile/banner')
      .set(user.auth)
      .attach('file', await png(300, 100), 'ok.png');
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const res = await server.api.put('/api/my/profile/banner').set(user.auth).attach('file', bomb, 'bomb.png');
    expect(res.status).toBe(413);
    expect(res.body.messages[0].message).toBe('The image dimensions are too large');
    expect((await server.api.get('/api/my/profile').set(user.auth)).body.banner).toBe(ok.body.banner);
  });

  it('refuses a PNG header claiming billions of pixels without decoding it', async () => {
    const user = await createTestUser(server.api);
    const bomb = pngHeaderClaiming(60000, 60000);
    const before = process.memoryUsage().rss;
    const res = await server.api.put('/api/my/profile/banner').set(user.auth).attach('file', bomb, 'bomb.png');
    expect(res.status).toBe(413);
    expect(res.body.messages[0].message).toMatch(/dimensions/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 2 ** 20);
  });

  it('needs a valid token and a file field', async () => {
    expect((await server.api.put('/api/my/profile/picture').attach('file', await png(), 'a.png')).status).toBe(401);
    const forged = await server.api
      .put('/api/my/profile/banner')
      .set('Authorization', 'Bearer not.a.token')
      .attach('file', await png(), 'a.png');
    expect(forged.status).toBe(401);
    const user = await createTestUser(server.api);
    const res = await server.api.put('/api/my/profile/picture').set(user.auth).field('other', 'x');
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toBe('file is required');
  });

  it('answers 404 for unknown media ids', async () => {
    const unknown = await server.api.get('/api/media/000000000000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.messages[0].message).toBe('Image not found');
    expect((await server.api.get('/api/media/not-an-id')).status).toBe(404);
  });
});
