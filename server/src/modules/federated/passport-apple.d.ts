// passport-apple ships no types; this covers what apple-strategy.ts uses.
declare module 'passport-apple' {
  import type { Request } from 'express';

  export interface AppleStrategyOptions {
    clientID: string;
    teamID: string;
    keyID: string;
    callbackURL: string;
    privateKeyString?: string;
    privateKeyLocation?: string;
    authorizationURL?: string;
    tokenURL?: string;
    passReqToCallback: true;
    store?: unknown;
  }

  export type AppleVerify = (
    req: Request,
    accessToken: string,
    refreshToken: string,
    idToken: unknown,
    profile: unknown,
    done: (err: unknown, user?: unknown, info?: unknown) => void,
  ) => void;

  export default class AppleStrategy {
    constructor(options: AppleStrategyOptions, verify: AppleVerify);
    name: string;
    authenticate(req: Request, options?: object): void;
  }
}
