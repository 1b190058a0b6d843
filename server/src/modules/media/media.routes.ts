import { Router } from 'express';
import type { RouterFactory } from '../../app.js';
import { currentUser, requireUser } from '../accounts/authenticate.js';
import { User } from '../accounts/user.model.js';
import { toUserProfile } from '../profiles/profile-view.js';
import { singleImageUpload } from './image-upload.js';
import { deleteImage, mediaIdFromUrl, mediaUrl, openImage, reencodeImage, storeImage, type ImageKind } from './media.service.js';

const FIELD: Record<ImageKind, 'profilePicture' | 'banner'> = { picture: 'profilePicture', banner: 'banner' };

export const mediaRouter: RouterFactory = () => {
  const router = Router();

  for (const kind of ['picture', 'banner'] as const) {
    router.put(`/my/profile/${kind}`, requireUser, singleImageUpload, async (req, res) => {
      const user = currentUser(req);
      const id = await storeImage(await reencodeImage(req.file!.buffer, kind), user.id, kind);
      const previous = await User.findOneAndUpdate({ _id: user._id }, { $set: { [FIELD[kind]]: mediaUrl(id) } });
      const oldId = mediaIdFromUrl(previous?.[FIELD[kind]]);
      if (oldId) await deleteImage(oldId);
      res.json(await toUserProfile((await User.findById(user._id))!));
    });
  }

  // Ids are never reused, so an image can be cached for a year.
  router.get('/media/:id', async (req, res) => {
    const image = await openImage(req.params.id);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Content-Length', String(image.length));
    res.setHeader('ETag', `"${req.params.id}"`);
    if (req.headers['if-none-match'] === `"${req.params.id}"`) {
      res.status(304).end();
      return;
    }
    image.stream.on('error', () => res.destroy()).pipe(res);
  });

  return router;
};
