import { NO_USERNAME_LABEL, type AdminUserRow, type AdminUserSort } from '@tapquest/shared';
import { Link } from 'react-router-dom';
import styles from './dashboard.module.css';

const COLUMNS: { label: string; sort: AdminUserSort }[] = [
  { label: 'RANK', sort: 'xp' },
  { label: 'USERNAME', sort: 'username' },
  { label: 'LEVEL', sort: 'level' },
  { label: 'INTERFACES', sort: 'interfaces' },
  { label: 'QUESTS', sort: 'quests' },
];

/** Ranked users: rank, username (to the public profile), level, interfaces and quests completed. */
export function UsersTable({ rows, sort, caption }: { rows: AdminUserRow[]; sort: AdminUserSort; caption: string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.label}
                scope="col"
                aria-sort={column.sort === sort ? (sort === 'username' ? 'ascending' : 'descending') : undefined}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={`${row.rank}-${row.username ?? ''}-${i}`}>
              <td className={styles.rank} data-top={row.rank <= 3 || undefined}>
                {row.rank}
              </td>
              <th scope="row" className={styles.userCell}>
                <span className={styles.userStack}>
                  {row.username ? (
                    <Link to={`/profile/${encodeURIComponent(row.username)}`} className={styles.userName}>
                      {row.username}
                    </Link>
                  ) : (
                    <span className={styles.noName}>{NO_USERNAME_LABEL}</span>
                  )}
                  <span className={styles.userXp}>{row.xp.toLocaleString('en-US')} XP</span>
                </span>
              </th>
              <td>{row.level}</td>
              <td>{row.interfaces}</td>
              <td>{row.quests}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
