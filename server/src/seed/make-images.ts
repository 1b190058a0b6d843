import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { SEED_ASSETS_DIR } from './seed-assets.routes.js';

// Draws every image of the demo data as SVG and rasterises it with sharp: brand banners and
// logos, gear, flair and badge icons, quest banners, post images, avatars and the app icon.
// We draw them ourselves so the repository holds no third-party artwork. The outputs are
// committed; run again after changing a drawing:  npx tsx server/src/seed/make-images.ts
// Files are named <name>.<content hash>.<ext> and listed in manifest.json, which the seed reads.

type Format = 'png' | 'webp';
interface Drawing {
  name: string;
  width: number;
  height: number;
  format: Format;
  svg: string;
}

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;

const gradient = (id: string, a: string, b: string, angle: 'h' | 'v' | 'd' = 'd') => {
  const [x2, y2] = angle === 'h' ? [1, 0] : angle === 'v' ? [0, 1] : [1, 1];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
};

interface BrandArt {
  id: string;
  name: string;
  initials: string;
  dark: string;
  mid: string;
  accent: string;
  accent2: string;
  motif: (w: number, h: number) => string;
}

const mountains = (w: number, h: number) =>
  `<path d="M0 ${h} L${w * 0.18} ${h * 0.45} L${w * 0.3} ${h * 0.62} L${w * 0.46} ${h * 0.3} L${w * 0.62} ${h * 0.58} L${w * 0.76} ${h * 0.4} L${w} ${h * 0.7} V${h} Z" fill="#ffffff" fill-opacity="0.12"/>` +
  `<path d="M0 ${h} L${w * 0.26} ${h * 0.6} L${w * 0.4} ${h * 0.75} L${w * 0.58} ${h * 0.5} L${w * 0.84} ${h * 0.8} L${w} ${h * 0.66} V${h} Z" fill="#000000" fill-opacity="0.25"/>`;
const runLines = (w: number, h: number) =>
  Array.from({ length: 7 }, (_, i) => {
    const y = h * (0.2 + i * 0.1);
    return `<path d="M${w * (0.05 + i * 0.04)} ${y} C${w * 0.4} ${y - h * 0.12} ${w * 0.6} ${y + h * 0.12} ${w * 0.98} ${y - h * 0.04}" stroke="#ffffff" stroke-opacity="${0.08 + i * 0.03}" stroke-width="${4 + i}" fill="none" stroke-linecap="round"/>`;
  }).join('');
const waves = (w: number, h: number) =>
  Array.from({ length: 4 }, (_, i) => {
    const y = h * (0.5 + i * 0.13);
    return `<path d="M0 ${y} C${w * 0.15} ${y - h * 0.1} ${w * 0.35} ${y + h * 0.1} ${w * 0.5} ${y} S${w * 0.85} ${y - h * 0.1} ${w} ${y} V${h} H0 Z" fill="#ffffff" fill-opacity="${0.06 + i * 0.04}"/>`;
  }).join('');

const BRANDS: BrandArt[] = [
  {
    id: '1',
    name: 'Summit Supply Co.',
    initials: 'SS',
    dark: '#0B1330',
    mid: '#1C2B5A',
    accent: '#FFD400',
    accent2: '#FF8A00',
    motif: mountains,
  },
  {
    id: '2',
    name: 'Neon Run Club',
    initials: 'NR',
    dark: '#1A0B2E',
    mid: '#4B1D7A',
    accent: '#FF4FD8',
    accent2: '#7CF5FF',
    motif: runLines,
  },
  {
    id: '3',
    name: 'Harbor Skate Works',
    initials: 'HS',
    dark: '#06262B',
    mid: '#0F5560',
    accent: '#FF8A3D',
    accent2: '#FFE08A',
    motif: waves,
  },
];

function brandDrawings(b: BrandArt): Drawing[] {
  const banner = svg(
    1200,
    400,
    `<defs>${gradient('g', b.dark, b.mid)}${gradient('a', b.accent, b.accent2, 'h')}</defs><rect width="1200" height="400" fill="url(#g)"/>${b.motif(1200, 400)}` +
      `<rect x="64" y="300" width="220" height="8" rx="4" fill="url(#a)"/>` +
      `<text x="64" y="270" ${FONT} font-size="72" font-weight="bold" fill="#ffffff">${esc(b.name)}</text>`,
  );
  const logo = (size: number) =>
    svg(
      size,
      size,
      `<defs>${gradient('a', b.accent, b.accent2)}</defs><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="${b.dark}"/>` +
        `<circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.44}" fill="none" stroke="url(#a)" stroke-width="${size * 0.05}"/>` +
        `<text x="50%" y="50%" dy="0.36em" text-anchor="middle" ${FONT} font-size="${size * 0.36}" font-weight="bold" fill="url(#a)">${b.initials}</text>`,
    );
  return [
    { name: `brand-${b.id}-banner`, width: 1200, height: 400, format: 'webp', svg: banner },
    { name: `brand-${b.id}-logo`, width: 256, height: 256, format: 'png', svg: logo(256) },
    { name: `brand-${b.id}-logo-small`, width: 64, height: 64, format: 'png', svg: logo(64) },
  ];
}

