import { handleFromUrl, type Device, type PublicProfile } from '@tapquest/shared';
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
    { label: 'Website', url: profile.website, text: profile.website.replace(/^https?:\/\//, '').replace(/\/$/, '') },
    { label: 'Instagram', url: profile.instagram, text: `@${handleFromUrl(profile.instagram)}` },
    { label: 'Twitter', url: profile.twitter, text: `@${handleFromUrl(profile.twitter)}` },
  ].filter((s) => s.url);
  return (
    <BottomSheet open={open} onClose={onClose} title={`About ${profile.username ?? ''}`}>
      <div className={styles.details}>
        <section aria-labelledby="details-about">
          <h3 id="details-about" className={styles.detailsTitle}>
            About
          </h3>
          <p className={styles.detailsText}>{profile.bio || 'No bio yet.'}</p>
          {profile.location && <p className={styles.detailsMuted}>{profile.location}</p>}
        </section>
        <section aria-labelledby="details-user">
          <h3 id="details-user" className={styles.detailsTitle}>
            User
          </h3>
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
        </section>
        <section aria-labelledby="details-brands">
          <h3 id="details-brands" className={styles.detailsTitle}>
            Brands
          </h3>
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
        </section>
        <section aria-labelledby="details-quests">
          <h3 id="details-quests" className={styles.detailsTitle}>
            Quests
          </h3>
          <p className={styles.detailsText}>
            {profile.questCount} {profile.questCount === 1 ? 'quest' : 'quests'} completed
          </p>
        </section>
        <section aria-labelledby="details-products">
          <h3 id="details-products" className={styles.detailsTitle}>
            Products
          </h3>
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
        </section>
        <section aria-labelledby="details-mods">
          <h3 id="details-mods" className={styles.detailsTitle}>
            Mods
          </h3>
          <p className={styles.detailsMuted}>No mods yet.</p>
        </section>
      </div>
    </BottomSheet>
  );
}
