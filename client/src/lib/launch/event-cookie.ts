import { EVENT_COOKIE_DAYS, EVENT_COOKIE_PREFIX } from '@tapquest/shared';

// The anonymous id a tap event is tied to before its tapper signs in (SPEC section 3):
// a random id in a first-party cookie that lives EVENT_COOKIE_DAYS days.
const COOKIE = `${EVENT_COOKIE_PREFIX}uuid`;

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

export function anonymousEventId(): string {
  const existing = readCookie(COOKIE);
  if (existing) return existing;
  const id = crypto.randomUUID();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(id)}; Max-Age=${EVENT_COOKIE_DAYS * 86400}; Path=/; SameSite=Lax${secure}`;
  return id;
}