// Gear: a product shot on a soft backdrop, in the brand's colours.
const GEAR_SHAPES: Record<string, (c: { body: string; trim: string }) => string> = {
  hoodie: ({ body, trim }) =>
    `<path d="M220 150 C240 110 360 110 380 150 L470 200 L520 380 L460 400 L430 300 L430 500 L170 500 L170 300 L140 400 L80 380 L130 200 Z" fill="${body}"/>` +
    `<path d="M240 150 C260 210 340 210 360 150 C350 120 250 120 240 150Z" fill="#000" fill-opacity="0.25"/>` +
    `<rect x="230" y="360" width="140" height="70" rx="14" fill="#000" fill-opacity="0.18"/>` +
    `<path d="M285 200 L280 290 M315 200 L320 290" stroke="${trim}" stroke-width="6" stroke-linecap="round"/>` +
    `<rect x="170" y="480" width="260" height="20" fill="${trim}"/>`,
  wristband: ({ body, trim }) =>
    `<ellipse cx="300" cy="300" rx="200" ry="120" fill="none" stroke="${body}" stroke-width="70"/>` +
    `<ellipse cx="300" cy="300" rx="200" ry="120" fill="none" stroke="${trim}" stroke-width="6" stroke-dasharray="18 14"/>` +
    `<rect x="250" y="392" width="100" height="56" rx="12" fill="${trim}"/>` +
    `<path d="M278 420 a22 22 0 0 1 44 0 M288 420 a12 12 0 0 1 24 0" stroke="#000" stroke-opacity="0.5" stroke-width="5" fill="none"/>`,
  cap: ({ body, trim }) =>
    `<path d="M130 360 C130 210 220 150 300 150 C380 150 470 210 470 360 Z" fill="${body}"/>` +
    `<path d="M120 360 L520 360 C540 380 520 410 480 410 L160 400 C120 400 110 380 120 360Z" fill="${trim}"/>` +
    `<circle cx="300" cy="150" r="14" fill="${trim}"/>` +
    `<path d="M300 160 L300 360 M210 190 C230 260 230 320 220 360 M390 190 C370 260 370 320 380 360" stroke="#000" stroke-opacity="0.2" stroke-width="5" fill="none"/>`,
  deck: ({ body, trim }) =>
    `<g transform="rotate(-30 300 300)"><rect x="220" y="60" width="160" height="480" rx="80" fill="${body}"/>` +
    `<rect x="240" y="80" width="120" height="440" rx="60" fill="none" stroke="${trim}" stroke-width="8"/>` +
    `<circle cx="300" cy="300" r="40" fill="${trim}"/><circle cx="300" cy="300" r="16" fill="${body}"/></g>`,
};

interface GearArt {
  id: string;
  brand: BrandArt;
  shape: keyof typeof GEAR_SHAPES;
}
const GEAR: GearArt[] = [
  { id: 'tq-hoodie', brand: BRANDS[0], shape: 'hoodie' },
  { id: 'tq-wristband', brand: BRANDS[0], shape: 'wristband' },
  { id: 'neon-cap', brand: BRANDS[1], shape: 'cap' },
  { id: 'neon-wristband', brand: BRANDS[1], shape: 'wristband' },
  { id: 'harbor-deck', brand: BRANDS[2], shape: 'deck' },
];

function gearDrawing(g: GearArt): Drawing {
  const body = g.shape === 'wristband' ? g.brand.accent : g.brand.mid;
  const trim = g.shape === 'wristband' ? g.brand.dark : g.brand.accent;
  return {
    name: `gear-${g.id}`,
    width: 600,
    height: 600,
    format: 'webp',
    svg: svg(
      600,
      600,
      `<defs><radialGradient id="bg" cx="0.5" cy="0.45" r="0.7"><stop offset="0" stop-color="#2A3350"/><stop offset="1" stop-color="#0A0F1F"/></radialGradient></defs>` +
        `<rect width="600" height="600" fill="url(#bg)"/><ellipse cx="300" cy="540" rx="210" ry="26" fill="#000" fill-opacity="0.35"/>` +
        GEAR_SHAPES[g.shape]({ body, trim }),
    ),
  };
}

