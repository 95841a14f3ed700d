// Browser tests (e2e/**): real built client + real server on a temporary database, driven in Debian Chromium
// through playwright-core. Files run one after another; each starts its own server.
// Without /usr/bin/chromium (or CHROMIUM_PATH) e2e/global-setup.ts prints
// "Chromium not found at /usr/bin/chromium: browser tests skipped" and every test is skipped.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    fileParallelism: false,
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // expect.poll waits 1 s by default: too short for a live update on a busy two-core machine.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['e2e/global-setup.ts'],
    passWithNoTests: true,
  },
});
