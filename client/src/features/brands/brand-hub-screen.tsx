import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import type { BrandHub, Quest } from '@tapquest/shared';
import { assetUrl } from '../../lib/api';
import { useSession } from '../../lib/session/session-context';
import { Button } from '../../ui/button/button';
import { ExternalLinkModal } from '../../ui/external-link/external-link';
import { ArrowLeftIcon, CheckIcon } from '../../ui/icons/icons';
import { ProgressIndicator } from '../../ui/progress-indicator/progress-indicator';
import { TabBar, type Tab } from '../../ui/tab-bar/tab-bar';
import { BrandPost } from './brand-post';
import { brandHubQuery, brandLoadMessage } from './brand-queries';
import { useBrandMembership } from './use-brand-membership';
import styles from './brands.module.css';
import { Callout } from '../../ui/callout/callout';
import { IconButton } from '../../ui/icon-button/icon-button';

// /brandhub/:brandId (SPEC section 2, Brand hub): who the brand is, whether you belong, and its
// Feed, Quests and Gear. The Quests tab belongs to the quests feature; the app hands it in
// (QuestsPanel), so the two features meet in the route, not in each other's files.

type TabId = 'feed' | 'quests' | 'gear';
const TABS: readonly Tab<TabId>[] = [
  { id: 'feed', label: 'Feed' },
  { id: 'quests', label: 'Quests' },
  { id: 'gear', label: 'Gear' },
];

export interface BrandHubScreenProps {
  QuestsPanel: ComponentType<{ quests: Quest[] }>;
}

export function BrandHubScreen({ QuestsPanel }: BrandHubScreenProps) {
  const { brandId = '' } = useParams();
  const { token } = useSession();
  const hub = useQuery(brandHubQuery(brandId, token));

  if (hub.isPending) {
    return (
      <main className={styles.hub}>
        <div className={styles.loading}>
          <ProgressIndicator state="indeterminate" shape="ring" label="Loading brand" />
        </div>
      </main>
    );
  }
  if (hub.isError) {
    return (
      <main className={styles.hub}>
        <BackLink />
        <div className={styles.failure}>
          <Callout tone="error">{brandLoadMessage(hub.error)}</Callout>
        </div>
      </main>
    );
  }
  return <Hub key={brandId} hub={hub.data} token={token} QuestsPanel={QuestsPanel} />;
}

function BackLink() {
  return <IconButton to="/" label="Back to my brands" icon={<ArrowLeftIcon />} tone="glass" className={styles.back} />;
}

function Hub({ hub, token, QuestsPanel }: { hub: BrandHub; token: string | null } & BrandHubScreenProps) {
  const [tab, setTab] = useState<TabId>('feed');
  const [pendingLink, setPendingLink] = useState<string | null>(null);
  const { setMember, setFollowing, membershipPending, followPending } = useBrandMembership(hub.id, token);
  const now = useToday();

  return (
    <main className={styles.hub}>
      <div className={styles.hero}>
        <img className={styles.heroBanner} src={assetUrl(hub.banner)} alt="" />
        <BackLink />
      </div>
      <header className={styles.head}>
        <img className={styles.logo} src={assetUrl(hub.profilePicture)} alt="" />
        <h1 className={styles.name}>{hub.name}</h1>
        <p className={styles.description}>{hub.description}</p>
        <dl className={styles.stats}>
          <div>
            <dt>Members</dt>
            <dd>{hub.members}</dd>
          </div>
          <div>
            <dt>Quests</dt>
            <dd>{hub.quests.length}</dd>
          </div>
          <div>
            <dt>Gear</dt>
            <dd>{hub.gearAvailable}</dd>
          </div>
        </dl>
        <p className={styles.membership} data-member={hub.isMember || undefined} role="status">
          {hub.isMember && <CheckIcon aria-hidden="true" />}
          {hub.isMember ? 'You are a member' : 'You are NOT a member'}
        </p>
        <div className={styles.headActions}>
          {hub.isMember ? (
            <Button variant="secondary" size="small" onClick={() => setMember(false)} disabled={membershipPending}>
              Leave
            </Button>
          ) : (
            <Button size="small" onClick={() => setMember(true)} disabled={membershipPending}>
              Join
            </Button>
          )}
          <Button
            variant="secondary"
            size="small"
            pressed={hub.isFollowing}
            icon={hub.isFollowing ? <CheckIcon /> : undefined}
            onClick={() => setFollowing(!hub.isFollowing)}
            disabled={followPending}
          >
            {hub.isFollowing ? 'Following' : 'Follow'}
          </Button>
        </div>
      </header>

      <TabBar tabs={TABS} value={tab} onChange={setTab} label={`${hub.name} sections`} idPrefix="brand" />
      <div className={styles.panel} role="tabpanel" id={`brand-${tab}`} aria-labelledby={`brand-tab-${tab}`}>
        {tab === 'feed' && (
          <>
            <GearUp hub={hub} onSeeAll={() => setTab('gear')} />
            {hub.posts.length === 0 ? (
              <Callout>No posts available</Callout>
            ) : (
              hub.posts.map((post) => <BrandPost key={post.id} post={post} now={now} onLink={setPendingLink} />)
            )}
          </>
        )}
        {tab === 'quests' && <QuestsPanel quests={hub.quests} />}
        {tab === 'gear' && <GearGrid hub={hub} />}
      </div>
      <ExternalLinkModal url={pendingLink} onClose={() => setPendingLink(null)} />
    </main>
  );
}

/** The 'Gear up!' strip: a taste of the brand's gear and the way to all of it. */
function GearUp({ hub, onSeeAll }: { hub: BrandHub; onSeeAll: () => void }) {
  if (hub.gear.length === 0) return null;
  return (
    <section className={styles.gearUp} aria-labelledby="gear-up">
      <div className={styles.gearUpHead}>
        <h2 id="gear-up" className={styles.sectionTitle}>
          Gear up!
        </h2>
        <button type="button" className={styles.textButton} onClick={onSeeAll}>
          See all gear
        </button>
      </div>
      <ul className={styles.gearStrip}>
        {hub.gear.slice(0, 3).map((gear) => (
          <li key={gear.id} className={styles.gearChip}>
            <img src={assetUrl(gear.image)} alt="" />
            <span>{gear.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function GearGrid({ hub }: { hub: BrandHub }) {
  if (hub.gear.length === 0) return <Callout>No gear available</Callout>;
  return (
    <ul className={styles.gearGrid} aria-label="Gear">
      {hub.gear.map((gear) => (
        <li key={gear.id} className={styles.gearCard}>
          <img src={assetUrl(gear.image)} alt="" />
          <span className={styles.gearName}>{gear.name}</span>
          <span className={styles.gearMeta}>
            {gear.edition.type} · {gear.edition.available} of {gear.edition.run} left
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Post dates are in days, so the page's idea of today only needs to move at midnight. */
function useToday(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const midnight = new Date(now);
    midnight.setHours(24, 0, 0, 0);
    const timer = setTimeout(() => setNow(new Date()), midnight.getTime() - now.getTime());
    return () => clearTimeout(timer);
  }, [now]);
  return now;
}
