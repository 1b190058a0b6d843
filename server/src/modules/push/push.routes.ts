import { Router } from 'express';
import { pushSubscriptionSchema } from '@tapquest/shared';
import type { RouterFactory } from '../../app.js';
import { parse } from '../../platform/validate.js';
import { currentUser, requireUser } from '../accounts/authenticate.js';
import { registerPushSubscription } from './push.service.js';

export const pushRouter: RouterFactory = ({ secrets }) => {
  const router = Router();

  // Public: the browser needs it before it can subscribe, and it is a public key.
  router.get('/push/vapidPublicKey', (_req, res) => {
    res.json({ publicKey: secrets.vapidPublicKey });
  });

  router.post('/push/register', requireUser, async (req, res) => {
    const subscription = parse(pushSubscriptionSchema, req.body);
    const created = await registerPushSubscription(currentUser(req).id, subscription);
    res.status(created ? 201 : 200).json({ endpoint: subscription.endpoint });
  });

  return router;
};
