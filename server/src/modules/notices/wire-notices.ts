import { domainEvents, type DomainEvent } from '../../platform/domain-events.js';
import type { Logger } from '../../platform/logger.js';
import { User } from '../accounts/user.model.js';
import { brandMemberIds } from '../brands/brands.service.js';
import { awardNotice, levelNotice, questNotice, xpNotice } from './notice-wording.js';
import { createNotice, createNoticeForMany } from './notices.service.js';

// Domain events become notices here, one notice per event (one per member for a new quest).

async function noticeFor(event: DomainEvent): Promise<void> {
  switch (event.type) {
    case 'xp-granted': {
      // The check-in's streak is not in the event; the user document holds it once the check-in is stored.
      const streak =
        event.reason === 'daily-checkin' ? (await User.findById(event.userId, { history: 1 }).lean())?.history?.streak : undefined;
      await createNotice(event.userId, xpNotice(event, streak ?? undefined));
      return;
    }
    case 'level-up':
      await createNotice(event.userId, levelNotice(event));
      return;
    case 'award-granted':
      await createNotice(event.userId, awardNotice(event));
      return;
    case 'quest-published':
      await createNoticeForMany(await brandMemberIds(event.brandId), questNotice(event));
      return;
    default:
      return;
  }
}

/** Starts turning domain events into notices; returns the unsubscribe. */
export function wireNotices(logger: Logger): () => void {
  return domainEvents.subscribe(async (event) => {
    try {
      await noticeFor(event);
    } catch (err) {
      // The XP, award or quest is already stored: failing the producer's request now would only make
      // the user retry something that succeeded. The notice is what is lost, so it is logged loudly.
      logger.error({ err, event }, 'could not create the notice for a domain event');
    }
  });
}
