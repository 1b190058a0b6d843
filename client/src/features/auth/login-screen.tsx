import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { startFederatedSignIn } from '../../lib/auth/federated-sign-in';
import { useSession } from '../../lib/session/session-context';
import { Button } from '../../ui/button/button';
import { FederatedButtons, type Provider } from '../../ui/federated-buttons/federated-buttons';
import { Logo } from '../../ui/logo/logo';
import { TextField } from '../../ui/text-field/text-field';
import { toast } from '../../ui/toast/toast';
import { VideoBackdrop } from '../../ui/video-backdrop/video-backdrop';
import { logInWithPassword } from './log-in';
import loopVideo from './media/login-loop.mp4';
import poster from './media/login-poster.jpg';
import styles from './auth-screen.module.css';

export function LoginScreen() {
  const { session } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [provider, setProvider] = useState<Provider | null>(null);

  // A federated sign-in that went wrong comes back here with ?error=<message>.
  const returnedError = params.get('error');
  useEffect(() => {
    if (!returnedError) return;
    toast.error(returnedError, { id: 'federated-error' });
    setParams(
      (p) => {
        p.delete('error');
        return p;
      },
      { replace: true },
    );
  }, [returnedError, setParams]);

  const login = useMutation({
    mutationFn: () => logInWithPassword({ email, password }, session),
    onSuccess: (outcome) => {
      switch (outcome.kind) {
        case 'signed-in':
          navigate(outcome.user.username ? '/profile' : '/signup', { replace: true });
          break;
        case 'wrong-method':
          window.alert('Wrong login method');
          break;
        case 'failed':
          window.alert('Login failed');
          break;
        case 'profile-unavailable':
          window.alert('Login failed');
          navigate('/login', { replace: true });
          break;
      }
    },
  });

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
    if (!email || !password || login.isPending) return;
    login.mutate();
  }

  return (
    <div className={styles.page}>
      <VideoBackdrop src={loopVideo} poster={poster} />
      <main className={styles.content}>
        <div className={styles.brand}>
          <Logo size="lg" />
          <p className={styles.tagline}>Tap your gear. Join the quest.</p>
        </div>
        <form className={styles.card} onSubmit={submit} aria-labelledby="login-title">
          <h1 id="login-title" className={styles.title}>
            Log in
          </h1>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" fullWidth disabled={!email || !password} loading={login.isPending}>
            Log in
          </Button>
          <FederatedButtons verb="Log in" onSelect={federated} pending={provider} />
          <Link to="/signup" className={styles.switch}>
            No account? Sign up
          </Link>
        </form>
      </main>
    </div>
  );
}
