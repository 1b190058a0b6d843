import { Router } from 'express';
import { credentialsSchema, loginSchema, usernameBodySchema, usernameQuerySchema } from '@tapquest/shared';
import type { RouterFactory } from '../../app.js';
import { rateLimit } from '../../platform/rate-limit.js';
import { parse } from '../../platform/validate.js';
import { currentUser, requireUser } from './authenticate.js';
import { isUsernameAvailable, logIn, setUsername, signUp } from './accounts.service.js';
import { toUserProfile } from '../profiles/profile-view.js';

export const accountsRouter: RouterFactory = ({ config, tokens }) => {
  const router = Router();
  const authLimit = rateLimit(config.rateLimit.windowMs, config.rateLimit.authMax, 'Too many attempts, please wait a minute and try again');
  const usernameLimit = rateLimit(config.rateLimit.windowMs, config.rateLimit.usernameMax, 'Too many username checks, please slow down');

  router.post('/user', authLimit, async (req, res) => {
    const { email, password } = parse(credentialsSchema, req.body);
    const user = await signUp(email, password, config.adminEmails);
    res.status(201).json({ token: await tokens.sign(user.id) });
  });

  router.post('/user/login', authLimit, async (req, res) => {
    const { email, password } = parse(loginSchema, req.body);
    const user = await logIn(email, password, config.adminEmails);
    res.json({ token: await tokens.sign(user.id) });
  });

  router.get('/username', usernameLimit, async (req, res) => {
    const { username } = parse(usernameQuerySchema, req.query);
    res.json({ username, available: await isUsernameAvailable(username, req.user?.id) });
  });

  router.put('/my/username', requireUser, usernameLimit, async (req, res) => {
    const { username } = parse(usernameBodySchema, req.body);
    const user = await setUsername(currentUser(req), username);
    res.json(await toUserProfile(user));
  });

  return router;
};
