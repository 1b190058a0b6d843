import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer, type TestUser } from '../../../test/harness.js';
import { User } from '../accounts/user.model.js';

// GET /api/admin/users and /api/admin/users.csv over HTTP, on users this file builds itself.

let server: TestServer;
let admin: TestUser;
let member: TestUser;

async function setProgress(email: string, xp: number, interfaceCount: number, questCount: number) {
  await User.updateOne({ email }, { $set: { xp, interfaceCount, questCount } });
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss@example.com' });
  admin = await createTestUser(server.api, { email: 'boss@example.com', username: 'boss_admin' });
  const alice = await createTestUser(server.api, { username: 'alice_tq' });
  member = await createTestUser(server.api, { username: 'bobby_tq' });
  const carol = await createTestUser(server.api, { username: 'carol_tq' });
  const dave = await createTestUser(server.api, { username: false });
  await setProgress(alice.email, 500, 1, 4);
  await setProgress(member.email, 500, 3, 0);
  await setProgress(carol.email, 50, 7, 1);
  await setProgress(dave.email, 900, 0, 0);
});
afterAll(() => server?.close());

/** The export as a browser would download it (supertest leaves text/csv unread). */
function downloadCsv(user: TestUser) {
  return fetch(`${server.url}/api/admin/users.csv`, { headers: user.auth });
}

const names = (body: { items: { username: string | null }[] }) => body.items.map((i) => i.username);

describe('GET /api/admin/users', () => {
  it('ranks every user by XP, equal XP sharing a rank, with level and counters', async () => {
    const res = await server.api.get('/api/admin/users').set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 5,
      page: 1,
      pageSize: 20,
      items: [
        { rank: 1, username: null, level: 4, xp: 900, interfaces: 0, quests: 0 },
        { rank: 2, username: 'alice_tq', level: 3, xp: 500, interfaces: 1, quests: 4 },
        { rank: 2, username: 'bobby_tq', level: 3, xp: 500, interfaces: 3, quests: 0 },
        { rank: 4, username: 'carol_tq', level: 1, xp: 50, interfaces: 7, quests: 1 },
        { rank: 5, username: 'boss_admin', level: 1, xp: 0, interfaces: 0, quests: 0 },
      ],
    });
  });

  it('pages without overlap or gaps, ranks still counted across all users', async () => {
    const page = (n: number) => server.api.get('/api/admin/users').query({ page: n, pageSize: 2 }).set(admin.auth);
    const [one, two, three, four] = await Promise.all([page(1), page(2), page(3), page(4)]);
    expect(names(one.body)).toEqual([null, 'alice_tq']);
    expect(two.body).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(two.body.items.map((i: { rank: number; username: string }) => [i.rank, i.username])).toEqual([
      [2, 'bobby_tq'],
      [4, 'carol_tq'],
    ]);
    expect(names(three.body)).toEqual(['boss_admin']);
    expect(four.body).toMatchObject({ items: [], total: 5, page: 4 });
  });

  it.each([
    ['xp', [null, 'alice_tq', 'bobby_tq', 'carol_tq', 'boss_admin']],
    ['level', [null, 'alice_tq', 'bobby_tq', 'carol_tq', 'boss_admin']],
    ['interfaces', ['carol_tq', 'bobby_tq', 'alice_tq', null, 'boss_admin']],
    ['quests', ['alice_tq', 'carol_tq', null, 'bobby_tq', 'boss_admin']],
    ['username', ['alice_tq', 'bobby_tq', 'boss_admin', 'carol_tq', null]],
  ])('sorts by %s, keeping the XP rank', async (sort, expected) => {
    const res = await server.api.get('/api/admin/users').query({ sort }).set(admin.auth);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(expected);
    const carol = res.body.items.find((i: { username: string }) => i.username === 'carol_tq');
    expect(carol.rank).toBe(4);
  });

  it('sorts by username across pages, people without a name last', async () => {
    const page = (n: number) => server.api.get('/api/admin/users').query({ sort: 'username', page: n, pageSize: 3 }).set(admin.auth);
    const [one, two] = await Promise.all([page(1), page(2)]);
    expect(names(one.body)).toEqual(['alice_tq', 'bobby_tq', 'boss_admin']);
    expect(names(two.body)).toEqual(['carol_tq', null]);
  });

  it.each([
    [{ sort: 'email' }, 'sort'],
    [{ pageSize: 101 }, 'pageSize must be at most 100'],
    [{ pageSize: 0 }, 'pageSize'],
    [{ page: 0 }, 'page must be at least 1'],
    [{ page: 'two' }, 'page'],
    [{ page: 1.5 }, 'page'],
  ])('refuses %j with 400 naming the parameter', async (query, message) => {
    const res = await server.api.get('/api/admin/users').query(query).set(admin.auth);
    expect(res.status).toBe(400);
    expect(res.body.messages[0].message).toContain(message);
  });

  it('accepts the largest page size', async () => {
    const res = await server.api.get('/api/admin/users').query({ pageSize: 100 }).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.pageSize).toBe(100);
  });
});

describe('who may see users', () => {
  it.each(['/api/admin/users', '/api/admin/users.csv'])('%s: 403 for a signed-in user, 401 for a visitor', async (path) => {
    const asMember = await server.api.get(path).set(member.auth);
    expect(asMember.status).toBe(403);
    expect(asMember.body.messages[0].message).toBe('Only admins can do this');
    const asVisitor = await server.api.get(path);
    expect(asVisitor.status).toBe(401);
    expect(asVisitor.body.messages).toHaveLength(1);
  });
});

describe('GET /api/admin/users.csv', () => {
  it('downloads every user by rank as an attachment', async () => {
    const res = await downloadCsv(admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tapquest-users-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(await res.text()).toBe(
      [
        'rank,username,level,xp,interfaces,quests',
        '1,(no username),4,900,0,0',
        '2,alice_tq,3,500,1,4',
        '2,bobby_tq,3,500,3,0',
        '4,carol_tq,1,50,7,1',
        '5,boss_admin,1,0,0,0',
        '',
      ].join('\r\n'),
    );
  });

  it("quotes and neutralises a stored name that would be a formula (data from before today's rules)", async () => {
    // Sign-up refuses such names; an account written before the rules, or by hand, still must not
    // turn the export into a formula when an admin opens it in a spreadsheet.
    const legacy = await createTestUser(server.api, { username: false });
    await User.updateOne({ email: legacy.email }, { $set: { username: '=HYPERLINK("http://x.example","a,b")', xp: 10 } });
    try {
      const text = await (await downloadCsv(admin)).text();
      expect(text.split('\r\n')).toContain(`5,"'=HYPERLINK(""http://x.example"",""a,b"")",1,10,0,0`);
    } finally {
      await User.deleteOne({ email: legacy.email });
    }
  });
});
