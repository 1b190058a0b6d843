import cookieParser from 'cookie-parser';
import { Router, type Request } from 'express';
import { rateLimit } from 'express-rate-limit';
import { eventUpgradeSchema } from '@tapquest/shared';
import type { RouterFactory } from '../../app.js';
import { AppError } from '../../platform/errors.js';
import { parse } from '../../platform/validate.js';
import { anonymousIdFrom } from './event-cookie.js';
import { recordTap, upgradeScanEvent } from './scan-events.service.js';

// The tag's URL is opened by a phone's browser, so every outcome of a tap is a redirect to the
// client, never JSON or a stack trace: the app with device-domain, device-token and event_id
// (SPEC section 7) when the tag is known, /login?error= otherwise.

/** Taps per IP and window: generous for people at an event sharing one address, low enough to stop floods. */
export const TAP_LIMIT = 120;
export const TOO_MANY_TAPS = 'Too many taps, please wait a minute and try again';
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code', 'x-vercel-ip-country', 'cloudfront-viewer-country'];

function countryOf(req: Request): string | null {
  for (const header of COUNTRY_HEADERS) {
    const value = req.get(header)?.trim().toUpperCase();
    // Cloudflare says XX for unknown and T1 for Tor; neither is a country.
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX') return value;
  }
  return null;
}

export const scanEventsRouter: RouterFactory = ({ config }) => {
  const router = Router();
  const toClient = (path: string, params: Record<string, string>) => `${config.clientUrl}${path}?${new URLSearchParams(params)}`;
  const deviceDomain = new URL(config.publicUrl).host;
  // Its own limiter rather than the platform's: a refused tap is a navigation too, so it redirects.
  const tapLimit = rateLimit({
    windowMs: config.rateLimit.windowMs,
    limit: TAP_LIMIT,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => res.redirect(302, toClient('/login', { error: TOO_MANY_TAPS })),
  });

  router.use('/tap', tapLimit, cookieParser());
  router.get('/tap/:deviceToken', async (req, res) => {
    const deviceToken = req.params.deviceToken;
    try {
      const { eventId } = await recordTap(deviceToken, {
        anonId: anonymousIdFrom(req),
        userId: req.user?.id ?? null,
        country: countryOf(req),
      });
      res.redirect(302, toClient('/profile', { 'device-domain': deviceDomain, 'device-token': deviceToken, event_id: eventId }));
    } catch (err) {
      if (!(err instanceof AppError)) req.log.error({ err }, 'tap failed');
      const message = err instanceof AppError ? err.message : 'We could not read this tag, please try again';
      res.redirect(302, toClient('/login', { error: message }));
    }
  });

  // 200 with the event's view for its own user; 204 with no body when there is nothing to tell the caller.
  router.patch('/events/:id', async (req, res) => {
    const { uuid } = parse(eventUpgradeSchema, req.body);
    const view = await upgradeScanEvent(req.params.id, { uuid, userId: req.user?.id });
    if (view) res.json(view);
    else res.status(204).end();
  });

  return router;
};
