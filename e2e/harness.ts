// Browser-test harness: builds the client when needed, starts the real server on a fresh data directory,
// and launches Debian Chromium through playwright-core (STACK.md flags, fresh profile).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request as PageRequest, type Response as PageResponse } from 'playwright-core';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Synergy!2026';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds dist/client unless it is newer than client/ and shared/, and the offline base map unless it is there. */
export function ensureBuilt() {
  const basemap = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/build-basemap.ts')], { cwd: ROOT, stdio: 'inherit' });
  if (basemap.status !== 0) throw new Error('base map build failed');
  const index = path.join(ROOT, 'dist/client/index.html');
  const sources = Math.max(newestMtime(path.join(ROOT, 'client')), newestMtime(path.join(ROOT, 'shared')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Building the client for the browser tests…');
  buildClient();
}

/** Builds the client of the checkout at `root` into its dist/client (the benches build another checkout with it). */
export function buildClient(root = ROOT, extraArgs: readonly string[] = []) {
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn', ...extraArgs],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) throw new Error('client build failed');
}

/**
 * `count` free ports, all held open at once before any is released, so servers started side by side never get the
 * same one (a port found free and closed again could be handed out twice).
 */
export async function freePorts(count: number): Promise<number[]> {
  const held = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const srv = createServer();
          srv.unref();
          srv.on('error', reject);
          srv.listen(0, '127.0.0.1', () => resolve(srv));
        }),
    ),
  );
  const ports = held.map((srv) => {
    const addr = srv.address();
    if (!addr || typeof addr !== 'object') throw new Error('no port');
    return addr.port;
  });
  await Promise.all(held.map((srv) => new Promise((r) => srv.close(r))));
  return ports;
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx server/index.ts` on a free port and a temporary DATA_DIR, seeded with demo data;
 * `root` serves another checkout (scripts/bench/lighthouse.ts measures an older commit with it); `fixedPort`
 * when the caller has a port range of its own on a shared machine.
 */
export async function startServer(extraEnv: Record<string, string> = {}, root = ROOT, fixedPort?: number): Promise<RunningServer> {
  const port = fixedPort ?? (await freePorts(1))[0]!;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'synergy-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Every browser test signs in and registers from 127.0.0.1: the limits themselves are tested in server/lib.
    RATE_LIMIT_SCALE: '1000',
    SEED_DEMO: 'true',
    DEMO_MODE: 'false',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Longer on a busy machine (the bench sets it): the demo seed runs before /readyz answers.
  const readyMs = Number(process.env.SERVER_READY_TIMEOUT_MS ?? 120_000);
  const deadline = Date.now() + readyMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${readyMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RouteRow {
  name: string;
  path: string;
  access: string;
  requires?: string;
}

/**
 * The client's route table as data. client/src/config/paths.ts uses Lingui macros, which plain Node cannot run,
 * so it is read as text; `r({ ... })` marks each row.
 */
export function readRouteTable(root = ROOT): { source: string; routes: RouteRow[] } {
  const source = readFileSync(path.join(root, 'client/src/config/paths.ts'), 'utf8');
  const routes = [...source.matchAll(/\br\(\{([\s\S]*?)\}\)/g)].map((m) => {
    const field = (k: string) => new RegExp(`${k}: '([^']+)'`).exec(m[1]!)?.[1];
    return { name: field('name')!, path: field('path')!, access: field('access')!, requires: field('requires') };
  });
  return { source, routes };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh context (own storage: the equivalent of a fresh --user-data-dir) at a given width. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  width = 1280,
  height = 900,
  opts: { bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // bypassCSP only for the axe scan, which injects its script into the page.
  const context = await browser.newContext({ baseURL, viewport: { width, height }, locale: 'en-GB', bypassCSP: opts.bypassCSP ?? false });
  context.on('page', trackRequests);
  const page = await context.newPage();
  return { context, page };
}

/** The requests each tracked page has in flight, and when that last changed (see settle). */
const openRequests = new WeakMap<Page, { open: Set<PageRequest>; changed: number }>();

