import { describe, expect, it, vi } from 'vitest';
import { errorBody, json, mockFetch } from '../../test/fetch-mock';
import {
  assetUrl,
  checkUsernameAvailability,
  getMyProfile,
  getPublicProfile,
  logIn,
  signUp,
  updateMyProfile,
  uploadProfileImage,
  upgradeEvent,
} from './api';
import { errorMessage, jsonIfAny } from './request';

describe('API client', () => {
  it('sends the bearer token and a ts cache-buster on GETs under /api', async () => {
    const { calls } = mockFetch({ 'GET /username': () => json(200, { username: 'trail_ada', available: true }) });
    const res = await checkUsernameAvailability('trail_ada', 'jwt-1');
    expect(await res.json()).toEqual({ username: 'trail_ada', available: true });
    const [call] = calls;
    expect(call.url.pathname).toBe('/api/username');
    expect(call.url.searchParams.get('username')).toBe('trail_ada');
    expect(call.url.searchParams.get('ts')).toMatch(/^\d+$/);
    expect(call.headers.get('authorization')).toBe('Bearer jwt-1');
  });

  it('sends no Authorization header for calls without a token, and no ts on writes', async () => {
    const { calls } = mockFetch({
      'POST /user/login': () => json(200, { token: 't' }),
      'GET /profiles/trail_ada': () => json(200, { username: 'trail_ada' }),
    });
    await logIn({ email: 'ada@example.com', password: 'pw' });
    await getPublicProfile('trail_ada');
    expect(calls[0].headers.has('authorization')).toBe(false);
    expect(calls[0].url.searchParams.has('ts')).toBe(false);
    expect(calls[0].body).toEqual({ email: 'ada@example.com', password: 'pw' });
    expect(calls[0].headers.get('content-type')).toBe('application/json');
    expect(calls[1].headers.has('authorization')).toBe(false);
  });

  it('logs a 4xx as a warning with status and body and hands the response back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ 'GET /my/profile': () => json(401, errorBody('Sign in first')) });
    const res = await getMyProfile('expired');
    expect(res.status).toBe(401);
    expect(warn).toHaveBeenCalledWith('GET /my/profile was refused', 401, errorBody('Sign in first'));
    expect(await errorMessage(res, 'fallback')).toBe('Sign in first');
    expect(await res.json()).toEqual(errorBody('Sign in first'));
  });

  it('logs a 5xx as an error and hands the response back', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'PATCH /my/profile': () => json(500, errorBody('Something went wrong on our side')) });
    const res = await updateMyProfile({ biography: 'hi' }, 't');
    expect(res.status).toBe(500);
    expect(error).toHaveBeenCalledWith('PATCH /my/profile failed', 500, errorBody('Something went wrong on our side'));
  });

  it('sign-up answers with the token, or with the parsed error body', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({
      'POST /user': ({ body }) =>
        (body as { email: string }).email === 'new@example.com'
          ? json(201, { token: 'fresh' })
          : json(409, errorBody('An account with this email already exists')),
    });
    expect(await signUp({ email: 'new@example.com', password: 'long-enough' })).toEqual({ token: 'fresh' });
    expect(await signUp({ email: 'ada@example.com', password: 'long-enough' })).toEqual(
      errorBody('An account with this email already exists'),
    );
  });

  it('uploads images as multipart with the file in field `file`', async () => {
    const { calls } = mockFetch({ 'PUT /my/profile/banner': () => json(200, { banner: '/api/assets/b.png' }) });
    const file = new File(['png'], 'banner.png', { type: 'image/png' });
    await uploadProfileImage('banner', file, 't');
    const form = calls[0].body as FormData;
    expect(form.get('file')).toBeInstanceOf(File);
    expect((form.get('file') as File).name).toBe('banner.png');
    expect(form.get('filename')).toBe('banner.png');
    expect(calls[0].headers.has('content-type')).toBe(false);
  });

  it('reads an event upgrade body only when there is one', async () => {
    mockFetch({
      'PATCH /events/e1': () => new Response(null, { status: 204 }),
      'PATCH /events/e2': () => json(200, { linked: true }),
    });
    expect(await jsonIfAny(await upgradeEvent('e1', 'anon-1234', null))).toBeUndefined();
    expect(await jsonIfAny(await upgradeEvent('e2', 'anon-1234', 't'))).toEqual({ linked: true });
  });

  it('keeps absolute image addresses and puts bare names under the asset path', () => {
    expect(assetUrl('/api/assets/a.png')).toBe('/api/assets/a.png');
    expect(assetUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(assetUrl('a.png')).toBe('/api/assets/a.png');
  });
});
