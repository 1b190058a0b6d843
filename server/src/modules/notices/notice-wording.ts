import type { Notice, NoticeType } from '@tapquest/shared';
import type { DomainEvent } from '../../platform/domain-events.js';

// What a person reads on a notice card and in a push: one short title that says what happened,
// one line that says why or what to do next. Pure, so the wording is tested without a database.

export interface NoticeDraft {
  type: NoticeType;
  title: string;
  message: string;
  profilePicUrl: string | null;
  args: Notice['args'];
}

type EventOf<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>;

const XP_REASONS: Record<string, string> = {
  'gear-claim': 'For claiming new gear',
  'quest-task': 'Quest task completed',
  'quest-reward': 'Quest completed: reward collected',
};

/** streak is the 0-based check-in streak after the check-in (see shared/streak.ts), when the reason is the check-in. */
export function xpNotice(event: EventOf<'xp-granted'>, streak?: number): NoticeDraft {
  let message = XP_REASONS[event.reason] ?? 'XP earned';
  if (event.reason === 'daily-checkin') {
    const day = (streak ?? 0) + 1;
    message = day > 1 ? `Daily check-in: day ${day} streak bonus` : 'Daily check-in bonus';
  }
  return {
    type: 'add-xp',
    title: `+${event.amount} XP`,
    message,
    profilePicUrl: null,
    args: { profile: { level: event.level, xp_progress: event.current, xp_required: event.required } },
  };
}

export function levelNotice(event: EventOf<'level-up'>): NoticeDraft {
  return {
    type: 'new-level',
    title: `Level ${event.level} reached!`,
    message: `Nice work! Keep questing to reach level ${event.level + 1}.`,
    profilePicUrl: null,
    args: { level: event.level },
  };
}

export function awardNotice(event: EventOf<'award-granted'>): NoticeDraft {
  const { kind, name, image } = event.award;
  return {
    type: 'new-award',
    title: `New ${kind} unlocked: ${name}`,
    message: kind === 'flair' ? 'Wear it: pick it as your flair on your profile.' : 'Show it off in one of your three badge slots.',
    profilePicUrl: image,
    args: { award: { type: kind, url: image } },
  };
}

export function questNotice(event: EventOf<'quest-published'>): NoticeDraft {
  return {
    type: 'new-quest',
    title: `New quest from ${event.brandName}: ${event.title}`,
    message: 'Open the brand hub to see its tasks and rewards.',
    profilePicUrl: event.image,
    args: { quest: { id: event.questId, brandId: event.brandId } },
  };
}
