import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'embedded-mongo', include: ['test/**/*.test.ts'], testTimeout: 30000 },
});
