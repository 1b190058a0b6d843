import { Outlet } from 'react-router-dom';
import { InstallPrompts } from '../../features/install/install-prompts';
import { NoticeFeedProvider } from '../../lib/realtime/notice-feed-context';
import { BottomBar } from './bottom-bar';
import styles from './layouts.module.css';

/** The end-user screens: content above, the bottom bar below, one live notice feed for both. */
export function TabLayout() {
  return (
    <NoticeFeedProvider>
      <div className={styles.tabLayout}>
        <Outlet />
        <InstallPrompts />
        <BottomBar />
      </div>
    </NoticeFeedProvider>
  );
}
