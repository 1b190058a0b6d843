import type { Quest, QuestFilter } from '@tapquest/shared';
import { getMyQuests } from '../../lib/api';

// Where a quests list comes from: the API for the app, fixed demo data for the demo pages.

export interface QuestSource {
  /** Part of the cache key: two sources never share answers. */
  key: string;
  load(filter: QuestFilter): Promise<Quest[]>;
}

export class QuestsLoadError extends Error {
  constructor(readonly status: number) {
    super(`quests load failed with HTTP ${status}`);
  }
}

export function myQuestsSource(token: string | null): QuestSource {
  return {
    key: `my:${token ?? ''}`,
    async load(filter) {
      const res = await getMyQuests(filter, token);
      if (!res.ok) throw new QuestsLoadError(res.status);
      return res.json();
    },
  };
}

/** The server's filter rules applied to a fixed list. */
export function fixedQuestsSource(key: string, quests: Quest[]): QuestSource {
  return {
    key: `fixed:${key}`,
    load: async (filter) => quests.filter((q) => (filter === 'all' ? true : filter === 'rewards' ? q.hasReward : q.status === filter)),
  };
}
