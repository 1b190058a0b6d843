import { readdirSync } from 'node:fs';
import { SEED_ASSETS_DIR } from '../../src/seed/seed-assets.routes.js';
import type { TestServer } from '../harness.js';
import { pushSubscription, samplePng, type Actor, type World } from './world.js';

// ONE table of every API route. The authorization matrix, the bad-input properties and the
// coverage check (a mounted route missing here fails the suite) are all generated from it.
//
// auth:    public   - anyone, no token needed
//          optional - works without a token, does more with one
//          user     - a signed-in user; the token decides whose data
//          admin    - a signed-in admin
// valid:   a request that succeeds for `user` (a fresh resource where success uses one up)
// foreign: what another user gets when aiming A's valid request, or `request`, at A's things

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type AuthKind = 'public' | 'optional' | 'user' | 'admin';

export interface RequestParts {
  params?: Record<string, string>;
  /** Values are sent as given; an array repeats the key. */
  query?: Record<string, string | string[]>;
  /** An object is sent as JSON; a string is sent raw as application/json. */
  body?: unknown;
  /** Sent as multipart/form-data field `file` instead of a body. */
  file?: { data: Buffer; filename: string; contentType?: string };
  headers?: Record<string, string>;
}

export interface RouteSpec {
  method: Method;
  path: string;
  auth: AuthKind;
  /** json (default); redirect: a browser navigation, every outcome a 302 to the client; file: static bytes. */
  answers?: 'json' | 'redirect' | 'file';
  /** Mounted before authentication (looks at no token at all). */
  tokenIgnored?: boolean;
  /** The statuses a valid request answers, when not 2xx. */
  ok?: number[];
  valid(world: World, user: Actor): RequestParts | Promise<RequestParts>;
  /** What the route reads from the caller: drives the bad-input properties. */
  reads?: { body?: boolean; query?: string[]; params?: string[] };
  /** Cross-user check; the default for user and admin routes is A's valid request answering 2xx with B's own data. */
  foreign?: { request?(world: World): RequestParts | Promise<RequestParts>; expect: number[] };
}

const seedAsset = () => readdirSync(SEED_ASSETS_DIR).find((f) => f.endsWith('.png')) ?? 'missing.png';
const NO_ONE = 'Nobody_QA_9';

