import type { UserProfile } from '@tapquest/shared';

/** A signed-in user's profile as GET /my/profile answers it. */
export function buildUser(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    username: 'trail_ada',
    location: '',
    bio: '',
    link: '',
    website: '',
    instagram: '',
    twitter: '',
    profilePicture: null,
    banner: null,
    profileFlair: null,
    profileBadges: [null, null, null],
    flairs: [],
    badges: [],
    xp: 0,
    experience: { current: 0, required: 100 },
    level: 1,
    rank: 1,
    questCount: 0,
    interfaceCount: 0,
    email: 'ada@example.com',
    role: 'user',
    history: { lastCheckin: null, streak: 0 },
    ...overrides,
  };
}
