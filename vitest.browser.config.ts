// Browser tests (e2e/**): real built client + real server on a temporary database, driven in Debian Chromium
// through playwright-core. Files run one after another; each starts its own server.
import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`Chromium not found at ${chromium}: browser tests skipped`);
}

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    fileParallelism: false,
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    globalSetup: ['e2e/global-setup.ts'],
    passWithNoTests: true,
  },
});
