import { Router } from 'express';
import type { RouterFactory } from '../../app.js';
import { currentUser, requireUser } from '../accounts/authenticate.js';
import { toUserProfile } from '../profiles/profile-view.js';
import { singleImageUpload } from './image-upload.js';
import { openImage, replaceProfileImage } from './media.service.js';

export const mediaRouter: RouterFactory = () => {
  const router = Router();

  for (const kind of ['picture', 'banner'] as const) {
    router.put(`/my/profile/${kind}`, requireUser, singleImageUpload, async (req, res) => {
      res.json(await toUserProfile(await replaceProfileImage(currentUser(req), kind, req.file!.buffer)));
    });
  }

  // Ids are never reused (a replaced image gets a new one), so an image can be cached for a year
  // and its id is a strong ETag.
  router.get('/media/:id', async (req, res) => {
    const image = await openImage(req.params.id);
    const etag = `"${req.params.id}"`;
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Content-Length', String(image.length));
    image
      .open()
      .on('error', () => res.destroy())
      .pipe(res);
  });

  return router;
};
