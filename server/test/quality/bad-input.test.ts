import net from 'node:net';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { grantAward } from '../../src/modules/progression/progression.service.js';
import { createTestUser } from '../harness.js';
import { changes, snapshotDatabase } from './db-snapshot.js';
import { httpRequest } from './http-client.js';
import { malformedBody, malformedParam, malformedQueryValue } from './malformed.js';
import { ROUTES, encodeSegment, routeKey, send, type RequestParts, type RouteSpec } from './route-table.js';
import { buildWorld, type World } from './world.js';

// Bad input at every route that reads a body, a query or a path param: wrong types, huge and
// odd unicode strings, nested objects, MongoDB operators, keys with $ or dots, __proto__. The
// answer is a 4xx with { messages: [{ message }] } (a navigation: a redirect to the client's
// login page with an error), never a 5xx, and the database is exactly as before.

// QA_RUNS=300 for a deeper search; 40 keeps npm test quick.
const RUNS = Number(process.env.QA_RUNS ?? 40);

let w: World;
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.server.close());
afterEach(() => {
  // The server runs in this process: polluting Object.prototype there would show here.
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  const probe = {} as Record<string, unknown>;
  expect([probe.isAdmin, probe.role, probe.polluted]).toEqual([undefined, undefined, undefined]);
});

type Res = Awaited<ReturnType<typeof send>>;

function expectRefused(route: RouteSpec, res: Res, input: unknown) {
  const seen = `${res.status} ${res.text?.slice(0, 300)} ${res.headers.location ?? ''} for ${JSON.stringify(input)?.slice(0, 300)}`;
  // A navigation's answer is a redirect to the login page; a request no browser sends (a JSON
  // number for a body, a broken percent-encoding) may instead be refused like any API call.
  if (route.answers === 'redirect' && res.status === 302) {
    expect(res.status, seen).toBe(302);
    const location = new URL(res.headers.location);
    expect(`${location.origin}${location.pathname}`, seen).toBe(`${w.server.deps.config.clientUrl}/login`);
    expect(location.searchParams.get('error'), seen).toMatch(/\S/);
    return;
  }
  expect(res.status, seen).toBeGreaterThanOrEqual(400);
  expect(res.status, seen).toBeLessThan(500);
  expect(res.body?.messages?.[0]?.message, seen).toMatch(/\S/);
}

/** Runs a property over one route and checks afterwards that nothing was written. */
async function checkRoute<T>(route: RouteSpec, input: fc.Arbitrary<T>, request: (value: T, valid: RequestParts) => RequestParts) {
  const caller = route.auth === 'admin' ? w.admin : w.a;
  const auth: Record<string, string> = route.auth === 'public' ? {} : { Authorization: `Bearer ${caller.token}` };
  // Made once: a valid request may create what it needs (a tap to upgrade), which is not the input's doing.
  const valid = await route.valid(w, caller);
  const before = await snapshotDatabase();
  await fc.assert(
    fc.asyncProperty(input, async (value) => {
      const parts = request(value, valid);
      expectRefused(route, await send(w.server.api, route, parts, auth), value);
    }),
    { numRuns: RUNS },
  );
  expect(changes(before, await snapshotDatabase())).toEqual([]);
}

const withBody = ROUTES.filter((r) => r.reads?.body);
const withQuery = ROUTES.filter((r) => r.reads?.query?.length);
const withParams = ROUTES.filter((r) => r.reads?.params?.length);

describe.each(withBody.map((r) => [routeKey(r), r] as const))('%s: malformed bodies', (_name, route) => {
  it('refuses each with a 4xx and a message, writing nothing', async () => {
    // An upload route gets the JSON instead of its file (uploads.test.ts sends it bad files).
    const valid = ((await route.valid(w, route.auth === 'admin' ? w.admin : w.a)).body ?? {}) as Record<string, unknown>;
    await checkRoute(route, malformedBody(valid), (text, parts) => ({ ...parts, file: undefined, body: text }));
  });
});

describe.each(withQuery.map((r) => [routeKey(r), r] as const))('%s: malformed query values', (_name, route) => {
  it('refuses each with a 4xx and a message, writing nothing', async () => {
    const valid = (await route.valid(w, w.a)).query ?? {};
    const names = route.reads!.query!;
    const input = fc.constantFrom(...names).chain((name) => malformedQueryValue(String(valid[name])).map((value) => ({ name, value })));
    await checkRoute(route, input, ({ name, value }, parts) => ({ ...parts, query: { ...parts.query, [name]: value } }));
  });
});

describe.each(withParams.map((r) => [routeKey(r), r] as const))('%s: malformed path params', (_name, route) => {
  it('refuses each with a 4xx and a message, writing nothing', async () => {
    const names = route.reads!.params!;
    const input = fc.tuple(fc.constantFrom(...names), malformedParam);
    await checkRoute(route, input, ([name, value], parts) => ({
      ...parts,
      params: { ...parts.params, [name]: name === '*' ? encodeSegment(value) : value },
    }));
  });
});

