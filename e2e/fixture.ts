// One server and one browser per test file; a fresh browser context (empty storage) per test.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, launchBrowser, newPage, startServer, type RunningServer } from './harness';

export function useApp() {
  const state: { server: RunningServer | null; browser: Browser | null } = { server: null, browser: null };
  beforeAll(async () => {
    if (!hasChromium) return;
    state.server = await startServer();
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });
  return {
    get url() {
      if (!state.server) throw new Error('server not started');
      return state.server.url;
    },
    async page(width = 1280, height = 900, opts: { bypassCSP?: boolean } = {}) {
      if (!state.browser || !state.server) throw new Error('browser not started');
      return newPage(state.browser, state.server.url, width, height, opts);
    },
  };
}
