import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { Notice } from '@tapquest/shared';
import { acknowledgeNotice } from '../../lib/api';
import { useNoticeFeed, type NoticeFeedView } from '../../lib/realtime/notice-feed-context';
import { isRead, isUnacknowledged } from '../../lib/realtime/notice-list';
import { useSession } from '../../lib/session/session-context';
import { InfoIcon, MoreIcon } from '../../ui/icons/icons';
import { MenuSheet } from '../../ui/menu-sheet/menu-sheet';
import { Modal } from '../../ui/modal/modal';
import { Screen } from '../../ui/screen/screen';
import { TabBar, type Tab } from '../../ui/tab-bar/tab-bar';
import { NoticeCard } from './notice-card';
import { noticeDestination } from './notice-destination';
import styles from './notices.module.css';
import { Callout } from '../../ui/callout/callout';
import { IconButton } from '../../ui/icon-button/icon-button';

// /notice (SPEC sections 2 and 4). The notices come from the live feed the tab screens share; this
// screen acknowledges them: a click marks one read, leaving marks every unacknowledged one seen,
// and the held list follows each successful patch.

type TabId = 'all' | 'unread' | 'quests';
const TABS: readonly Tab<TabId>[] = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
  { id: 'quests', label: 'Quests' },
];

/** Ages are re-read this often, so 'just now' becomes '1 minute ago' while the screen is open. */
const AGE_REFRESH_MS = 30_000;

export function NoticesScreen() {
  const { token } = useSession();
  if (!token) return <Navigate to="/login" replace />;
  return <Notices token={token} />;
}

function Notices({ token }: { token: string }) {
  const feed = useNoticeFeed();
  const navigate = useNavigate();
  const [tab, setTab] = useState<TabId>('all');
  const [menuOpen, setMenuOpen] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);
  const now = useNow(AGE_REFRESH_MS);
  useMarkSeenOnLeave(feed, token);

  async function open(notice: Notice) {
    if (opening) return;
    if (!isRead(notice)) {
      setOpening(notice.notice_id);
      const ok = await acknowledgeNotice(notice.notice_id, 'read', token).then(
        (res) => res.ok,
        () => false,
      );
      setOpening(null);
      if (!ok) {
        window.alert('oops!');
        return;
      }
      feed.acknowledged(notice.notice_id, 'read');
    }
    const to = noticeDestination(notice);
    if (to) navigate(to);
    else console.warn(`No destination for a ${notice.type} notice`, notice.notice_id);
  }

  const list = (notices: Notice[], empty: string, label: string) =>
    notices.length === 0 ? (
      <Callout>{empty}</Callout>
    ) : (
      <ul className={styles.list} aria-label={label}>
        {notices.map((notice) => (
          <li key={notice.notice_id}>
            <NoticeCard notice={notice} now={now} onOpen={open} busy={opening === notice.notice_id} />
          </li>
        ))}
      </ul>
    );

  let panel;
  if (feed.status === 'loading') {
    panel = <Callout role="status">Loading notifications...</Callout>;
  } else if (tab === 'all') {
    panel = (
      <>
        <section className={styles.section} aria-labelledby="notices-new">
          <h2 id="notices-new" className={styles.sectionTitle}>
            New
          </h2>
          {list(feed.notices.filter(isUnacknowledged), 'There are currently no new notifications', 'New notifications')}
        </section>
        <section className={styles.section} aria-labelledby="notices-previous">
          <h2 id="notices-previous" className={styles.sectionTitle}>
            Previous
          </h2>
          {list(
            feed.notices.filter((n) => !isUnacknowledged(n)),
            'No previous notifications.',
            'Previous notifications',
          )}
        </section>
      </>
    );
  } else if (tab === 'unread') {
    panel = list(
      feed.notices.filter((n) => !isRead(n)),
      'No unread notifications.',
      'Unread notifications',
    );
  } else {
    panel = list(
      feed.notices.filter((n) => n.type === 'new-quest'),
      'No quest notifications.',
      'Quest notifications',
    );
  }

  return (
    <Screen
      title="Notifications"
      actions={<IconButton label="Options" icon={<MoreIcon />} expanded={menuOpen} onClick={() => setMenuOpen(true)} />}
    >
      <TabBar tabs={TABS} value={tab} onChange={setTab} label="Notification filters" idPrefix="notices" />
      <div className={styles.panel} role="tabpanel" id={`notices-${tab}`} aria-labelledby={`notices-tab-${tab}`}>
        {panel}
      </div>

      <MenuSheet
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        title="Options"
        items={[{ label: 'What is this page?', icon: <InfoIcon />, onSelect: () => setAboutOpen(true) }]}
      />
      <Modal
        open={aboutOpen}
        onClose={() => setAboutOpen(false)}
        title="What is this page?"
        media={
          <span className={styles.aboutBadge}>
            <InfoIcon />
          </span>
        }
        description="Notifications keep you up to date with platform activity, brand updates and gear updates: XP, levels and awards you earn, new quests from your brand communities, and news about your gear."
        actions={[{ label: 'Got it', onClick: () => setAboutOpen(false) }]}
      />
    </Screen>
  );
}

function useNow(refreshMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  return now;
}

/**
 * SPEC section 4: leaving the screen marks every notice without acknowledgement as seen. The work
 * waits a microtask after the unmount: React's development double-mount remounts at once and
 * cancels it, and when the whole app is going away (sign-out, teardown) the feed has stopped and
 * there is nobody to tell.
 */
function useMarkSeenOnLeave(feed: NoticeFeedView, token: string) {
  const latest = useRef({ feed, token });
  const mounted = useRef(false);
  useEffect(() => {
    latest.current = { feed, token };
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      queueMicrotask(() => {
        const { feed: current, token: held } = latest.current;
        if (!mounted.current && current.isActive()) void markSeen(current.notices, held, current.acknowledged);
      });
    };
  }, []);
}

async function markSeen(notices: Notice[], token: string, acknowledged: NoticeFeedView['acknowledged']) {
  const unacknowledged = notices.filter(isUnacknowledged);
  if (unacknowledged.length === 0) return;
  const results = await Promise.all(
    unacknowledged.map((notice) =>
      acknowledgeNotice(notice.notice_id, 'seen', token).then(
        (res) => res.ok,
        () => false,
      ),
    ),
  );
  results.forEach((ok, i) => ok && acknowledged(unacknowledged[i].notice_id, 'seen'));
  // One alert for the lot: a person leaving the screen should not have to dismiss ten.
  if (results.some((ok) => !ok)) window.alert('oops!');
}
