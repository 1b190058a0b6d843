import { Button } from '../button/button';
import { AppleIcon, GoogleIcon } from '../icons/icons';
import styles from './federated-buttons.module.css';

export type Provider = 'apple' | 'google';

export interface FederatedButtonsProps {
  /** 'Log in' on the login screen, 'Continue' in sign-up. */
  verb: 'Log in' | 'Continue';
  onSelect: (provider: Provider) => void;
  /** The provider being contacted, shown as loading. */
  pending?: Provider | null;
}

/** Apple and Google sign-in buttons, with an "or" divider above them. */
export function FederatedButtons({ verb, onSelect, pending = null }: FederatedButtonsProps) {
  return (
    <div className={styles.group}>
      <p className={styles.divider}>
        <span>or</span>
      </p>
      <Button
        variant="login"
        icon={<AppleIcon />}
        fullWidth
        onClick={() => onSelect('apple')}
        loading={pending === 'apple'}
        disabled={pending !== null && pending !== 'apple'}
      >
        {verb} with Apple
      </Button>
      <Button
        variant="login"
        icon={<GoogleIcon />}
        fullWidth
        onClick={() => onSelect('google')}
        loading={pending === 'google'}
        disabled={pending !== null && pending !== 'google'}
      >
        {verb} with Google
      </Button>
    </div>
  );
}
