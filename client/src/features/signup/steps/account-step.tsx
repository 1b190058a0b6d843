import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PASSWORD_MIN } from '@tapquest/shared';
import { startFederatedSignIn } from '../../../lib/auth/federated-sign-in';
import { Button } from '../../../ui/button/button';
import { FederatedButtons, type Provider } from '../../../ui/federated-buttons/federated-buttons';
import { TextField } from '../../../ui/text-field/text-field';
import { toast } from '../../../ui/toast/toast';
import type { AccountFields } from '../signup.machine';
import styles from '../signup.module.css';

export interface AccountStepProps extends AccountFields {
  passwordsDiffer: boolean;
  busy: boolean;
  onEdit: (field: keyof AccountFields, value: string) => void;
  onSubmit: () => void;
}

/** Step 0: email, password and confirmation, or Apple / Google. */
export function AccountStep({ email, password, confirmation, passwordsDiffer, busy, onEdit, onSubmit }: AccountStepProps) {
  const [provider, setProvider] = useState<Provider | null>(null);
  const complete = Boolean(email && password && confirmation);
  // Said while typing once the confirmation is as long as the password, and always after a refused submit.
  const mismatch = passwordsDiffer || (confirmation.length >= password.length && confirmation !== '' && confirmation !== password);

  async function federated(next: Provider) {
    setProvider(next);
    const result = await startFederatedSignIn(next);
    if (!result.left) {
      toast.error(result.message);
      setProvider(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Create your account">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(e) => onEdit('email', e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN} characters`}
        value={password}
        onChange={(e) => onEdit('password', e.target.value)}
      />
      <TextField
        label="Confirm password"
        type="password"
        name="confirmation"
        autoComplete="new-password"
        required
        error={mismatch ? 'Passwords do not match' : undefined}
        value={confirmation}
        onChange={(e) => onEdit('confirmation', e.target.value)}
      />
      <Button type="submit" fullWidth disabled={!complete} loading={busy}>
        Continue
      </Button>
      <FederatedButtons verb="Continue" onSelect={federated} pending={provider} />
      <Link to="/login" className={styles.switch}>
        Already have an account? Log in
      </Link>
    </form>
  );
}
