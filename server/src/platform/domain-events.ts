import type { NoticeType } from '@tapquest/shared';

// Domain events, not calls across the house: producers (progression, quests) publish facts;
// consumers (notices) turn them into what users see. A producer never imports a transport.
// publish() awaits every handler, so once a request is acknowledged its consequences are stored.

export interface AwardInfo {
  id: string;
  kind: 'flair' | 'badge';
  name: string;
  image: string;
}

export type DomainEvent =
  | { type: 'xp-granted'; userId: string; amount: number; reason: string; xp: number; level: number; current: number; required: number }
  | { type: 'level-up'; userId: string; level: number }
  | { type: 'award-granted'; userId: string; award: AwardInfo }
  | { type: 'quest-published'; questId: string; brandId: string; brandName: string; title: string; image: string | null }
  | { type: 'quest-completed'; userId: string; questId: string; title: string };

export type DomainEventType = DomainEvent['type'];
type Handler = (event: DomainEvent) => Promise<void> | void;

export interface DomainEvents {
  publish(event: DomainEvent): Promise<void>;
  subscribe(handler: Handler): () => void;
}

export function createDomainEvents(): DomainEvents {
  const handlers = new Set<Handler>();
  return {
    async publish(event) {
      for (const handler of handlers) await handler(event);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}

/** The process-wide bus. Tests and main wire consumers to it through createServer. */
export const domainEvents = createDomainEvents();

/** Which notice a domain event becomes, for the notice types of SPEC section 3. */
export const NOTICE_TYPE_OF: Partial<Record<DomainEventType, NoticeType>> = {
  'xp-granted': 'add-xp',
  'level-up': 'new-level',
  'award-granted': 'new-award',
  'quest-published': 'new-quest',
};
