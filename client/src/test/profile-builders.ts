import type { Asset, Device, OwnedAward, PublicProfile } from '@tapquest/shared';

// Gear, awards and public profiles as the API answers them, for the profile and rewards tests.

export function buildDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 'item-1',
    name: 'Summit Trail Hoodie',
    image: '/api/seed-assets/gear-tq-hoodie.webp',
    edition: { type: 'Limited', claimed: 7, run: 50 },
    organization: { name: 'Summit Supply Co.', brand_logo_small: '/api/seed-assets/brand-1-logo-small.webp' },
    brandId: '1',
    claimedAt: '2025-05-27T10:00:00.000Z',
    ...overrides,
  };
}

export function buildAward(overrides: Partial<OwnedAward> = {}): OwnedAward {
  return {
    id: 'badge-first-tap',
    src: '/api/seed-assets/badge-first-tap.webp',
    name: 'First Tap',
    description: 'Claimed a first piece of gear.',
    issuer: 'Tapquest',
    acquisitionDate: '2025-05-27T10:00:00.000Z',
    ...overrides,
  };
}

/** n awards of a kind with distinct ids and names: Flair 1, Flair 2... */
export function buildAwards(kind: 'flair' | 'badge', n: number): OwnedAward[] {
  const title = kind === 'flair' ? 'Flair' : 'Badge';
  return Array.from({ length: n }, (_, i) =>
    buildAward({ id: `${kind}-${i + 1}`, name: `${title} ${i + 1}`, src: `/api/seed-assets/${kind}-${i + 1}.webp` }),
  );
}

export function buildAsset(overrides: Partial<Asset> = {}): Asset {
  return {
    id: 'item-1',
    type: 'gear',
    name: 'Summit Trail Hoodie',
    src: '/api/seed-assets/gear-tq-hoodie.webp',
    description: 'Midweight hoodie with a tag in the cuff.',
    acquisitionDate: '2025-05-27T10:00:00.000Z',
    issuer: 'Summit Supply Co.',
    edition: 'Limited #7 of 50',
    ...overrides,
  };
}

export function buildPublicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    username: 'harbor_rider',
    location: 'Portland, ME',
    bio: 'Skating the harbour bowl since the first deck run.',
    link: 'harbor-skate.example/rider',
    website: '',
    instagram: 'https://instagram.com/harbor_rider',
    twitter: '',
    profilePicture: '/api/seed-assets/avatar-rider.webp',
    banner: '/api/seed-assets/profile-banner-rider.webp',
    profileFlair: { id: 'flair-tide', src: '/api/seed-assets/flair-tide.webp', name: 'Tide' },
    profileBadges: [{ id: 'badge-wave-rider', src: '/api/seed-assets/badge-wave-rider.webp', name: 'Wave Rider' }, null, null],
    flairs: [buildAward({ id: 'flair-tide', name: 'Tide', src: '/api/seed-assets/flair-tide.webp' })],
    badges: [buildAward({ id: 'badge-wave-rider', name: 'Wave Rider', src: '/api/seed-assets/badge-wave-rider.webp' })],
    xp: 180,
    experience: { current: 80, required: 200 },
    level: 2,
    rank: 3,
    questCount: 1,
    interfaceCount: 1,
    ...overrides,
  };
}
