import { resetProfile, type Token } from '../../lib/api';

// Reset Profile (SPEC sections 2, 7 and 8): GET /admin/reset with the bearer jwt, then the console line
// the spec names. What the person is told is the screen's business; this only says how it went.

export type ResetOutcome = 'reset' | 'forbidden' | 'signed-out' | 'failed' | 'offline';

export async function requestProfileReset(token: Token): Promise<ResetOutcome> {
  let res: Response;
  try {
    res = await resetProfile(token);
  } catch {
    console.log('Reset request failed');
    return 'offline';
  }
  console.log(res.ok ? 'Reset request succeeded' : 'Reset request failed');
  if (res.ok) return 'reset';
  if (res.status === 401) return 'signed-out';
  if (res.status === 403) return 'forbidden';
  return 'failed';
}
