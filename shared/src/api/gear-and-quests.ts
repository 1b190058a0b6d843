import { z } from 'zod';

// Request and response shapes of the gear, brand and quest calls our server adds to SPEC section 7
// (brand membership and follow, quests, assets, the tap event's public view).

export const QUEST_FILTERS = ['all', 'active', 'completed', 'upcoming', 'rewards'] as const;
export type QuestFilter = (typeof QUEST_FILTERS)[number];

export const questsQuerySchema = z.object({
  filter: z.enum(QUEST_FILTERS, { error: `must be one of ${QUEST_FILTERS.join(', ')}` }).default('all'),
  ts: z.string().optional(),
});

/** A tap counts once per quest task in this window, however often its URL is replayed. */
export const TAP_COUNT_WINDOW_MS = 10 * 60_000;

export interface BrandMembership {
  isMember: boolean;
  members: number;
}

export interface BrandFollow {
  isFollowing: boolean;
}

/** What a scan (tap) event shows the signed-in user it belongs to, after PATCH /events/{id}. */
export interface ScanEventView {
  id: string;
  at: string;
  gear: { id: string; name: string; image: string; brandId: string; organization: { name: string; brand_logo_small: string } };
  /** Whether the tapped item is still free to claim, and whether the caller is its owner. */
  claimable: boolean;
  claimedByYou: boolean;
}