export const ROUTES: RouteSpec[] = [
  { method: 'GET', path: '/api/health', auth: 'public', tokenIgnored: true, valid: () => ({}) },

  // accounts
  {
    method: 'POST',
    path: '/api/user',
    auth: 'public',
    ok: [201],
    valid: () => ({ body: { email: `qa.${Math.random().toString(36).slice(2)}@example.com`, password: 'correct horse battery' } }),
    reads: { body: true },
  },
  {
    method: 'POST',
    path: '/api/user/login',
    auth: 'public',
    valid: (w, user) => ({ body: { email: user.email, password: user.password } }),
    reads: { body: true },
  },
  {
    method: 'GET',
    path: '/api/username',
    auth: 'optional',
    valid: () => ({ query: { username: NO_ONE, ts: String(Date.now()) } }),
    reads: { query: ['username'] },
  },
  {
    method: 'PUT',
    path: '/api/my/username',
    auth: 'user',
    valid: (w, user) => ({ body: { username: user.username } }),
    reads: { body: true },
    foreign: { expect: [409] },
  },

  // federated sign-in: browser navigations, every outcome a redirect (not configured in the suite)
  { method: 'GET', path: '/api/oauth/federated/google', auth: 'public', answers: 'redirect', valid: () => ({}) },
  {
    method: 'GET',
    path: '/api/oauth/federated/google/callback',
    auth: 'public',
    answers: 'redirect',
    valid: () => ({ query: { code: 'qa-code', state: 'qa-state' } }),
    reads: { query: ['code', 'state'] },
  },
  { method: 'GET', path: '/api/oauth/federated/apple', auth: 'public', answers: 'redirect', valid: () => ({}) },
  {
    method: 'POST',
    path: '/api/oauth/federated/apple/callback',
    auth: 'public',
    answers: 'redirect',
    valid: () => ({ body: { code: 'qa-code', state: 'qa-state' } }),
    reads: { body: true },
  },

  // gear and taps
  {
    method: 'POST',
    path: '/api/device/claim',
    auth: 'user',
    valid: (w) => ({ body: { deviceToken: w.freshDeviceToken() } }),
    reads: { body: true },
    foreign: { request: (w) => ({ body: { deviceToken: w.a.claimedToken } }), expect: [409] },
  },
  { method: 'GET', path: '/api/my/devices', auth: 'user', valid: () => ({}) },
  { method: 'GET', path: '/api/my/assets', auth: 'user', valid: () => ({}) },
  {
    method: 'GET',
    path: '/api/devices/:username',
    auth: 'public',
    valid: (w) => ({ params: { username: w.a.username } }),
    reads: { params: ['username'] },
  },
  {
    method: 'GET',
    path: '/api/tap/:deviceToken',
    auth: 'optional',
    answers: 'redirect',
    valid: (w) => ({ params: { deviceToken: w.freshDeviceToken() } }),
    reads: { params: ['deviceToken'] },
  },
  {
    method: 'PATCH',
    path: '/api/events/:id',
    auth: 'optional',
    ok: [200, 204],
    valid: async (w) => ({ params: { id: await w.freshEventId() }, body: { uuid: 'qa-browser-0001' } }),
    reads: { body: true, params: ['id'] },
    // Someone else's tap: nothing to tell (204, no body) and nothing moves.
    foreign: { request: (w) => ({ params: { id: w.a.eventId }, body: { uuid: 'qa-intruder-0001' } }), expect: [204] },
  },

  // brands
  { method: 'GET', path: '/api/my/brands/pwa', auth: 'user', valid: () => ({}) },
  {
    method: 'GET',
    path: '/api/my/brands/:brandId',
    auth: 'user',
    valid: (w) => ({ params: { brandId: w.brandId } }),
    reads: { params: ['brandId'] },
  },
  ...(['POST', 'DELETE'] as const).flatMap((method) =>
    ['membership', 'follow'].map((what): RouteSpec => ({
      method,
      path: `/api/my/brands/:brandId/${what}`,
      auth: 'user',
      valid: (w) => ({ params: { brandId: w.brandId } }),
      reads: { params: ['brandId'] },
    })),
  ),

  // quests
  {
    method: 'GET',
    path: '/api/my/quests',
    auth: 'user',
    valid: () => ({ query: { filter: 'active' } }),
    reads: { query: ['filter'] },
  },
  {
    method: 'GET',
    path: '/api/my/quests/:questId',
    auth: 'user',
    valid: (w) => ({ params: { questId: w.questId } }),
    reads: { params: ['questId'] },
  },

  // profiles and what they show
  { method: 'GET', path: '/api/my/profile', auth: 'user', valid: () => ({}) },
  {
    method: 'PATCH',
    path: '/api/my/profile',
    auth: 'user',
    valid: () => ({ body: { biography: 'Testing the edges', location: 'Berlin', website_link: 'https://example.com' } }),
    reads: { body: true },
  },
  {
    method: 'GET',
    path: '/api/profiles/:username',
    auth: 'public',
    valid: (w) => ({ params: { username: w.a.username } }),
    reads: { params: ['username'] },
  },
  ...(['picture', 'banner'] as const).map((kind): RouteSpec => ({
    method: 'PUT',
    path: `/api/my/profile/${kind}`,
    auth: 'user',
    valid: async () => ({ file: { data: await samplePng(), filename: `${kind}.png`, contentType: 'image/png' } }),
    reads: { body: true },
  })),
  {
    method: 'GET',
    path: '/api/media/:id',
    auth: 'public',
    answers: 'file',
    // A's picture as it is now (uploading a new one deletes the old).
    valid: async (w) => ({
      params: {
        id: String((await w.server.api.get('/api/my/profile').set(w.a.auth)).body.profilePicture)
          .split('/')
          .pop()!,
      },
    }),
    reads: { params: ['id'] },
  },

  // progression: check-in, awards worn on the profile
  { method: 'POST', path: '/api/user/checkin', auth: 'user', ok: [200, 409], valid: () => ({}) },
  { method: 'GET', path: '/api/my/login/history', auth: 'user', valid: () => ({}) },
  { method: 'GET', path: '/api/my/badges', auth: 'user', valid: () => ({ query: { ts: '1' } }) },
  { method: 'GET', path: '/api/my/flairs', auth: 'user', valid: () => ({ query: { ts: '1' } }) },
  {
    method: 'PUT',
    path: '/api/my/badges',
    auth: 'user',
    valid: (w) => ({ body: { badgeIDs: [w.a.badgeId] } }),
    reads: { body: true },
    // Someone else's badge is not yours to wear.
    foreign: { expect: [400] },
  },
  {
    method: 'PUT',
    path: '/api/my/flair',
    auth: 'user',
    valid: (w) => ({ body: { flairID: w.a.flairId } }),
    reads: { body: true },
    foreign: { expect: [400] },
  },

  // notices and push
  {
    method: 'GET',
    path: '/api/my/notices',
    auth: 'user',
    valid: () => ({ query: { hist: '10', ts: '1' } }),
    reads: { query: ['hist'] },
  },
  { method: 'GET', path: '/api/my/notices/count', auth: 'user', valid: () => ({}) },
  // duration and after are lenient by SPEC (a non-numeric duration is the default, an unknown
  // cursor is where the user is), so they are not in the 4xx properties; see bad-input.test.ts.
  { method: 'GET', path: '/api/my/notices/poll', auth: 'user', valid: () => ({ query: { duration: '1', ts: '1' } }) },
  {
    method: 'PATCH',
    path: '/api/notices/:id',
    auth: 'user',
    valid: (w) => ({ params: { id: w.a.noticeId }, body: { ack_type: 'seen' } }),
    reads: { body: true, params: ['id'] },
    foreign: { expect: [404] },
  },
  { method: 'GET', path: '/api/push/vapidPublicKey', auth: 'public', valid: () => ({}) },
  {
    method: 'POST',
    path: '/api/push/register',
    auth: 'user',
    ok: [200, 201],
    valid: () => ({ body: pushSubscription() }),
    reads: { body: true },
  },

  // admin
  { method: 'GET', path: '/api/admin/reset', auth: 'admin', valid: () => ({ query: { ts: '1' } }) },
  {
    method: 'GET',
    path: '/api/admin/users',
    auth: 'admin',
    valid: () => ({ query: { sort: 'xp', page: '1', pageSize: '20' } }),
    reads: { query: ['sort', 'page', 'pageSize'] },
  },
  { method: 'GET', path: '/api/admin/users.csv', auth: 'admin', answers: 'file', valid: () => ({}) },

  // the demo data's images
  {
    method: 'GET',
    path: '/api/seed-assets/*',
    auth: 'public',
    answers: 'file',
    valid: () => ({ params: { '*': seedAsset() } }),
    reads: { params: ['*'] },
  },
];

