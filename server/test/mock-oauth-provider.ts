import { createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import {
  OAuth2Server,
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';

// A local OpenID provider for the federated sign-in tests, on oauth2-mock-server. The library
// speaks the protocol (authorize redirect, code exchange with PKCE, id_token signed with its own
// JWKS, userinfo); this wrapper adds what a real provider does on top: it remembers who signed in
// for each code, answers a code once and only for the redirect_uri it was issued to, checks the
// client's credentials, and can be told to misbehave for one sign-in.

export interface MockIdentity {
  sub: string;
  email?: string;
  /** Google sends a boolean, Apple the string "true". */
  email_verified?: boolean | string;
}

export interface MockProviderOptions {
  /** Checks the token request's client authentication; a refusal answers invalid_client. */
  checkClient(body: Record<string, unknown>): boolean;
}

interface IssuedCode {
  identity: MockIdentity;
  redirectUri: string;
  /** Sent with a PKCE challenge: the exchange must then prove the verifier. */
  pkce: boolean;
}

export class MockOAuthProvider {
  private readonly codes = new Map<string, IssuedCode>();
  /** Everybody who signed in, by subject, for the userinfo endpoint. */
  private readonly people = new Map<string, MockIdentity>();
  private identity: MockIdentity | undefined;
  private nextError: string | undefined;
  private nextIdTokenChange: ((token: MutableToken) => void) | undefined;
  private forgeNextIdToken = false;
  private failNextExchange = false;
  /** The RSA key a forged id_token is signed with: not in the provider's JWKS. */
  private readonly foreignKey: KeyObject = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

  private constructor(
    readonly server: OAuth2Server,
    private readonly options: MockProviderOptions,
  ) {
    const service = server.service;
    service.on('beforeAuthorizeRedirect', (redirect: MutableRedirectUri, req: IncomingMessage) => this.authorize(redirect, req));
    service.on('beforeTokenSigning', (token: MutableToken, req: TokenRequestIncomingMessage) => this.stamp(token, req));
    service.on('beforeResponse', (response: MutableResponse, req: TokenRequestIncomingMessage) => this.answerExchange(response, req));
    service.on('beforeUserinfo', (response: MutableResponse, req: IncomingMessage) => this.userinfo(response, req));
  }

  static async start(options: MockProviderOptions): Promise<MockOAuthProvider> {
    const server = new OAuth2Server();
    await server.issuer.keys.generate('RS256');
    await server.start(0, '127.0.0.1');
    return new MockOAuthProvider(server, options);
  }

  get url(): string {
    const url = this.server.issuer.url;
    if (!url) throw new Error('mock provider not started');
    return url.replace(/\/$/, '');
  }

  /** Who authenticates at the next authorize request (until told otherwise). */
  signInAs(identity: MockIdentity): void {
    this.identity = identity;
  }

  /** The next authorize request answers with this OAuth error instead of a code. */
  failNextAuthorize(error: string): void {
    this.nextError = error;
  }

  /** Changes the next id_token's header or claims before the provider signs it. */
  changeNextIdToken(change: (token: MutableToken) => void): void {
    this.nextIdTokenChange = change;
  }

  /** The next id_token keeps the provider's key id but is signed with another key. */
  forgeNextIdTokenSignature(): void {
    this.forgeNextIdToken = true;
  }

  /** The next code exchange answers 400 invalid_grant, as for a code that was already used. */
  failNextExchangeRequest(): void {
    this.failNextExchange = true;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private authorize(redirect: MutableRedirectUri, req: IncomingMessage): void {
    const code = redirect.url.searchParams.get('code');
    if (this.nextError) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', this.nextError);
      this.nextError = undefined;
      return;
    }
    if (!code || !this.identity) throw new Error('mock provider: call signInAs() before signing in');
    const asked = new URL(req.url ?? '', this.url).searchParams;
    this.codes.set(code, { identity: this.identity, redirectUri: asked.get('redirect_uri') ?? '', pkce: asked.has('code_challenge') });
    this.people.set(this.identity.sub, this.identity);
  }

  private stamp(token: MutableToken, req: TokenRequestIncomingMessage): void {
    const issued = this.codes.get(String(req.body.code));
    if (!issued) return; // refused in answerExchange
    const isIdToken = 'aud' in token.payload;
    token.payload.sub = issued.identity.sub;
    if (!isIdToken) return;
    if (issued.identity.email !== undefined) token.payload.email = issued.identity.email;
    if (issued.identity.email_verified !== undefined) token.payload.email_verified = issued.identity.email_verified;
    this.nextIdTokenChange?.(token);
    this.nextIdTokenChange = undefined;
  }

  private answerExchange(response: MutableResponse, req: TokenRequestIncomingMessage): void {
    const body = req.body as unknown as Record<string, unknown>;
    const issued = this.codes.get(String(body.code));
    this.codes.delete(String(body.code));
    const refuse = (error: string) => {
      response.statusCode = 400;
      response.body = { error };
    };
    if (this.failNextExchange) {
      this.failNextExchange = false;
      return refuse('invalid_grant');
    }
    if (!issued || issued.redirectUri !== body.redirect_uri) return refuse('invalid_grant');
    // oauth2-mock-server checks a verifier that is sent against the challenge; a real provider
    // also refuses an exchange that leaves the verifier out.
    if (issued.pkce && typeof body.code_verifier !== 'string') return refuse('invalid_grant');
    if (!this.options.checkClient(body)) return refuse('invalid_client');
    if (this.forgeNextIdToken && response.body && typeof response.body.id_token === 'string') {
      this.forgeNextIdToken = false;
      response.body.id_token = resign(response.body.id_token, this.foreignKey);
    }
  }

  private userinfo(response: MutableResponse, req: IncomingMessage): void {
    const bearer =
      req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? new URL(req.url ?? '', this.url).searchParams.get('access_token');
    const sub = bearer ? decodeJwt(bearer).sub : undefined;
    const identity = sub ? this.people.get(sub) : undefined;
    if (!identity) {
      response.statusCode = 401;
      response.body = { error: 'invalid_token' };
      return;
    }
    response.body = { ...identity };
  }
}

/** Same header and claims, signature from another RS256 key: what a forger could produce. */
function resign(jwt: string, key: KeyObject): string {
  const [header, payload] = jwt.split('.');
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/**
 * Apple's check of the client secret: an ES256 JWT issued by the team, about the Services ID,
 * for Apple's audience, with the key id, signed with the Sign in with Apple key. Synchronous,
 * because the mock's token events are.
 */
export function appleClientSecretCheck(opts: { publicKeyPem: string; teamId: string; keyId: string; clientId: string }) {
  const key = createPublicKey(opts.publicKeyPem);
  return (body: Record<string, unknown>): boolean => {
    const secret = body.client_secret;
    if (body.client_id !== opts.clientId || typeof secret !== 'string') return false;
    try {
      const [header, payload, signature] = secret.split('.');
      const signed = verify(
        'sha256',
        Buffer.from(`${header}.${payload}`),
        { key, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature, 'base64url'),
      );
      const { alg, kid } = decodeProtectedHeader(secret);
      const claims = decodeJwt(secret);
      const now = Date.now() / 1000;
      return (
        signed &&
        alg === 'ES256' &&
        kid === opts.keyId &&
        claims.iss === opts.teamId &&
        claims.sub === opts.clientId &&
        claims.aud === 'https://appleid.apple.com' &&
        typeof claims.exp === 'number' &&
        claims.exp > now
      );
    } catch {
      return false;
    }
  };
}

/** Google's check of a confidential client: its id and secret in the token request body. */
export function clientSecretCheck(clientId: string, clientSecret: string) {
  return (body: Record<string, unknown>): boolean => body.client_id === clientId && body.client_secret === clientSecret;
}
