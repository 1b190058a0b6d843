import { useEffect, useState } from 'react';
import { BADGE_SLOTS, type AwardRef } from '@tapquest/shared';
import defaultAvatar from '../assets/default-avatar.svg';
import ghostBadge from '../assets/ghost-badge.svg';
import styles from './avatar.module.css';

export interface AvatarProps {
  picture: string | null | undefined;
  /** Whose picture it is, for the image's text alternative. */
  name?: string | null;
  flair?: AwardRef | null;
  /** Shown in slot order; missing or empty slots become 'Ghost badge' placeholders. Omit to show no badge row. */
  badges?: (AwardRef | null)[];
  size?: 'sm' | 'md' | 'lg';
}

/** Profile picture with its flair and up to BADGE_SLOTS badges (SPEC section 2, Shared widgets). */
export function Avatar({ picture, name, flair, badges, size = 'md' }: AvatarProps) {
  const slots = badges ? Array.from({ length: BADGE_SLOTS }, (_, i) => badges[i] ?? null) : null;
  return (
    <div className={styles.avatar} data-size={size}>
      <div className={styles.frame}>
        <ProfilePicture src={picture} alt={name ? `${name}'s profile picture` : 'Profile picture'} className={styles.picture} />
        {flair && <img className={styles.flair} src={flair.src} alt={`Flair: ${flair.name}`} />}
      </div>
      {slots && (
        <ul className={styles.badges} aria-label="Badges">
          {slots.map((badge, i) => (
            <li key={badge?.id ?? `ghost-${i}`} className={styles.badge} data-ghost={badge ? undefined : true}>
              {badge ? <img src={badge.src} alt={badge.name} /> : <img src={ghostBadge} alt="Ghost badge" />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An image of a person that falls back to the default avatar when missing or failing to load. */
export function ProfilePicture({ src, alt, className }: { src: string | null | undefined; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  return <img className={className} src={src && !failed ? src : defaultAvatar} alt={alt} onError={() => setFailed(true)} />;
}
