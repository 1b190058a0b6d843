import type { BrandCard, BrandHub, Notice, Post, Quest } from '@tapquest/shared';

// Notices, brands and quests as the API answers them, for the brands, quests and notices tests.

export function buildNotice(overrides: Partial<Notice> = {}): Notice {
  return {
    notice_id: 'n1',
    type: 'add-xp',
    title: 'XP earned',
    message: 'You earned 20 XP',
    created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    ack_type: '',
    profilePicUrl: null,
    args: {},
    ...overrides,
  };
}

export function buildBrandCard(overrides: Partial<BrandCard> = {}): BrandCard {
  return {
    id: '1',
    name: 'Summit Supply Co.',
    banner: '/api/seed-assets/brand-1-banner.png',
    profilePicture: '/api/seed-assets/brand-1-logo.png',
    isMember: true,
    ...overrides,
  };
}

export function buildPost(overrides: Partial<Post> = {}): Post {
  return {
    id: 'p1',
    author: { name: 'Maya at Summit', picture: '/api/seed-assets/brand-1-logo.png' },
    content: 'Trail report: the north ridge is open.\n\nConditions at https://summit-supply.example/trail-report before you go.',
    date: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    image: null,
    ...overrides,
  };
}

export function buildQuest(overrides: Partial<Quest> = {}): Quest {
  return {
    id: 'first-tap',
    brandId: '1',
    title: 'First Tap',
    description: 'Claim a piece of Summit gear and tap it three times.',
    rewardImage: '/api/seed-assets/flair-peak.png',
    bannerImage: '/api/seed-assets/quest-first-tap.png',
    location: 'Global',
    date: 'Jan 1, 2025 – Feb 1, 2025',
    startTime: new Date(Date.now() - 7 * 86_400_000).toISOString(),
    endTime: new Date(Date.now() + 30 * 86_400_000).toISOString(),
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
      { id: 'xp-1', title: '150 XP', subtitle: 'Experience points', image: '/api/seed-assets/reward-xp.png' },
      { id: 'flair-peak', title: 'Peak', subtitle: 'Flair', image: '/api/seed-assets/flair-peak.png' },
    ],
    eligibleGear: [
      { id: 'tq-hoodie', name: 'Summit Trail Hoodie', image: '/api/seed-assets/gear-tq-hoodie.png' },
      { id: 'tq-wristband', name: 'Summit Wristband', image: '/api/seed-assets/gear-tq-wristband.png' },
    ],
    overallProgress: { completedSteps: 1, totalSteps: 2 },
    taps: 1,
    dropdownTypes: ['eligibleGear', 'questRewards', 'tasks', 'tapsWristband', 'individualTaskProgress', 'overallProgress'],
    ...overrides,
  };
}

export function buildBrandHub(overrides: Partial<BrandHub> = {}): BrandHub {
  return {
    id: '1',
    name: 'Summit Supply Co.',
    description: 'Technical outdoor gear for people who would rather be up a mountain.',
    banner: '/api/seed-assets/brand-1-banner.png',
    profilePicture: '/api/seed-assets/brand-1-logo.png',
    members: 128,
    quests: [buildQuest()],
    gearAvailable: 148,
    gear: [
      { id: 'tq-hoodie', name: 'Summit Trail Hoodie', image: '/api/seed-assets/gear-tq-hoodie.png', edition: { type: 'Limited', run: 50, available: 49 } },
      { id: 'tq-wristband', name: 'Summit Wristband', image: '/api/seed-assets/gear-tq-wristband.png', edition: { type: 'Open', run: 100, available: 99 } },
    ],
    isMember: true,
    isFollowing: false,
    posts: [buildPost()],
    ...overrides,
  };
}
