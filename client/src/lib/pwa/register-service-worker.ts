// Registers the worker built from src/sw.ts. Only production builds have one: in development
// Vite serves modules the worker would otherwise pin in its cache.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err) => console.error('service worker registration failed', err));
  });
}
