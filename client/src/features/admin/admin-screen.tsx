import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MY_QUERIES } from '../../lib/session/session';
import { useSession } from '../../lib/session/session-context';
import { Button } from '../../ui/button/button';
import { Screen } from '../../ui/screen/screen';
import { toast } from '../../ui/toast/toast';
import { requestProfileReset, type ResetOutcome } from './reset-profile';
import styles from './admin.module.css';

// /admin (SPEC sections 2 and 6): open to visitors, like the original; the server decides who may
// reset. The toast tells the person what happened, the console line is the spec's.

const TOLD: Record<Exclude<ResetOutcome, 'reset'>, string> = {
  forbidden: "You don't have the right to reset profiles: only admins can.",
  'signed-out': 'Please log in to reset your profile.',
  failed: "The reset didn't go through. Please try again.",
  offline: "Couldn't reach Tapquest. Check your connection and try again.",
};

export function AdminScreen() {
  const { token, user, userStatus } = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const isAdmin = user?.role === 'admin';

  async function reset() {
    setBusy(true);
    const outcome = await requestProfileReset(token);
    setBusy(false);
    if (outcome === 'reset') {
      toast.success('Your profile has been reset');
      // XP, counts, awards and claimed gear changed on the server; every screen reads them afresh.
      void queryClient.invalidateQueries({ queryKey: MY_QUERIES });
    } else {
      toast.error(TOLD[outcome]);
    }
  }

  return (
    <Screen title="Admin">
      <section className={styles.card} aria-labelledby="reset-title">
        <h2 id="reset-title" className={styles.cardTitle}>
          Profile
        </h2>
        <p className={styles.who}>
          {!token ? (
            <>
              You're not logged in. <Link to="/login">Log in</Link> with an admin account to use these tools.
            </>
          ) : user ? (
            <>
              Signed in as <strong>{user.username ?? user.email}</strong>
              {isAdmin ? ' (admin)' : ' (not an admin)'}
            </>
          ) : userStatus === 'error' ? (
            "We couldn't load your account just now."
          ) : (
            'Checking your account…'
          )}
        </p>
        <Button onClick={reset} loading={busy} fullWidth>
          Reset Profile
        </Button>
      </section>
      {isAdmin && (
        <nav className={styles.card} aria-label="Admin tools">
          <h2 className={styles.cardTitle}>Tools</h2>
          <Button to="/dashboard" variant="secondary" fullWidth>
            Dashboard
          </Button>
          <Button to="/analytics" variant="secondary" fullWidth>
            Brand analytics
          </Button>
        </nav>
      )}
    </Screen>
  );
}
