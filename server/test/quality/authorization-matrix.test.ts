import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, snapshotDatabase, snapshotOwnedBy } from './db-snapshot.js';
import { forgedTokens } from './forged-tokens.js';
import { createApp } from '../../src/app.js';
import { mountedApiRoutes } from './mounted-routes.js';
import { ROUTES, routeKey, send, type RouteSpec } from './route-table.js';
import { buildWorld, type Actor, type World } from './world.js';

// The authorization matrix: every route of the table with no token, with forged and expired
// tokens, and with another user's token against A's things. A refusal is 401/403/404 (or the
// route's own answer for someone else's resource), never A's data, and nothing written.

let w: World;
let forged: Record<string, string>;
beforeAll(async () => {
  w = await buildWorld();
  forged = await forgedTokens({ secret: w.server.deps.secrets.jwtSecret, victimId: w.a.id, victimToken: w.a.token, otherId: w.admin.id });
});
afterAll(() => w?.server.close());

type Res = Awaited<ReturnType<typeof send>>;
const bearer = (user: Actor) => ({ Authorization: `Bearer ${user.token}` });
const isOk = (route: RouteSpec, status: number) =>
  route.ok ? route.ok.includes(status) : route.answers === 'redirect' ? status === 302 : status >= 200 && status < 300;
const everything = (res: Res) => `${res.status} ${res.text ?? ''} ${res.headers.location ?? ''}`;

function expectMessage(res: Res) {
  expect(res.body?.messages?.[0]?.message, everything(res)).toMatch(/\S/);
}

function expectNothingOf(user: Actor, res: Res, alsoUsername = false) {
  const seen = everything(res);
  for (const secret of alsoUsername ? [...user.private, user.username] : user.private) expect(seen).not.toContain(secret);
}

describe('the route table', () => {
  it('lists every route the app mounts under /api, and only those', () => {
    const mounted = mountedApiRoutes(createApp(w.server.deps)).map(routeKey);
    const listed = ROUTES.map(routeKey);
    expect(mounted.length).toBeGreaterThan(20);
    expect(
      mounted.filter((r) => !listed.includes(r)),
      'mounted but missing from route-table.ts',
    ).toEqual([]);
    expect(
      listed.filter((r) => !mounted.includes(r)),
      'in route-table.ts but not mounted',
    ).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });
});

describe.each(ROUTES.map((route) => [routeKey(route), route] as const))('%s', (_name, route) => {
  const caller = () => (route.auth === 'admin' ? w.admin : w.a);

  it('answers a valid request from the right caller (the table is right)', async () => {
    const token = route.auth === 'public' ? {} : bearer(caller());
    const res = await send(w.server.api, route, await route.valid(w, caller()), token);
    expect(isOk(route, res.status), everything(res)).toBe(true);
    if (route.answers === 'redirect') expect(res.headers.location).toMatch(new RegExp(`^${w.server.deps.config.clientUrl}/`));
  });

  it('without a token: refused when it needs a user, and nothing written', async () => {
    const parts = await route.valid(w, caller());
    const before = await snapshotDatabase();
    const res = await send(w.server.api, route, parts);
    if (route.auth === 'user' || route.auth === 'admin') {
      expect(res.status, everything(res)).toBe(401);
      expectMessage(res);
      expect(changes(before, await snapshotDatabase())).toEqual([]);
    } else {
      expect(isOk(route, res.status), everything(res)).toBe(true);
      // What anyone may see of A (a public profile, a gear list) holds nothing private of A's.
      expectNothingOf(w.a, res);
    }
  });

  it('refuses expired, tampered, alg:none and otherwise forged tokens, and writes nothing', async () => {
    const parts = await route.valid(w, caller());
    const before = await snapshotDatabase();
    for (const [kind, token] of Object.entries(forged)) {
      const res = await send(w.server.api, route, parts, { Authorization: `Bearer ${token}` });
      if (route.tokenIgnored) {
        expect(isOk(route, res.status), `${kind}: ${everything(res)}`).toBe(true);
        continue;
      }
      expect(res.status, `${kind}: ${everything(res)}`).toBe(401);
      expectMessage(res);
      expectNothingOf(w.a, res);
    }
    expect(changes(before, await snapshotDatabase())).toEqual([]);
  });

  // Public routes have no one's things to protect; optional ones name theirs in the table (foreign).
  if (!(route.auth === 'user' || route.auth === 'admin' || route.foreign)) return;
  it("with another user's token: none of A's data, and nothing of A's changed", async () => {
    const parts = route.foreign?.request ? await route.foreign.request(w) : await route.valid(w, w.a);
    const expected = route.foreign?.expect ?? (route.auth === 'admin' ? [403] : undefined);
    const before = await snapshotOwnedBy(w.a.id);
    const res = await send(w.server.api, route, parts, bearer(w.b));
    if (expected) expect(expected, everything(res)).toContain(res.status);
    else expect(isOk(route, res.status), everything(res)).toBe(true);
    if (res.status >= 400) expectMessage(res);
    expectNothingOf(w.a, res, route.auth !== 'public');
    expect(changes(before, await snapshotOwnedBy(w.a.id))).toEqual([]);
  });
});
