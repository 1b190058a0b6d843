import { errorMessage, federatedSignInUrl, probeFederatedSignIn, type FederatedProvider } from '../api';

export type FederatedStart = { left: true } | { left: false; message: string };

/**
 * Sends the browser to the provider-side sign-in. A provider the server has no credentials for
 * answers with an error body instead of a redirect; that message is returned to be shown rather
 * than leaving the app for a page of JSON.
 */
export async function startFederatedSignIn(
  provider: FederatedProvider,
  leave: (url: string) => void = (url) => window.location.assign(url),
): Promise<FederatedStart> {
  try {
    const probe = await probeFederatedSignIn(provider);
    if (probe.type !== 'opaqueredirect' && probe.status >= 400) {
      return { left: false, message: await errorMessage(probe, `Sign-in with ${provider} is not available`) };
    }
  } catch {
    // The probe itself failed (offline, blocked): let the browser try and show what it finds.
  }
  leave(federatedSignInUrl(provider));
  return { left: true };
}
