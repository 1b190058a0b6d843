import { useState } from 'react';
import { DEFAULT_UPCOMING_GEAR_RULE, type Quest, type TaskButton } from '@tapquest/shared';
import { assetUrl } from '../../lib/api';
import { BottomSheet } from '../../ui/bottom-sheet/bottom-sheet';
import { Button } from '../../ui/button/button';
import { Collapsible } from '../../ui/collapsible/collapsible';
import { CalendarIcon, CheckIcon, MapPinIcon, TapIcon } from '../../ui/icons/icons';
import { ProgressIndicator } from '../../ui/progress-indicator/progress-indicator';
import { toast } from '../../ui/toast/toast';
import { isInPerson } from './in-person';
import { QuestStatusTag } from './quest-status-tag';
import { useQuestCountdown } from './use-quest-countdown';
import styles from './quests.module.css';

// The quest details sheet (SPEC section 2): what the quest is, where and when, a countdown until it
// starts and its progress after, and the collapsible Eligible Gear, Quest Rewards and Tasks.

export interface QuestDetailsSheetProps {
  quest: Quest | null;
  onClose: () => void;
}

export function QuestDetailsSheet({ quest, onClose }: QuestDetailsSheetProps) {
  return (
    <BottomSheet open={quest !== null} onClose={onClose} title={quest?.title ?? ''}>
      {quest && <QuestDetails key={quest.id} quest={quest} />}
    </BottomSheet>
  );
}

/** What a task button's action does here; the tasks themselves happen out in the world, with the gear. */
const ACTION_HINTS: Record<string, string> = {
  tap: 'Hold the back of your phone to the tag on your gear to count a tap.',
  claim: 'Tap the tag on an eligible item with your phone to claim it.',
  checkin: 'Open Tapquest once a day to check in.',
};

