import cookieParser from 'cookie-parser';
import { Router } from 'express';
import { deviceClaimSchema } from '@tapquest/shared';
import type { RouterFactory } from '../../app.js';
import { parse } from '../../platform/validate.js';
import { currentUser, requireUser } from '../accounts/authenticate.js';
import { anonymousIdFrom } from './event-cookie.js';
import { assetsOf, claimDevice, devicesOf, devicesOfUsername } from './gear.service.js';

export const gearRouter: RouterFactory = () => {
  const router = Router();

  // The client sends the claim with credentials included: the event cookie says which anonymous taps were the claimer's.
  router.post('/device/claim', requireUser, cookieParser(), async (req, res) => {
    const { deviceToken } = parse(deviceClaimSchema, req.body);
    const device = await claimDevice(currentUser(req).id, deviceToken, anonymousIdFrom(req));
    res.json({ device });
  });

  router.get('/my/devices', requireUser, async (req, res) => {
    res.json(await devicesOf(currentUser(req).id));
  });

  router.get('/my/assets', requireUser, async (req, res) => {
    res.json(await assetsOf(currentUser(req).id));
  });

  // Public, like the profile it belongs to (SPEC section 6).
  router.get('/devices/:username', async (req, res) => {
    res.json(await devicesOfUsername(req.params.username));
  });

  return router;
};
