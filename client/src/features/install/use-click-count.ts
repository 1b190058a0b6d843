import { useEffect, useState } from 'react';

/**
 * Clicks anywhere in the app since these screens opened: the install and push banners wait until
 * a person has been around for a while (SPEC section 9) rather than greeting them with requests.
 * Counting stops at `limit`, so the screens do not re-render on every click forever.
 */
export function useClickCount(limit: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= limit) return;
    const onClick = () => setCount((n) => Math.min(n + 1, limit));
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [count, limit]);
  return count;
}
