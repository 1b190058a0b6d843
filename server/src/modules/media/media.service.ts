import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import mongoose, { mongo } from 'mongoose';
import sharp from 'sharp';
import { Invalid, NotFound, PayloadTooLarge, UnsupportedMediaType } from '../../platform/errors.js';
import { User, type UserDoc } from '../accounts/user.model.js';

// Profile images: the type is judged by the bytes, never the name; every image is decoded and
// re-encoded, which drops EXIF/GPS and anything appended to the file (polyglots). Stored in GridFS so
// every server node sees the same files. Output is always JPEG: photos are what people upload, and
// every browser the app supports shows it.

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

const FIELD: Record<ImageKind, 'profilePicture' | 'banner'> = { picture: 'profilePicture', banner: 'banner' };

export async function reencodeImage(input: Buffer, kind: ImageKind): Promise<Buffer> {
  if (input.length === 0) throw new UnsupportedMediaType('The file is empty: only JPG and PNG images can be uploaded');
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
  const contentType = (file.metadata?.contentType as string | undefined) ?? 'image/jpeg';
  return { length: file.length, contentType, open: () => bucket().openDownloadStream(objectId) };
}

export const mediaUrl = (id: string) => `/api/media/${id}`;
export const mediaIdFromUrl = (url: string | null | undefined) => url?.match(/^\/api\/media\/([a-f0-9]{24})$/)?.[1] ?? null;

/**
 * Re-encodes and stores an upload as the user's picture or banner, then deletes the image it
 * replaced. Nothing is stored when the upload is refused. Of two uploads racing, each deletes exactly
 * the image its own swap replaced, so none is left orphaned.
 */
export async function replaceProfileImage(user: UserDoc, kind: ImageKind, upload: Buffer): Promise<UserDoc> {
  const id = await storeImage(await reencodeImage(upload, kind), user.id as string, kind);
  const previous = await User.findOneAndUpdate({ _id: user._id }, { $set: { [FIELD[kind]]: mediaUrl(id) } });
  if (!previous) {
    await deleteImage(id);
    throw new NotFound('User not found');
  }
  const oldId = mediaIdFromUrl(previous[FIELD[kind]]);
  if (oldId) await deleteImage(oldId);
  const updated = await User.findById(user._id);
  if (!updated) throw new NotFound('User not found');
  return updated;
}
