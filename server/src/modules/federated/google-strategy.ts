import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import type { StateStore } from 'passport-oauth2';
import type { Config } from '../../config.js';
import type { FederatedProfile } from './federated.service.js';
import type { SignInStateStore } from './sign-in-state-store.js';

// Google's identity comes from its userinfo endpoint, fetched server to server over TLS with the
// access token we just exchanged, so it needs no signature check of its own. PKCE on top of state
// means a code stolen on its way back (logs, Referer) is useless without this browser's cookie.

export function isGoogleConfigured(google: Config['google']): google is Config['google'] & { clientId: string; clientSecret: string } {
  return Boolean(google.clientId && google.clientSecret);
}

export function createGoogleStrategy(
  google: Config['google'] & { clientId: string; clientSecret: string },
  callbackURL: string,
  store: SignInStateStore,
): GoogleStrategy {
  return new GoogleStrategy(
    {
      clientID: google.clientId,
      clientSecret: google.clientSecret,
      callbackURL,
      authorizationURL: google.authUrl,
      tokenURL: google.tokenUrl,
      userProfileURL: google.userInfoUrl,
      scope: ['openid', 'email'],
      // The types know only the 2- and 3-argument store forms; passport-oauth2 also calls the
      // 5-argument PKCE form, which is the one SignInStateStore implements.
      store: store as unknown as StateStore,
      pkce: true,
    },
    (_accessToken, _refreshToken, profile, done) => done(null, googleIdentity(profile)),
  );
}

function googleIdentity(profile: Profile): FederatedProfile {
  const claims = profile._json as { email?: unknown; email_verified?: unknown };
  return {
    id: profile.id,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
  };
}
