import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/session/session-context';
import { BottomSheet } from '../../ui/bottom-sheet/bottom-sheet';
import { MenuIcon } from '../../ui/icons/icons';
import { Logo } from '../../ui/logo/logo';
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
      <button
        type="button"
        className={styles.menuButton}
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        onClick={() => setMenuOpen(true)}
      >
        <MenuIcon />
      </button>
      <BottomSheet open={menuOpen} onClose={() => setMenuOpen(false)} title="Menu">
        <ul className={styles.menuList}>
          <li>
            <Link to="/" className={styles.menuItem} onClick={() => setMenuOpen(false)}>
              Home
            </Link>
          </li>
          <li>
            <Link to="/admin" className={styles.menuItem} onClick={() => setMenuOpen(false)}>
              Admin
            </Link>
          </li>
          <li>
            <Link to="/dashboard" className={styles.menuItem} onClick={() => setMenuOpen(false)}>
              Dashboard
            </Link>
          </li>
          <li>
            <Link to="/analytics" className={styles.menuItem} onClick={() => setMenuOpen(false)}>
              Analytics
            </Link>
          </li>
          <li>
            <button type="button" className={styles.menuItem} onClick={logout}>
              Log out
            </button>
          </li>
        </ul>
      </BottomSheet>
    </header>
  );
}
