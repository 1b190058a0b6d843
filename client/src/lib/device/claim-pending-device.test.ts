import { describe, expect, it, vi } from 'vitest';
import { errorBody, json, mockFetch } from '../../test/fetch-mock';
import { claimPendingDevice } from './claim-pending-device';

describe('claimPendingDevice', () => {
  it('does nothing without a pending device token', async () => {
    const { calls } = mockFetch({});
    const alert = vi.fn();
    await claimPendingDevice('jwt', alert);
    expect(calls).toHaveLength(0);
    expect(alert).not.toHaveBeenCalled();
  });

  it("says 'Device registered!' and forgets the token", async () => {
    sessionStorage.setItem('device-token', 'dt1');
    mockFetch({ 'POST /device/claim': () => json(200, { device: {} }) });
    const alert = vi.fn();
    expect(await claimPendingDevice('jwt', alert)).toBe(true);
    expect(alert).toHaveBeenCalledWith('Device registered!');
    expect(sessionStorage.getItem('device-token')).toBeNull();
  });

  it("shows the server's message when the claim is refused, and forgets the token", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    sessionStorage.setItem('device-token', 'dt1');
    mockFetch({ 'POST /device/claim': () => json(409, errorBody('This gear is already claimed')) });
    const alert = vi.fn();
    expect(await claimPendingDevice('jwt', alert)).toBe(false);
    expect(alert).toHaveBeenCalledWith('This gear is already claimed');
    expect(sessionStorage.getItem('device-token')).toBeNull();
  });
});
