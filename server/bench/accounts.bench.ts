import { bareCeiling, load, row, tableHead } from './bare-ceiling.js';
import { createTestUser, startTestServer } from '../test/harness.js';

// Log-in (argon2id by design costs ~tens of ms of CPU) and the profile read, 10 connections each,
// against a server on the in-memory embedded engine, beside a bare Node server as the ceiling.
export default async function accountsBench(): Promise<string> {
  const server = await startTestServer({ RATE_LIMIT_AUTH_MAX: '1000000' });
  try {
    const user = await createTestUser(server.api);
    const ceiling = await bareCeiling(10);
    const login = await load({
      url: `${server.url}/api/user/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const profile = await load({ url: `${server.url}/api/my/profile`, headers: { authorization: `Bearer ${user.token}` } });
    return [
      '## Accounts: log-in and profile',
      '',
      '10 connections, 10 s each, server and load generator in one process on the in-memory embedded engine.',
      '',
      tableHead,
      row('bare node:http hello (ceiling)', ceiling),
      row('POST /api/user/login', login, ceiling),
      row('GET /api/my/profile', profile, ceiling),
      '',
      'Log-in is bound by argon2id (19 MiB, 2 passes), which is the point of it: it keeps password guessing expensive.',
    ].join('\n');
  } finally {
    await server.close();
  }
}
