import { Router } from 'express';
import { profileUpdateSchema } from '@tapquest/shared';
import type { RouterFactory } from '../../app.js';
import { parse } from '../../platform/validate.js';
import { currentUser, requireUser } from '../accounts/authenticate.js';
import { findByUsername, updateProfile } from './profiles.service.js';
import { toPublicProfile, toUserProfile } from './profile-view.js';

export const profilesRouter: RouterFactory = () => {
  const router = Router();

  router.get('/my/profile', requireUser, async (req, res) => {
    res.json(await toUserProfile(currentUser(req)));
  });

  router.patch('/my/profile', requireUser, async (req, res) => {
    const update = parse(profileUpdateSchema, req.body);
    res.json(await toUserProfile(await updateProfile(currentUser(req), update)));
  });

  router.get('/profiles/:username', async (req, res) => {
    res.json(await toPublicProfile(await findByUsername(req.params.username)));
  });

  return router;
};
