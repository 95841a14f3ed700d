// One browser per test file against its worker's server (global-setup.ts); a fresh context (empty storage,
// like a fresh --user-data-dir) per test.
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { hasChromium, launchBrowser, login, newPage, trackRequests } from './harness';

/**
 * Closes a context made inside a test when that test ends, passed or failed: a failed attempt's page, still signed in
 * as a shared demo user, must not save or receive anything while the retry runs. Contexts made in a hook are closed
 * by their file.
 */
function closeWithTest(context: BrowserContext) {
  try {
    onTestFinished(() => context.close().catch(() => undefined));
  } catch {
    /* not inside a test */
  }
}

/** The server of this file's worker: files that run at the same time never share one. */
export function serverUrl(): string {
  const url = inject('baseUrls')[Number(process.env.VITEST_POOL_ID ?? 1) - 1];
  if (!url) throw new Error('server not started');
  return url;
}

export function useApp() {
  const state: { browser: Browser | null } = { browser: null };
  beforeAll(async () => {
    if (!hasChromium) return;
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    get url() {
      return serverUrl();
    },
    /** `keepAfterTest`: the file goes on using the page in its next tests and closes it itself. */
    async page(width = 1280, height = 900, opts: { bypassCSP?: boolean; keepAfterTest?: boolean } = {}) {
      if (!state.browser) throw new Error('browser not started');
      const made = await newPage(state.browser, this.url, width, height, opts);
      if (!opts.keepAfterTest) closeWithTest(made.context);
      return made;
    },
    /** A fresh page (closed with the test) where the company user `username` has logged in and landed on the dashboard. */
    async signedIn(username: string, width = 1280, height = 900) {
      const made = await this.page(width, height);
      await login(made.page, username);
      await made.page.waitForURL((u) => u.pathname === '/dashboard');
      return made;
    },
    /** A fresh context with options of its own (a phone's user agent, a position). */
    async context(options: BrowserContextOptions) {
      if (!state.browser) throw new Error('browser not started');
      const context = await state.browser.newContext({ baseURL: this.url, locale: 'en-GB', ...options });
      context.on('page', trackRequests);
      closeWithTest(context);
      return { context, page: await context.newPage() };
    },
  };
}
