import { createPrivateKey } from 'node:crypto';
import AppleStrategy from 'passport-apple';
import { ConfigError, type Config } from '../../config.js';
import type { AppleIdTokenVerifier } from './apple-id-token.js';
import type { SignInStateStore } from './sign-in-state-store.js';

// passport-apple runs the redirect and the code exchange, and signs the client secret Apple asks
// for (an ES256 JWT from the team id, key id and the Sign in with Apple private key). What it
// does not do is check the id_token it gets back: verifyIdToken does, with the nonce this
// browser's sign-in started with (kept by the state store).

type AppleSettings = Config['apple'] & { clientId: string; teamId: string; keyId: string; privateKey: string };

export function isAppleConfigured(apple: Config['apple']): apple is AppleSettings {
  return Boolean(apple.clientId && apple.teamId && apple.keyId && apple.privateKey);
}

export function createAppleStrategy(
  apple: AppleSettings,
  callbackURL: string,
  store: SignInStateStore,
  verifyIdToken: AppleIdTokenVerifier,
): AppleStrategy {
  // A key that cannot sign would only show up as a failed sign-in later: refuse to start instead.
  try {
    createPrivateKey(apple.privateKey);
  } catch {
    throw new ConfigError('Invalid configuration:\n  APPLE_PRIVATE_KEY: must be the PEM private key (.p8) from Apple');
  }
  return new AppleStrategy(
    {
      clientID: apple.clientId,
      teamID: apple.teamId,
      keyID: apple.keyId,
      privateKeyString: apple.privateKey,
      callbackURL,
      authorizationURL: apple.authUrl,
      tokenURL: apple.tokenUrl,
      passReqToCallback: true,
      store,
    },
    (req, _accessToken, _refreshToken, idToken, _profile, done) => {
      verifyIdToken(idToken, store.nonceOf(req)).then(
        (identity) => done(null, identity),
        (err: unknown) => done(err),
      );
    },
  );
}
