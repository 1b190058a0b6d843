import { Outlet } from 'react-router-dom';
import { TopBar } from './top-bar';
import styles from './layouts.module.css';

export function AdminLayout() {
  return (
    <div className={styles.adminLayout}>
      <TopBar />
      <Outlet />
    </div>
  );
}
