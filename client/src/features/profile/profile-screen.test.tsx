import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localDayKey, type Device, type UserProfile } from '@tapquest/shared';
import { buildUser } from '../../test/builders';
import { json, mockFetch, type Handler } from '../../test/fetch-mock';
import { buildAsset, buildAward, buildAwards, buildDevice } from '../../test/profile-builders';
import { renderApp } from '../../test/render-app';

vi.mock('socket.io-client', () => import('../../test/fake-socket-io'));

const ada = (overrides: Partial<UserProfile> = {}) =>
  buildUser({
    username: 'trail_ada',
    bio: 'Up the ridge before sunrise.',
    location: 'Boulder, CO',
    link: 'summit-supply.example/crew/ada',
    xp: 340,
    experience: { current: 40, required: 300 },
    level: 3,
    rank: 12,
    questCount: 4,
    interfaceCount: 2,
    badges: [buildAward()],
    flairs: [
      buildAward({ id: 'flair-spark', name: 'Spark', src: '/api/seed-assets/flair-spark.webp', description: 'For the first spark.' }),
    ],
    ...overrides,
  });

/** Ada signed in; today's reward already taken on this phone, so no offer covers the screen. */
function signedIn(user: UserProfile, devices: Device[] = [buildDevice()], routes: Record<string, Handler> = {}) {
  localStorage.setItem('jwt', 'jwt-ada');
  localStorage.setItem('last-checkin-day', localDayKey(new Date()));
  return mockFetch({
    'GET /my/profile': () => json(200, user),
    'GET /my/devices': () => json(200, devices),
    'GET /my/assets': () => json(200, [buildAsset()]),
    'GET /my/notices': () => json(200, []),
    'GET /my/notices/count': () => json(200, { new: 0, unread: 0 }),
    ...routes,
  });
}

const stat = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;

