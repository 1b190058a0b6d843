import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../lib/session/session-context';
import { ProfilePicture } from '../../ui/avatar/avatar';
import { BellIcon, HomeIcon } from '../../ui/icons/icons';
import styles from './layouts.module.css';

/** Home, notifications and profile (SPEC section 2, Navigation). */
export function BottomBar() {
  const { user } = useSession();
  const { pathname } = useLocation();
  return (
    <nav className={styles.bottomBar} aria-label="Main">
      <BarLink to="/" active={pathname === '/' || pathname.startsWith('/brandhub')} label="Home" icon={<HomeIcon />} />
      <BarLink to="/notice" active={pathname === '/notice'} label="Notifications" icon={<BellIcon />} />
      <BarLink
        to="/profile"
        active={pathname === '/profile' || pathname === '/profile/edit'}
        label="Profile"
        icon={<ProfilePicture src={user?.profilePicture} alt="" className={styles.tabPicture} />}
      />
    </nav>
  );
}

function BarLink({ to, active, label, icon }: { to: string; active: boolean; label: string; icon: ReactNode }) {
  return (
    <Link to={to} className={styles.tab} aria-current={active ? 'page' : undefined}>
      {icon}
      <span>{label}</span>
    </Link>
  );
}
