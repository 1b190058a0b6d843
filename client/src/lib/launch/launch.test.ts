import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_COOKIE_PREFIX } from '@tapquest/shared';
import { buildUser } from '../../test/builders';
import { json, mockFetch } from '../../test/fetch-mock';
import { createSession } from '../session/session';
import { applyLaunchParams } from './apply-launch-params';
import { readLaunchParams } from './launch-params';

describe('launch parameters', () => {
  it('reads jwt, device and event parameters and removes them from the address, keeping step', () => {
    const { params, cleanedUrl } = readLaunchParams(
      'https://app.test/signup?step=2&jwt=abc&device-domain=tags.example&device-token=dt1&event_id=e1&user_id=u1#top',
    );
    expect(params).toEqual({ jwt: 'abc', deviceDomain: 'tags.example', deviceToken: 'dt1', eventId: 'e1', userId: 'u1' });
    expect(cleanedUrl).toBe('/signup?step=2#top');
  });

  it('leaves a clean address alone and sends a sign-in landing on /login onwards', () => {
    expect(readLaunchParams('https://app.test/profile?step=1').cleanedUrl).toBeNull();
    expect(readLaunchParams('https://app.test/login?jwt=abc').cleanedUrl).toBe('/');
  });

  it('stores the jwt, keeps device parameters for the tab and claims the device right away', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { called } = mockFetch({ 'POST /device/claim': () => json(200, { device: {} }) });
    const session = createSession(new QueryClient());
    applyLaunchParams({ jwt: 'abc', deviceDomain: 'tags.example', deviceToken: 'dt1', eventId: null, userId: null }, session);
    expect(localStorage.getItem('jwt')).toBe('abc');
    expect(session.getToken()).toBe('abc');
    expect(sessionStorage.getItem('device-domain')).toBe('tags.example');
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Device registered!'));
    const [claim] = called('POST /device/claim');
    expect(claim.body).toEqual({ deviceToken: 'dt1' });
    expect(claim.headers.get('authorization')).toBe('Bearer abc');
    expect(sessionStorage.getItem('device-token')).toBeNull();
  });

  it('claims right away when the tap opens the app signed in, and refreshes the gear and profile', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    localStorage.setItem('jwt', 'jwt-ada');
    const { called, calls } = mockFetch({
      'GET /my/profile': () => json(200, buildUser()),
      'POST /device/claim': () => json(200, { device: {} }),
    });
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyLaunchParams(
      { jwt: null, deviceDomain: 'tags.example', deviceToken: 'dt2', eventId: null, userId: null },
      createSession(queryClient),
    );
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Device registered!'));
    expect(called('POST /device/claim')[0].headers.get('authorization')).toBe('Bearer jwt-ada');
    // The gear shown anywhere is refreshed, and the profile (XP, level, awards, counts) read again after the claim.
    await vi.waitFor(() => {
      const order = calls.map((c) => `${c.method} ${c.path}`);
      expect(order.lastIndexOf('GET /my/profile')).toBeGreaterThan(order.indexOf('POST /device/claim'));
    });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['my', 'devices'],
      ['my', 'assets'],
    ]);
  });

  it('keeps the device token of a visitor until a sign-in', () => {
    const { calls } = mockFetch({});
    applyLaunchParams({ jwt: null, deviceDomain: null, deviceToken: 'dt1', eventId: null, userId: null }, createSession(new QueryClient()));
    expect(sessionStorage.getItem('device-token')).toBe('dt1');
    expect(calls).toHaveLength(0);
  });

  it('ties the tap event to the anonymous cookie id, which lives seven days', async () => {
    const { called } = mockFetch({ 'PATCH /events/e1': () => new Response(null, { status: 204 }) });
    const cookie = vi.spyOn(document, 'cookie', 'set');
    applyLaunchParams({ jwt: null, deviceDomain: null, deviceToken: null, eventId: 'e1', userId: 'u1' }, createSession(new QueryClient()));
    await vi.waitFor(() => expect(called('PATCH /events/e1')).toHaveLength(1));
    const written = cookie.mock.calls[0][0];
    expect(written).toMatch(new RegExp(`^${EVENT_COOKIE_PREFIX}uuid=[0-9a-f-]{36}; Max-Age=604800; Path=/; SameSite=Lax`));
    const uuid = written.split(';')[0].split('=')[1];
    expect(called('PATCH /events/e1')[0].body).toEqual({ uuid });
    expect(called('PATCH /events/e1')[0].headers.has('authorization')).toBe(false);
  });
});
