import { hkdfSync, randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { SignJWT, jwtVerify } from 'jose';

// The OAuth `state` (and the PKCE verifier and OpenID nonce that travel with it) kept in the
// browser, as a short-lived signed httpOnly cookie scoped to the provider's paths, instead of
// in a session: no express-session, nothing to share between server nodes, and the state is bound
// to the browser that started the sign-in, which is what stops login CSRF (a value kept only on
// the server, keyed by itself, would accept an attacker's own code and state).
//
// SameSite: Google comes back with a top-level GET, which carries a Lax cookie. Apple comes back
// with a cross-site POST (response_mode=form_post), which never carries a Lax cookie, so Apple's
// cookie is SameSite=None; Secure. Browsers drop Secure cookies on plain http, and Apple refuses
// http return URLs anyway, so on http (local development) it falls back to Lax.
//
// passport-oauth2 calls store/verify by their arity: keep the parameter lists as they are.

const LIFETIME_SECONDS = 10 * 60;

interface StartedSignIn {
  state: string;
  /** PKCE code_verifier, when the strategy uses PKCE. */
  verifier?: string;
  /** OpenID nonce sent in the authorization request, echoed in the id_token. */
  nonce?: string;
}

type StoreCallback = (err: Error | null, state?: string) => void;
type VerifyCallback = (err: Error | null, ok: string | boolean, info?: { message: string }) => void;

export class SignInStateStore {
  private readonly key: Uint8Array;
  private readonly audience: string;
  private readonly cookieName: string;
  private readonly cookieOptions: CookieOptions;
  private readonly verified = new WeakMap<Request, StartedSignIn>();

  constructor(
    provider: string,
    private readonly refusal: string,
    opts: { secret: string; publicUrl: string; returnsWithCrossSitePost: boolean },
  ) {
    // Its own key, so a state cookie can never pass for a session token or the other way round.
    this.key = new Uint8Array(hkdfSync('sha256', opts.secret, '', 'tapquest federated sign-in state', 32));
    this.audience = `federated-state:${provider}`;
    this.cookieName = `tq_signin_${provider}`;
    const secure = opts.publicUrl.startsWith('https:');
    this.cookieOptions = {
      httpOnly: true,
      secure,
      sameSite: opts.returnsWithCrossSitePost && secure ? 'none' : 'lax',
      path: new URL(`${opts.publicUrl}/api/oauth/federated/${provider}`).pathname,
    };
  }

  /** A fresh nonce to send to the provider; pass it in as the app state so store() keeps it. */
  static newNonce(): string {
    return randomBytes(24).toString('base64url');
  }

  store(req: Request, verifier: string | undefined, appState: unknown, _meta: unknown, cb: StoreCallback): void {
    const res = req.res;
    if (!res) return cb(new Error('state store needs the response to set its cookie'));
    const nonce = (appState as { nonce?: unknown } | undefined)?.nonce;
    const started: StartedSignIn = {
      state: randomBytes(24).toString('base64url'),
      verifier,
      nonce: typeof nonce === 'string' ? nonce : undefined,
    };
    new SignJWT({ st: started.state, cv: started.verifier, nonce: started.nonce })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(this.audience)
      .setIssuedAt()
      .setExpirationTime(`${LIFETIME_SECONDS}s`)
      .sign(this.key)
      .then(
        (sealed) => {
          res.cookie(this.cookieName, sealed, { ...this.cookieOptions, maxAge: LIFETIME_SECONDS * 1000 });
          cb(null, started.state);
        },
        (err: Error) => cb(err),
      );
  }

  verify(req: Request, providedState: string, _meta: unknown, cb: VerifyCallback): void {
    this.check(req, providedState).then(
      (started) => {
        if (!started) return cb(null, false, { message: this.refusal });
        this.verified.set(req, started);
        cb(null, started.verifier ?? true);
      },
      (err: Error) => cb(err, false),
    );
  }

  /** The nonce this browser's sign-in was started with, once verify() has accepted the state. */
  nonceOf(req: Request): string | undefined {
    return this.verified.get(req)?.nonce;
  }

  /** A sign-in ends at its callback whatever the outcome: its state is used up. */
  clear(res: Response): void {
    res.clearCookie(this.cookieName, this.cookieOptions);
  }

  private async check(req: Request, providedState: string): Promise<StartedSignIn | null> {
    const sealed: unknown = req.cookies?.[this.cookieName];
    if (req.res) this.clear(req.res);
    if (typeof sealed !== 'string' || typeof providedState !== 'string' || !providedState) return null;
    try {
      const { payload } = await jwtVerify(sealed, this.key, { algorithms: ['HS256'], audience: this.audience });
      if (payload.st !== providedState) return null;
      return {
        state: payload.st,
        verifier: typeof payload.cv === 'string' ? payload.cv : undefined,
        nonce: typeof payload.nonce === 'string' ? payload.nonce : undefined,
      };
    } catch {
      return null; // expired, tampered or from another deployment: same answer as a mismatch
    }
  }
}
