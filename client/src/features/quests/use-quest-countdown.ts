import { useActorRef, useSelector } from '@xstate/react';
import { countdownParts, questCountdownMachine, type CountdownParts } from './quest-countdown.machine';

/** The countdown to a quest's start; `started` turns true at startTime. Key the caller by quest to restart it. */
export function useQuestCountdown(startTime: string): { started: boolean; parts: CountdownParts } {
  const actor = useActorRef(questCountdownMachine, { input: { startTime } });
  const started = useSelector(actor, (s) => s.matches('started'));
  const remainingMs = useSelector(actor, (s) => s.context.remainingMs);
  return { started, parts: countdownParts(remainingMs) };
}
