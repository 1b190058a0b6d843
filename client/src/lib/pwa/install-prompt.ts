import { installStatus } from './prompt-status';

// Home-screen install. Chromium browsers offer their own install dialog through the
// beforeinstallprompt event, which fires once, early, and must be kept for later: main.tsx starts
// listening before anything renders, and the install banner uses the kept event when its time
// comes. Browsers without it (iOS Safari above all) get written instructions instead.

/** The event Chromium fires when the app may be installed (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let kept: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Keeps the browser's install prompt for the banner; returns a function that stops listening. */
export function captureInstallPrompt(target: Window = window): () => void {
  const onPrompt = (event: Event) => {
    // Without this the browser may show its own mini-infobar at a moment we did not choose.
    event.preventDefault();
    kept = event as BeforeInstallPromptEvent;
    notify();
  };
  const onInstalled = () => {
    kept = null;
    installStatus.write('accepted');
    notify();
  };
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
    kept = null;
  };
}

export const installPrompt = {
  available: (): boolean => kept !== null,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Shows the browser's install dialog; the kept event can be used only once. */
  async prompt(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
    const event = kept;
    if (!event) return 'unavailable';
    kept = null;
    notify();
    await event.prompt();
    return (await event.userChoice).outcome;
  },
};

/** Running from the home screen (or as an installed app) rather than in a browser tab. */
export function isStandalone(): boolean {
  const media = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return media || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export type InstallPlatform = 'ios' | 'android' | 'other';

export function installPlatform(userAgent: string = navigator.userAgent, touchPoints: number = navigator.maxTouchPoints ?? 0): InstallPlatform {
  // iPadOS presents itself as a Mac; a Mac with a touch screen is an iPad.
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && touchPoints > 1)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}
