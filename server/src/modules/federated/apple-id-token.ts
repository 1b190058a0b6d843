import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { Unauthorized } from '../../platform/errors.js';
import type { FederatedProfile } from './federated.service.js';

// passport-apple hands over the id_token from Apple's token endpoint without checking it. It is
// the only statement of who signed in, so it is verified here: signature against Apple's published
// keys, issuer, audience (our Services ID), expiry, and the nonce this browser's sign-in started with.

export const APPLE_NOT_VERIFIED = 'Sign in with Apple could not be verified, please try again';

export type AppleIdTokenVerifier = (idToken: unknown, expectedNonce: string | undefined) => Promise<FederatedProfile>;

export function createAppleIdTokenVerifier(opts: { jwksUrl: string; issuer: string; clientId: string }): AppleIdTokenVerifier {
  // Fetched on first use, cached, and refetched when Apple rotates to a key id it has not seen.
  const keys = createRemoteJWKSet(new URL(opts.jwksUrl));
  return async (idToken, expectedNonce) => {
    if (typeof idToken !== 'string' || !expectedNonce) throw new Unauthorized(APPLE_NOT_VERIFIED);
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(idToken, keys, {
        algorithms: ['RS256'],
        issuer: opts.issuer,
        audience: opts.clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (err) {
      // Apple's key endpoint being unreachable is an outage, not a forged token: let it through as one.
      const unreachable = !(err instanceof errors.JOSEError) || err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid;
      if (unreachable) throw err;
      throw new Unauthorized(APPLE_NOT_VERIFIED);
    }
    if (claims.nonce !== expectedNonce || typeof claims.sub !== 'string' || !claims.sub) throw new Unauthorized(APPLE_NOT_VERIFIED);
    return {
      id: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      // Apple sends this claim as a boolean or as the string "true".
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    };
  };
}
