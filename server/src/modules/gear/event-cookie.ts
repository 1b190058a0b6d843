import type { Request } from 'express';
import { EVENT_COOKIE_PREFIX } from '@tapquest/shared';

// The browser's anonymous tap id (SPEC section 3): a random id in a cookie whose name starts with
// EVENT_COOKIE_PREFIX. Read from the raw Cookie header (cookie-parser must have run), and only
// kept when it looks like an id we could have issued: it ends up in the database.
const ANON_ID = /^[A-Za-z0-9-]{8,64}$/;

export function anonymousIdFrom(req: Request): string | null {
  const cookies = (req.cookies ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(cookies)) {
    if (name.startsWith(EVENT_COOKIE_PREFIX) && typeof value === 'string' && ANON_ID.test(value)) return value;
  }
  return null;
}