export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** encodeURIComponent, except that a lone surrogate goes out as the bytes a careless encoder would send. */
export function encodeSegment(value: string): string {
  let out = '';
  for (const char of value) out += /^[\ud800-\udfff]$/.test(char) ? '%ED%A0%80' : encodeURIComponent(char);
  return out;
}

/** The URL path with params filled in (each encoded as one path segment, except the '*' rest). */
export function urlOf(route: Pick<RouteSpec, 'path'>, params: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeSegment(params[name] ?? '')).replace(/\*$/, () => params['*'] ?? '');
}

function queryString(query: Record<string, string | string[]> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Sends a route's request as a client would; never follows redirects. */
export function send(
  api: TestServer['api'],
  route: Pick<RouteSpec, 'method' | 'path'>,
  parts: RequestParts,
  headers: Record<string, string> = {},
) {
  const url = `${urlOf(route, parts.params)}${queryString(parts.query)}`;
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let req = api[method](url)
    .redirects(0)
    .set({ ...parts.headers, ...headers });
  if (parts.file) req = req.attach('file', parts.file.data, { filename: parts.file.filename, contentType: parts.file.contentType });
  else if (typeof parts.body === 'string') req = req.set('Content-Type', 'application/json').send(parts.body);
  else if (parts.body !== undefined) req = req.send(parts.body as object);
  return req;
}
