// First frame of the three kinds of map (docs/benchmarks.md "Maps"): the database's map view, the registration
// address picker and the driver's trip map, each from the click that opens it. The first frame is the
// map's `load` (style and the tiles in view drawn once), marked `map-first-frame` by the map component. Each run is
// a fresh browser context (empty HTTP cache), then the same view once more in that context (cached). Before each
// map is shown, the network log is checked: no map code, worker or tile may have been asked for.
//   node --import tsx scripts/bench/map-first-frame.ts [--runs 5] [--url http://127.0.0.1:3106] [--json out.json]
// Without --url it builds what is missing (client, base map) and starts the real server on a fresh demo database
// (e2e/harness.ts). Debian Chromium, software WebGL (SwiftShader), as in the browser tests.
import os from 'node:os';
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ensureBuilt, launchBrowser, login, startServer, type RunningServer } from '../../e2e/harness';
import { arg } from './common';

const runs = Number(arg('runs', '5'));
const external = arg('url', '');
const jsonOut = arg('json', '');

/** What belongs to a map: the map chunks, maplibre's worker, the base map's tiles. */
const MAP_REQUEST = /\/assets\/(useBaseStyle|MapPicker|ResultsMap|RouteMap|maplibre)[^/]*\.m?js|\/map\/tiles/;
const MARK = 'map-first-frame';

interface Sample {
  /** ms from the click that opens the map to its first frame. */
  firstFrame: number;
  /** Where the time went, ms from the same start: map code asked for, its worker asked for, first and last tile in. */
  code?: number;
  worker?: number;
  firstTile?: number;
  lastTile?: number;
  tiles: number;
  tileBytes: number;
}

/** Tile responses as the browser saw them (the worker fetches tiles: the page's resource timing does not list them). */
const tileLog = new WeakMap<Page, { end: number; bytes: number }[]>();
function watchTiles(page: Page) {
  const log: { end: number; bytes: number }[] = [];
  tileLog.set(page, log);
  page.on('requestfinished', (r) => {
    if (!r.url().includes('/map/tiles/')) return;
    const t = r.timing();
    void r.sizes().then((sz) => log.push({ end: t.startTime + t.responseEnd, bytes: sz.responseBodySize }));
  });
}

async function firstFrame(page: Page, since: number): Promise<Sample> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, { timeout: 60_000, polling: 50 });
  // Plain data out of the page; the arithmetic is done here (functions inside evaluate would need tsx's helpers).
  const { at, origin, resources } = await page.evaluate(
    (mark) => ({
      at: performance.getEntriesByName(mark).at(-1)!.startTime,
      origin: performance.timeOrigin,
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
        name: r.name,
        startTime: r.startTime,
        responseEnd: r.responseEnd,
        bytes: r.encodedBodySize,
      })),
    }),
    MARK,
  );
  const after = resources.filter((r) => r.startTime >= since - 1);
  const first = (test: (url: string) => boolean) => after.find((r) => test(r.name));
  const tiles = (tileLog.get(page) ?? [])
    .map((t) => ({ responseEnd: t.end - origin, bytes: t.bytes }))
    .filter((t) => t.responseEnd >= since && t.responseEnd <= at + 1);
  const code = first((u) => MAP_REQUEST.test(u) && !u.includes('/map/tiles') && !u.includes('worker'));
  const worker = first((u) => u.includes('maplibre-gl-worker'));
  return {
    firstFrame: Math.round(at - since),
    code: code && Math.round(code.startTime - since),
    worker: worker && Math.round(worker.startTime - since),
    firstTile: tiles.length ? Math.round(Math.min(...tiles.map((t) => t.responseEnd)) - since) : undefined,
    lastTile: tiles.length ? Math.round(Math.max(...tiles.map((t) => t.responseEnd)) - since) : undefined,
    tiles: tiles.length,
    tileBytes: tiles.reduce((n, t) => n + t.bytes, 0),
  };
}

/** Clears the marks and resource entries of an earlier view, so the next measurement starts clean. */
const clearTimings = (page: Page) => page.evaluate(() => (performance.clearMarks(), performance.clearResourceTimings()));

/** Records the map requests a page makes from now on. */
function watch(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (MAP_REQUEST.test(r.url())) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

/** Clicks and returns the page's clock at the click. */
async function clickAt(page: Page, target: string | Locator): Promise<number> {
  await page.evaluate(() =>
    document.addEventListener('click', () => ((window as unknown as { clickedAt: number }).clickedAt = performance.now()), {
      capture: true,
      once: true,
    }),
  );
  await locate(page, target).click();
  return page.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt);
}

const locate = (page: Page, target: string | Locator) => (typeof target === 'string' ? page.getByTestId(target) : target);