describe('requests that are wrong as a whole', () => {
  const signUp = ROUTES.find((r) => routeKey(r) === 'POST /api/user')!;

  it('reads bracketed query keys as plain names, never as operator objects', async () => {
    const res = await w.server.api.get('/api/username?username[$ne]=x&username[$gt]=').set({ Authorization: `Bearer ${w.a.token}` });
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toMatch(/username/);
  });

  // The long poll is lenient by SPEC: a duration that is not a number is the default, and an
  // unknown cursor is where the user is. Junk there is read as that, never as an operator.
  it.each([
    ['duration', '{"$gt":""}'],
    ['duration', '-1e309'],
    ['after', '{"$ne":null}'],
    ['after', '__proto__'],
  ])('the long poll reads %s=%s as its default', async (name, value) => {
    const user = await createTestUser(w.server.api);
    await grantAward(decodeJwt(user.token).sub!, w.a.badgeId);
    const poll = { method: 'GET', path: '/api/my/notices/poll' } as const;
    const res = await send(w.server.api, poll, { query: { duration: '1', [name]: value } }, user.auth);
    expect(res.status).toBe(200);
    expect(res.body.notices.map((n: { title: string }) => n.title).join()).toMatch(/QA Badge/);
    const tooLong = await send(w.server.api, poll, { query: { duration: '1', after: 'x'.repeat(65) } }, user.auth);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.messages[0].message).toMatch(/after/);
  });

  it.each([
    ['form-encoded operators', 'application/x-www-form-urlencoded', 'email[$gt]=&password[$ne]=x'],
    ['text', 'text/plain', '{"email":"a@b.co","password":"long enough pw"}'],
    ['an unknown charset', 'application/json; charset=utf-7', '{}'],
    ['multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--'],
  ])('refuses a body sent as %s with a 4xx and a message', async (_label, type, body) => {
    const before = await snapshotDatabase();
    const res = await w.server.api.post('/api/user').set('Content-Type', type).send(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.messages[0].message).toMatch(/\S/);
    expect(changes(before, await snapshotDatabase())).toEqual([]);
  });

  it('refuses a JSON body over the limit, and a compressed one that inflates over it, with 413', async () => {
    const email = `qa.big@example.com`;
    const big = JSON.stringify({ email, password: 'x'.repeat(300_000) });
    const plain = await w.server.api.post('/api/user').set('Content-Type', 'application/json').send(big);
    expect(plain.status).toBe(413);
    expect(plain.body.messages[0].message).toMatch(/too large/);

    // 50 MB of spaces inside valid JSON, deflated to about 50 KB: a decompression bomb.
    const bomb = deflateSync(Buffer.from(`{"email":"${email}","password":"long enough pw"${' '.repeat(50_000_000)}}`));
    const rss = process.memoryUsage().rss;
    const res = await httpRequest(w.server.url, {
      method: 'POST',
      path: '/api/user',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'deflate' },
      body: bomb,
    });
    expect(res.status).toBe(413);
    expect(res.json?.messages?.[0]?.message).toMatch(/\S/);
    expect(process.memoryUsage().rss - rss).toBeLessThan(40_000_000);
    expect((await send(w.server.api, signUp, { body: { email, password: 'long enough pw' } })).status).toBe(201);
  });

  it.each([
    ['an address too long for Node', `GET /api/username?username=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ['a broken request line', 'GET /api/health HTTP/9.Q\r\nHost: x\r\n\r\n', 400],
    ['a header without a colon', 'GET /api/health HTTP/1.1\r\nHost x\r\n\r\n', 400],
  ])('answers %s with a message before Express sees it, and stays up', async (_label, raw, status) => {
    const answer = await rawSocket(raw);
    expect(answer).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).messages[0].message).toMatch(/\S/);
    expect((await w.server.api.get('/api/health')).status).toBe(200);
  });

  it.each([
    '../../package.json',
    '..%2f..%2fpackage.json',
    '%2e%2e/%2e%2e/package.json',
    '....//....//package.json',
    '.%2e/.%2e/src/config.ts',
    '%00.png',
    '.env',
    '/etc/passwd',
  ])('serves nothing outside the seed images folder for %s', async (path) => {
    const res = await httpRequest(w.server.url, { path: `/api/seed-assets/${path}` });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toContain('@tapquest/server');
    expect(res.text).not.toContain('root:');
    expect(res.text).not.toContain('loadConfig');
  });
});

/** Bytes straight onto a TCP connection; resolves with everything the server sent back. */
function rawSocket(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(w.server.port, '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    socket.on('error', reject);
  });
}
