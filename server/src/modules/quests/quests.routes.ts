import { Router } from 'express';
import { questsQuerySchema } from '@tapquest/shared';
import type { RouterFactory } from '../../app.js';
import { parse } from '../../platform/validate.js';
import { currentUser, requireUser } from '../accounts/authenticate.js';
import { listenForCheckins, questFor, questsFor } from './quests.service.js';

export const questsRouter: RouterFactory = () => {
  listenForCheckins();
  const router = Router();
  router.use('/my/quests', requireUser);

  router.get('/my/quests', async (req, res) => {
    const { filter } = parse(questsQuerySchema, req.query);
    res.json(await questsFor(currentUser(req).id, filter));
  });

  router.get('/my/quests/:questId', async (req, res) => {
    res.json(await questFor(currentUser(req).id, req.params.questId));
  });

  return router;
};