describe('own profile', () => {
  it('shows the header: name, XP, counts, link, location and bio, and an edit button', async () => {
    signedIn(ada());
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'trail_ada', level: 1 })).toBeInTheDocument();
    expect(stat('Interfaces')).toHaveTextContent('2');
    expect(stat('Quests')).toHaveTextContent('4');
    expect(stat('Level')).toHaveTextContent('3');
    expect(stat('Rank')).toHaveTextContent('#12');
    const xp = screen.getByRole('progressbar', { name: 'Experience towards level 4' });
    expect(xp).toHaveAttribute('aria-valuenow', '40');
    expect(xp).toHaveAttribute('aria-valuemax', '300');
    expect(screen.getByText('Boulder, CO')).toBeInTheDocument();
    expect(screen.getByText('Up the ridge before sunrise.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/edit');
    expect(screen.getByRole('img', { name: "trail_ada's profile picture" })).toBeInTheDocument();
  });

  it('asks before following the custom link, adding http:// when it has no scheme', async () => {
    signedIn(ada());
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'summit-supply.example/crew/ada' }));
    const dialog = screen.getByRole('dialog', { name: 'You are leaving Tapquest' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, I understand the risks' }));
    expect(open).toHaveBeenCalledWith('http://summit-supply.example/crew/ada', '_blank', 'noopener,noreferrer');
  });

  it('lists the gear from GET /my/devices with an Add Gear card that explains tapping', async () => {
    signedIn(ada(), [
      buildDevice(),
      buildDevice({ id: 'item-2', name: 'Neon Reflective Cap', edition: { type: 'Limited', claimed: 1, run: 30 } }),
    ]);
    renderApp('/profile');
    const gear = await screen.findByRole('list', { name: 'Gear' });
    expect(within(gear).getByRole('button', { name: /^Summit Trail Hoodie\s*Limited #7 of 50\s*Summit Supply Co\.$/ })).toBeInTheDocument();
    expect(within(gear).getByRole('button', { name: /Neon Reflective Cap\s*Limited #1 of 30/ })).toBeInTheDocument();
    await userEvent.click(within(gear).getByRole('button', { name: /Add Gear/ }));
    const dialog = screen.getByRole('dialog', { name: 'Add Gear' });
    expect(dialog).toHaveTextContent(/hold its top edge against the tag/);
  });

  it('opens the asset details of a piece of gear, with its description, and the edit-NFC-link modal from there', async () => {
    const { called } = signedIn(ada(), [buildDevice()], {
      'PATCH /my/profile': ({ body }) => json(200, ada({ link: (body as { custom_link: string }).custom_link })),
    });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: /Summit Trail Hoodie/ }));
    const dialog = screen.getByRole('dialog', { name: 'Summit Trail Hoodie' });
    expect(dialog).toHaveTextContent('Midweight hoodie with a tag in the cuff.');
    expect(dialog).toHaveTextContent('TypeGear');
    expect(dialog).toHaveTextContent('IssuerSummit Supply Co.');
    expect(dialog).toHaveTextContent('EditionLimited #7 of 50');
    expect(dialog).toHaveTextContent('AcquiredMay 27, 2025');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit NFC link' }));
    const edit = screen.getByRole('dialog', { name: 'Edit NFC link' });
    const field = within(edit).getByRole('textbox', { name: 'Link' });
    expect(field).toHaveValue('summit-supply.example/crew/ada');
    await userEvent.clear(field);
    await userEvent.type(field, 'ada.example/tap');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit NFC link' })).not.toBeInTheDocument());
    expect(called('PATCH /my/profile')[0].body).toEqual({ custom_link: 'ada.example/tap' });
    expect(screen.getByRole('button', { name: 'ada.example/tap' })).toBeInTheDocument();
  });

  it('shows the Season Pass and the Flairs and Badges carousels, with +N more past ten', async () => {
    signedIn(ada({ badges: buildAwards('badge', 13) }));
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('tab', { name: 'Collections' }));
    const pass = screen.getByRole('region', { name: 'Season Pass' });
    expect(pass).toHaveTextContent('Next reward: Level 4');
    expect(pass).toHaveTextContent('260 XP needed');
    const flairs = screen.getByRole('list', { name: 'Flairs collected' });
    expect(within(flairs).getAllByRole('listitem')).toHaveLength(1);
    const badges = screen.getByRole('list', { name: 'Badges collected' });
    expect(within(badges).getAllByRole('listitem')).toHaveLength(11);
    await userEvent.click(within(badges).getByRole('button', { name: '+3 more' }));
    expect(within(screen.getByRole('dialog', { name: 'All badges' })).getAllByRole('button')).toHaveLength(13);
  });

  it('opens the details of a flair from its carousel', async () => {
    signedIn(ada());
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('tab', { name: 'Collections' }));
    await userEvent.click(within(screen.getByRole('list', { name: 'Flairs collected' })).getByRole('button', { name: 'Spark' }));
    const dialog = screen.getByRole('dialog', { name: 'Spark' });
    expect(dialog).toHaveTextContent('For the first spark.');
    expect(dialog).toHaveTextContent('TypeFlair');
    expect(within(dialog).queryByRole('button', { name: 'Edit NFC link' })).not.toBeInTheDocument();
  });

  it('lists About, User, Brands, Quests, Products and Mods in the details sheet', async () => {
    signedIn(ada({ instagram: 'https://instagram.com/ada_trails' }));
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Profile details' }));
    const sheet = screen.getByRole('dialog', { name: 'About trail_ada' });
    for (const section of ['About', 'User', 'Brands', 'Quests', 'Products', 'Mods']) {
      expect(within(sheet).getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(within(sheet).getByRole('link', { name: '@ada_trails' })).toBeInTheDocument();
    expect(within(sheet).getByText('4 quests completed')).toBeInTheDocument();
    expect(within(sheet).getAllByText('Summit Supply Co.').length).toBeGreaterThan(0);
  });

  it('shows gear claimed after the screen loaded without a reload', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    let devices: Device[] = [];
    signedIn(ada(), [], {
      'GET /my/devices': () => json(200, devices),
      'POST /device/claim': () => {
        devices = [buildDevice({ name: 'Neon Glow Band' })];
        return json(200, { device: devices[0] });
      },
    });
    const { session } = renderApp('/profile');
    const gear = await screen.findByRole('list', { name: 'Gear' });
    expect(within(gear).queryByRole('button', { name: /Neon Glow Band/ })).not.toBeInTheDocument();
    sessionStorage.setItem('device-token', 'demo-neon-wristband-058');
    await session.claimPendingGear();
    expect(window.alert).toHaveBeenCalledWith('Device registered!');
    expect(await within(gear).findByRole('button', { name: /Neon Glow Band/ })).toBeInTheDocument();
  });
});