/** The map's first frame when `open` is clicked (cold), and again once `close` hid it and the timings were cleared (warm). */
async function coldAndWarm(page: Page, open: string | Locator, close: string | Locator = open): Promise<{ cold: Sample; warm: Sample }> {
  const cold = await firstFrame(page, await clickAt(page, open));
  await locate(page, close).click();
  await clearTimings(page);
  const warm = await firstFrame(page, await clickAt(page, open));
  return { cold, warm };
}

type View = 'database' | 'picker' | 'driver';
const VIEWS: View[] = ['database', 'picker', 'driver'];

async function run(browser: Browser, url: string, view: View): Promise<{ cold: Sample; warm: Sample; before: string[] }> {
  const phone = view !== 'database';
  const context: BrowserContext = await browser.newContext({
    baseURL: url,
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    locale: 'en-GB',
    ...(view === 'driver' ? { geolocation: { latitude: 55.6705, longitude: 12.4562 }, permissions: ['geolocation'] } : {}),
  });
  const page = await context.newPage();
  watchTiles(page);
  try {
    if (view === 'database') {
      await login(page, 'manager@example.com');
      await page.waitForURL((u) => !u.pathname.endsWith('/login'));
      const requests = watch(page);
      await page.goto('/database');
      await page.locator('a[href^="/material/"]').first().waitFor();
      await page.waitForLoadState('networkidle');
      const before = [...requests];
      // The Map button, as a user asks for the map (a link straight to ?view=map starts the map when it is scrolled
      // to: it sits below the recommendations).
      const view = (name: string) => page.getByRole('group', { name: 'View' }).getByRole('button', { name, exact: true });
      return { ...(await coldAndWarm(page, view('Map'), view('List'))), before };
    }
    if (view === 'picker') {
      const requests = watch(page);
      await page.goto('/register');
      await page.locator('select[name="country"]').selectOption('DK');
      await page.waitForLoadState('networkidle');
      const before = [...requests];
      return { ...(await coldAndWarm(page, 'toggle-map')), before };
    }
    await page.goto('/driver/login');
    await page.getByLabel(/^Email/).fill('driver@example.com');
    await page.getByLabel(/^Phone number/).fill('+45 12 34 56 78');
    const requests = watch(page);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/driver');
    await page.getByTestId('toggle-trip-map').waitFor();
    await page.waitForLoadState('networkidle');
    const before = [...requests];
    return { ...(await coldAndWarm(page, 'toggle-trip-map')), before };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(2));

async function main() {
  let server: RunningServer | null = null;
  if (!external) {
    ensureBuilt();
    server = await startServer({ LOG_LEVEL: 'warn' });
  }
  const url = external || server!.url;
  const browser = await launchBrowser();
  const results: Record<View, { cold: Sample[]; warm: Sample[]; before: string[][] }> = {
    database: { cold: [], warm: [], before: [] },
    picker: { cold: [], warm: [], before: [] },
    driver: { cold: [], warm: [], before: [] },
  };
  try {
    for (let i = 0; i < runs; i++) {
      for (const view of VIEWS) {
        const r = await run(browser, url, view);
        results[view].cold.push(r.cold);
        results[view].warm.push(r.warm);
        results[view].before.push(r.before);
        console.warn(
          `run ${i + 1} ${view}: ${fmt(r.cold.firstFrame)} s cold, ${fmt(r.warm.firstFrame)} s cached, ${r.before.length} map requests before`,
        );
      }
    }
  } finally {
    await browser.close();
    await server?.stop();
  }

  console.log(
    `\nFirst frame, ${runs} runs, median (min-max) in s; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  console.log(
    '| map | from | empty cache | cached | map code asked | worker asked | first tile in | last tile in | tiles (KB) | map requests before it was shown |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const label: Record<View, string> = { database: 'database Map button (1280)', picker: 'address picker (390)', driver: 'driver trip map (390)' };
  for (const view of VIEWS) {
    const { cold, warm, before } = results[view];
    const range = (xs: number[]) => `${fmt(median(xs))} (${fmt(Math.min(...xs))}-${fmt(Math.max(...xs))})`;
    const m = (k: keyof Sample) => {
      const xs = cold.map((s) => s[k]).filter((v): v is number => typeof v === 'number');
      return xs.length ? fmt(median(xs)) : '-';
    };
    console.log(
      `| ${label[view]} | click | ${range(cold.map((s) => s.firstFrame))} | ${range(warm.map((s) => s.firstFrame))} | ${m('code')} | ${m('worker')} | ${m('firstTile')} | ${m('lastTile')} | ${median(cold.map((s) => s.tiles))} (${(median(cold.map((s) => s.tileBytes)) / 1000).toFixed(0)}) | ${before.flat().length} |`,
    );
  }
  for (const view of VIEWS)
    for (const list of results[view].before) if (list.length) console.log(`${view}: map requests before the map was shown: ${list.join(', ')}`);
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2));
  if (VIEWS.some((v) => results[v].before.flat().length > 0)) process.exitCode = 1;
}

await main();
