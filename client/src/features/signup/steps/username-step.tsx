import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { USERNAME_MAX, USERNAME_RULES, type UserProfile } from '@tapquest/shared';
import { useSession } from '../../../lib/session/session-context';
import { Button } from '../../../ui/button/button';
import { CheckIcon, CrossIcon } from '../../../ui/icons/icons';
import { TextField } from '../../../ui/text-field/text-field';
import { usernameImplementations } from '../signup-services';
import { availabilityOf, usernameCheckMachine } from '../username-check.machine';
import styles from '../signup.module.css';

const STATUS_TEXT = {
  checking: 'Checking availability…',
  available: 'Username available',
  unavailable: 'Username not available',
} as const;

/** Step 1: a username with the live rules checklist and an availability check. */
export function UsernameStep({ onSaved }: { onSaved: (user: UserProfile) => void }) {
  const { session } = useSession();
  const navigate = useNavigate();
  const saved = useRef(onSaved);
  useEffect(() => {
    saved.current = onSaved;
  });
  const [machine] = useState(() =>
    usernameCheckMachine.provide(usernameImplementations({ session, navigate, onSaved: (user) => saved.current(user) })),
  );
  const actor = useActorRef(machine, { input: {} });
  const username = useSelector(actor, (s) => s.context.username);
  const availability = useSelector(actor, availabilityOf);
  const checking = useSelector(actor, (s) => s.matches({ unchecked: 'debouncing' }) || s.matches({ unchecked: 'checking' }));
  const saving = useSelector(actor, (s) => s.matches('saving') || s.matches('saved'));
  const status = checking ? STATUS_TEXT.checking : availability === 'unchecked' ? '' : STATUS_TEXT[availability];

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Choose a username">
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={USERNAME_MAX}
        value={username}
        onChange={(e) => actor.send({ type: 'CHANGE', value: e.target.value })}
        disabled={saving}
      />
      <p className={styles.availability} data-availability={checking ? 'checking' : availability} aria-live="polite">
        {status}
      </p>
      <ul className={styles.rules} aria-label="Username rules">
        {USERNAME_RULES.map((rule) => {
          const passed = rule.test(username);
          return (
            <li key={rule.id} className={styles.rule} data-passed={passed}>
              {passed ? <CheckIcon /> : <CrossIcon />}
              <span>{rule.label}</span>
              <span className="visually-hidden">{passed ? '(met)' : '(not met)'}</span>
            </li>
          );
        })}
      </ul>
      <Button type="submit" fullWidth disabled={!username} loading={saving}>
        Continue
      </Button>
    </form>
  );
}
