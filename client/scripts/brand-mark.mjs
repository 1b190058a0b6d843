// The Tapquest mark as SVG source, shared by the icon and video generators so every
// rendering of the brand (favicon, PWA icons, in-app logo) comes from one drawing.

const ACCENT = '#FFD400';
const ACCENT_2 = '#FF8A00';
const INK = '#070A12';
const SURFACE = '#141B30';

/** The glyph alone on a 100x100 canvas: a hexagonal quest badge around a tap ripple: the point of contact and the
 * signal spreading from it. */
export function glyph(id = 'g') {
  return `
  <defs>
    <linearGradient id="${id}-accent" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${ACCENT}"/>
      <stop offset="1" stop-color="${ACCENT_2}"/>
    </linearGradient>
  </defs>
  <path d="M50 8 L86.4 29 L86.4 71 L50 92 L13.6 71 L13.6 29 Z" fill="none" stroke="url(#${id}-accent)" stroke-width="7" stroke-linejoin="round"/>
  <circle cx="50" cy="50" r="9" fill="url(#${id}-accent)"/>
  <circle cx="50" cy="50" r="17.5" fill="none" stroke="url(#${id}-accent)" stroke-width="5"/>
  <path d="M50 24 A26 26 0 0 1 76 50 M50 76 A26 26 0 0 1 24 50" fill="none" stroke="url(#${id}-accent)" stroke-width="4.5" stroke-linecap="round" opacity="0.6"/>`;
}

/** A square app icon. `safe` is the share of the canvas the glyph may use (maskable icons need 0.8 or less). */
export function appIcon({ size, safe = 0.78, rounded = true }) {
  const inset = ((1 - safe) / 2) * size;
  const scale = (safe * size) / 100;
  const radius = rounded ? size * 0.22 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <radialGradient id="bg" cx="0.35" cy="0.3" r="0.9">
      <stop offset="0" stop-color="${SURFACE}"/>
      <stop offset="1" stop-color="${INK}"/>
    </radialGradient>
  </defs>
  <rect width="${size}" height="${size}" rx="${radius}" fill="url(#bg)"/>
  <g transform="translate(${inset} ${inset}) scale(${scale})">${glyph('icon')}</g>
</svg>`;
}

/** The bare mark with a transparent background, for the in-app logo and the favicon. */
export function markSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${glyph('mark')}
</svg>
`;
}

export const colours = { ACCENT, ACCENT_2, INK, SURFACE };
