import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Quest } from '@tapquest/shared';
import { buildQuest } from '../../test/community-builders';
import { json, mockFetch } from '../../test/fetch-mock';
import { isInPerson } from './in-person';
import { QuestDetailsSheet } from './quest-details-sheet';
import { myQuestsSource } from './quest-source';
import { QuestsModal } from './quests-modal';

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("the 'In-person' rule", () => {
  it.each([
    ['Global', false],
    ['Online', false],
    ['online', false],
    [' Global ', false],
    ['Boulder, CO', true],
    ['Brooklyn, NY', true],
  ])('%s is in person: %s', (location, expected) => {
    expect(isInPerson(location)).toBe(expected);
  });

  it("tags a quest 'In-person' unless it is Global or Online", () => {
    const { rerender } = render(<QuestDetailsSheet quest={buildQuest({ location: 'Boulder, CO' })} onClose={() => {}} />);
    expect(screen.getByText('In-person')).toBeInTheDocument();
    rerender(<QuestDetailsSheet quest={buildQuest({ id: 'q2', location: 'Online' })} onClose={() => {}} />);
    expect(screen.queryByText('In-person')).not.toBeInTheDocument();
    rerender(<QuestDetailsSheet quest={buildQuest({ id: 'q3', location: 'Global' })} onClose={() => {}} />);
    expect(screen.queryByText('In-person')).not.toBeInTheDocument();
  });
});

