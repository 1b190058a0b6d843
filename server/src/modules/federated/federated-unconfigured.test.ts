import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { createFederatedSignIn, signInMessages } from './federated-sign-in.js';
import type { FederatedProvider } from './federated.service.js';

// A provider without its credentials (here: each has some but not all) must never strand the
// person on a dead page: the client's fetch probe gets the message as JSON, a browser gets sent
// back to the login screen with it.

const CLIENT_URL = 'https://app.tapquest.test';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    CLIENT_URL,
    GOOGLE_CLIENT_ID: 'only-an-id',
    APPLE_CLIENT_ID: 'test.tapquest.web',
    APPLE_TEAM_ID: 'TEAM123456',
  });
});
afterAll(() => server?.close());

const providers: FederatedProvider[] = ['google', 'apple'];

describe('a provider that is not configured', () => {
  it.each(providers)('answers the client fetch for %s sign-in with 503 and the message', async (provider) => {
    const res = await server.api.get(`/api/oauth/federated/${provider}`).set('Accept', 'application/json');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ messages: [{ message: signInMessages.notAvailable(provider) }] });
  });

  it.each(providers)('sends a browser navigating to %s sign-in back to /login with the message', async (provider) => {
    const res = await server.api.get(`/api/oauth/federated/${provider}`).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${CLIENT_URL}/login?${new URLSearchParams({ error: signInMessages.notAvailable(provider) })}`);
  });

  it.each(providers)('sends a browser that lands on the %s callback back to /login with the message', async (provider) => {
    const req =
      provider === 'apple'
        ? server.api.post('/api/oauth/federated/apple/callback').type('form').send({ code: 'c', state: 's' })
        : server.api.get('/api/oauth/federated/google/callback?code=c&state=s');
    const res = await req;
    expect(res.status).toBe(302);
    expect(new URL(res.headers.location).searchParams.get('error')).toBe(signInMessages.notAvailable(provider));
  });
});

it('refuses to start with an Apple key that cannot sign, naming the setting', () => {
  const config = loadConfig({
    APPLE_CLIENT_ID: 'test.tapquest.web',
    APPLE_TEAM_ID: 'TEAM123456',
    APPLE_KEY_ID: 'KEY1234567',
    APPLE_PRIVATE_KEY: 'not a key',
  });
  expect(() => createFederatedSignIn(config, 'x'.repeat(48))).toThrow(ConfigError);
  expect(() => createFederatedSignIn(config, 'x'.repeat(48))).toThrow(/APPLE_PRIVATE_KEY/);
});
