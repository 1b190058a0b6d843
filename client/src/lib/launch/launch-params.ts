// The query parameters the app reads on arrival (SPEC section 7): a federated sign-in hands back
// `jwt`; a gear tap hands over `device-domain` and `device-token`, and `event_id`/`user_id` of the tap
// event. They are read once and removed from the address bar, so a token never stays in history,
// bookmarks or screenshots. `step` stays: the sign-up screen owns it.

export interface LaunchParams {
  jwt: string | null;
  deviceDomain: string | null;
  deviceToken: string | null;
  eventId: string | null;
  userId: string | null;
}

const NAMES = { jwt: 'jwt', deviceDomain: 'device-domain', deviceToken: 'device-token', eventId: 'event_id', userId: 'user_id' } as const;

export function readLaunchParams(href: string): { params: LaunchParams; cleanedUrl: string | null } {
  const url = new URL(href);
  const params = {} as LaunchParams;
  let found = false;
  for (const [field, name] of Object.entries(NAMES) as [keyof LaunchParams, string][]) {
    const value = url.searchParams.get(name);
    params[field] = value ? value : null;
    if (url.searchParams.has(name)) {
      found = true;
      url.searchParams.delete(name);
    }
  }
  // A sign-in that lands on /login has nothing left to do there: the guards route the user onwards.
  if (params.jwt && url.pathname === '/login') url.pathname = '/';
  return { params, cleanedUrl: found ? `${url.pathname}${url.search}${url.hash}` : null };
}
