import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useUnreadNoticeCount } from '../../lib/realtime/notice-feed-context';
import { useSession } from '../../lib/session/session-context';
import { ProfilePicture } from '../../ui/avatar/avatar';
import { BellIcon, HomeIcon } from '../../ui/icons/icons';
import badgeStyles from './bottom-bar.module.css';
import styles from './layouts.module.css';

/** Home, notifications and profile (SPEC section 2, Navigation). */
export function BottomBar() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const unread = useUnreadNoticeCount();
  return (
    <nav className={styles.bottomBar} aria-label="Main">
      <BarLink to="/" active={pathname === '/' || pathname.startsWith('/brandhub')} label="Home" icon={<HomeIcon />} />
      <BarLink to="/notice" active={pathname === '/notice'} label="Notifications" icon={<BellIcon />} badge={unread} />
      <BarLink
        to="/profile"
        active={pathname === '/profile' || pathname === '/profile/edit'}
        label="Profile"
        icon={<ProfilePicture src={user?.profilePicture} alt="" className={styles.tabPicture} />}
      />
    </nav>
  );
}

function BarLink({ to, active, label, icon, badge = 0 }: { to: string; active: boolean; label: string; icon: ReactNode; badge?: number }) {
  return (
    <Link
      to={to}
      className={styles.tab}
      aria-current={active ? 'page' : undefined}
      aria-label={badge > 0 ? `${label}, ${badge} unread` : undefined}
    >
      {icon}
      <span>{label}</span>
      {badge > 0 && (
        <span className={badgeStyles.badge} aria-hidden="true">
          {badge > 99 ? '99+' : badge}
        </span>
      )}
    </Link>
  );
}
