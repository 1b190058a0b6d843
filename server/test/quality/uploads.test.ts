import mongoose from 'mongoose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer, type TestUser } from '../harness.js';
import { PHP, SCRIPT, disguised, jpegWithHtmlComment, pngBomb, pngWithScriptChunk, truncatedJpeg } from './hostile-files.js';
import { samplePng } from './world.js';

// Upload abuse beyond what media.test.ts covers (a renamed MZ executable, a GIF, empty, over
// 10 MB, bytes appended to a PNG, a header claiming billions of pixels): bombs that really
// decompress, several at once; scripts inside image metadata; more disguises; truncated images;
// multipart tricks; oversize uploads in parallel. Each is refused or safely re-encoded, the
// server's memory stays bounded, and a refusal leaves the stored pictures as they were.

const MB = 2 ** 20;

let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await createTestUser(server.api);
  await server.api
    .put('/api/my/profile/picture')
    .set(user.auth)
    .attach('file', await samplePng(), 'me.png')
    .expect(200);
});
afterAll(() => server?.close());

const upload = (kind: 'picture' | 'banner', data: Buffer, filename: string, contentType = 'image/png') =>
  server.api.put(`/api/my/profile/${kind}`).set(user.auth).attach('file', data, { filename, contentType });

const download = async (url: string) => {
  const res = await server.api.get(url).responseType('blob');
  return { res, bytes: res.body as Buffer };
};

/** What a refused upload must leave alone: the stored files and the profile's picture. */
async function stored() {
  const db = mongoose.connection.db!;
  const [files, chunks] = await Promise.all([
    db.collection('media.files').countDocuments(),
    db.collection('media.chunks').countDocuments(),
  ]);
  const profile = await server.api.get('/api/my/profile').set(user.auth);
  return { files, chunks, picture: profile.body.profilePicture as string };
}

/** Runs `work` while sampling the process's resident memory; answers its result and the peak growth. */
async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ value: T; growth: number }> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, growth: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}

describe('decompression bombs', () => {
  it('re-encodes or refuses a few real ones sent at once, with memory bounded', async () => {
    // 6000 x 6000 is under the pixel limit: it is decoded, so this is what memory has to survive.
    const bomb = await pngBomb(6000, 6000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const { value: answers, growth } = await peakRssGrowth(() => Promise.all([1, 2, 3].map(() => upload('banner', bomb, 'bomb.png'))));
    for (const res of answers) {
      expect([200, 413], res.text).toContain(res.status);
      if (res.status === 413) expect(res.body.messages[0].message).toMatch(/\S/);
    }
    // Decoded whole, three would need over 324 MB at once; streamed through the resize they take about 120.
    expect(growth / MB, 'MB of resident memory grown while three bombs were handled').toBeLessThan(250);
    // Each accepted bomb replaced the banner before it: the one left is a real 1500 x 500 image.
    if (answers.some((a) => a.status === 200)) {
      const banner = (await server.api.get('/api/my/profile').set(user.auth)).body.banner;
      expect((await sharp((await download(banner)).bytes).metadata()).width).toBe(1500);
    }
  });

  it('refuses one over the pixel limit before decoding it, leaving everything stored as it was', async () => {
    const before = await stored();
    const bomb = await pngBomb(7000, 7000);
    const { value: res, growth } = await peakRssGrowth(() => upload('picture', bomb, 'bomb.png'));
    expect(res.status).toBe(413);
    expect(res.body.messages[0].message).toMatch(/dimensions/);
    expect(growth / MB).toBeLessThan(100);
    expect(await stored()).toEqual(before);
  });
});

describe('scripts inside real images (polyglots)', () => {
  it.each([
    ['a PNG with a script and PHP in a text chunk', pngWithScriptChunk, 'x.png', 'image/png'],
    ['a JPEG with an HTML page in a comment', jpegWithHtmlComment, 'x.jpg', 'image/jpeg'],
  ])('re-encodes %s into a plain JPEG without them, served as an image browsers will not sniff', async (_label, make, name, type) => {
    const res = await upload('picture', await make(), name, type);
    expect(res.status).toBe(200);
    const { res: served, bytes } = await download(res.body.profilePicture);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    for (const payload of [SCRIPT, PHP, '<html', '<script']) expect(bytes.includes(Buffer.from(payload))).toBe(false);
  });
});

describe('files that are not images', () => {
  it.each(disguised.map(([label, data]) => [label, data] as const))(
    'refuses %s named photo.jpg with 415, storing nothing',
    async (_label, data) => {
      const before = await stored();
      const res = await upload('picture', data, 'photo.jpg', 'image/jpeg');
      expect(res.status).toBe(415);
      expect(res.body.messages[0].message).toMatch(/JPG and PNG/);
      expect(await stored()).toEqual(before);
    },
  );

  it('refuses a truncated JPEG with 400, not a 500', async () => {
    const before = await stored();
    const res = await upload('banner', await truncatedJpeg(), 'half.jpg', 'image/jpeg');
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toMatch(/could not be read/);
    expect(await stored()).toEqual(before);
  });
});

describe('multipart tricks', () => {
  it.each([
    ['two files', (r: ReturnType<typeof server.api.put>, png: Buffer) => r.attach('file', png, 'a.png').attach('file', png, 'b.png')],
    ['the file under another name', (r: ReturnType<typeof server.api.put>, png: Buffer) => r.attach('avatar', png, 'a.png')],
    [
      'a pile of extra fields',
      (r: ReturnType<typeof server.api.put>, png: Buffer) =>
        ['a', 'b', 'c', 'd', 'e', 'f'].reduce((req, f) => req.field(f, 'x'), r).attach('file', png, 'a.png'),
    ],
  ])('refuses %s with 400 and a message', async (_label, build) => {
    const before = await stored();
    const res = await build(server.api.put('/api/my/profile/picture').set(user.auth), await samplePng());
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toMatch(/\S/);
    expect(await stored()).toEqual(before);
  });

  it('refuses a body whose boundary never comes, with 400', async () => {
    const res = await server.api
      .put('/api/my/profile/picture')
      .set(user.auth)
      .set('Content-Type', 'multipart/form-data; boundary=never')
      .send('--other\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxxxx\r\n--other--\r\n');
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toMatch(/\S/);
  });
});

describe('oversize uploads', () => {
  it('cuts off a few 30 MB uploads at the 10 MB limit without holding them in memory', async () => {
    const before = await stored();
    const big = Buffer.concat([await samplePng(), Buffer.alloc(30 * MB, 7)]);
    const { value: answers, growth } = await peakRssGrowth(() => Promise.all([1, 2, 3].map(() => upload('banner', big, 'big.png'))));
    for (const res of answers) {
      expect(res.status).toBe(413);
      expect(res.body.messages[0].message).toMatch(/10MB/);
    }
    expect(growth / MB).toBeLessThan(250);
    expect(await stored()).toEqual(before);
  });
});
