import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

// Bearer tokens an attacker (or a stale client) might send. Every one names a real user, so a
// server that skipped any check would let it through as that user.

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

export async function forgedTokens(opts: {
  secret: string;
  victimId: string;
  victimToken: string;
  otherId: string;
}): Promise<Record<string, string>> {
  const key = new TextEncoder().encode(opts.secret);
  const sign = (sub: string, alg = 'HS256', k: Uint8Array = key) =>
    new SignJWT({}).setProtectedHeader({ alg, typ: 'JWT' }).setSubject(sub).setIssuedAt().setExpirationTime('1h').sign(k);
  const [header, , signature] = opts.victimToken.split('.');
  const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
  const unknownUser = randomBytes(12).toString('hex');
  return {
    expired: await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(opts.victimId)
      .setIssuedAt(now() - 8 * 86_400)
      .setExpirationTime(now() - 60)
      .sign(key),
    'tampered payload': `${header}.${b64({ sub: opts.otherId, iat: now(), exp: now() + 3600 })}.${signature}`,
    'tampered signature': `${opts.victimToken.split('.').slice(0, 2).join('.')}.${flipped}`,
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: opts.victimId, iat: now(), exp: now() + 3600 })}.`,
    'other secret': await sign(opts.victimId, 'HS256', new TextEncoder().encode(randomBytes(48).toString('base64url'))),
    'HS512 with the secret': await sign(opts.victimId, 'HS512'),
    'unknown user': await sign(unknownUser),
    'operator subject': await sign('{"$ne":null}'),
    garbage: 'not.a.jwt',
  };
}
