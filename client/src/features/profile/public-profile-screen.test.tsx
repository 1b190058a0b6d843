import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, json, mockFetch } from '../../test/fetch-mock';
import { buildDevice, buildPublicProfile } from '../../test/profile-builders';
import { renderApp } from '../../test/render-app';

vi.mock('socket.io-client', () => import('../../test/fake-socket-io'));

function rider() {
  return mockFetch({
    'GET /profiles/harbor_rider': () => json(200, buildPublicProfile()),
    'GET /devices/harbor_rider': () =>
      json(200, [
        buildDevice({
          id: 'deck-1',
          name: 'Harbor Deck 03',
          edition: { type: 'Numbered', claimed: 1, run: 25 },
          organization: { name: 'Harbor Skate Works', brand_logo_small: '/l.webp' },
          brandId: '3',
        }),
      ]),
  });
}

describe('public profile', () => {
  it('lets a visitor see someone’s profile without a token, read-only', async () => {
    const { calls } = rider();
    renderApp('/profile/harbor_rider');
    expect(await screen.findByText('Skating the harbour bowl since the first deck run.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'harbor_rider', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('#3')).toBeInTheDocument();
    const gear = await screen.findByRole('list', { name: 'Gear' });
    expect(within(gear).getByRole('button', { name: /^Harbor Deck 03\s*Numbered #1 of 25\s*Harbor Skate Works$/ })).toBeInTheDocument();

    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Gear/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit NFC link' })).not.toBeInTheDocument();
    for (const call of calls) expect(call.headers.has('authorization')).toBe(false);
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['GET /devices/harbor_rider', 'GET /profiles/harbor_rider']);
  });

  it('offers no edit control in the asset details either, and the link still asks first', async () => {
    rider();
    renderApp('/profile/harbor_rider');
    await userEvent.click(await screen.findByRole('button', { name: /Harbor Deck 03/ }));
    const dialog = screen.getByRole('dialog', { name: 'Harbor Deck 03' });
    expect(dialog).toHaveTextContent('IssuerHarbor Skate Works');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent || b.getAttribute('aria-label')),
    ).toEqual(['Close', 'Close']);
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[1]);

    await userEvent.click(screen.getByRole('button', { name: 'harbor-skate.example/rider' }));
    expect(screen.getByRole('dialog', { name: 'You are leaving Tapquest' })).toHaveTextContent('harbor-skate.example');
  });

  it('says clearly when nobody has that name', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ 'GET /profiles/no_one_here': () => json(404, errorBody('Profile not found')) });
    renderApp('/profile/no_one_here');
    expect(await screen.findByText('Profile not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'no_one_here', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Nobody on Tapquest goes by no_one_here/)).toBeInTheDocument();
  });
});
