// Renders the login screen's looping background: drifting topographic contour lines (the outdoors the
// gear goes to) under a slow accent glow. Every motion is a whole number of cycles per loop, so the
// last frame meets the first without a seam. Frames are drawn as SVG with sharp and piped to ffmpeg.
// Run once: `node client/scripts/generate-login-video.mjs` (needs ffmpeg); the outputs are committed.
import { spawn } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const W = 360;
const H = 640;
const FPS = 24;
const SECONDS = 8;
const FRAMES = FPS * SECONDS;
const out = path.resolve(import.meta.dirname, '../src/features/auth/media');
mkdirSync(out, { recursive: true });

const TAU = Math.PI * 2;

function contour(cx, cy, base, i, phase) {
  const pts = [];
  const n = 96;
  for (let k = 0; k <= n; k++) {
    const a = (k / n) * TAU;
    const wobble =
      1 + 0.09 * Math.sin(3 * a + phase + i * 0.35) + 0.05 * Math.sin(5 * a - 2 * phase + i * 0.6) + 0.03 * Math.sin(2 * a + phase);
    const r = base * wobble;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a) * 0.82).toFixed(1)}`);
  }
  return `M${pts.join('L')}Z`;
}

function frame(f) {
  const t = f / FRAMES;
  const phase = TAU * t;
  const rings = [];
  for (const [cx, cy, count] of [
    [70, 170, 15],
    [310, 540, 13],
  ]) {
    for (let i = 0; i < count; i++) {
      const opacity = (0.2 - i * 0.011).toFixed(3);
      rings.push(
        `<path d="${contour(cx, cy, 16 + i * 21, i, phase)}" fill="none" stroke="#FFD400" stroke-opacity="${opacity}" stroke-width="1.4"/>`,
      );
    }
  }
  const gx = 180 + 110 * Math.sin(phase);
  const gy = 330 + 150 * Math.sin(2 * phase);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0C1428"/>
      <stop offset="1" stop-color="#05070D"/>
    </linearGradient>
    <radialGradient id="glow">
      <stop offset="0" stop-color="#FF8A00" stop-opacity="0.45"/>
      <stop offset="0.5" stop-color="#FF8A00" stop-opacity="0.12"/>
      <stop offset="1" stop-color="#FF8A00" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="${gx.toFixed(1)}" cy="${gy.toFixed(1)}" r="260" fill="url(#glow)"/>
  ${rings.join('\n  ')}
</svg>`;
}

const file = path.join(out, 'login-loop.mp4');
const ffmpeg = spawn(
  'ffmpeg',
  [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-s',
    `${W}x${H}`,
    '-r',
    String(FPS),
    '-i',
    '-',
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'main',
    '-movflags',
    '+faststart',
    '-an',
    file,
  ],
  { stdio: ['pipe', 'inherit', 'inherit'] },
);
for (let f = 0; f < FRAMES; f++) {
  const raw = await sharp(Buffer.from(frame(f)))
    .removeAlpha()
    .raw()
    .toBuffer();
  if (!ffmpeg.stdin.write(raw)) await new Promise((r) => ffmpeg.stdin.once('drain', r));
}
ffmpeg.stdin.end();
await new Promise((resolve, reject) => ffmpeg.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`)))));
await sharp(Buffer.from(frame(0)))
  .jpeg({ quality: 72, mozjpeg: true })
  .toFile(path.join(out, 'login-poster.jpg'));
console.log(
  `login-loop.mp4 ${Math.round(statSync(file).size / 1024)} KB, login-poster.jpg ${Math.round(statSync(path.join(out, 'login-poster.jpg')).size / 1024)} KB`,
);
