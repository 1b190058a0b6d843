import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ProfileLoadError } from '../../lib/session/session';
import { useSession } from '../../lib/session/session-context';
import { Button } from '../../ui/button/button';
import { ArrowLeftIcon } from '../../ui/icons/icons';
import { Logo } from '../../ui/logo/logo';
import { ProgressIndicator } from '../../ui/progress-indicator/progress-indicator';
import { signupImplementations } from './signup-services';
import { FIRST_OPTIONAL_STEP, SIGNUP_STEPS, signupMachine, stepOf, type SignupInput } from './signup.machine';
import { AboutStep } from './steps/about-step';
import { AccountStep } from './steps/account-step';
import { ClaimGearStep } from './steps/claim-gear-step';
import { PicturesStep } from './steps/pictures-step';
import { UsernameStep } from './steps/username-step';
import styles from './signup.module.css';

const HEADINGS = [
  { title: 'Create your account', lead: 'Tap your gear, join its crew, level up.' },
  { title: 'Choose a username', lead: 'This is how the community will know you.' },
  { title: 'Add your pictures', lead: 'A profile picture and a banner make your profile yours.' },
  { title: 'Tell us about you', lead: 'A link, a few words and where you are based.' },
  { title: 'Claim your gear', lead: 'Every Tapquest item carries an NFC tag. Tap it to make it yours.' },
] as const;

function parseStep(value: string | null): number | null {
  if (value === null || !/^\d$/.test(value)) return null;
  return Number(value);
}

/**
 * Decides where sign-up starts (SPEC section 4) once it is known who is here, then hands over to
 * the flow. The decision is taken once: the account step signs the user in mid-flow, and that must
 * not restart it.
 */
export function SignupScreen() {
  const { session, token, user, userStatus, userError } = useSession();
  const [params] = useSearchParams();
  const decided = useRef<SignupInput | null>(null);
  const expired = userError instanceof ProfileLoadError && (userError.status === 401 || userError.status === 404);

  useEffect(() => {
    if (expired) session.signOut();
  }, [expired, session]);

  const known = token === null || userStatus === 'loaded' || (userStatus === 'error' && !expired);
  if (!decided.current && known) {
    decided.current = { signedIn: token !== null, hasUsername: Boolean(user?.username), requestedStep: parseStep(params.get('step')) };
  }
  if (!decided.current) {
    return (
      <div className={styles.splash}>
        <ProgressIndicator state="indeterminate" shape="ring" label="Loading your profile" />
      </div>
    );
  }
  return <SignupFlow input={decided.current} />;
}

function SignupFlow({ input }: { input: SignupInput }) {
  const { session } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [machine] = useState(() =>
    signupMachine.provide(signupImplementations({ session, navigate: (to) => navigate(to, { replace: true }) })),
  );
  const actor = useActorRef(machine, { input });
  const step = useSelector(actor, stepOf);
  const state = useSelector(actor, (s) => s.value as string);
  const account = useSelector(actor, (s) => s.context);

  // The step and the `step` query parameter follow each other: when the machine moves, the address
  // follows; when the address is edited, the machine is asked, and a refused step is written back.
  const requested = parseStep(params.get('step'));
  const synced = useRef<{ step: number | null; requested: number | null }>({ step: null, requested: null });
  useEffect(() => {
    const previous = synced.current;
    synced.current = { step, requested };
    if (actor.getSnapshot().status !== 'active') return;
    const writeStep = (value: number) =>
      setParams(
        (p) => {
          p.set('step', String(value));
          return p;
        },
        { replace: true },
      );
    if (requested !== previous.requested && requested !== null && requested !== step) {
      actor.send({ type: 'GO_TO', step: requested });
      const now = stepOf(actor.getSnapshot());
      if (now !== requested) writeStep(now);
      return;
    }
    if (step !== previous.step && requested !== step) writeStep(step);
  }, [requested, step, actor, setParams]);

  const heading = HEADINGS[step];
  const optional = step >= FIRST_OPTIONAL_STEP;

  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <Logo size="sm" />
        <span className={styles.stepCount}>
          Step {step + 1} of {SIGNUP_STEPS.length}
        </span>
      </header>
      <ProgressIndicator state="loading" value={step + 1} max={SIGNUP_STEPS.length} label="Sign-up progress" />
      <main className={styles.main}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{heading.title}</h1>
          <p className={styles.lead}>{heading.lead}</p>
        </div>
        {step === 0 && (
          <AccountStep
            email={account.email}
            password={account.password}
            confirmation={account.confirmation}
            passwordsDiffer={account.passwordsDiffer}
            busy={state === 'creatingAccount'}
            onEdit={(field, value) => actor.send({ type: 'EDIT', field, value })}
            onSubmit={() => actor.send({ type: 'SUBMIT_ACCOUNT' })}
          />
        )}
        {step === 1 && (
          <UsernameStep
            onSaved={(user) => {
              session.setUser(user);
              actor.send({ type: 'USERNAME_SAVED' });
            }}
          />
        )}
        {step === 2 && <PicturesStep onContinue={() => actor.send({ type: 'CONTINUE' })} />}
        {step === 3 && (
          <AboutStep busy={state === 'savingDetails'} onSubmit={(details) => actor.send({ type: 'SUBMIT_DETAILS', details })} />
        )}
        {step === 4 && <ClaimGearStep onFinish={() => actor.send({ type: 'FINISH' })} />}
        {optional && (
          <nav className={styles.optionalNav} aria-label="Sign-up steps">
            <Button variant="secondary" fullWidth wrap onClick={() => actor.send({ type: 'SKIP' })}>
              Skip this for now <span className={styles.later}>(You can do this later)</span>
            </Button>
            <Button
              variant="secondary"
              size="small"
              icon={<ArrowLeftIcon />}
              onClick={() => actor.send({ type: 'BACK' })}
              disabled={step <= FIRST_OPTIONAL_STEP}
            >
              Go back
            </Button>
          </nav>
        )}
      </main>
    </div>
  );
}
