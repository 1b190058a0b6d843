import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, uniqueEmail, type TestServer } from '../harness.js';
import { httpRequest, postJson, type RawResponse } from './http-client.js';

// What protects the API at its edge: per-IP rate limits on log-in, sign-up and username checks
// that hold under a burst, helmet's security headers, and CORS for the configured origin only.

const APP_ORIGIN = 'https://app.tapquest.test';
const AUTH_MAX = 5;
const USERNAME_MAX = 8;
const BURST = 24;
const CLIENT_SHELL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../client/index.html');

let server: TestServer;
let shellDir: string;
beforeAll(async () => {
  // The client's own page shell, served the way the built app is, so its headers are checked too.
  shellDir = mkdtempSync(path.join(tmpdir(), 'tapquest-shell-'));
  copyFileSync(CLIENT_SHELL, path.join(shellDir, 'index.html'));
  server = await startTestServer({
    RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
    RATE_LIMIT_USERNAME_MAX: String(USERNAME_MAX),
    CLIENT_ORIGIN: APP_ORIGIN,
    CLIENT_DIST: shellDir,
  });
});
afterAll(() => server?.close());

/** Sends `count` requests at once from one loopback address; answers sorted by status. */
async function burst(count: number, send: (i: number) => Promise<RawResponse>) {
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  const limited = answers.filter((a) => a.status === 429);
  return { limited, passed: answers.filter((a) => a.status !== 429) };
}

function expectLimited(result: Awaited<ReturnType<typeof burst>>, max: number) {
  expect(result.passed.length).toBe(max);
  expect(result.limited.length).toBe(BURST - max);
  for (const res of result.limited) {
    expect(res.json?.messages?.[0]?.message).toMatch(/too many/i);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  }
  expect(result.passed.every((a) => a.status < 500)).toBe(true);
}

describe('rate limits under a burst of parallel requests', () => {
  // Each test comes from its own loopback address: the limits are per client IP.
  it('log-in: the first requests are answered, the rest get 429 with a message', async () => {
    const user = await createTestUser(server.api, { username: false });
    const result = await burst(BURST, () =>
      postJson(server.url, '/api/user/login', { email: user.email, password: 'wrong password' }, { from: '127.0.0.11' }),
    );
    expectLimited(result, AUTH_MAX);
    expect(result.passed.every((a) => a.status === 401)).toBe(true);
  });

  it('sign-up: the same, and the refused sign-ups created no account', async () => {
    const emails = Array.from({ length: BURST }, () => uniqueEmail('burst'));
    const result = await burst(BURST, (i) =>
      postJson(server.url, '/api/user', { email: emails[i], password: 'long enough pw' }, { from: '127.0.0.12' }),
    );
    expectLimited(result, AUTH_MAX);
    expect(result.passed.every((a) => a.status === 201)).toBe(true);
    const { User } = await import('../../src/modules/accounts/user.model.js');
    expect(await User.countDocuments({ email: { $in: emails } })).toBe(AUTH_MAX);
  });

  it('username checks: the same', async () => {
    const result = await burst(BURST, (i) =>
      httpRequest(server.url, { path: `/api/username?username=Free_name_${i}`, from: '127.0.0.13' }),
    );
    expectLimited(result, USERNAME_MAX);
    expect(result.passed.every((a) => a.status === 200)).toBe(true);
  });

  it('a forged X-Forwarded-For does not buy a fresh allowance', async () => {
    const result = await burst(BURST, (i) =>
      postJson(
        server.url,
        '/api/user/login',
        { email: 'nobody@example.com', password: 'whatever pw' },
        { from: '127.0.0.14', headers: { 'X-Forwarded-For': `10.0.0.${i}` } },
      ),
    );
    expectLimited(result, AUTH_MAX);
  });

  it('another client is not held back by the limited one', async () => {
    const res = await httpRequest(server.url, { path: '/api/username?username=Free_name_x', from: '127.0.0.15' });
    expect(res.status).toBe(200);
  });
});

describe('security headers', () => {
  it.each(['/api/health', '/', '/profile'])("%s carries helmet's headers and no X-Powered-By", async (pathname) => {
    const res = await httpRequest(server.url, { path: pathname, headers: { Accept: 'text/html,application/json' } });
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values] as const),
    );
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('the page shell passes its own CSP: no inline scripts, handlers or javascript: URLs', async () => {
    const res = await httpRequest(server.url, { path: '/', headers: { Accept: 'text/html' } });
    expect(res.text).toContain('<div id="root">');
    for (const script of res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      expect(script[1], 'every script is a file').toMatch(/\bsrc=/);
      expect(script[2].trim(), 'and has no inline code').toBe('');
      const src = /\bsrc="([^"]+)"/.exec(script[1])?.[1] ?? '';
      expect(src.startsWith('/') && !src.startsWith('//'), `script ${src} is same-origin`).toBe(true);
    }
    expect(res.text).not.toMatch(/\son[a-z]+\s*=/i);
    expect(res.text).not.toMatch(/javascript:/i);
  });

  it('API answers are not cached and say they are JSON', async () => {
    const res = await httpRequest(server.url, { path: '/api/no-such-route' });
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    httpRequest(server.url, {
      method: 'OPTIONS',
      path: '/api/user/login',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,authorization' },
    });

  it('lets the configured origin call the API with credentials', async () => {
    const res = await preflight(APP_ORIGIN);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(res.headers.vary)).toMatch(/origin/i);
  });

  it.each(['https://evil.example', 'null', `${APP_ORIGIN}.evil.example`, APP_ORIGIN.replace('https:', 'http:'), `${APP_ORIGIN}:8443`])(
    'gives %s nothing to read',
    async (origin) => {
      const pre = await preflight(origin);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      // (cors sends Allow-Credentials either way; without Allow-Origin a browser shares nothing.)
      const get = await httpRequest(server.url, { path: '/api/health', headers: { Origin: origin } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    },
  );
});
