// Work a screen does not need for its first paint (the live notice socket, the daily reward) waits
// until the browser is idle, so it does not hold up what the user came to see. Safari has no
// requestIdleCallback: there a short timer stands in.

const FALLBACK_DELAY_MS = 300;

/** Runs `task` when the main thread is next idle, and within `timeout` ms at the latest. Returns a cancel. */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, Math.min(FALLBACK_DELAY_MS, timeout));
  return () => window.clearTimeout(handle);
}
