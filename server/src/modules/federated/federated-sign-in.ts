import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import type { Config } from '../../config.js';
import { AppError, ServiceUnavailable, Unauthorized } from '../../platform/errors.js';
import { createAppleIdTokenVerifier } from './apple-id-token.js';
import { createAppleStrategy, isAppleConfigured } from './apple-strategy.js';
import type { FederatedProfile, FederatedProvider } from './federated.service.js';
import { createGoogleStrategy, isGoogleConfigured } from './google-strategy.js';
import { SignInStateStore } from './sign-in-state-store.js';

// The passport side of a federated sign-in: which providers are configured, sending the browser
// off to one, and turning what comes back into a FederatedProfile or a typed error whose message
// is fit to show the person. Nothing here knows about accounts or where the browser goes next.

export const providerLabel: Record<FederatedProvider, string> = { google: 'Google', apple: 'Apple' };

export const signInMessages = {
  notAvailable: (p: FederatedProvider) => `Sign in with ${providerLabel[p]} is not available right now`,
  cancelled: (p: FederatedProvider) => `Sign in with ${providerLabel[p]} was cancelled`,
  failed: (p: FederatedProvider) => `Sign in with ${providerLabel[p]} failed, please try again`,
  stateRefused: (p: FederatedProvider) =>
    `Your sign-in with ${providerLabel[p]} expired or was started in another browser, please try again`,
};

// What a provider sends back when the person backs out: OAuth's access_denied (Google), and
// Apple's own code for closing its sign-in window.
const CANCELLED = new Set(['access_denied', 'user_cancelled_authorize']);

export interface FederatedSignIn {
  isConfigured(provider: FederatedProvider): boolean;
  /** Redirects the browser to the provider (or hands a failure to next). */
  start(provider: FederatedProvider, req: Request, res: Response, next: NextFunction): void;
  /** Checks the provider's answer on the callback; throws an AppError with a readable message. */
  finish(provider: FederatedProvider, req: Request, res: Response): Promise<FederatedProfile>;
}

interface Configured {
  store: SignInStateStore;
  /** Fresh per request: passport-apple writes into the options object it is given. */
  startOptions(): object;
}

export function createFederatedSignIn(config: Config, secret: string): FederatedSignIn {
  // An instance of its own rather than passport's global one: each app (and each test server)
  // keeps its own strategies.
  const authenticator = new passport.Authenticator();
  const configured = new Map<FederatedProvider, Configured>();
  const callbackUrl = (p: FederatedProvider) => `${config.publicUrl}/api/oauth/federated/${p}/callback`;
  const storeFor = (p: FederatedProvider, returnsWithCrossSitePost: boolean) =>
    new SignInStateStore(p, signInMessages.stateRefused(p), { secret, publicUrl: config.publicUrl, returnsWithCrossSitePost });

  if (isGoogleConfigured(config.google)) {
    const store = storeFor('google', false);
    authenticator.use('google', createGoogleStrategy(config.google, callbackUrl('google'), store));
    configured.set('google', { store, startOptions: () => ({}) });
  }
  if (isAppleConfigured(config.apple)) {
    const store = storeFor('apple', true);
    const verifyIdToken = createAppleIdTokenVerifier({
      jwksUrl: config.apple.jwksUrl,
      issuer: config.apple.issuer,
      clientId: config.apple.clientId,
    });
    authenticator.use('apple', createAppleStrategy(config.apple, callbackUrl('apple'), store, verifyIdToken));
    configured.set('apple', {
      store,
      startOptions: () => {
        const nonce = SignInStateStore.newNonce();
        // `nonce` goes to Apple in the authorization URL. `state` as an object does two jobs:
        // it carries the nonce into the state store, and it stops passport-apple from making up
        // a state string of its own, which would skip the store (and so the cookie) entirely.
        return { nonce, state: { nonce } };
      },
    });
  }

  function settings(provider: FederatedProvider): Configured {
    const found = configured.get(provider);
    if (!found) throw new ServiceUnavailable(signInMessages.notAvailable(provider));
    return found;
  }

  return {
    isConfigured: (provider) => configured.has(provider),

    start(provider, req, res, next) {
      authenticator.authenticate(provider, settings(provider).startOptions())(req, res, next);
    },

    async finish(provider, req, res) {
      const { store } = settings(provider);
      const answer: Record<string, unknown> = (req.method === 'POST' ? req.body : req.query) ?? {};
      if (typeof answer.error === 'string') {
        store.clear(res);
        if (CANCELLED.has(answer.error)) throw new Unauthorized(signInMessages.cancelled(provider));
        req.log.warn({ provider, error: answer.error, description: answer.error_description }, 'provider refused the sign-in');
        throw new ServiceUnavailable(signInMessages.failed(provider));
      }
      if (typeof answer.code !== 'string') {
        // Without a code passport would start a new sign-in from the callback address.
        store.clear(res);
        throw new Unauthorized(signInMessages.failed(provider));
      }

      const outcome = await new Promise<{ err?: unknown; user?: unknown; info?: { message?: string } }>((resolve) => {
        authenticator.authenticate(provider, {}, (err: unknown, user: unknown, info: { message?: string } | undefined) =>
          resolve({ err, user, info }),
        )(req, res, (err: unknown) => resolve({ err }));
      });
      if (outcome.err) {
        if (outcome.err instanceof AppError) throw outcome.err;
        req.log.warn({ provider, err: outcome.err }, 'federated sign-in failed at the provider');
        throw new ServiceUnavailable(signInMessages.failed(provider));
      }
      if (!outcome.user) throw new Unauthorized(outcome.info?.message ?? signInMessages.failed(provider));
      return outcome.user as FederatedProfile;
    },
  };
}