describe('quest details sheet', () => {
  it('shows banner, title, description, location and date, with progress, taps and collapsible sections', async () => {
    render(<QuestDetailsSheet quest={buildQuest()} onClose={() => {}} />);
    const sheet = screen.getByRole('dialog', { name: 'First Tap' });
    expect(within(sheet).getByText('Claim a piece of Summit gear and tap it three times.')).toBeInTheDocument();
    expect(within(sheet).getByText('Global')).toBeInTheDocument();
    expect(within(sheet).getByText('Jan 1, 2025 – Feb 1, 2025')).toBeInTheDocument();
    expect(sheet.querySelector('img')).toHaveAttribute('src', '/api/seed-assets/quest-first-tap.png');
    expect(within(sheet).getByRole('heading', { name: 'Your progress' })).toBeInTheDocument();
    expect(within(sheet).getByText('1 of 2 steps')).toBeInTheDocument();
    expect(within(sheet).getByRole('progressbar', { name: 'Quest progress' })).toHaveAttribute('aria-valuenow', '1');
    expect(within(sheet).getByText(/taps? counted/)).toHaveTextContent('1 tap counted');
    expect(within(sheet).queryByText('This quest begins in')).not.toBeInTheDocument();

    const gear = within(sheet).getByRole('button', { name: /Eligible Gear/ });
    expect(gear).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(gear);
    expect(within(sheet).getByText('Summit Trail Hoodie')).toBeVisible();
    await userEvent.click(within(sheet).getByRole('button', { name: /Quest Rewards/ }));
    expect(within(sheet).getByText('150 XP')).toBeVisible();
    const tasks = within(sheet).getByRole('button', { name: /Tasks/ });
    expect(tasks).toHaveAttribute('aria-expanded', 'true');
    expect(within(sheet).getByText('Tap your Summit gear 3 times')).toBeVisible();
    expect(within(sheet).getByText('1/3')).toBeInTheDocument();
    expect(within(sheet).getAllByText('+25 XP')).toHaveLength(2);
  });

  it("an active quest has no '1 of 2' rule; its 'See eligible gear' button opens Eligible Gear", async () => {
    render(<QuestDetailsSheet quest={buildQuest()} onClose={() => {}} />);
    expect(screen.queryByText('1 of 2')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'See eligible gear' }));
    expect(screen.getByRole('button', { name: /Eligible Gear/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it("counts down 'This quest begins in' days, hours, minutes and seconds, then shows the progress view at startTime", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const now = Date.UTC(2025, 5, 1, 12, 0, 0);
    vi.setSystemTime(now);
    const startTime = new Date(now + ((1 * 24 + 2) * 3600 + 3 * 60 + 4) * 1000).toISOString();
    render(
      <QuestDetailsSheet
        quest={buildQuest({ status: 'upcoming', startTime, overallProgress: { completedSteps: 0, totalSteps: 2 } })}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'This quest begins in' })).toBeInTheDocument();
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('01days02hours03minutes04seconds');
    expect(screen.getByRole('button', { name: /Eligible Gear/ })).toHaveTextContent('1 of 2');
    expect(screen.getByText('Upcoming')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(timer).toHaveTextContent('01days02hours03minutes03seconds');

    // Days later: the clock jumps (as after a phone sleeps), and the next tick reads it.
    vi.setSystemTime(Date.parse(startTime) - 1500);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(timer).toHaveTextContent('00days00hours00minutes01seconds');
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(screen.getByRole('heading', { name: 'This quest begins in' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('heading', { name: 'This quest begins in' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your progress' })).toBeInTheDocument();
    expect(screen.getByText('0 of 2 steps')).toBeInTheDocument();
    expect(screen.queryByText('1 of 2')).not.toBeInTheDocument();
  });
});

describe('quests modal', () => {
  const quests: Quest[] = [
    buildQuest({ id: 'a', title: 'First Tap', status: 'active' }),
    buildQuest({ id: 'u', title: 'Sunrise Meetup', status: 'upcoming', location: 'Boulder, CO', hasReward: false }),
    buildQuest({ id: 'c', title: 'Launch Week', status: 'completed' }),
  ];

  it('asks GET /my/quests with each filter: All Quests, Active, Completed, Upcoming, Rewards', async () => {
    const { called } = mockFetch({
      'GET /my/quests': ({ url }) => {
        const filter = url.searchParams.get('filter');
        return json(
          200,
          quests.filter((q) => (filter === 'all' ? true : filter === 'rewards' ? q.hasReward : q.status === filter)),
        );
      },
    });
    render(withQueries(<QuestsModal open onClose={() => {}} source={myQuestsSource('jwt-ada')} />));
    const filters = screen.getByRole('group', { name: 'Filter quests' });
    expect(within(filters).getAllByRole('button').map((b) => b.textContent)).toEqual(['All Quests', 'Active', 'Completed', 'Upcoming', 'Rewards']);
    expect(within(filters).getByRole('button', { name: 'All Quests' })).toHaveAttribute('aria-pressed', 'true');
    const titles = async (name: string) =>
      within(await screen.findByRole('list', { name })).getAllByRole('button').map((b) => b.querySelector('span span')?.textContent);

    expect(await titles('All Quests')).toEqual(['First Tap', 'Sunrise Meetup', 'Launch Week']);
    await userEvent.click(within(filters).getByRole('button', { name: 'Active' }));
    expect(await titles('Active')).toEqual(['First Tap']);
    await userEvent.click(within(filters).getByRole('button', { name: 'Completed' }));
    expect(await titles('Completed')).toEqual(['Launch Week']);
    await userEvent.click(within(filters).getByRole('button', { name: 'Upcoming' }));
    expect(await titles('Upcoming')).toEqual(['Sunrise Meetup']);
    await userEvent.click(within(filters).getByRole('button', { name: 'Rewards' }));
    expect(await titles('Rewards')).toEqual(['First Tap', 'Launch Week']);

    expect(called('GET /my/quests').map((c) => c.url.searchParams.get('filter'))).toEqual(['all', 'active', 'completed', 'upcoming', 'rewards']);
    expect(called('GET /my/quests')[0].headers.get('authorization')).toBe('Bearer jwt-ada');
  });

  it("says 'No quests available' for an empty filter, and opens a quest's details and back", async () => {
    mockFetch({ 'GET /my/quests': ({ url }) => json(200, url.searchParams.get('filter') === 'completed' ? [] : quests) });
    render(withQueries(<QuestsModal open onClose={() => {}} source={myQuestsSource('jwt-ada')} />));
    await userEvent.click(await screen.findByRole('button', { name: /Sunrise Meetup/ }));
    expect(screen.getByRole('dialog', { name: 'Sunrise Meetup' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Completed' }));
    expect(await screen.findByText('No quests available')).toBeInTheDocument();
  });
});
