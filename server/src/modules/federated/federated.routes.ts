import cookieParser from 'cookie-parser';
import { Router, type Request } from 'express';
import type { RouterFactory } from '../../app.js';
import { AppError, ServiceUnavailable } from '../../platform/errors.js';
import { createFederatedSignIn, signInMessages } from './federated-sign-in.js';
import { findOrCreateFederatedUser, type FederatedProvider } from './federated.service.js';

// Sign in with Google or Apple. Both ends are browser navigations, so every outcome is a redirect
// to the client: ?jwt= on success, /login?error= otherwise, never a page of JSON. The one JSON
// answer is for the client's fetch probe of the start address, so it can show the message in place.

const PROVIDERS: FederatedProvider[] = ['google', 'apple'];

export const federatedRouter: RouterFactory = ({ config, tokens, secrets }) => {
  const router = Router();
  const signIn = createFederatedSignIn(config, secrets.jwtSecret);
  const toClient = (path: string, params: Record<string, string>) => `${config.clientUrl}${path}?${new URLSearchParams(params)}`;
  const backToLogin = (message: string) => toClient('/login', { error: message });

  router.use('/oauth/federated', cookieParser());

  for (const provider of PROVIDERS) {
    router.get(`/oauth/federated/${provider}`, (req, res, next) => {
      if (signIn.isConfigured(provider)) return signIn.start(provider, req, res, next);
      const message = signInMessages.notAvailable(provider);
      if (wantsJson(req)) throw new ServiceUnavailable(message);
      res.redirect(backToLogin(message));
    });

    // Apple answers with a cross-site form POST (response_mode=form_post), Google with a GET.
    router[provider === 'apple' ? 'post' : 'get'](`/oauth/federated/${provider}/callback`, async (req, res) => {
      try {
        const profile = await signIn.finish(provider, req, res);
        const user = await findOrCreateFederatedUser(provider, profile, { adminEmails: config.adminEmails });
        const jwt = await tokens.sign(user.id);
        res.redirect(toClient(user.username ? '/profile' : '/signup', { jwt }));
      } catch (err) {
        if (!(err instanceof AppError)) req.log.error({ err, provider }, 'federated sign-in failed');
        res.redirect(backToLogin(err instanceof AppError ? err.message : signInMessages.failed(provider)));
      }
    });
  }
  return router;
};

/** A fetch that asked for JSON, as opposed to a browser navigation (which accepts HTML first). */
function wantsJson(req: Request): boolean {
  return req.accepts(['html', 'json']) === 'json';
}
