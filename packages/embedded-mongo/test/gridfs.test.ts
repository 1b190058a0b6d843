import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GridFSBucket } from 'mongodb';
import { openTarget, type TestTarget } from './harness.js';

let t: TestTarget;
beforeAll(async () => {
  t = await openTarget('gridfs');
});
afterAll(async () => {
  await t.close();
});

describe('GridFS', () => {
  it('uploads and downloads a 1 MB buffer byte for byte', async () => {
    const bucket = new GridFSBucket(t.db);
    const data = randomBytes(1024 * 1024);
    const upload = bucket.openUploadStream('blob.bin', { metadata: { kind: 'test' } });
    await new Promise<void>((resolve, reject) => {
      Readable.from([data]).pipe(upload).on('finish', () => resolve()).on('error', reject);
    });
    const files = await bucket.find({ filename: 'blob.bin' }).toArray();
    expect(files).toHaveLength(1);
    expect(files[0].length).toBe(data.length);
    const chunks: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStream(upload.id)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    const byName: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStreamByName('blob.bin')) byName.push(chunk as Buffer);
    expect(Buffer.concat(byName).length).toBe(data.length);
    await bucket.delete(upload.id);
    expect(await bucket.find({}).toArray()).toHaveLength(0);
  });
});