// Flairs and badges: a symbol in a 100x100 box, framed as a flame-coloured token (flair) or a medal (badge).
function star(points: number, outer: number, inner: number): string {
  const pts = Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / points) * i - Math.PI / 2;
    return `${(50 + r * Math.cos(a)).toFixed(1)},${(50 + r * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${pts.join(' ')}"/>`;
}
const SYMBOLS: Record<string, string> = {
  bolt: '<path d="M56 8 L22 56 H46 L40 92 L78 40 H54 Z"/>',
  star: star(5, 42, 18),
  flame:
    '<path d="M50 6 C62 28 80 40 76 64 C73 84 58 94 50 94 C36 94 24 84 24 66 C24 50 36 42 40 30 C44 42 50 46 54 44 C58 34 54 20 50 6Z"/>',
  mountain: '<path d="M6 84 L38 30 L52 54 L64 38 L94 84 Z"/>',
  wave: '<path d="M6 58 C20 38 34 38 48 58 S76 78 94 58 V90 H6Z"/>',
  moon: '<path d="M60 10 A40 40 0 1 0 90 70 A32 32 0 1 1 60 10Z"/>',
  sun: `<circle cx="50" cy="50" r="20"/>${Array.from({ length: 8 }, (_, i) => `<rect x="47" y="6" width="6" height="16" rx="3" transform="rotate(${i * 45} 50 50)"/>`).join('')}`,
  crown: '<path d="M12 78 L18 28 L38 52 L50 18 L62 52 L82 28 L88 78 Z"/>',
  diamond: '<path d="M50 6 L88 42 L50 94 L12 42 Z"/>',
  heart: '<path d="M50 90 C8 60 6 28 28 20 C40 16 48 24 50 32 C52 24 60 16 72 20 C94 28 92 60 50 90Z"/>',
  shield: '<path d="M50 6 L88 20 V50 C88 72 72 88 50 96 C28 88 12 72 12 50 V20 Z"/>',
  leaf: '<path d="M16 84 C16 40 48 12 88 12 C88 52 60 84 16 84Z"/>',
  compass: `<circle cx="50" cy="50" r="40" fill="none" stroke-width="8"/><path d="M50 14 L60 50 L50 86 L40 50Z"/>`,
  tag: '<path d="M10 40 L40 10 H88 V58 L58 88 Z"/><circle cx="70" cy="28" r="7" fill="#000" fill-opacity="0.45"/>',
  target:
    '<circle cx="50" cy="50" r="42" fill="none" stroke-width="8"/><circle cx="50" cy="50" r="24" fill="none" stroke-width="8"/><circle cx="50" cy="50" r="8"/>',
  rocket:
    '<path d="M50 6 C70 22 74 48 66 72 H34 C26 48 30 22 50 6Z"/><path d="M34 60 L18 80 L34 76Z M66 60 L82 80 L66 76Z"/><circle cx="50" cy="38" r="8" fill="#000" fill-opacity="0.4"/>',
};

interface AwardArt {
  id: string;
  kind: 'flair' | 'badge';
  symbol: keyof typeof SYMBOLS;
  a: string;
  b: string;
}

const FLAIR_ART: AwardArt[] = [
  { id: 'flair-spark', kind: 'flair', symbol: 'bolt', a: '#FFD400', b: '#FF8A00' },
  { id: 'flair-ember', kind: 'flair', symbol: 'flame', a: '#FF8A00', b: '#FF3D3D' },
  { id: 'flair-peak', kind: 'flair', symbol: 'mountain', a: '#9AD7FF', b: '#3A7BFF' },
  { id: 'flair-tide', kind: 'flair', symbol: 'wave', a: '#5CF2E0', b: '#0F8CA0' },
  { id: 'flair-nightowl', kind: 'flair', symbol: 'moon', a: '#C9B6FF', b: '#6A4BFF' },
  { id: 'flair-sunrise', kind: 'flair', symbol: 'sun', a: '#FFE08A', b: '#FF8A3D' },
  { id: 'flair-royal', kind: 'flair', symbol: 'crown', a: '#FFD400', b: '#C98A00' },
  { id: 'flair-gem', kind: 'flair', symbol: 'diamond', a: '#7CF5FF', b: '#4B7BFF' },
  { id: 'flair-kind', kind: 'flair', symbol: 'heart', a: '#FF7AB8', b: '#FF3D7A' },
  { id: 'flair-guardian', kind: 'flair', symbol: 'shield', a: '#C0C7D6', b: '#6B7895' },
  { id: 'flair-trail', kind: 'flair', symbol: 'leaf', a: '#9BF28B', b: '#2FAE5A' },
  { id: 'flair-star', kind: 'flair', symbol: 'star', a: '#FFF27A', b: '#FFB800' },
];

