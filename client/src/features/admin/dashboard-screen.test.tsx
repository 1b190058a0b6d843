import type { AdminUserPage, AdminUserRow } from '@tapquest/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/builders';
import { errorBody, json, mockFetch, type RecordedCall } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

const row = (rank: number, username: string | null, xp: number): AdminUserRow => ({
  rank,
  username,
  level: 1 + Math.floor(xp / 300),
  xp,
  interfaces: rank,
  quests: 10 - rank,
});
const everyone = Array.from({ length: 45 }, (_, i) =>
  row(i + 1, i === 1 ? null : `rider_${String(i + 1).padStart(2, '0')}`, 5000 - i * 100),
);

/** GET /admin/users as the server answers it, paging the 45 users above. */
function usersPage(call: RecordedCall) {
  const page = Number(call.url.searchParams.get('page'));
  const pageSize = Number(call.url.searchParams.get('pageSize'));
  const body: AdminUserPage = { items: everyone.slice((page - 1) * pageSize, page * pageSize), total: everyone.length, page, pageSize };
  return json(200, body);
}

function signedIn(role: 'admin' | 'user', routes: Parameters<typeof mockFetch>[0] = {}) {
  localStorage.setItem('jwt', `jwt-${role}`);
  return mockFetch({ 'GET /my/profile': () => json(200, buildUser({ role })), ...routes });
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

afterEach(() => vi.restoreAllMocks());

describe('/dashboard panels', () => {
  it('shows UPLOAD and CAMPAIGN MANAGEMENT, every link going home', async () => {
    signedIn('admin', { 'GET /admin/users': usersPage });
    renderApp('/dashboard');
    const upload = await screen.findByRole('region', { name: 'UPLOAD' });
    const tiles = within(upload).getAllByRole('link');
    expect(tiles.map((t) => t.textContent)).toEqual(['NEWS UPDATES', 'MEDIA', 'BADGES/FLAIRS', 'REWARD', 'BANNER', 'SEE UPLOADS']);
    tiles.forEach((t) => expect(t).toHaveAttribute('href', '/'));

    const campaigns = screen.getByRole('region', { name: 'CAMPAIGN MANAGEMENT' });
    for (const [title, text] of [
      ['TAP QUEST', 'build a quest for gear holders'],
      ['EVENT', 'launch a community event'],
      ['SOCIAL QUEST', 'build a social media quest'],
    ]) {
      expect(within(campaigns).getByRole('heading', { name: title })).toBeInTheDocument();
      expect(within(campaigns).getByText(text)).toBeInTheDocument();
      expect(within(campaigns).getByRole('link', { name: `BEGIN ${title}` })).toHaveAttribute('href', '/');
    }
    expect(within(campaigns).getByRole('link', { name: 'VIEW CAMPAIGNS' })).toHaveAttribute('href', '/');
  });
});

describe('USER MANAGEMENT', () => {
  it('lists the top of the XP ranking with rank, username, level, interfaces and quests', async () => {
    const { called } = signedIn('admin', { 'GET /admin/users': usersPage });
    renderApp('/dashboard');
    await screen.findByRole('table');
    expect(bodyRows()).toHaveLength(5);
    expect(
      within(bodyRows()[0])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '17', '1', '9']);
    expect(within(bodyRows()[0]).getByRole('link', { name: 'rider_01' })).toHaveAttribute('href', '/profile/rider_01');
    expect(within(bodyRows()[1]).getByText('(no username)')).toBeInTheDocument();
    expect(within(bodyRows()[0]).getByText('5,000 XP')).toBeInTheDocument();
    const [first] = called('GET /admin/users');
    expect(first.headers.get('Authorization')).toBe('Bearer jwt-admin');
    expect(Object.fromEntries(first.url.searchParams)).toMatchObject({ sort: 'xp', page: '1', pageSize: '5' });
  });

  it('SORT steps through the sort keys, showing the current one', async () => {
    const { called } = signedIn('admin', { 'GET /admin/users': usersPage });
    renderApp('/dashboard');
    const sort = await screen.findByRole('button', { name: 'SORT: XP' });
    for (const next of ['LEVEL', 'INTERFACES', 'QUESTS', 'USERNAME', 'XP']) {
      await userEvent.click(sort);
      expect(sort).toHaveTextContent(`SORT: ${next}`);
    }
    await waitFor(() =>
      expect(called('GET /admin/users').map((c) => c.url.searchParams.get('sort'))).toEqual(
        expect.arrayContaining(['xp', 'level', 'interfaces', 'quests', 'username']),
      ),
    );
  });

  it('VIEW ALL pages through the whole ranked list', async () => {
    const { called } = signedIn('admin', { 'GET /admin/users': usersPage });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'VIEW ALL' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(screen.getByText('Page 1 of 3 · 45 users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 3 of 3 · 45 users')).toBeInTheDocument());
    expect(bodyRows()).toHaveLength(5);
    expect(within(bodyRows()[4]).getByText('rider_45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(called('GET /admin/users').at(-1)!.url.searchParams.get('pageSize')).toBe('20');

    await userEvent.click(screen.getByRole('button', { name: 'SHOW TOP 5' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
  });

  it('tells a signed-in user without the admin role that the list is for admins', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signedIn('user', { 'GET /admin/users': () => json(403, errorBody('Only admins can do this')) });
    renderApp('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can see the user list.');
    expect(screen.getByRole('button', { name: 'EXPORT TO CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^SORT/ })).toBeDisabled();
  });
});

describe('EXPORT TO CSV', () => {
  const csv = 'rank,username,level,xp,interfaces,quests\r\n1,rider_01,17,5000,1,9\r\n2,(no username),17,4900,2,8\r\n';

  function stubDownloads() {
    const saved: { href: string; download: string }[] = [];
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:tapquest/${blobs.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    return { saved, blobs };
  }

  it('fetches the CSV with the bearer token and saves it under the server-given name', async () => {
    const { saved, blobs } = stubDownloads();
    const { called } = signedIn('admin', {
      'GET /admin/users': usersPage,
      'GET /admin/users.csv': () =>
        new Response(csv, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="tapquest-users-2025-05-01.csv"',
          },
        }),
    });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'EXPORT TO CSV' }));
    expect(await screen.findByText('Users exported')).toBeInTheDocument();

    expect(called('GET /admin/users.csv')[0].headers.get('Authorization')).toBe('Bearer jwt-admin');
    expect(saved).toEqual([{ href: 'blob:tapquest/1', download: 'tapquest-users-2025-05-01.csv' }]);
    expect(await blobs[0].text()).toBe(csv);
    // The temporary link does not stay in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('says so when the server refuses, and saves nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { saved } = stubDownloads();
    signedIn('admin', {
      'GET /admin/users': usersPage,
      'GET /admin/users.csv': () => json(403, errorBody('Only admins can do this')),
    });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'EXPORT TO CSV' }));
    expect(await screen.findByText("You don't have the right to export users: only admins can.")).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