function QuestDetails({ quest }: { quest: Quest }) {
  const { started, parts } = useQuestCountdown(quest.startTime);
  const [gearOpen, setGearOpen] = useState(false);
  const [rewardsOpen, setRewardsOpen] = useState(false);
  const shows = (type: Quest['dropdownTypes'][number]) => quest.dropdownTypes.includes(type);
  const upcoming = !started;

  function runAction(button: TaskButton) {
    if (button.action === 'eligible-gear') setGearOpen(true);
    else if (button.action === 'rewards') setRewardsOpen(true);
    else toast(ACTION_HINTS[button.action] ?? button.label);
  }

  const buttons = [quest.taskButtons?.button1, quest.taskButtons?.button2].filter((b): b is TaskButton => Boolean(b?.show && b.label));

  return (
    <div className={styles.details}>
      <img className={styles.detailsBanner} src={assetUrl(quest.bannerImage)} alt="" />
      <div className={styles.tags}>
        <QuestStatusTag status={started && quest.status === 'upcoming' ? 'active' : quest.status} />
        {isInPerson(quest.location) && <span className={styles.tag}>In-person</span>}
        {quest.hasReward && <span className={styles.tag}>Rewards</span>}
      </div>
      {quest.description && <p className={styles.description}>{quest.description}</p>}
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>
            <MapPinIcon aria-hidden="true" />
            <span className="visually-hidden">Location</span>
          </dt>
          <dd>{quest.location}</dd>
        </div>
        <div className={styles.fact}>
          <dt>
            <CalendarIcon aria-hidden="true" />
            <span className="visually-hidden">Date</span>
          </dt>
          <dd>{quest.date}</dd>
        </div>
      </dl>

      {upcoming ? (
        <section className={styles.countdown} aria-labelledby={`countdown-${quest.id}`}>
          <h3 id={`countdown-${quest.id}`} className={styles.countdownTitle}>
            This quest begins in
          </h3>
          <div className={styles.countdownParts} role="timer" aria-live="off">
            {(
              [
                [parts.days, 'days'],
                [parts.hours, 'hours'],
                [parts.minutes, 'minutes'],
                [parts.seconds, 'seconds'],
              ] as const
            ).map(([value, unit]) => (
              <div key={unit} className={styles.countdownPart}>
                <span className={styles.countdownValue}>{String(value).padStart(2, '0')}</span>
                <span className={styles.countdownUnit}>{unit}</span>
              </div>
            ))}
          </div>
        </section>
      ) : (
        <section className={styles.progress} aria-labelledby={`progress-${quest.id}`}>
          <div className={styles.progressHead}>
            <h3 id={`progress-${quest.id}`} className={styles.progressTitle}>
              Your progress
            </h3>
            <span className={styles.progressCount}>
              {quest.overallProgress.completedSteps} of {quest.overallProgress.totalSteps} steps
            </span>
          </div>
          <ProgressIndicator
            state={quest.overallProgress.completedSteps >= quest.overallProgress.totalSteps ? 'complete' : 'loading'}
            value={quest.overallProgress.completedSteps}
            max={Math.max(1, quest.overallProgress.totalSteps)}
            label="Quest progress"
          />
          {shows('tapsWristband') && (
            <p className={styles.taps}>
              <TapIcon aria-hidden="true" />
              <span>
                <strong>{quest.taps}</strong> {quest.taps === 1 ? 'tap' : 'taps'} counted
              </span>
            </p>
          )}
        </section>
      )}

      {shows('eligibleGear') && (
        <Collapsible
          title="Eligible Gear"
          aside={upcoming ? DEFAULT_UPCOMING_GEAR_RULE : `${quest.eligibleGear.length}`}
          open={gearOpen}
          onToggle={setGearOpen}
        >
          {upcoming && (
            <p className={styles.rule}>
              Bring <strong>{DEFAULT_UPCOMING_GEAR_RULE}</strong> eligible items to take part.
            </p>
          )}
          <ul className={styles.thumbList}>
            {quest.eligibleGear.map((gear) => (
              <li key={gear.id} className={styles.thumbItem}>
                <img src={assetUrl(gear.image)} alt="" />
                <span>{gear.name}</span>
              </li>
            ))}
          </ul>
        </Collapsible>
      )}

      {shows('questRewards') && (
        <Collapsible title="Quest Rewards" aside={`${quest.rewards.length}`} open={rewardsOpen} onToggle={setRewardsOpen}>
          <ul className={styles.thumbList}>
            {quest.rewards.map((reward) => (
              <li key={reward.id} className={styles.thumbItem}>
                <img src={assetUrl(reward.image)} alt="" />
                <span>
                  {reward.title}
                  <small>{reward.subtitle}</small>
                </span>
              </li>
            ))}
          </ul>
        </Collapsible>
      )}

      {shows('tasks') && (
        <Collapsible title="Tasks" aside={`${quest.tasks.filter((t) => t.completed).length}/${quest.tasks.length}`} defaultOpen>
          <ul className={styles.tasks}>
            {quest.tasks.map((task) => (
              <li key={task.id} className={styles.task} data-done={task.completed || undefined}>
                <span className={styles.taskCheck} aria-hidden="true">
                  {task.completed && <CheckIcon />}
                </span>
                <span className={styles.taskLabel}>
                  {task.label}
                  <span className="visually-hidden">{task.completed ? ' (done)' : ' (to do)'}</span>
                </span>
                {shows('individualTaskProgress') && task.progress.target > 1 && (
                  <span className={styles.taskProgress}>
                    {task.progress.current}/{task.progress.target}
                  </span>
                )}
                {task.xp > 0 && <span className={styles.taskXp}>+{task.xp} XP</span>}
              </li>
            ))}
          </ul>
        </Collapsible>
      )}

      {buttons.length > 0 && (
        <div className={styles.actions}>
          {buttons.map((button) => (
            <Button key={`${button.action}-${button.label}`} variant={button.variant} fullWidth onClick={() => runAction(button)}>
              {button.label}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
