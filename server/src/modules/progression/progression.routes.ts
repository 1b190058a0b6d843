import { Router } from 'express';
import { badgesBodySchema, flairBodySchema, type CheckinResponse } from '@tapquest/shared';
import type { RouterFactory } from '../../app.js';
import { parse } from '../../platform/validate.js';
import { currentUser, requireUser } from '../accounts/authenticate.js';
import { ownedAwards, toUserProfile } from '../profiles/profile-view.js';
import { setBadges, setFlair } from './awards.service.js';
import { checkin } from './progression.service.js';

export const progressionRouter: RouterFactory = ({ tokens }) => {
  const router = Router();

  router.post('/user/checkin', requireUser, async (req, res) => {
    const user = currentUser(req);
    const result = await checkin(user.id);
    const body: CheckinResponse = { bonus: result.bonus, streak: result.streak, xp: result.xp, level: result.level, token: await tokens.sign(user.id) };
    res.json(body);
  });

  router.get('/my/login/history', requireUser, async (req, res) => {
    const { history } = currentUser(req);
    res.json({ lastCheckin: history?.lastCheckin?.toISOString() ?? null, streak: history?.streak ?? 0 });
  });

  router.get('/my/badges', requireUser, async (req, res) => {
    res.json((await ownedAwards(currentUser(req)._id)).badges);
  });

  router.get('/my/flairs', requireUser, async (req, res) => {
    res.json((await ownedAwards(currentUser(req)._id)).flairs);
  });

  router.put('/my/badges', requireUser, async (req, res) => {
    const { badgeIDs } = parse(badgesBodySchema, req.body);
    res.json(await toUserProfile(await setBadges(currentUser(req), badgeIDs)));
  });

  router.put('/my/flair', requireUser, async (req, res) => {
    const { flairID } = parse(flairBodySchema, req.body);
    res.json(await toUserProfile(await setFlair(currentUser(req), flairID)));
  });

  return router;
};
