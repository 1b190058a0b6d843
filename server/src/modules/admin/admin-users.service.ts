import { levelForXp, type AdminUserPage, type AdminUserRow, type AdminUserSort } from '@tapquest/shared';
import type { SortOrder } from 'mongoose';
import { User, type UserFields } from '../accounts/user.model.js';
import { rankOf } from '../profiles/profile-view.js';

// User management for the admin dashboard: every user, ranked by XP, in pages or all at once for the
// export. The rank is the profile's rank (1 + users with more XP), whatever order the list is in.

type Sort = Record<string, SortOrder>;

// Level is derived from XP by a rising curve, so ordering by level is ordering by XP. Every order ends
// on _id, so pages never overlap or skip a user whose counters tie with another's.
const ORDERS: Record<AdminUserSort, Sort> = {
  xp: { xp: -1, _id: 1 },
  level: { xp: -1, _id: 1 },
  interfaces: { interfaceCount: -1, xp: -1, _id: 1 },
  quests: { questCount: -1, xp: -1, _id: 1 },
  username: { usernameKey: 1, _id: 1 },
};

const FIELDS = { username: 1, xp: 1, interfaceCount: 1, questCount: 1 } as const;
type Listed = Pick<UserFields, 'username' | 'xp' | 'interfaceCount' | 'questCount'>;

function toRow(user: Listed, rank: number): AdminUserRow {
  const xp = user.xp ?? 0;
  return {
    rank,
    username: user.username || null,
    level: levelForXp(xp).level,
    xp,
    interfaces: user.interfaceCount ?? 0,
    quests: user.questCount ?? 0,
  };
}

async function withRanks(users: Listed[]): Promise<AdminUserRow[]> {
  const xps = [...new Set(users.map((u) => u.xp ?? 0))];
  const ranks = new Map(await Promise.all(xps.map(async (xp) => [xp, await rankOf(xp)] as const)));
  return users.map((u) => toRow(u, ranks.get(u.xp ?? 0) ?? 0));
}

const named = { usernameKey: { $type: 'string' as const } };
const unnamed = { usernameKey: { $not: { $type: 'string' as const } } };

/** Users in [skip, skip + limit) of the chosen order. */
async function slice(sort: AdminUserSort, skip: number, limit: number): Promise<Listed[]> {
  if (sort !== 'username') {
    return User.find({}, FIELDS).sort(ORDERS[sort]).skip(skip).limit(limit).lean();
  }
  // By name, people who never picked one go last rather than first (a missing key sorts first).
  const namedCount = await User.countDocuments(named);
  const head = skip < namedCount ? await User.find(named, FIELDS).sort(ORDERS.username).skip(skip).limit(limit).lean() : [];
  const rest = limit - head.length;
  const tail =
    rest > 0
      ? await User.find(unnamed, FIELDS)
          .sort({ xp: -1, _id: 1 })
          .skip(Math.max(0, skip - namedCount))
          .limit(rest)
          .lean()
      : [];
  return [...head, ...tail];
}

export async function listUsers(query: { sort: AdminUserSort; page: number; pageSize: number }): Promise<AdminUserPage> {
  const { sort, page, pageSize } = query;
  const [total, users] = await Promise.all([User.countDocuments({}), slice(sort, (page - 1) * pageSize, pageSize)]);
  return { items: await withRanks(users), total, page, pageSize };
}

/**
 * Every user by XP, for the export. One pass over a cursor: the rank is worked out on the way (a
 * user with less XP than the one before is ranked at their position), so no user costs a count.
 */
export async function* allUsersRanked(): AsyncGenerator<AdminUserRow> {
  let position = 0;
  let rank = 0;
  let previousXp: number | undefined;
  for await (const user of User.find({}, FIELDS).sort(ORDERS.xp).lean<Listed[]>().cursor()) {
    position += 1;
    const xp = user.xp ?? 0;
    if (xp !== previousXp) rank = position;
    previousXp = xp;
    yield toRow(user, rank);
  }
}
