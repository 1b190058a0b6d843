import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/builders';
import { buildDevice } from '../test/profile-builders';
import { errorBody, json, mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { WIDE_SCREEN_QUERY } from './layouts/root-layout';

function signedIn() {
  localStorage.setItem('jwt', 'jwt-ada');
}

const memberOnly = [
  '/',
  '/brandhub',
  '/brandhub/1',
  '/profile',
  '/profile/edit',
  '/notice',
  '/dashboard',
  '/quests-modal-demo',
  '/quest-details-demo',
];

describe('guards', () => {
  it.each(memberOnly)('sends a visitor from %s to /login', async (path) => {
    const { calls } = mockFetch({});
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['/admin', 'Admin'],
    ['/profile/rider_joe', 'rider_joe'],
    ['/signup', 'Create your account'],
    ['/login', 'Log in'],
  ])('lets a visitor open %s', async (path, heading) => {
    mockFetch({});
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('sends a signed-in user without a username to /signup', async () => {
    signedIn();
    mockFetch({ 'GET /my/profile': () => json(200, buildUser({ username: null })) });
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(await screen.findByRole('heading', { name: 'Choose a username' })).toBeInTheDocument();
  });

  it('lets a member in, with the bottom bar', async () => {
    signedIn();
    mockFetch({ 'GET /my/profile': () => json(200, buildUser({ profilePicture: '/api/assets/ada.png' })) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'My brands' })).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notice');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(bar.querySelector('img')).toHaveAttribute('src', '/api/assets/ada.png');
  });

  it('drops a token the server refuses and sends the visitor to /login', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signedIn();
    mockFetch({ 'GET /my/profile': () => json(401, errorBody('Sign in again')) });
    const { router } = renderApp('/notice');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it("shows 'Unexpected Application Error!' when the profile cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signedIn();
    mockFetch({ 'GET /my/profile': () => json(500, errorBody('Something went wrong on our side')) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('profile load failed with HTTP 500')).toBeInTheDocument();
    expect(localStorage.getItem('jwt')).toBe('jwt-ada');
  });

  it('sends any other path to /login', async () => {
    mockFetch({});
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('layouts', () => {
  it('shows the alpha placeholder instead of the app on wide screens, but not in the admin area', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === WIDE_SCREEN_QUERY,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    mockFetch({});
    const login = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Tapquest is in alpha' })).toBeInTheDocument();
    expect(screen.getByText(/switch to a mobile device/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Log in' })).not.toBeInTheDocument();
    login.unmount();

    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
  });

  it('hides edit profile on wide screens', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === WIDE_SCREEN_QUERY,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    signedIn();
    mockFetch({ 'GET /my/profile': () => json(200, buildUser()) });
    renderApp('/profile/edit');
    expect(await screen.findByRole('heading', { name: 'Tapquest is in alpha' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Edit profile' })).not.toBeInTheDocument();
  });

  it('admin bar: the logo goes home, ADMIN to /admin, LOGOUT forgets the user and goes to /', async () => {
    signedIn();
    const { called } = mockFetch({ 'GET /my/profile': () => json(200, buildUser()) });
    const { router, session } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tapquest home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'ADMIN' })).toHaveAttribute('href', '/admin');
    await waitFor(() => expect(session.getUser()).not.toBeNull());
    const loads = called('GET /my/profile').length;

    await userEvent.click(screen.getByRole('button', { name: 'LOGOUT' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The in-memory user was dropped, so it is fetched again; the stored jwt stays (SPEC section 4).
    await waitFor(() => expect(called('GET /my/profile').length).toBeGreaterThan(loads));
    expect(localStorage.getItem('jwt')).toBe('jwt-ada');
  });

  it('admin bar: the menu opens a sheet of links; following one closes it', async () => {
    signedIn();
    mockFetch({ 'GET /my/profile': () => json(200, buildUser()) });
    const { router } = renderApp('/admin');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const sheet = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(sheet).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(sheet).getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/analytics');

    await userEvent.click(within(sheet).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });
});

describe('loading /profile', () => {
  it('asks for the gear while the profile is still on its way, preloads the banner, and asks once', async () => {
    signedIn();
    let answerProfile: (r: Response) => void = () => {};
    const { called } = mockFetch({
      'GET /my/profile': () => new Promise<Response>((resolve) => (answerProfile = resolve)),
      'GET /my/devices': () => json(200, [buildDevice({ name: 'Summit Wristband' })]),
      'GET /my/assets': () => json(200, []),
    });
    renderApp('/profile');
    await waitFor(() => expect(called('GET /my/devices')).toHaveLength(1));
    expect(called('GET /my/assets')).toHaveLength(1);

    answerProfile(json(200, buildUser({ banner: '/api/assets/banner-ada.webp' })));
    expect(await screen.findByRole('button', { name: /^Summit Wristband/ })).toBeInTheDocument();
    const preload = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload).toHaveAttribute('href', '/api/assets/banner-ada.webp');
    expect(called('GET /my/devices')).toHaveLength(1);
    expect(called('GET /my/assets')).toHaveLength(1);
  });
});
