import { rateLimit as expressRateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import { TooManyRequests } from './errors.js';

/** A per-IP limit whose refusal is an ordinary 429 with { messages }. */
export function rateLimit(windowMs: number, limit: number, message: string): RequestHandler {
  return expressRateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new TooManyRequests(message)),
  });
}
