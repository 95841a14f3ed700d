// Browser tests (e2e/**): real built client + real server on a temporary database, driven in Debian Chromium
// through playwright-core. Two files run at a time (E2E_WORKERS sets how many), each worker against a server of its own
// (e2e/global-setup.ts): the suite mostly waits on the network and the browser, and leaves a core idle when alone.
// Without /usr/bin/chromium (or CHROMIUM_PATH) e2e/global-setup.ts prints
// "Chromium not found at /usr/bin/chromium: browser tests skipped" and every test is skipped.
import { defineConfig } from 'vitest/config';
import LongestFirst from './e2e/sequencer';

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 2),
    testTimeout: 60_000,
    // In CI a failed test runs once more: on a busy two-core machine a live update or a save now and then misses a
    // wait, and one such miss must not sink a run of 125 tests. .ci/run lists every test that needed the retry
    // (e2e/retried-reporter.ts); a test that fails twice fails the run (docs/decisions/0290).
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 240_000,
    // expect.poll waits 1 s by default: too short for a live update on a busy two-core machine.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['e2e/global-setup.ts'],
    sequence: { sequencer: LongestFirst },
    passWithNoTests: true,
  },
});
