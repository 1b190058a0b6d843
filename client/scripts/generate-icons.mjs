// Renders the PWA icons, the favicon and the in-app logo from scripts/brand-mark.mjs.
// Run once after changing the mark: `node client/scripts/generate-icons.mjs`; the outputs are committed.
// sharp comes from the workspace root (the server already depends on it).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { appIcon, markSvg } from './brand-mark.mjs';

const client = path.resolve(import.meta.dirname, '..');
const icons = path.join(client, 'public/icons');
mkdirSync(icons, { recursive: true });

async function png(svg, file) {
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(path.join(icons, file));
  console.log('wrote', file);
}

await png(appIcon({ size: 192 }), 'icon-192.png');
await png(appIcon({ size: 512 }), 'icon-512.png');
// Maskable: full-bleed square background, glyph inside the 80% safe circle the platforms crop to.
await png(appIcon({ size: 512, safe: 0.6, rounded: false }), 'maskable-512.png');
await png(appIcon({ size: 180, safe: 0.7, rounded: false }), 'apple-touch-icon.png');

writeFileSync(path.join(client, 'public/favicon.svg'), markSvg());
mkdirSync(path.join(client, 'src/ui/assets'), { recursive: true });
writeFileSync(path.join(client, 'src/ui/assets/logo-mark.svg'), markSvg());
console.log('wrote favicon.svg and src/ui/assets/logo-mark.svg');
