import { defineConfig } from 'vitest/config';

// One test command for the whole house; each package keeps its own vitest config.
export default defineConfig({
  test: {
    projects: ['shared', 'packages/embedded-mongo', 'server', 'client', 'e2e'],
  },
});
