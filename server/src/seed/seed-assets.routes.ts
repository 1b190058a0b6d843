import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import type { RouterFactory } from '../app.js';

// The demo data's images (drawn by make-images.ts, committed under server/seed-assets). Their file
// names carry a content hash, so they can be cached for a year: a changed image is a new URL.
export const SEED_ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed-assets');
export const SEED_ASSETS_PATH = '/api/seed-assets';

export const seedAssetsRouter: RouterFactory = () => {
  const router = Router();
  router.use(
    '/seed-assets',
    express.static(SEED_ASSETS_DIR, {
      index: false,
      dotfiles: 'ignore',
      setHeaders(res) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        // The client may live on another origin (CLIENT_URL); helmet's same-origin default would block its <img>.
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    }),
  );
  return router;
};
