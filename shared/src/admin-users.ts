import { z } from 'zod';

// The admin dashboard's user management (GET /api/admin/users and /api/admin/users.csv): what the
// server answers and the client shows. Rank is always by XP across every user, whatever the sort.

export const ADMIN_USER_SORTS = ['xp', 'level', 'interfaces', 'quests', 'username'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const ADMIN_USERS_PAGE_SIZE_MAX = 100;
export const ADMIN_USERS_PAGE_SIZE_DEFAULT = 20;
/** Far past any real list; it keeps the skip a database is asked for a sane number. */
export const ADMIN_USERS_PAGE_MAX = 1_000_000;

/** How a user who has not picked a username yet (sign-up unfinished) is listed and exported. */
export const NO_USERNAME_LABEL = '(no username)';

/** The export's columns, in order; the first line of the CSV. */
export const ADMIN_USERS_CSV_COLUMNS = ['rank', 'username', 'level', 'xp', 'interfaces', 'quests'] as const;

export interface AdminUserRow {
  /** 1 + the number of users with more XP: equal XP shares a rank. */
  rank: number;
  username: string | null;
  level: number;
  xp: number;
  /** Claimed gear (interfaceCount). */
  interfaces: number;
  /** Completed quests (questCount). */
  quests: number;
}

export interface AdminUserPage {
  items: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
}

const positiveInt = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`);

export const adminUsersQuerySchema = z.object({
  sort: z.enum(ADMIN_USER_SORTS, { error: `must be one of ${ADMIN_USER_SORTS.join(', ')}` }).default('xp'),
  page: positiveInt(ADMIN_USERS_PAGE_MAX).default(1),
  pageSize: positiveInt(ADMIN_USERS_PAGE_SIZE_MAX).default(ADMIN_USERS_PAGE_SIZE_DEFAULT),
  ts: z.string().optional(),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;
