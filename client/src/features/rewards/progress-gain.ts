import type { UserProfile } from '@tapquest/shared';

// What a change to the profile brought that deserves a moment: a level reached, each flair or badge
// newly held. The daily reward and gear claims both celebrate with it.

export interface AwardUnlock {
  id: string;
  kind: 'flair' | 'badge';
  name: string;
  src: string;
}

export interface ProgressGain {
  /** The level reached, when higher than before. */
  levelUp: number | null;
  /** Awards held now that were not before, flairs first. */
  unlocks: AwardUnlock[];
}

export function awardsOf(user: Pick<UserProfile, 'flairs' | 'badges'>): AwardUnlock[] {
  return [
    ...user.flairs.map((a) => ({ id: a.id, kind: 'flair' as const, name: a.name, src: a.src })),
    ...user.badges.map((a) => ({ id: a.id, kind: 'badge' as const, name: a.name, src: a.src })),
  ];
}

export function gainBetween(
  before: { level: number; awardIds: readonly string[] },
  after: { level: number; awards: readonly AwardUnlock[] },
): ProgressGain {
  return {
    levelUp: after.level > before.level ? after.level : null,
    unlocks: after.awards.filter((award) => !before.awardIds.includes(award.id)),
  };
}

/** The gain between two reads of the same user's profile. */
export function profileGain(before: UserProfile, after: UserProfile): ProgressGain {
  return gainBetween({ level: before.level, awardIds: awardsOf(before).map((a) => a.id) }, { level: after.level, awards: awardsOf(after) });
}
