import { Outlet } from 'react-router-dom';
import { BottomBar } from './bottom-bar';
import styles from './layouts.module.css';

/** The end-user screens: content above, the bottom bar below. */
export function TabLayout() {
  return (
    <div className={styles.tabLayout}>
      <Outlet />
      <BottomBar />
    </div>
  );
}
