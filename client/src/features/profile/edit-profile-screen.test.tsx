import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PICKER_CELLS, UPLOAD_MAX_BYTES, type UserProfile } from '@tapquest/shared';
import { buildUser } from '../../test/builders';
import { errorBody, json, mockFetch, type Handler } from '../../test/fetch-mock';
import { buildAwards } from '../../test/profile-builders';
import { renderApp } from '../../test/render-app';

vi.mock('socket.io-client', () => import('../../test/fake-socket-io'));

const flairs = buildAwards('flair', 3);
const badges = buildAwards('badge', 4);

const ada = (overrides: Partial<UserProfile> = {}) =>
  buildUser({
    bio: 'Up the ridge before sunrise.',
    location: 'Boulder, CO',
    link: 'https://summit-supply.example/crew/ada',
    website: 'https://ada.example/',
    instagram: 'https://instagram.com/ada_trails/',
    twitter: 'https://x.com/ada',
    flairs,
    badges,
    profileFlair: { id: flairs[0].id, name: flairs[0].name, src: flairs[0].src },
    profileBadges: [{ id: badges[0].id, name: badges[0].name, src: badges[0].src }, null, null],
    ...overrides,
  });

function signedIn(user: UserProfile, routes: Record<string, Handler> = {}) {
  localStorage.setItem('jwt', 'jwt-ada');
  return mockFetch({
    'GET /my/profile': () => json(200, user),
    'GET /my/notices': () => json(200, []),
    'GET /my/notices/count': () => json(200, { new: 0, unread: 0 }),
    ...routes,
  });
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('edit profile: details form', () => {
  it('starts from the stored profile, showing socials as the last path segment of their URL', async () => {
    signedIn(ada());
    renderApp('/profile/edit');
    expect(await screen.findByRole('heading', { name: 'Edit profile', level: 1 })).toBeInTheDocument();
    expect(field('Bio')).toHaveValue('Up the ridge before sunrise.');
    expect(field('Location')).toHaveValue('Boulder, CO');
    expect(field('Featured link')).toHaveValue('https://summit-supply.example/crew/ada');
    expect(field('Website')).toHaveValue('https://ada.example/');
    expect(field('Instagram')).toHaveValue('ada_trails');
    expect(field('Twitter')).toHaveValue('ada');
    expect(screen.getByText(`${300 - 'Up the ridge before sunrise.'.length} characters left`)).toBeInTheDocument();
  });

  it('saves the SPEC payload, with socials as full URLs built from the handle, and goes back to the profile', async () => {
    const { called } = signedIn(ada({ instagram: '', twitter: '' }), {
      'PATCH /my/profile': () => json(200, ada({ bio: 'New bio' })),
      'GET /my/devices': () => json(200, []),
      'GET /my/assets': () => json(200, []),
    });
    const { router } = renderApp('/profile/edit');
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Bio' }));
    await userEvent.type(field('Bio'), 'New bio');
    await userEvent.type(field('Instagram'), '@ada_trails');
    await userEvent.clear(field('Location'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(called('PATCH /my/profile')[0].body).toEqual({
      biography: 'New bio',
      custom_link: 'https://summit-supply.example/crew/ada',
      location: '',
      website_link: 'https://ada.example/',
      instagram_link: 'https://instagram.com/ada_trails',
      twitter_link: '',
    });
    expect(screen.getByText('Profile saved')).toBeInTheDocument();
  });

  it("shows the server's message and keeps everything typed when saving fails", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signedIn(ada(), { 'PATCH /my/profile': () => json(400, errorBody('website_link must be a web address (http or https)')) });
    const { router } = renderApp('/profile/edit');
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Website' }));
    await userEvent.type(field('Website'), 'javascript:alert(1)');
    await userEvent.type(field('Bio'), ' And after dark.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('website_link must be a web address (http or https)')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/edit');
    expect(field('Website')).toHaveValue('javascript:alert(1)');
    expect(field('Bio')).toHaveValue('Up the ridge before sunrise. And after dark.');
  });

  it('Discard goes back to /profile without saving', async () => {
    const { called } = signedIn(ada(), { 'GET /my/devices': () => json(200, []), 'GET /my/assets': () => json(200, []) });
    const { router } = renderApp('/profile/edit');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Bio' }), ' changed');
    await userEvent.click(screen.getByRole('link', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(called('PATCH /my/profile')).toHaveLength(0);
  });
});

describe('edit profile: flair and badge pickers', () => {
  it(`pads the flair grid to ${PICKER_CELLS} cells and keeps Apply disabled until the choice changes`, async () => {
    const { called } = signedIn(ada(), {
      'PUT /my/flair': () => json(200, ada({ profileFlair: { id: flairs[2].id, name: flairs[2].name, src: flairs[2].src } })),
    });
    renderApp('/profile/edit');
    const section = await screen.findByRole('region', { name: 'Flair' });
    expect(within(section).getByText('Select a Flair')).toBeInTheDocument();
    const grid = within(section).getByRole('list', { name: 'Flairs' });
    expect(grid.querySelectorAll('li')).toHaveLength(PICKER_CELLS);
    expect(within(grid).getAllByRole('button')).toHaveLength(3);
    expect(within(grid).getByRole('button', { name: 'Flair 1' })).toHaveAttribute('aria-pressed', 'true');
    const apply = within(section).getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();

    await userEvent.click(within(grid).getByRole('button', { name: 'Flair 3' }));
    expect(apply).toBeEnabled();
    await userEvent.click(within(grid).getByRole('button', { name: 'Flair 1' }));
    expect(apply).toBeDisabled();
    // Tapping the worn flair again takes it off: a change too.
    await userEvent.click(within(grid).getByRole('button', { name: 'Flair 1' }));
    expect(apply).toBeEnabled();

    await userEvent.click(within(grid).getByRole('button', { name: 'Flair 3' }));
    await userEvent.click(apply);
    await waitFor(() => expect(called('PUT /my/flair')).toHaveLength(1));
    expect(called('PUT /my/flair')[0].body).toEqual({ flairID: 'flair-3' });
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Flair' })).getByRole('button', { name: 'Apply' })).toBeDisabled(),
    );
  });

  it('puts a badge in the chosen slot (Slot 1 Left, Slot 2 Center, Slot 3 Right) and applies the slots in order', async () => {
    const { called } = signedIn(ada(), { 'PUT /my/badges': () => json(200, ada()) });
    renderApp('/profile/edit');
    const section = await screen.findByRole('region', { name: 'Badges' });
    expect(within(section).getByText('Select a Badge')).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'Badges' }).querySelectorAll('li')).toHaveLength(PICKER_CELLS);
    expect(within(section).getByRole('button', { name: 'Slot 1 (Left): Badge 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).getByRole('button', { name: 'Slot 2 (Center): empty' })).toBeInTheDocument();
    const apply = within(section).getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();

    await userEvent.click(within(section).getByRole('button', { name: 'Slot 2 (Center): empty' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Badge 3' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Slot 3 (Right): empty' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Badge 4' }));
    expect(within(section).getByRole('button', { name: 'Slot 2 (Center): Badge 3' })).toBeInTheDocument();
    // Choosing a badge already worn elsewhere moves it here.
    await userEvent.click(within(section).getByRole('button', { name: 'Badge 1' }));
    expect(within(section).getByRole('button', { name: 'Slot 1 (Left): empty' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Slot 3 (Right): Badge 1' })).toBeInTheDocument();
    expect(apply).toBeEnabled();
    await userEvent.click(apply);
    await waitFor(() => expect(called('PUT /my/badges')).toHaveLength(1));
    expect(called('PUT /my/badges')[0].body).toEqual({ badgeIDs: ['badge-3', 'badge-1'] });
  });
});

describe('edit profile: pictures', () => {
  const png = (bytes = 64) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

  it("previews a picked picture with 'Update' and 'Choose different', and uploads it on Update", async () => {
    const { called } = signedIn(ada(), { 'PUT /my/profile/picture': () => json(200, ada({ profilePicture: '/api/media/p2' })) });
    renderApp('/profile/edit');
    await screen.findByRole('heading', { name: 'Edit profile' });
    const input = screen.getByLabelText('Profile picture file');
    const click = vi.spyOn(input, 'click');
    await userEvent.upload(input, png());
    const dialog = screen.getByRole('dialog', { name: 'Update profile picture' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose different' }));
    expect(click).toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update profile picture' })).not.toBeInTheDocument());
    const [upload] = called('PUT /my/profile/picture');
    expect(upload.body).toBeInstanceOf(FormData);
    expect(((upload.body as FormData).get('file') as File).name).toBe('me.png');
    expect(screen.getByText('Picture updated')).toBeInTheDocument();
  });

  it('previews a banner in its own modal', async () => {
    signedIn(ada());
    renderApp('/profile/edit');
    await screen.findByRole('heading', { name: 'Edit profile' });
    await userEvent.upload(screen.getByLabelText('Banner image file'), png());
    expect(screen.getByRole('dialog', { name: 'Update banner' })).toBeInTheDocument();
  });

  it('ignores files over 10 MB', async () => {
    const { calls } = signedIn(ada());
    renderApp('/profile/edit');
    await screen.findByRole('heading', { name: 'Edit profile' });
    const big = png();
    Object.defineProperty(big, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    await userEvent.upload(screen.getByLabelText('Profile picture file'), big);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
