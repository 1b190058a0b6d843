import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_PROMPT_CLICKS, PUSH_PROMPT_CLICKS } from '@tapquest/shared';
import { captureInstallPrompt } from '../../lib/pwa/install-prompt';
import { buildUser } from '../../test/builders';
import { fakeSocketServer } from '../../test/fake-socket-io';
import { json, mockFetch, type Handler } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

vi.mock('socket.io-client', () => import('../../test/fake-socket-io'));

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

let stopCapture: (() => void) | null = null;
afterEach(() => {
  stopCapture?.();
  stopCapture = null;
  fakeSocketServer.reset();
});

function signedIn(routes: Record<string, Handler> = {}) {
  localStorage.setItem('jwt', 'jwt-ada');
  return mockFetch({
    'GET /my/profile': () => json(200, buildUser()),
    'GET /my/brands/pwa': () => json(200, []),
    'GET /my/notices': () => json(200, []),
    'GET /my/notices/count': () => json(200, { new: 0, unread: 0 }),
    ...routes,
  });
}

async function clickAround(times: number) {
  const lead = await screen.findByText('The communities your gear connects you to.');
  for (let i = 0; i < times; i++) await userEvent.click(lead);
}

const installBanner = () => screen.queryByRole('complementary', { name: 'Install Tapquest' });
const pushBanner = () => screen.queryByRole('complementary', { name: 'Turn on notifications' });

/** Chromium's beforeinstallprompt, with the person's answer to its dialog. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('install banner', () => {
  it(`appears after ${INSTALL_PROMPT_CLICKS} clicks, not before, and is kept pending`, async () => {
    signedIn();
    renderApp('/');
    await clickAround(INSTALL_PROMPT_CLICKS - 1);
    expect(installBanner()).toBeNull();
    expect(localStorage.getItem('install-status')).toBeNull();
    await clickAround(1);
    expect(installBanner()).toBeInTheDocument();
    expect(localStorage.getItem('install-status')).toBe('pending');
  });

  it("uses the browser's install dialog when it offered one, and keeps the answer", async () => {
    stopCapture = captureInstallPrompt();
    signedIn();
    renderApp('/');
    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    await clickAround(INSTALL_PROMPT_CLICKS);
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    await waitFor(() => expect(installBanner()).toBeNull());
    expect(localStorage.getItem('install-status')).toBe('accepted');
  });

  it("on iOS Safari explains 'Share' then 'Add to Home Screen'", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    signedIn();
    renderApp('/');
    await clickAround(INSTALL_PROMPT_CLICKS);
    expect(installBanner()).toHaveTextContent('Tap Share then Add to Home Screen.');
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(installBanner()).toBeNull();
    expect(localStorage.getItem('install-status')).toBe('accepted');
  });

  it("'Not now' is kept as dismissed and the banner does not come back", async () => {
    signedIn();
    const first = renderApp('/');
    await clickAround(INSTALL_PROMPT_CLICKS);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(localStorage.getItem('install-status')).toBe('dismissed');
    first.unmount();
    renderApp('/');
    await clickAround(INSTALL_PROMPT_CLICKS + 2);
    expect(installBanner()).toBeNull();
  });

  it('is never shown in the installed app', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query === '(display-mode: standalone)', media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    signedIn();
    renderApp('/');
    await clickAround(INSTALL_PROMPT_CLICKS + 1);
    expect(installBanner()).toBeNull();
  });
});

describe('push banner', () => {
  /** A browser with the Push API: permission answers `permission`, subscribing gives a subscription. */
  function pushCapableBrowser(permission: NotificationPermission, options: { subscribe?: () => Promise<unknown> } = {}) {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    const requestPermission = vi.fn(async () => permission);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    vi.stubGlobal('PushManager', function PushManager() {});
    const subscription = {
      toJSON: () => ({ endpoint: 'https://push.example/send/abc', expirationTime: null, keys: { p256dh: 'BPk3', auth: 'a1b2' } }),
    };
    const subscribe = vi.fn(options.subscribe ?? (async () => subscription));
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => null, subscribe } }) },
    });
    return { requestPermission, subscribe };
  }

  afterEach(() => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  async function reachPushBanner() {
    localStorage.setItem('install-status', 'dismissed');
    renderApp('/');
    await clickAround(PUSH_PROMPT_CLICKS - 1);
    expect(pushBanner()).toBeNull();
    await clickAround(1);
    expect(pushBanner()).toBeInTheDocument();
    expect(localStorage.getItem('push-status')).toBe('pending');
  }

  it(`on Android after ${PUSH_PROMPT_CLICKS} clicks: asks, subscribes with the VAPID key, registers, and says so`, async () => {
    const { requestPermission, subscribe } = pushCapableBrowser('granted');
    const { called } = signedIn({
      'GET /push/vapidPublicKey': () => json(200, { publicKey: 'AQID' }),
      'POST /push/register': () => json(201, { ok: true }),
    });
    await reachPushBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Notifications Successfully Enabled!')).toBeInTheDocument();
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([1, 2, 3]) });
    expect(called('POST /push/register')[0].body).toEqual({ endpoint: 'https://push.example/send/abc', expirationTime: null, keys: { p256dh: 'BPk3', auth: 'a1b2' } });
    expect(called('POST /push/register')[0].headers.get('authorization')).toBe('Bearer jwt-ada');
    expect(localStorage.getItem('push-status')).toBe('granted');
    expect(pushBanner()).toBeNull();
  });

  it("says 'Push Notifications has been blocked.' when permission is refused", async () => {
    pushCapableBrowser('denied');
    signedIn();
    await reachPushBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Push Notifications has been blocked.')).toBeInTheDocument();
    expect(localStorage.getItem('push-status')).toBe('denied');
  });

  it("says 'Push Notifications is not supportead by this browser.' without the Push API", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    signedIn();
    await reachPushBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Push Notifications is not supportead by this browser.')).toBeInTheDocument();
    expect(localStorage.getItem('push-status')).toBe('pending');
  });

  it('is not offered in a desktop-class browser tab', async () => {
    signedIn();
    localStorage.setItem('install-status', 'dismissed');
    renderApp('/');
    await clickAround(PUSH_PROMPT_CLICKS + 1);
    expect(pushBanner()).toBeNull();
  });
});
