// Profile links: the server stores full URLs built from what people type (a handle, @handle or a URL);
// the edit form shows only the handle, the last path segment of the stored URL.

export type SocialNetwork = 'instagram' | 'twitter';

const BASES: Record<SocialNetwork, string> = {
  instagram: 'https://instagram.com/',
  twitter: 'https://x.com/',
};

const HANDLE = /^[A-Za-z0-9._]{1,30}$/;

/** The handle inside a stored URL or typed value: its last path segment, without '@'. */
export function handleFromUrl(value: string): string {
  const trimmed = value
    .trim()
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  const last = trimmed.split('/').pop() ?? '';
  return last.replace(/^@/, '');
}

/** Full URL for a handle, '' when blank, null when it is not a valid handle. */
export function socialUrl(network: SocialNetwork, typed: string): string | null {
  if (!typed.trim()) return '';
  const handle = handleFromUrl(typed);
  return HANDLE.test(handle) ? `${BASES[network]}${handle}` : null;
}

/** A website or custom link with a scheme; null for schemes a browser must not open (javascript:, data:). */
export function normaliseLink(typed: string): string | null {
  const value = typed.trim();
  if (!value) return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** SPEC section 5: the custom link is shown with an http:// prefix when it does not start with http. */
export function displayLink(link: string): string {
  return /^http/i.test(link) ? link : `http://${link}`;
}

/** A link as people read it on a button or in a list: no scheme, no trailing slash. */
export function linkLabel(link: string): string {
  return link.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}
