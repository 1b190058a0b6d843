// An image a screen is about to show, fetched ahead of the screen's own render (and its code), at
// high priority: the profile's banner is its largest paint and waits on nothing else once known.

const preloaded = new Set<string>();

export function preloadImage(href: string): void {
  if (preloaded.has(href)) return;
  preloaded.add(href);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = href;
  document.head.append(link);
}
