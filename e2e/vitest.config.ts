import { defineConfig } from 'vitest/config';

// Journeys in Debian's Chromium at a phone viewport, against the real server on the embedded engine.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
