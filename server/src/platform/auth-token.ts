import { SignJWT, jwtVerify } from 'jose';

// HS256 only: jwtVerify with a fixed algorithm list refuses `alg: none` and algorithm swaps.
export const TOKEN_LIFETIME = '7d';

export interface TokenService {
  sign(userId: string): Promise<string>;
  /** The user id, or null for an expired, tampered or foreign token. */
  verify(token: string): Promise<string | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId) =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(userId).setIssuedAt().setExpirationTime(TOKEN_LIFETIME).sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
