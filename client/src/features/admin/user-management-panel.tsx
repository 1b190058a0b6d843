import { useState } from 'react';
import { ADMIN_USERS_PAGE_SIZE_DEFAULT, type AdminUserSort } from '@tapquest/shared';
import { useSession } from '../../lib/session/session-context';
import { Button } from '../../ui/button/button';
import { DownloadIcon } from '../../ui/icons/icons';
import { ProgressIndicator } from '../../ui/progress-indicator/progress-indicator';
import { toast } from '../../ui/toast/toast';
import { exportUsersCsv, type ExportOutcome } from './export-users-csv';
import { AdminUsersError, useAdminUsers } from './use-admin-users';
import { nextSort, SORT_LABELS } from './user-sort';
import { UsersTable } from './users-table';
import styles from './dashboard.module.css';

// USER MANAGEMENT (SPEC section 2, made real): the top of the XP ranking, SORT stepping through the
// sort keys, VIEW ALL for the whole ranked list a page at a time, EXPORT TO CSV for everyone.

/** How many rows the panel shows before VIEW ALL. */
export const TOP_ROWS = 5;

const EXPORT_TOLD: Record<Exclude<ExportOutcome, 'saved'>, string> = {
  forbidden: "You don't have the right to export users: only admins can.",
  'signed-out': 'Please log in again to export users.',
  failed: "The export didn't work. Please try again.",
  offline: "The download didn't finish. Check your connection and try again.",
};

function refusal(error: Error | null): string {
  if (error instanceof AdminUsersError && error.status === 403) return 'Only admins can see the user list.';
  if (error instanceof AdminUsersError && error.status === 401) return 'Please log in again to see the user list.';
  return "Couldn't load the user list.";
}

export function UserManagementPanel() {
  const { token } = useSession();
  const [sort, setSort] = useState<AdminUserSort>('xp');
  const [all, setAll] = useState(false);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const pageSize = all ? ADMIN_USERS_PAGE_SIZE_DEFAULT : TOP_ROWS;
  const users = useAdminUsers({ sort, page: all ? page : 1, pageSize });
  const refused = users.error instanceof AdminUsersError && users.error.status < 500;
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  function cycleSort() {
    setSort(nextSort(sort));
    setPage(1);
  }

  function toggleAll() {
    setAll(!all);
    setPage(1);
  }

  async function exportCsv() {
    setExporting(true);
    const outcome = await exportUsersCsv(token);
    setExporting(false);
    if (outcome === 'saved') toast.success('Users exported');
    else toast.error(EXPORT_TOLD[outcome]);
  }

  return (
    <section className={`${styles.panel} ${styles.users}`} aria-labelledby="users-title">
      <div className={styles.panelHead}>
        <h2 id="users-title" className={styles.panelTitle}>
          USER MANAGEMENT
        </h2>
        <button type="button" className={styles.panelLink} onClick={toggleAll} disabled={refused} aria-expanded={all}>
          {all ? 'SHOW TOP 5' : 'VIEW ALL'}
        </button>
      </div>

      <div className={styles.userControls}>
        <Button variant="secondary" size="small" className={styles.control} onClick={cycleSort} disabled={refused}>
          SORT: {SORT_LABELS[sort]}
        </Button>
        <Button
          variant="change"
          size="small"
          className={styles.control}
          icon={<DownloadIcon />}
          onClick={exportCsv}
          loading={exporting}
          disabled={refused}
        >
          EXPORT TO CSV
        </Button>
      </div>

      {users.isPending ? (
        <ProgressIndicator state="indeterminate" label="Loading users" />
      ) : users.isError && !data ? (
        <div className={styles.notice} role="alert">
          <p>{refusal(users.error)}</p>
          {!refused && (
            <Button variant="secondary" size="small" onClick={() => void users.refetch()}>
              Try again
            </Button>
          )}
        </div>
      ) : data && data.items.length === 0 ? (
        <p className={styles.notice}>No users yet.</p>
      ) : data ? (
        <div className={styles.usersBody} aria-busy={users.isFetching || undefined}>
          <UsersTable
            rows={data.items}
            sort={sort}
            caption={all ? `All users, ranked by XP, sorted by ${SORT_LABELS[sort]}` : `Top users, sorted by ${SORT_LABELS[sort]}`}
          />
          {all && (
            <nav className={styles.pager} aria-label="User list pages">
              <Button variant="secondary" size="small" onClick={() => setPage(page - 1)} disabled={page <= 1}>
                Previous
              </Button>
              <span className={styles.pageOf}>
                Page {data.page} of {pages} · {data.total} users
              </span>
              <Button variant="secondary" size="small" onClick={() => setPage(page + 1)} disabled={page >= pages}>
                Next
              </Button>
            </nav>
          )}
        </div>
      ) : null}
    </section>
  );
}
