/// <reference lib="webworker" />
// The service worker: precaches the app shell that vite-plugin-pwa lists in __WB_MANIFEST at build
// time, answers those files from the cache, and shows offline.html when a page cannot be fetched.
// /api and /socket.io never go through it: live data must not come from a cache.
// It also shows pushed notices and opens their screen when one is tapped (at the end of this file).

export {};

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const PRECACHE = self.__WB_MANIFEST;
const OFFLINE_URL = '/offline.html';
const BYPASS = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/];

function versionOf(entries: { url: string; revision: string | null }[]): string {
  let hash = 0;
  for (const { url, revision } of entries) {
    for (const ch of `${url}@${revision ?? ''}`) hash = (Math.imul(31, hash) + ch.charCodeAt(0)) | 0;
  }
  return (hash >>> 0).toString(36);
}

const CACHE = `tapquest-shell-${versionOf(PRECACHE)}`;
const precached = new Set(PRECACHE.map((entry) => new URL(entry.url, self.location.origin).pathname));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...precached]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('tapquest-shell-') && key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || BYPASS.some((path) => path.test(url.pathname))) return;

  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE_URL, { cacheName: CACHE })) ?? Response.error()));
    return;
  }
  if (precached.has(url.pathname)) {
    event.respondWith(caches.match(url.pathname, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
  }
});

// Push: the server sends a notice as { title, message, url }. A tap opens that route in the app,
// focusing a window of ours that is already open rather than opening another.

interface PushedNotice {
  title?: string;
  message?: string;
  url?: string;
}

/** Only routes of this app: a payload cannot send the person somewhere else. */
function appRoute(url: unknown): string {
  if (typeof url !== 'string') return '/notice';
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? `${target.pathname}${target.search}${target.hash}` : '/notice';
  } catch {
    return '/notice';
  }
}

self.addEventListener('push', (event) => {
  let notice: PushedNotice = {};
  try {
    notice = (event.data?.json() as PushedNotice | undefined) ?? {};
  } catch {
    notice = { message: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || 'Tapquest', {
      body: notice.message ?? '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: appRoute(notice.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const route = appRoute((event.notification.data as { url?: unknown } | null)?.url);
  const target = new URL(route, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const ours = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!ours) return void (await self.clients.openWindow(target));
      const focused = await ours.focus();
      if (new URL(focused.url).href !== target) await focused.navigate(target).catch(() => self.clients.openWindow(target));
    }),
  );
});
