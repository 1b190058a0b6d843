import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueEmail, type TestServer } from '../../../test/harness.js';
import { User } from './user.model.js';

// The per-IP limits on sign-up, log-in and username checks, on a server whose limits are small
// enough to reach. Sign-up and log-in share one budget: guessing passwords through either counts.

const AUTH_MAX = 3;
const USERNAME_MAX = 4;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_AUTH_MAX: String(AUTH_MAX), RATE_LIMIT_USERNAME_MAX: String(USERNAME_MAX) });
});
afterAll(() => server?.close());

describe('rate limits', () => {
  it('answers a burst of log-ins past the limit with 429 and a message, and then refuses sign-up too', async () => {
    const attempts = await Promise.all(
      Array.from({ length: AUTH_MAX + 3 }, () =>
        server.api.post('/api/user/login').send({ email: uniqueEmail(), password: 'guessing pw' }),
      ),
    );
    const limited = attempts.filter((r) => r.status === 429);
    expect(attempts.filter((r) => r.status === 401)).toHaveLength(AUTH_MAX);
    expect(limited).toHaveLength(3);
    expect(limited[0].body).toEqual({ messages: [{ message: 'Too many attempts, please wait a minute and try again' }] });
    expect(limited[0].headers['ratelimit-policy']).toContain(`${AUTH_MAX}`);

    const email = uniqueEmail('limited');
    const signUp = await server.api.post('/api/user').send({ email, password: 'long enough pw' });
    expect(signUp.status).toBe(429);
    expect(await User.exists({ email })).toBeNull();
  });

  it('limits username checks on their own budget', async () => {
    const checks = await Promise.all(
      Array.from({ length: USERNAME_MAX + 2 }, (_, i) => server.api.get('/api/username').query({ username: `Someone_${i}` })),
    );
    expect(checks.filter((r) => r.status === 200)).toHaveLength(USERNAME_MAX);
    const limited = checks.filter((r) => r.status === 429);
    expect(limited).toHaveLength(2);
    expect(limited[0].body.messages[0].message).toBe('Too many username checks, please slow down');
  });
});
