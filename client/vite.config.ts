import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // A hand-written worker (src/sw.ts) rather than a generated one: later issues add push handling to it.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // main.tsx registers the worker itself, only in production builds.
      injectRegister: false,
      manifest: {
        name: 'Tapquest',
        short_name: 'Tapquest',
        description: 'Tap your gear, join its community, complete quests and level up.',
        theme_color: '#070A12',
        background_color: '#070A12',
        display: 'standalone',
        orientation: 'portrait',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app shell and the offline page; the login video streams from the network instead.
        globPatterns: ['**/*.{js,css,html,svg,png,jpg,webmanifest}'],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/socket.io': { target: api, ws: true },
    },
  },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/check-bundle-budget.mjs walks it for the first screen's imports.
    manifest: true,
    rolldownOptions: {
      // shared/ is pure definitions, but its zod schemas are built at module top level, which a
      // bundler must assume has side effects. Saying otherwise keeps zod (which only the server
      // needs) out of the client bundle.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]shared[\\/]src[\\/]/.test(id) },
    },
  },
});