const BADGE_ART: AwardArt[] = [
  { id: 'badge-first-tap', kind: 'badge', symbol: 'tag', a: '#FFD400', b: '#FF8A00' },
  { id: 'badge-collector', kind: 'badge', symbol: 'diamond', a: '#7CF5FF', b: '#3A7BFF' },
  { id: 'badge-summiteer', kind: 'badge', symbol: 'mountain', a: '#FFFFFF', b: '#9AA6C0' },
  { id: 'badge-streak-5', kind: 'badge', symbol: 'flame', a: '#FF8A00', b: '#FF3D3D' },
  { id: 'badge-night-runner', kind: 'badge', symbol: 'moon', a: '#FF4FD8', b: '#7A2BFF' },
  { id: 'badge-wave-rider', kind: 'badge', symbol: 'wave', a: '#5CF2E0', b: '#0F8CA0' },
  { id: 'badge-pathfinder', kind: 'badge', symbol: 'compass', a: '#FFE08A', b: '#C98A00' },
  { id: 'badge-bullseye', kind: 'badge', symbol: 'target', a: '#FF6B6B', b: '#C92A2A' },
  { id: 'badge-launch', kind: 'badge', symbol: 'rocket', a: '#C9B6FF', b: '#6A4BFF' },
  { id: 'badge-champion', kind: 'badge', symbol: 'crown', a: '#FFD400', b: '#B07800' },
  { id: 'badge-early-bird', kind: 'badge', symbol: 'sun', a: '#FFF27A', b: '#FF8A3D' },
  { id: 'badge-defender', kind: 'badge', symbol: 'shield', a: '#9BF28B', b: '#2FAE5A' },
];

function awardDrawing(art: AwardArt): Drawing {
  const symbol = `<g transform="translate(34 34) scale(0.6)" fill="#0B1330" stroke="#0B1330">${SYMBOLS[art.symbol]}</g>`;
  const body =
    art.kind === 'flair'
      ? `<defs>${gradient('g', art.a, art.b)}</defs><rect x="6" y="6" width="116" height="116" rx="34" fill="url(#g)"/>` +
        `<rect x="6" y="6" width="116" height="116" rx="34" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4"/>${symbol}`
      : `<defs>${gradient('g', art.a, art.b)}</defs>` +
        `<path d="M40 96 L28 126 L46 118 L56 128 L64 100Z M88 96 L100 126 L82 118 L72 128 L64 100Z" fill="${art.b}"/>` +
        `<circle cx="64" cy="62" r="56" fill="#0B1330"/><circle cx="64" cy="62" r="50" fill="url(#g)"/>` +
        `<circle cx="64" cy="62" r="42" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="3" stroke-dasharray="4 5"/>` +
        `<g transform="translate(0 -2)">${symbol}</g>`;
  return { name: art.id, width: 128, height: 128, format: 'png', svg: svg(128, 128, body) };
}

// Quest banners and post images: scenes with a title, in the brand's colours.
const QUESTS: { id: string; brand: BrandArt; title: string }[] = [
  { id: 'quest-first-tap', brand: BRANDS[0], title: 'First Tap' },
  { id: 'quest-daily-devotion', brand: BRANDS[0], title: 'Daily Devotion' },
  { id: 'quest-sunrise-meetup', brand: BRANDS[0], title: 'Sunrise Meetup' },
  { id: 'quest-night-run', brand: BRANDS[1], title: 'Night Run Series' },
  { id: 'quest-launch-week', brand: BRANDS[0], title: 'Launch Week' },
  { id: 'quest-harbor-session', brand: BRANDS[2], title: 'Harbor Open Session' },
];

function sceneDrawing(name: string, b: BrandArt, w: number, h: number, title: string | null, sunX = 0.78): Drawing {
  const body =
    `<defs>${gradient('g', b.mid, b.dark, 'v')}${gradient('a', b.accent, b.accent2, 'h')}</defs><rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${w * sunX}" cy="${h * 0.3}" r="${h * 0.18}" fill="url(#a)" fill-opacity="0.85"/>${b.motif(w, h)}` +
    (title
      ? `<text x="40" y="${h - 48}" ${FONT} font-size="${Math.round(h * 0.13)}" font-weight="bold" fill="#ffffff">${esc(title)}</text>`
      : '');
  return { name, width: w, height: h, format: 'webp', svg: svg(w, h, body) };
}

