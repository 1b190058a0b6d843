import type { ReactNode } from 'react';
import { handleFromUrl, linkLabel, type Device, type PublicProfile } from '@tapquest/shared';
import { assetUrl } from '../../lib/api';
import { BottomSheet } from '../../ui/bottom-sheet/bottom-sheet';
import { ExternalLink } from '../../ui/external-link/external-link';
import { editionText } from './asset';
import styles from './profile.module.css';

export interface ProfileDetailsSheetProps {
  open: boolean;
  onClose: () => void;
  profile: PublicProfile;
  devices: Device[];
}

/** The details sheet: About, User, Brands, Quests, Products, Mods (SPEC section 2). */
export function ProfileDetailsSheet({ open, onClose, profile, devices }: ProfileDetailsSheetProps) {
  const brands = [...new Map(devices.map((d) => [d.brandId, d.organization])).entries()];
  const socials = [
    { label: 'Website', url: profile.website, text: linkLabel(profile.website) },
    { label: 'Instagram', url: profile.instagram, text: `@${handleFromUrl(profile.instagram)}` },
    { label: 'Twitter', url: profile.twitter, text: `@${handleFromUrl(profile.twitter)}` },
  ].filter((s) => s.url);
  return (
    <BottomSheet open={open} onClose={onClose} title={`About ${profile.username ?? ''}`}>
      <div className={styles.details}>
        <DetailsSection id="about" title="About">
          <p className={styles.detailsText}>{profile.bio || 'No bio yet.'}</p>
          {profile.location && <p className={styles.detailsMuted}>{profile.location}</p>}
        </DetailsSection>
        <DetailsSection id="user" title="User">
          <dl className={styles.detailsList}>
            <div>
              <dt>Username</dt>
              <dd>{profile.username}</dd>
            </div>
            <div>
              <dt>Level</dt>
              <dd>
                {profile.level} · {profile.xp} XP
              </dd>
            </div>
            <div>
              <dt>Rank</dt>
              <dd>#{profile.rank}</dd>
            </div>
            {socials.map((s) => (
              <div key={s.label}>
                <dt>{s.label}</dt>
                <dd>
                  <ExternalLink href={s.url}>{s.text}</ExternalLink>
                </dd>
              </div>
            ))}
          </dl>
        </DetailsSection>
        <DetailsSection id="brands" title="Brands">
          {brands.length === 0 ? (
            <p className={styles.detailsMuted}>No brands yet.</p>
          ) : (
            <ul className={styles.detailsRows}>
              {brands.map(([id, org]) => (
                <li key={id}>
                  <img src={assetUrl(org.brand_logo_small)} alt="" />
                  <span>{org.name}</span>
                </li>
              ))}
            </ul>
          )}
        </DetailsSection>
        <DetailsSection id="quests" title="Quests">
          <p className={styles.detailsText}>
            {profile.questCount} {profile.questCount === 1 ? 'quest' : 'quests'} completed
          </p>
        </DetailsSection>
        <DetailsSection id="products" title="Products">
          {devices.length === 0 ? (
            <p className={styles.detailsMuted}>No gear yet.</p>
          ) : (
            <ul className={styles.detailsRows}>
              {devices.map((d) => (
                <li key={d.id}>
                  <img src={assetUrl(d.image)} alt="" />
                  <span>
                    {d.name}
                    <small>{editionText(d)}</small>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </DetailsSection>
        <DetailsSection id="mods" title="Mods">
          <p className={styles.detailsMuted}>No mods yet.</p>
        </DetailsSection>
      </div>
    </BottomSheet>
  );
}

function DetailsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`details-${id}`}>
      <h3 id={`details-${id}`} className={styles.detailsTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}
