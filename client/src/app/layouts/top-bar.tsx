import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/session/session-context';
import { MenuIcon } from '../../ui/icons/icons';
import { IconButton } from '../../ui/icon-button/icon-button';
import { Logo } from '../../ui/logo/logo';
import { MenuSheet } from '../../ui/menu-sheet/menu-sheet';
import styles from './layouts.module.css';

/**
 * The admin area's bar (SPEC section 2): logo to home, ADMIN, LOGOUT and a menu. LOGOUT forgets the
 * in-memory user and goes to /; like the original it leaves the stored jwt alone (SPEC section 4).
 */
export function TopBar() {
  const { session } = useSession();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);

  function logout() {
    setMenuOpen(false);
    session.clearUser();
    navigate('/');
  }

  return (
    <header className={styles.topBar}>
      <Link to="/" className={styles.topLogo} aria-label="Tapquest home">
        <Logo size="sm" decorative />
      </Link>
      <nav className={styles.topNav} aria-label="Admin">
        <NavLink to="/admin" className={styles.topLink}>
          ADMIN
        </NavLink>
        <button type="button" className={styles.topLink} onClick={logout}>
          LOGOUT
        </button>
      </nav>
      <IconButton label="Menu" icon={<MenuIcon />} expanded={menuOpen} onClick={() => setMenuOpen(true)} />
      <MenuSheet
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        title="Menu"
        items={[
          { label: 'Home', to: '/' },
          { label: 'Admin', to: '/admin' },
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Analytics', to: '/analytics' },
          { label: 'Log out', onSelect: logout },
        ]}
      />
    </header>
  );
}
