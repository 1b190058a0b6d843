import { describe, expect, it, vi } from 'vitest';
import { errorBody, json, mockFetch } from '../../test/fetch-mock';
import { startFederatedSignIn } from './federated-sign-in';

describe('startFederatedSignIn', () => {
  it('leaves for the provider address when the server redirects', async () => {
    mockFetch({ 'GET /oauth/federated/google': () => Response.redirect('https://accounts.google.com/o/oauth2/v2/auth', 302) });
    const leave = vi.fn();
    expect(await startFederatedSignIn('google', leave)).toEqual({ left: true });
    expect(leave).toHaveBeenCalledWith('/api/oauth/federated/google');
  });

  it("stays and returns the server's message when the provider is not configured", async () => {
    mockFetch({ 'GET /oauth/federated/apple': () => json(503, errorBody('Sign in with Apple is not configured')) });
    const leave = vi.fn();
    expect(await startFederatedSignIn('apple', leave)).toEqual({ left: false, message: 'Sign in with Apple is not configured' });
    expect(leave).not.toHaveBeenCalled();
  });
});
