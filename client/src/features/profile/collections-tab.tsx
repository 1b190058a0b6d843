import { useState } from 'react';
import type { OwnedAward, PublicProfile } from '@tapquest/shared';
import { assetUrl } from '../../lib/api';
import { BottomSheet } from '../../ui/bottom-sheet/bottom-sheet';
import { Carousel } from '../../ui/carousel/carousel';
import { GiftIcon } from '../../ui/icons/icons';
import { XpBar } from '../../ui/xp-bar/xp-bar';
import styles from './profile.module.css';

export interface CollectionsTabProps {
  profile: PublicProfile;
  onOpen: (award: OwnedAward, type: 'flair' | 'badge') => void;
}

/** The Collections tab: the Season Pass, then the Flairs and Badges carousels (SPEC section 2). */
export function CollectionsTab({ profile, onOpen }: CollectionsTabProps) {
  const needed = Math.max(0, profile.experience.required - profile.experience.current);
  return (
    <div className={styles.collections}>
      <section className={styles.seasonPass} aria-labelledby="season-pass">
        <div className={styles.seasonHead}>
          <h2 id="season-pass" className={styles.sectionTitle}>
            Season Pass
          </h2>
          <span className={styles.levelPill}>Level {profile.level}</span>
        </div>
        <div className={styles.nextReward}>
          <span className={styles.rewardIcon} aria-hidden="true">
            <GiftIcon />
          </span>
          <div>
            <p className={styles.nextRewardTitle}>Next reward: Level {profile.level + 1}</p>
            <p className={styles.nextRewardXp}>{needed} XP needed</p>
          </div>
        </div>
        <XpBar current={profile.experience.current} required={profile.experience.required} label="Season Pass progress" />
      </section>
      <AwardStrip title="Flairs" type="flair" awards={profile.flairs} onOpen={onOpen} />
      <AwardStrip title="Badges" type="badge" awards={profile.badges} onOpen={onOpen} />
    </div>
  );
}

function AwardStrip({
  title,
  type,
  awards,
  onOpen,
}: {
  title: string;
  type: 'flair' | 'badge';
  awards: OwnedAward[];
  onOpen: CollectionsTabProps['onOpen'];
}) {
  const [all, setAll] = useState(false);
  const tile = (award: OwnedAward) => (
    <button type="button" className={styles.awardTile} onClick={() => onOpen(award, type)}>
      <img src={assetUrl(award.src)} alt="" loading="lazy" decoding="async" />
      <span>{award.name}</span>
    </button>
  );
  return (
    <section aria-labelledby={`collection-${type}`}>
      <div className={styles.stripHead}>
        <h2 id={`collection-${type}`} className={styles.sectionTitle}>
          {title}
        </h2>
        <span className={styles.count}>{awards.length}</span>
      </div>
      <Carousel
        items={awards}
        label={`${title} collected`}
        getKey={(a) => a.id}
        renderItem={tile}
        onShowMore={() => setAll(true)}
        empty={`No ${title.toLowerCase()} yet.`}
      />
      <BottomSheet open={all} onClose={() => setAll(false)} title={`All ${title.toLowerCase()}`}>
        <ul className={styles.awardGrid} aria-label={`All ${title.toLowerCase()}`}>
          {awards.map((award) => (
            <li key={award.id}>{tile(award)}</li>
          ))}
        </ul>
      </BottomSheet>
    </section>
  );
}
