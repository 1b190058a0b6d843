import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/builders';
import { buildDevice } from '../../test/profile-builders';
import { errorBody, json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

function quietConsole() {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return vi.spyOn(console, 'log').mockImplementation(() => {});
}

describe('/admin Reset Profile', () => {
  it('sends the bearer jwt, logs success, says so and reloads the profile', async () => {
    const log = quietConsole();
    localStorage.setItem('jwt', 'jwt-admin');
    const { called } = mockFetch({
      'GET /my/profile': () => json(200, buildUser({ role: 'admin', username: 'tapquest_admin' })),
      'GET /admin/reset': () => json(200, { ok: true }),
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(await screen.findByText('tapquest_admin')).toBeInTheDocument();
    const loads = called('GET /my/profile').length;

    await userEvent.click(screen.getByRole('button', { name: 'Reset Profile' }));
    expect(await screen.findByText('Your profile has been reset')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Reset request succeeded');
    const [reset] = called('GET /admin/reset');
    expect(reset.headers.get('Authorization')).toBe('Bearer jwt-admin');
    expect(reset.url.searchParams.get('ts')).toMatch(/^\d+$/);
    await waitFor(() => expect(called('GET /my/profile').length).toBeGreaterThan(loads));
  });

  it('shows the released gear when the profile is opened again after a reset', async () => {
    quietConsole();
    localStorage.setItem('jwt', 'jwt-admin');
    let devices = [buildDevice({ name: 'Summit Wristband' })];
    const { called } = mockFetch({
      'GET /my/profile': () => json(200, buildUser({ role: 'admin', username: 'tapquest_admin' })),
      'GET /my/devices': () => json(200, devices),
      'GET /my/assets': () => json(200, []),
      'GET /admin/reset': () => {
        devices = [];
        return json(200, { ok: true });
      },
    });
    const { router } = renderApp('/profile');
    expect(await screen.findByRole('button', { name: /^Summit Wristband/ })).toBeInTheDocument();

    await router.navigate('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Profile' }));
    expect(await screen.findByText('Your profile has been reset')).toBeInTheDocument();
    const loads = called('GET /my/devices').length;
    await router.navigate('/profile');
    await waitFor(() => expect(called('GET /my/devices').length).toBeGreaterThan(loads));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Summit Wristband/ })).not.toBeInTheDocument());
  });

  it('tells a signed-in user without the admin role that they lack the right', async () => {
    const log = quietConsole();
    localStorage.setItem('jwt', 'jwt-demo');
    mockFetch({
      'GET /my/profile': () => json(200, buildUser({ username: 'demo_tapper' })),
      'GET /admin/reset': () => json(403, errorBody('Only admins can do this')),
    });
    renderApp('/admin');
    expect(await screen.findByText(/not an admin/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Profile' }));
    expect(await screen.findByText("You don't have the right to reset profiles: only admins can.")).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Reset request failed');
  });

  it('tells a visitor to log in', async () => {
    const log = quietConsole();
    const { called } = mockFetch({ 'GET /admin/reset': () => json(401, errorBody('Authentication required')) });
    renderApp('/admin');
    expect(await screen.findByText(/You're not logged in/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Profile' }));
    expect(await screen.findByText('Please log in to reset your profile.')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Reset request failed');
    expect(called('GET /admin/reset')[0].headers.get('Authorization')).toBeNull();
  });

  it('says when Tapquest cannot be reached', async () => {
    const log = quietConsole();
    mockFetch({ 'GET /admin/reset': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Profile' }));
    expect(await screen.findByText("Couldn't reach Tapquest. Check your connection and try again.")).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Reset request failed');
  });
});
