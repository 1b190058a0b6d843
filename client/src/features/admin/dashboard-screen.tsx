import { CampaignPanel } from './campaign-panel';
import { UploadPanel } from './upload-panel';
import { UserManagementPanel } from './user-management-panel';
import styles from './dashboard.module.css';

/** /dashboard (SPEC section 2): UPLOAD, CAMPAIGN MANAGEMENT and USER MANAGEMENT; one column on a phone, a grid on a laptop. */
export function DashboardScreen() {
  return (
    <main className={styles.screen}>
      <h1 className={styles.title}>Dashboard</h1>
      <div className={styles.grid}>
        <UploadPanel />
        <CampaignPanel />
        <UserManagementPanel />
      </div>
    </main>
  );
}