/** Counts a page's requests from its first: its context calls this on every new page (`context.on('page', …)`). */
export function trackRequests(page: Page) {
  const state = { open: new Set<PageRequest>(), changed: Date.now() };
  page.on('request', (r) => {
    state.open.add(r);
    state.changed = Date.now();
  });
  const done = (r: PageRequest) => {
    state.open.delete(r);
    state.changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  openRequests.set(page, state);
}

/**
 * Waits until the page has had no request in flight for `quietMs`: what it fetched on arrival has come, and what that
 * made it fetch next too. Playwright's networkidle waits 500 ms after the last request, which is most of the time of a
 * sweep over every route (a route took 900 ms with it and 590 ms with this). A page that is not tracked gets
 * networkidle.
 */
export async function settle(page: Page, quietMs = 150, timeoutMs = 15_000) {
  const state = openRequests.get(page);
  if (!state) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + timeoutMs;
  while (state.open.size > 0 || Date.now() - state.changed < quietMs) {
    if (Date.now() > deadline) throw new Error(`still loading after ${timeoutMs} ms: ${[...state.open].map((r) => r.url()).join(', ')}`);
    await page.waitForTimeout(25);
  }
}

/**
 * Opens `url` as a link in the app would, through its router (wouter follows history.pushState), and waits until the
 * page has its heading, what it fetched has come and no loading placeholder is left. The sweeps over every route use
 * it: a full load per route parsed the bundle and set up the session and socket again each time, and took half of a
 * sweep. The page must already show the app.
 */
export async function openInApp(page: Page, url: string) {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.evaluate((to) => history.pushState(null, '', to), url);
  await page.locator('main h1, h1').first().waitFor({ timeout: 15_000 });
  await settle(page);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 10_000 }).catch(() => undefined);
}

/** Resolves after the page has rendered two more frames: what a resize or a state change set off has been laid out. */
export const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** The path and search of the page, e.g. "/login?redirect=%2Fdatabase". */
export function pathOf(page: Page) {
  const u = new URL(page.url());
  return u.pathname + u.search;
}

export async function login(page: Page, username: string, password = DEMO_PASSWORD, path = '/login') {
  if (!pathOf(page).startsWith(path)) await page.goto(path);
  await page.getByLabel(/Username or email/i).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Puts the signed-in user's language (stored on the user, so other test files may have left a shared demo account in
 * another one) to `lang`: as an explicit choice in this browser, which wins over the user's saved language and which
 * the app then saves on the user (hooks/useSessionSync). Reloads the page, and waits until the language applies and
 * the session says it is saved.
 */
export async function chooseLanguage(page: Page, lang: 'en' | 'dk' | 'my') {
  // Every answer to the language save, so that a timeout says whether the save failed, never came, or was overwritten.
  const saves: string[] = [];
  const onResponse = (r: PageResponse) => {
    if (r.url().includes('users.setLanguage')) saves.push(`${r.status()} ${r.request().postData() ?? ''}`);
  };
  const onFailed = (r: PageRequest) => {
    if (r.url().includes('users.setLanguage')) saves.push(`failed: ${r.failure()?.errorText ?? 'unknown'}`);
  };
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  try {
    await page.evaluate((l) => localStorage.setItem('synergy.language', l), lang);
    await page.reload();
    await page.waitForFunction((l) => document.documentElement.lang.startsWith(l), { en: 'en', dk: 'da', my: 'ms' }[lang]);
    await page.waitForFunction((l) => {
      for (const storage of [localStorage, sessionStorage]) {
        const raw = storage.getItem('synergy.session');
        if (raw) return (JSON.parse(raw) as { user?: { language?: string } }).user?.language === l;
      }
      return true;
    }, lang);
  } catch (err) {
    const state = await page
      .evaluate(() => ({
        lang: document.documentElement.lang,
        chosen: localStorage.getItem('synergy.language'),
        session: (localStorage.getItem('synergy.session') ?? sessionStorage.getItem('synergy.session'))?.replace(/"token":"[^"]*"/, '"token":"…"'),
      }))
      .catch((e: unknown) => String(e));
    throw new Error(`chooseLanguage(${lang}) at ${page.url()}: ${JSON.stringify(state)}; setLanguage answers: ${JSON.stringify(saves)}`, {
      cause: err,
    });
  } finally {
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
  }
}
