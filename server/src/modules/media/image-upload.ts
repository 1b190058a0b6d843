import type { RequestHandler } from 'express';
import multer from 'multer';
import { UPLOAD_MAX_BYTES } from '@tapquest/shared';
import { Invalid, PayloadTooLarge } from '../../platform/errors.js';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 6 },
}).single('file');

/** One multipart `file` of at most UPLOAD_MAX_BYTES, kept in memory for sniffing and re-encoding. */
export const singleImageUpload: RequestHandler = (req, res, next) => {
  upload(req, res, (err: unknown) => {
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return next(new PayloadTooLarge('File size must be less than 10MB'));
      return next(new Invalid(`The upload is not valid: ${err.message}`, 'file'));
    }
    if (err) return next(new Invalid('The upload is not a valid multipart form', 'file'));
    if (!req.file) return next(new Invalid('file is required', 'file'));
    next();
  });
};
