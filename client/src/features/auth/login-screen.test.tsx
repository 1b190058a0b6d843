import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/builders';
import { errorBody, json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

async function fillIn(email = 'ada@example.com', password = 'tapquest-demo') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

describe('Login screen', () => {
  it('shows the login form over a muted looping video', () => {
    mockFetch({});
    const { container } = renderApp('/login');
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    const video = container.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('autoplay');
    expect(video).toHaveAttribute('poster');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Log in with Apple' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'No account? Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('keeps Log in disabled until both email and password are filled', async () => {
    mockFetch({});
    renderApp('/login');
    const submit = screen.getByRole('button', { name: 'Log in' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(submit).toBeEnabled();
  });

  it('signs in, stores the token and goes to /profile when the user has a username', async () => {
    const { calls } = mockFetch({
      'POST /user/login': () => json(200, { token: 'jwt-ada' }),
      'GET /my/profile': () => json(200, buildUser()),
    });
    const { router } = renderApp('/login');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(localStorage.getItem('jwt')).toBe('jwt-ada');
    expect(calls[0].body).toEqual({ email: 'ada@example.com', password: 'tapquest-demo' });
    expect(calls.find((c) => c.path === '/my/profile')!.headers.get('authorization')).toBe('Bearer jwt-ada');
    expect(await screen.findByRole('heading', { name: 'trail_ada' })).toBeInTheDocument();
  });

  it('goes to /signup when the profile has no username yet', async () => {
    mockFetch({
      'POST /user/login': () => json(200, { token: 'jwt-new' }),
      'GET /my/profile': () => json(200, buildUser({ username: null })),
    });
    const { router } = renderApp('/login');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(await screen.findByRole('heading', { name: 'Choose a username' })).toBeInTheDocument();
  });

  it("alerts 'Wrong login method' on HTTP 409", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch({ 'POST /user/login': () => json(409, errorBody('This account signs in with Apple or Google')) });
    renderApp('/login');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Wrong login method'));
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it.each([
    ['wrong credentials', () => json(401, errorBody('Wrong email or password'))],
    ['a server failure', () => json(500, errorBody('Something went wrong on our side'))],
    ['no network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("alerts 'Login failed' on %s", async (_, answer) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch({ 'POST /user/login': answer });
    const { router } = renderApp('/login');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Login failed'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('stays on /login without storing anything when the profile cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch({
      'POST /user/login': () => json(200, { token: 'jwt-ada' }),
      'GET /my/profile': () => json(500, errorBody('Something went wrong on our side')),
    });
    const { router } = renderApp('/login');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it("shows the server's message instead of leaving when a provider is not configured", async () => {
    mockFetch({ 'GET /oauth/federated/apple': () => json(503, errorBody('Sign in with Apple is not configured')) });
    renderApp('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Log in with Apple' }));
    expect(await screen.findByText('Sign in with Apple is not configured')).toBeInTheDocument();
  });

  it('claims gear a tap left pending right after signing in', async () => {
    sessionStorage.setItem('device-token', 'dt-77');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { called } = mockFetch({
      'POST /user/login': () => json(200, { token: 'jwt-ada' }),
      'GET /my/profile': () => json(200, buildUser()),
      'POST /device/claim': () => json(200, { device: {} }),
    });
    renderApp('/login');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Device registered!'));
    expect(called('POST /device/claim')[0].body).toEqual({ deviceToken: 'dt-77' });
    expect(sessionStorage.getItem('device-token')).toBeNull();
  });
});
