import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session/session-context';
import { ProgressIndicator } from '../../ui/progress-indicator/progress-indicator';
import styles from './analytics.module.css';

// /analytics. SPEC section 6 leaves dashboard access open; here it is for signed-in admins (the
// route's guard sends visitors to /login). The charts load only once an admin is here, so neither
// the first screen nor a refused visit pays for the chart library.

const AnalyticsDashboard = lazy(() => import('./analytics-dashboard'));

export function AnalyticsScreen() {
  const { user, userStatus } = useSession();
  return (
    <main className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.title}>Brand analytics</h1>
        {user?.role === 'admin' && <span className={styles.sample}>Sample data</span>}
      </header>
      {userStatus === 'pending' ? (
        <ProgressIndicator state="indeterminate" label="Checking your account" />
      ) : user?.role !== 'admin' ? (
        <p className={styles.refused} role="alert">
          Brand analytics are for admins. Ask an admin for access.
        </p>
      ) : (
        <Suspense fallback={<ProgressIndicator state="indeterminate" label="Loading charts" />}>
          <AnalyticsDashboard />
        </Suspense>
      )}
    </main>
  );
}
