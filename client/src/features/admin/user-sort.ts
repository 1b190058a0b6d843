import { ADMIN_USER_SORTS, type AdminUserSort } from '@tapquest/shared';

// The SORT button steps through the server's sort keys in order and starts over after the last.

export const SORT_LABELS: Record<AdminUserSort, string> = {
  xp: 'XP',
  level: 'LEVEL',
  interfaces: 'INTERFACES',
  quests: 'QUESTS',
  username: 'USERNAME',
};

export function nextSort(current: AdminUserSort): AdminUserSort {
  return ADMIN_USER_SORTS[(ADMIN_USER_SORTS.indexOf(current) + 1) % ADMIN_USER_SORTS.length];
}