const POSTS: { id: string; brand: BrandArt; sunX: number }[] = [
  { id: 'post-summit-trail', brand: BRANDS[0], sunX: 0.22 },
  { id: 'post-summit-drop', brand: BRANDS[0], sunX: 0.6 },
  { id: 'post-neon-crew', brand: BRANDS[1], sunX: 0.3 },
  { id: 'post-harbor-park', brand: BRANDS[2], sunX: 0.7 },
];

function personDrawing(name: string, bg: string, fg: string, size: number): Drawing {
  return {
    name,
    width: size,
    height: size,
    format: 'png',
    svg: svg(
      256,
      256,
      `<rect width="256" height="256" fill="${bg}"/><circle cx="128" cy="100" r="48" fill="${fg}"/><path d="M40 256 C40 180 88 160 128 160 C168 160 216 180 216 256Z" fill="${fg}"/>`,
    ),
  };
}

function appIcon(): Drawing {
  return {
    name: 'app-icon',
    width: 512,
    height: 512,
    format: 'png',
    svg: svg(
      512,
      512,
      `<defs>${gradient('a', '#FFD400', '#FF8A00')}</defs><rect width="512" height="512" rx="112" fill="#0B1330"/>` +
        `<path d="M292 70 L150 290 H250 L222 442 L372 210 H270 Z" fill="url(#a)"/>` +
        `<path d="M96 150 a190 190 0 0 1 60 -60 M70 120 a230 230 0 0 1 56 -56" stroke="#FFD400" stroke-opacity="0.6" stroke-width="18" fill="none" stroke-linecap="round"/>`,
    ),
  };
}

function xpIcon(): Drawing {
  return {
    name: 'reward-xp',
    width: 128,
    height: 128,
    format: 'png',
    svg: svg(
      128,
      128,
      `<defs>${gradient('a', '#FFD400', '#FF8A00')}</defs><circle cx="64" cy="64" r="58" fill="url(#a)"/>` +
        `<text x="50%" y="50%" dy="0.36em" text-anchor="middle" ${FONT} font-size="44" font-weight="bold" fill="#0B1330">XP</text>`,
    ),
  };
}

function allDrawings(): Drawing[] {
  return [
    ...BRANDS.flatMap(brandDrawings),
    ...GEAR.map(gearDrawing),
    ...[...FLAIR_ART, ...BADGE_ART].map(awardDrawing),
    ...QUESTS.map((q) => sceneDrawing(q.id, q.brand, 800, 400, q.title)),
    ...POSTS.map((p) => sceneDrawing(p.id, p.brand, 800, 450, null, p.sunX)),
    sceneDrawing('profile-banner-demo', BRANDS[0], 1200, 400, null, 0.5),
    sceneDrawing('profile-banner-rider', BRANDS[2], 1200, 400, null),
    personDrawing('default-avatar', '#1C2B5A', '#9AA6C0', 256),
    personDrawing('avatar-demo', '#FFD400', '#0B1330', 256),
    personDrawing('avatar-rider', '#0F5560', '#FFE08A', 256),
    appIcon(),
    xpIcon(),
  ];
}

async function render(d: Drawing): Promise<Buffer> {
  const image = sharp(Buffer.from(d.svg)).resize(d.width, d.height);
  return d.format === 'png'
    ? image.png({ compressionLevel: 9, palette: true }).toBuffer()
    : image.webp({ quality: 78, effort: 6 }).toBuffer();
}

async function main() {
  await mkdir(SEED_ASSETS_DIR, { recursive: true });
  for (const old of await readdir(SEED_ASSETS_DIR)) await rm(path.join(SEED_ASSETS_DIR, old));
  const manifest: Record<string, string> = {};
  let total = 0;
  for (const drawing of allDrawings()) {
    const bytes = await render(drawing);
    const file = `${drawing.name}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.${drawing.format}`;
    await writeFile(path.join(SEED_ASSETS_DIR, file), bytes);
    manifest[drawing.name] = file;
    total += bytes.length;
  }
  await writeFile(path.join(SEED_ASSETS_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`${Object.keys(manifest).length} images, ${(total / 1024).toFixed(0)} KiB in ${SEED_ASSETS_DIR}`);
}

await main();
