import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import mongoose, { mongo } from 'mongoose';
import sharp from 'sharp';
import { Invalid, NotFound, PayloadTooLarge, UnsupportedMediaType } from '../../platform/errors.js';

// Profile images: the type is judged by the bytes, never the name; every image is decoded and
// re-encoded, which drops EXIF/GPS and anything appended to the file (polyglots). Stored in GridFS so
// every server node sees the same files.

export type ImageKind = 'picture' | 'banner';

const SIZES: Record<ImageKind, { width: number; height: number }> = {
  picture: { width: 512, height: 512 },
  banner: { width: 1500, height: 500 },
};
/** Refuses decompression bombs before they are decoded: a 10 MB file may not claim more pixels. */
const MAX_INPUT_PIXELS = 40_000_000;
const BUCKET = 'media';

function bucket() {
  const db = mongoose.connection.db;
  if (!db) throw new Error('database not connected');
  return new mongo.GridFSBucket(db, { bucketName: BUCKET });
}

export async function reencodeImage(input: Buffer, kind: ImageKind): Promise<Buffer> {
  if (input.length === 0) throw new Invalid('The file is empty', 'file');
  const type = await fileTypeFromBuffer(input);
  if (type?.mime !== 'image/jpeg' && type?.mime !== 'image/png') throw new UnsupportedMediaType('Only JPG and PNG images can be uploaded');
  const { width, height } = SIZES[kind];
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new PayloadTooLarge('The image dimensions are too large');
    throw new Invalid('The image could not be read', 'file');
  }
}

/** Stores an encoded JPEG and returns its id. */
export async function storeImage(data: Buffer, ownerId: string, kind: ImageKind): Promise<string> {
  const id = new mongo.ObjectId();
  await new Promise<void>((resolve, reject) => {
    Readable.from([data])
      .pipe(bucket().openUploadStreamWithId(id, `${kind}.jpg`, { metadata: { ownerId, kind, contentType: 'image/jpeg' } }))
      .on('finish', () => resolve())
      .on('error', reject);
  });
  return id.toHexString();
}

export async function deleteImage(id: string): Promise<void> {
  if (!mongo.ObjectId.isValid(id)) return;
  try {
    await bucket().delete(new mongo.ObjectId(id));
  } catch {
    // already gone: nothing to free
  }
}

export async function openImage(id: string) {
  if (!/^[a-f0-9]{24}$/.test(id)) throw new NotFound('Image not found');
  const objectId = new mongo.ObjectId(id);
  const [file] = await bucket().find({ _id: objectId }).limit(1).toArray();
  if (!file) throw new NotFound('Image not found');
  return { length: file.length, contentType: (file.metadata?.contentType as string) ?? 'image/jpeg', stream: bucket().openDownloadStream(objectId) };
}

export const mediaUrl = (id: string) => `/api/media/${id}`;
export const mediaIdFromUrl = (url: string | null | undefined) => url?.match(/^\/api\/media\/([a-f0-9]{24})$/)?.[1] ?? null;
