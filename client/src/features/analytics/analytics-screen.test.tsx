import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/builders';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

function signedInAs(role: 'admin' | 'user') {
  localStorage.setItem('jwt', `jwt-${role}`);
  mockFetch({ 'GET /my/profile': () => json(200, buildUser({ role, username: `${role}_tester` })) });
}

describe('/analytics', () => {
  it('sends a visitor to /login', async () => {
    mockFetch({});
    const { router } = renderApp('/analytics');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('tells a signed-in user who is not an admin that it is for admins', async () => {
    signedInAs('user');
    renderApp('/analytics');
    expect(await screen.findByText('Brand analytics are for admins. Ask an admin for access.')).toBeInTheDocument();
    expect(screen.queryByText('SCAN DETAILS')).not.toBeInTheDocument();
  });

  it('shows an admin the sample figures, the charts and the period buttons', async () => {
    signedInAs('admin');
    renderApp('/analytics');
    const details = await screen.findByRole('region', { name: 'SCAN DETAILS' });
    for (const [label, figure, lastWeek] of [
      ['TOTAL SCANS', '3,790', '3,312 last week'],
      ['UNIQUE SCANS', '2,701', '2,430 last week'],
      ['REGISTRIES', '900', '774 last week'],
    ]) {
      const term = within(details).getByText(label);
      const block = term.parentElement!;
      expect(within(block).getByText(figure)).toBeInTheDocument();
      expect(within(block).getByText(lastWeek, { exact: false })).toBeInTheDocument();
    }
    expect(within(details).getByText('REGISTRY TYPE')).toBeInTheDocument();
    for (const type of ['EMAIL', 'SOCIALS', 'WALLET']) expect(within(details).getByText(type)).toBeInTheDocument();
    for (const title of ['SCANS & REGISTRIES', 'SCANS BY COUNTRY', 'CAMPAIGN RESULTS', 'SCAN MAP']) {
      expect(screen.getByText(title)).toBeInTheDocument();
    }
    expect(screen.getByRole('img', { name: 'World map of where gear was scanned' })).toBeInTheDocument();
  });

  it('lets one period be selected at a time', async () => {
    signedInAs('admin');
    renderApp('/analytics');
    const periods = await screen.findByRole('group', { name: 'Period' });
    const buttons = within(periods).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['TODAY', '7 DAYS', '14 DAYS', '30 DAYS', '90 DAYS']);
    expect(within(periods).getByRole('button', { name: '7 DAYS' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(periods).getByRole('button', { name: '30 DAYS' }));
    expect(within(periods).getByRole('button', { name: '30 DAYS' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(periods).getByRole('button', { name: '7 DAYS' })).toHaveAttribute('aria-pressed', 'false');
    // No data behaviour (SPEC): the figures stay as they were.
    expect(screen.getByText('3,790')).toBeInTheDocument();
  });
});
