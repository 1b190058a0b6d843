import { useState } from 'react';
import { linkLabel, type PublicProfile } from '@tapquest/shared';
import { assetUrl } from '../../lib/api';
import { Avatar } from '../../ui/avatar/avatar';
import { Button } from '../../ui/button/button';
import { ExternalLinkModal } from '../../ui/external-link/external-link';
import { EditIcon, InfoIcon, LinkIcon, MapPinIcon, PlusIcon } from '../../ui/icons/icons';
import { XpBar } from '../../ui/xp-bar/xp-bar';
import styles from './profile.module.css';
import { IconButton } from '../../ui/icon-button/icon-button';

export interface ProfileHeaderProps {
  profile: PublicProfile;
  /** The owner's own view: edit controls. A public profile has none. */
  own: boolean;
  onOpenDetails: () => void;
  /** Own profile: opens the edit-NFC-link modal. */
  onEditLink?: () => void;
}

/** Banner, avatar, name, XP, counts, the custom link, location and bio (SPEC section 2, Own profile). */
export function ProfileHeader({ profile, own, onOpenDetails, onEditLink }: ProfileHeaderProps) {
  const [pendingLink, setPendingLink] = useState<string | null>(null);
  const name = profile.username ?? '';
  return (
    <header className={styles.header}>
      <div className={styles.banner}>
        {profile.banner ? (
          // The banner is the screen's largest paint: fetched first, ahead of the gear pictures below.
          <img className={styles.bannerImage} src={assetUrl(profile.banner)} alt="" fetchPriority="high" />
        ) : (
          <div className={styles.bannerBlank} />
        )}
        <div className={styles.bannerActions}>
          <IconButton label="Profile details" icon={<InfoIcon width={20} height={20} />} tone="glass" onClick={onOpenDetails} />
          {own && (
            <Button variant="change" size="small" to="/profile/edit" icon={<EditIcon />} className={styles.editButton}>
              Edit profile
            </Button>
          )}
        </div>
      </div>

      <div className={styles.identity}>
        <Avatar
          picture={profile.profilePicture ? assetUrl(profile.profilePicture) : null}
          name={name}
          flair={profile.profileFlair && { ...profile.profileFlair, src: assetUrl(profile.profileFlair.src) }}
          badges={profile.profileBadges.map((b) => b && { ...b, src: assetUrl(b.src) })}
          size="lg"
        />
        <h1 className={styles.username}>{name}</h1>
        <div className={styles.xpRow}>
          <span className={styles.levelPill}>Lv {profile.level}</span>
          <XpBar
            current={profile.experience.current}
            required={profile.experience.required}
            label={`Experience towards level ${profile.level + 1}`}
          />
        </div>
      </div>

      <dl className={styles.counts}>
        <div>
          <dt>Interfaces</dt>
          <dd>{profile.interfaceCount}</dd>
        </div>
        <div>
          <dt>Quests</dt>
          <dd>{profile.questCount}</dd>
        </div>
        <div>
          <dt>Level</dt>
          <dd>{profile.level}</dd>
        </div>
        <div>
          <dt>Rank</dt>
          <dd>#{profile.rank}</dd>
        </div>
      </dl>

      {(profile.link || own) && (
        <div className={styles.linkRow}>
          {profile.link ? (
            <Button
              variant="secondary"
              size="small"
              icon={<LinkIcon />}
              onClick={() => setPendingLink(profile.link)}
              className={styles.linkButton}
            >
              {linkLabel(profile.link)}
            </Button>
          ) : (
            <Button variant="secondary" size="small" icon={<PlusIcon />} onClick={onEditLink}>
              Add your NFC link
            </Button>
          )}
          {own && profile.link && onEditLink && (
            <IconButton label="Edit NFC link" icon={<EditIcon width={20} height={20} />} onClick={onEditLink} />
          )}
        </div>
      )}

      {profile.location && (
        <p className={styles.location}>
          <MapPinIcon aria-hidden="true" />
          <span>{profile.location}</span>
        </p>
      )}
      {profile.bio && <p className={styles.bio}>{profile.bio}</p>}
      <ExternalLinkModal url={pendingLink} onClose={() => setPendingLink(null)} />
    </header>
  );
}
