import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { createTestUser, startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const png = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: { r: 255, g: 212, b: 0 } } }).png().toBuffer();

/** A JPEG carrying GPS EXIF data. */
const jpegWithGps = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' } })
    .toBuffer();

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
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk('IEND', Buffer.alloc(0))]);
}

describe('PUT /api/my/profile/picture and banner', () => {
  it('re-encodes a picture to 512x512 JPEG without metadata and serves it with a long cache', async () => {
    const user = await createTestUser(server.api);
    const res = await server.api.put('/api/my/profile/picture').set(user.auth).attach('file', await jpegWithGps(), 'me.jpg');
    expect(res.status).toBe(200);
    expect(res.body.profilePicture).toMatch(/^\/api\/media\/[a-f0-9]{24}$/);
    const image = await server.api.get(res.body.profilePicture).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('immutable');
    const meta = await sharp(image.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    expect(meta.exif).toBeUndefined();
    expect((image.body as Buffer).includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it('resizes a banner to 1500x500 and deletes the image it replaces', async () => {
    const user = await createTestUser(server.api);
    const first = await server.api.put('/api/my/profile/banner').set(user.auth).attach('file', await png(300, 100), 'a.png');
    const second = await server.api.put('/api/my/profile/banner').set(user.auth).attach('file', await png(300, 100), 'b.png');
    expect(second.status).toBe(200);
    expect(second.body.banner).not.toBe(first.body.banner);
    expect((await server.api.get(first.body.banner)).status).toBe(404);
    const meta = await sharp((await server.api.get(second.body.banner).responseType('blob')).body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([1500, 500]);
  });

  it('strips bytes appended to an image (polyglot)', async () => {
    const user = await createTestUser(server.api);
    const payload = Buffer.from('PK\u0003\u0004<script>alert(1)</script>');
    const res = await server.api.put('/api/my/profile/picture').set(user.auth).attach('file', Buffer.concat([await png(), payload]), 'x.png');
    expect(res.status).toBe(200);
    const stored = (await server.api.get(res.body.profilePicture).responseType('blob')).body as Buffer;
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
  });

  it.each([
    ['a renamed executable', () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048, 1)]), 'photo.png', 415],
    ['a GIF', () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer(), 'x.gif', 415],
    ['an empty file', () => Buffer.alloc(0), 'empty.png', 400],
    ['a file over 10 MB', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10485760)]), 'big.jpg', 413],
  ])('refuses %s and keeps the old picture', async (_label, make, name, status) => {
    const user = await createTestUser(server.api);
    const ok = await server.api.put('/api/my/profile/picture').set(user.auth).attach('file', await png(), 'ok.png');
    const res = await server.api.put('/api/my/profile/picture').set(user.auth).attach('file', await make(), name);
    expect(res.status).toBe(status);
    expect(res.body.messages[0].message).toBeTruthy();
    expect((await server.api.get('/api/my/profile').set(user.auth)).body.profilePicture).toBe(ok.body.profilePicture);
  });

  it('refuses a decompression bomb without decoding it', async () => {
    const user = await createTestUser(server.api);
    const bomb = pngHeaderClaiming(60000, 60000);
    const before = process.memoryUsage().rss;
    const res = await server.api.put('/api/my/profile/banner').set(user.auth).attach('file', bomb, 'bomb.png');
    expect(res.status).toBe(413);
    expect(res.body.messages[0].message).toMatch(/dimensions/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 2 ** 20);
  });

  it('needs a token and a file field', async () => {
    expect((await server.api.put('/api/my/profile/picture').attach('file', await png(), 'a.png')).status).toBe(401);
    const user = await createTestUser(server.api);
    const res = await server.api.put('/api/my/profile/picture').set(user.auth).field('other', 'x');
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toBe('file is required');
  });

  it('answers 404 for unknown media ids', async () => {
    expect((await server.api.get('/api/media/000000000000000000000000')).status).toBe(404);
    expect((await server.api.get('/api/media/not-an-id')).status).toBe(404);
  });
});
