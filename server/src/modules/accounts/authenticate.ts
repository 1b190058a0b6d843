import type { RequestHandler } from 'express';
import type { TokenService } from '../../platform/auth-token.js';
import { Forbidden, Unauthorized } from '../../platform/errors.js';
import { User, type UserDoc } from './user.model.js';

declare module 'express-serve-static-core' {
  interface Request {
    user?: UserDoc;
  }
}

function bearer(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}

/** Loads req.user from a bearer token when one is sent; a sent token that is not valid is a 401. */
export function authenticate(tokens: TokenService): RequestHandler {
  return async (req, _res, next) => {
    const token = bearer(req.headers.authorization);
    if (!token) return next();
    const userId = await tokens.verify(token);
    const user = userId && /^[a-f0-9]{24}$/.test(userId) ? await User.findById(userId) : null;
    if (!user) return next(new Unauthorized('Your session is not valid, please log in again'));
    req.user = user;
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new Unauthorized());
};

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new Unauthorized());
  next(req.user.role === 'admin' ? undefined : new Forbidden('Only admins can do this'));
};

/** The signed-in user; only call behind requireUser. */
export function currentUser(req: { user?: UserDoc }): UserDoc {
  if (!req.user) throw new Unauthorized();
  return req.user;
}
