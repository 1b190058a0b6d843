import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, vi } from 'vitest';

// jsdom has no layout or media queries: every test runs at a phone-sized, motion-allowed screen
// unless it stubs matchMedia itself.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom does not scroll; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  toast.remove();
  localStorage.clear();
  sessionStorage.clear();
  document.body.style.overflow = '';
  vi.useRealTimers();
});
