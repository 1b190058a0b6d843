import { DEFAULT_UPCOMING_GEAR_RULE, type Quest } from '@tapquest/shared';
import harbor from './assets/demo-harbor.svg';
import night from './assets/demo-night.svg';
import summit from './assets/demo-summit.svg';

// Fixed quests for the demo pages (/quests-modal-demo, /quest-details-demo): one of each status,
// with times relative to when the page opens so the countdown always has something to count.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const span = (from: Date, to: Date) => `${dateFormat.format(from)} – ${dateFormat.format(to)}`;
const allDropdowns: Quest['dropdownTypes'] = ['eligibleGear', 'questRewards', 'tasks', 'tapsWristband', 'individualTaskProgress', 'overallProgress'];
const gear = [
  { id: 'demo-hoodie', name: 'Summit Trail Hoodie', image: summit },
  { id: 'demo-band', name: 'Summit Wristband', image: night },
];
const hidden = { show: false, label: '', action: 'none', variant: 'primary' as const };

export function demoQuests(now: Date = new Date()): Quest[] {
  const at = (ms: number) => new Date(now.getTime() + ms);
  return [
    {
      id: 'demo-first-tap',
      brandId: '1',
      title: 'First Tap',
      description: 'Claim a piece of Summit gear and tap it three times on your adventures.',
      rewardImage: summit,
      bannerImage: summit,
      location: 'Global',
      date: span(at(-7 * DAY), at(30 * DAY)),
      startTime: at(-7 * DAY).toISOString(),
      endTime: at(30 * DAY).toISOString(),
      status: 'active',
      hasReward: true,
      tasks: [
        { id: 't1', label: 'Claim a piece of Summit gear', kind: 'claim', completed: true, xp: 25, progress: { current: 1, target: 1 } },
        { id: 't2', label: 'Tap your Summit gear 3 times', kind: 'tap', completed: false, xp: 25, progress: { current: 1, target: 3 } },
      ],
      taskButtons: {
        button1: { show: true, label: 'Tap your gear', action: 'tap', variant: 'primary' },
        button2: { show: true, label: 'See eligible gear', action: 'eligible-gear', variant: 'secondary' },
      },
      rewards: [
        { id: 'xp-1', title: '150 XP', subtitle: 'Experience points', image: summit },
        { id: 'flair-peak', title: 'Peak', subtitle: 'Flair', image: night },
      ],
      eligibleGear: gear,
      overallProgress: { completedSteps: 1, totalSteps: 2 },
      taps: 1,
      dropdownTypes: allDropdowns,
    },
    {
      id: 'demo-sunrise',
      brandId: '1',
      title: 'Sunrise Meetup',
      description: `Meet the Summit crew at the trailhead at first light and tap in with your gear (${DEFAULT_UPCOMING_GEAR_RULE} eligible items).`,
      rewardImage: summit,
      bannerImage: summit,
      location: 'Boulder, CO',
      date: span(at(2 * DAY + 5 * HOUR), at(3 * DAY)),
      startTime: at(2 * DAY + 5 * HOUR + 30 * 60_000).toISOString(),
      endTime: at(3 * DAY).toISOString(),
      status: 'upcoming',
      hasReward: true,
      tasks: [{ id: 't1', label: 'Tap your Summit gear at the trailhead', kind: 'tap', completed: false, xp: 40, progress: { current: 0, target: 1 } }],
      taskButtons: { button1: hidden, button2: { show: true, label: 'See eligible gear', action: 'eligible-gear', variant: 'secondary' } },
      rewards: [{ id: 'badge-early-bird', title: 'Early Bird', subtitle: 'Badge', image: night }],
      eligibleGear: gear,
      overallProgress: { completedSteps: 0, totalSteps: 1 },
      taps: 0,
      dropdownTypes: allDropdowns,
    },
    {
      id: 'demo-night-run',
      brandId: '2',
      title: 'Night Run Series',
      description: 'Five night runs, five taps. Wear your Neon cap or band and tap at every finish line.',
      rewardImage: night,
      bannerImage: night,
      location: 'Online',
      date: span(at(9 * DAY), at(45 * DAY)),
      startTime: at(9 * DAY).toISOString(),
      endTime: at(45 * DAY).toISOString(),
      status: 'upcoming',
      hasReward: false,
      tasks: [{ id: 't1', label: 'Tap your Neon gear at 5 runs', kind: 'tap', completed: false, xp: 20, progress: { current: 0, target: 5 } }],
      taskButtons: { button1: hidden, button2: hidden },
      rewards: [],
      eligibleGear: gear,
      overallProgress: { completedSteps: 0, totalSteps: 1 },
      taps: 0,
      dropdownTypes: ['eligibleGear', 'tasks', 'tapsWristband', 'individualTaskProgress', 'overallProgress'],
    },
    {
      id: 'demo-harbor',
      brandId: '3',
      title: 'Harbor Open Session',
      description: 'Skate the fresh bowl at the harbour park and tap your deck.',
      rewardImage: harbor,
      bannerImage: harbor,
      location: 'Portland, ME',
      date: span(at(-30 * DAY), at(-24 * DAY)),
      startTime: at(-30 * DAY).toISOString(),
      endTime: at(-24 * DAY).toISOString(),
      status: 'completed',
      hasReward: true,
      tasks: [{ id: 't1', label: 'Tap your Harbor deck at the park', kind: 'tap', completed: true, xp: 30, progress: { current: 1, target: 1 } }],
      taskButtons: { button1: hidden, button2: { show: true, label: 'See rewards', action: 'rewards', variant: 'secondary' } },
      rewards: [{ id: 'flair-tide', title: 'Tide', subtitle: 'Flair', image: harbor }],
      eligibleGear: [{ id: 'demo-deck', name: 'Harbor Deck 03', image: harbor }],
      overallProgress: { completedSteps: 1, totalSteps: 1 },
      taps: 1,
      dropdownTypes: allDropdowns,
    },
  ];
}
