import { Router } from 'express';
import type { RouterFactory } from '../../app.js';
import { currentUser, requireAdmin } from '../accounts/authenticate.js';
import { toUserProfile } from '../profiles/profile-view.js';
import { resetProgress } from './progress-reset.js';

export const adminRouter: RouterFactory = () => {
  const router = Router();

  // SPEC section 7 makes this a GET; it resets only the caller's own progress.
  router.get('/admin/reset', requireAdmin, async (req, res) => {
    const fresh = await resetProgress(currentUser(req));
    res.json({ reset: true, profile: await toUserProfile(fresh) });
  });

  return router;
};
