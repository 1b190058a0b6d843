import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router-dom';
import { Logo } from '../../ui/logo/logo';
import { ProgressIndicator } from '../../ui/progress-indicator/progress-indicator';
import { useMediaQuery } from './use-media-query';
import styles from './layouts.module.css';

/** Wider than this is "desktop" (client/README.md): the product is mobile-only while in alpha. */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /** The admin area works on wide screens; every other screen shows the alpha placeholder there. */
  allowWide?: boolean;
}

export function RootLayout() {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const matches = useMatches();
  const navigation = useNavigation();
  const allowWide = matches.some((m) => (m.handle as RouteHandle | undefined)?.allowWide);

  if (wide && !allowWide) return <DesktopPlaceholder />;
  return (
    <>
      {navigation.state === 'loading' && (
        <div className={styles.navProgress}>
          <ProgressIndicator state="indeterminate" label="Loading screen" />
        </div>
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** SPEC section 1: desktop visitors are asked to come back on a phone. Edit profile is hidden with the rest. */
export function DesktopPlaceholder() {
  return (
    <main className={styles.desktop}>
      <Logo size="lg" />
      <span className={styles.alphaTag}>Alpha</span>
      <h1 className={styles.desktopTitle}>Tapquest is in alpha</h1>
      <p className={styles.desktopText}>
        Tapquest is built for the phone in your pocket, next to your gear. Please switch to a mobile device to continue.
      </p>
    </main>
  );
}

/** Shown while the first screen's data and code load. */
export function Splash() {
  return (
    <div className={styles.splash}>
      <Logo size="lg" />
      <ProgressIndicator state="indeterminate" shape="ring" label="Loading Tapquest" />
    </div>
  );
}
