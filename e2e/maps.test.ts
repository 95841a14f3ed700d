// Maps that serve (docs/decisions/0200-0204): at city zoom the demo companies' pins and the address picker's pin
// sit on land (Copenhagen, Aarhus, Kuala Lumpur), read from the pixels around each pin; the driver's journey on a
// 390 px phone shows the current leg's route line, its label right at every status and a Navigate link, and asks
// before completing 150 km from the drop-off; the synergy's companies see the trip and the driver on a map.
// Screenshots are kept in .test-results/screens/ to look at.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, login, ROOT } from './harness';
import { addDriver, api, driverLogin, revealMap, runningSynergy, tokenOf } from './checks';
import { useApp } from './fixture';
import { near, readPng } from './png';

const SHOTS = path.join(ROOT, '.test-results/screens');
const LAND = ['#e3eedf', '#f3f1ea'];
const WATER = '#aacfdf';
/** Listing category colours (the results map's points). */
const PIN_COLOURS = ['#0f5d4a', '#f2c14e', '#8a5a2b', '#17707a'];
/** The route line: #17707a at 85 % over the signup countries' land. */
const ROUTE = '#36838a';

/** Waits for the map's first frame and a moment for its tiles to settle, then reads its pixels. */
async function mapPixels(page: Page, map: Locator, name: string) {
  await expect.poll(() => map.getAttribute('data-map-state'), { timeout: 30_000 }).toBe('ready');
  await page.waitForTimeout(1000);
  mkdirSync(SHOTS, { recursive: true });
  return readPng(await map.screenshot({ path: path.join(SHOTS, `${name}.png`) }));
}

/** Land and water pixels on a ring around a point (labels, dots and lines on it count as neither). */
function ring(img: ReturnType<typeof readPng>, cx: number, cy: number, r: number) {
  let land = 0;
  let water = 0;
  for (let i = 0; i < 32; i++) {
    const a = (i / 32) * 2 * Math.PI;
    const x = Math.round(cx + r * Math.cos(a));
    const y = Math.round(cy + r * Math.sin(a));
    if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
    const p = img.px(x, y);
    if (LAND.some((c) => near(p, c, 4))) land++;
    else if (near(p, WATER, 4)) water++;
  }
  return { land, water };
}

/** The centres of the results map's points: pixels of the category colours, grouped by distance. */
function pins(img: ReturnType<typeof readPng>) {
  const groups: { x: number; y: number; n: number }[] = [];
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      if (!PIN_COLOURS.some((c) => near(img.px(x, y), c, 6))) continue;
      const g = groups.find((q) => Math.hypot(q.x / q.n - x, q.y / q.n - y) < 14);
      if (g) {
        g.x += x;
        g.y += y;
        g.n++;
      } else groups.push({ x, y, n: 1 });
    }
  // A pin is a filled circle of radius 9: about 250 pixels of its colour.
  return groups.filter((g) => g.n > 120).map((g) => ({ x: g.x / g.n, y: g.y / g.n }));
}

describe.skipIf(!hasChromium)('maps that serve', () => {
  const app = useApp();

  // One company's listings fill the map to zoom 11-12 (one site: zoom 11; several listings at one site: 12).
  it('shows the demo companies’ pins on land at city zoom in Copenhagen, Aarhus and Kuala Lumpur', { timeout: 120_000 }, async () => {
    const manager = await tokenOf(app.url, 'manager@example.com');
    const { items } = await api<{ items: { id: number; name: string }[] }>(app.url, 'GET', '/api/companies?size=100', manager);
    const idOf = (name: RegExp) => items.find((c) => name.test(c.name))!.id;
    const { context, page } = await app.page(1280, 900);
    await login(page, 'manager@example.com');
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    // The demo company (Refshalevej and Valby), its Aarhus malt house, the Kuala Lumpur site.
    for (const [name, company] of [
      ['copenhagen', idOf(/^Øresund Brewing/)],
      ['aarhus', idOf(/Aarhus/)],
      ['kuala-lumpur', idOf(/Klang|Kuala Lumpur|Selangor/)],
    ] as const) {
      await page.goto(`/database?view=map&own=1&proximity=any&company=${company}`);
      await revealMap(page);
      const map = page.getByTestId('results-map');
      await expect.poll(() => map.getAttribute('data-basemap'), { timeout: 20_000 }).toBe('offline');
      const img = await mapPixels(page, map, `maps-pins-${name}-1280`);
      const found = pins(img);
      expect(found.length, `${name}: pins on the map`).toBeGreaterThan(0);
      for (const pin of found) {
        // Just outside the pin (radius 9, white edge 2.5), 300 m at this zoom: mostly land. Refshalevej is 110 m
        // from the harbour, so some water is there; a pin in the sea would have mostly water around it.
        const around = ring(img, pin.x, pin.y, 15);
        expect(around.land, `${name}: land around the pin at ${Math.round(pin.x)},${Math.round(pin.y)}`).toBeGreaterThanOrEqual(18);
        expect(around.land, `${name}: more land than water around the pin`).toBeGreaterThan(around.water * 1.5);
      }
    }
    await context.close();
  });

  it('opens the address picker at city zoom with its pin on land', { timeout: 120_000 }, async () => {
    const { context, page } = await app.page(390, 844);
    await page.goto('/register');
    for (const [country, city] of [
      ['DK', 'Copenhagen'],
      ['DK', 'Aarhus'],
      ['MY', 'Kuala Lumpur'],
    ] as const) {
      await page.locator('select[name="country"]').selectOption(country);
      const box = page.locator('input[role="combobox"]');
      await box.fill(city);
      await page
        .getByRole('option', { name: new RegExp(city) })
        .first()
        .click();
      await page.getByText(/Location set \(/).waitFor();
      await page.getByTestId('toggle-map').click();
      const picker = page.getByTestId('map-picker');
      await picker.locator('canvas').waitFor();
      // The pin is a page element over the map: hide it to read the map under it.
      await page.addStyleTag({ content: '.maplibregl-marker { visibility: hidden; }' });
      const img = await mapPixels(page, picker, `maps-picker-${city.toLowerCase().replace(' ', '-')}-390`);
      // The picked place is the map's centre; the suggestion dot over it has radius 8, the city's name is below.
      const around = ring(img, img.width / 2, img.height / 2, 12);
      expect(around.land, `${city}: land around the picker's pin`).toBeGreaterThanOrEqual(16);
      expect(around.water, `${city}: water around the picker's pin`).toBe(0);
      await page.addStyleTag({ content: '.maplibregl-marker { visibility: visible; }' });
      await picker.screenshot({ path: path.join(SHOTS, `maps-picker-${city.toLowerCase().replace(' ', '-')}-pin-390.png`) });
      await page.getByTestId('toggle-map').click();
      await box.fill('');
    }
    await context.close();
  });

  it('says the map is loading until its first frame, and that it could not be loaded when its style fails', { timeout: 120_000 }, async () => {
    const { context, page } = await app.page(1280, 900);
    await login(page, 'manager@example.com');
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    // Tiles held back: the map stays in its loading state, then draws once they come.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/map/tiles/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/database?view=map');
    await revealMap(page);
    const map = page.getByTestId('results-map');
    await map.getByText('Loading the map…').waitFor({ timeout: 20_000 });
    expect(await map.getAttribute('data-map-state')).toBe('loading');
    expect(await map.getAttribute('aria-busy')).toBe('true');
    release();
    await expect.poll(() => map.getAttribute('data-map-state'), { timeout: 30_000 }).toBe('ready');
    expect(await map.getByTestId('map-status').count()).toBe(0);
    await page.unroute('**/map/tiles/**');

    // A style URL that does not answer: the error state, with Try again.
    await page.route(/\/trpc\/[^?]*common\.config/, async (route) => {
      const res = await route.fetch();
      const body = await res.text();
      await route.fulfill({ response: res, body: body.replace('"map_style_url":null', '"map_style_url":"/no-such-style.json"') });
    });
    await page.goto('/database?view=map');
    await revealMap(page);
    await map.getByText('The map could not be loaded').waitFor({ timeout: 30_000 });
    expect(await map.getAttribute('data-map-state')).toBe('error');
    expect(await map.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await map.screenshot({ path: path.join(SHOTS, 'maps-style-error-1280.png') });
    await context.close();
  });

  it('downloads nothing of a map before one is shown or scrolled to', { timeout: 120_000 }, async () => {
    const { context, page } = await app.page(390, 844);
    const maps: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/(useBaseStyle|MapPicker|ResultsMap|RouteMap)-|maplibre-gl-worker|\/map\/tiles/.test(r.url()))
        maps.push(new URL(r.url()).pathname);
    });
    await page.goto('/register');
    await page.locator('select[name="country"]').selectOption('DK');
    await page.waitForLoadState('networkidle');
    await login(page, 'manager@example.com');
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await page.goto('/database');
    await page.locator('a[href^="/material/"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(maps).toEqual([]);
    // A link to the map view on a phone: the map sits below the recommendations and filters, and starts only when
    // it is scrolled to.
    await page.goto('/database?view=map');
    await page.getByTestId('map-waiting').waitFor();
    await page.waitForLoadState('networkidle');
    expect(maps).toEqual([]);
    // Shown: now the map's code and tiles come.
    await revealMap(page);
    await expect.poll(() => page.getByTestId('results-map').getAttribute('data-map-state'), { timeout: 30_000 }).toBe('ready');
    expect(maps.some((u) => u.startsWith('/map/tiles/'))).toBe(true);
    await context.close();
  });

  it(
    'drives a 150 km trip on a phone: route line, the right leg named, Navigate, and a yes to complete away from the drop-off',
    { timeout: 180_000 },
    async () => {
      const url = app.url;
      const admin = await tokenOf(url, 'admin@example.com');
      const manager = await tokenOf(url, 'manager@example.com');
      const stamp = Date.now().toString(36);
      const phone = `+45 ${String(30_000_000 + (Date.now() % 60_000_000))}`;
      const driver = await addDriver(url, admin, { name: 'Map Driver', local: `map.${stamp}`, phone });
      const synergy = await runningSynergy(url, manager);
      const valby = { latitude: 55.657, longitude: 12.505 };
      const aarhus = { latitude: 56.162, longitude: 10.2225 };
      const trip = await api<{ id: number }>(url, 'POST', '/admin/trips', admin, {
        exchange_id: synergy.id,
        driver_id: driver.id,
        contact_person: 'Mette Jensen',
        pickup_address: { address: 'Gammel Køge Landevej 55', city: 'Valby', country: 'DK', ...valby },
        dropoff_address: { address: 'Østhavnsvej 33', city: 'Aarhus', country: 'DK', ...aarhus },
        event_date: new Date().toISOString().slice(0, 10),
        start_time: '08:00',
        materials: [synergy.material!.id],
      });

      // Android first: the Navigate link is a geo: URI.
      const { context: android, page: androidPage } = await app.context({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36',
      });
      const openTrip = async (p: Page) => {
        await driverLogin(p, driver.email, phone);
        await expect.poll(() => p.getByTestId('trip').getAttribute('data-trip-id'), { timeout: 10_000 }).toBe(String(trip.id));
      };
      await openTrip(androidPage);
      expect(await androidPage.getByTestId('navigate').getAttribute('href')).toBe(
        'geo:55.657,12.505?q=55.657,12.505(Gammel%20K%C3%B8ge%20Landevej%2055%2C%20Valby)',
      );
      await android.close();

      // The phone this journey is driven with: Chromium's own user agent, so Navigate is a Google Maps directions link.
      const { context, page: p } = await app.context({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        geolocation: { latitude: 55.6705, longitude: 12.4562 },
        permissions: ['geolocation'],
      });
      await openTrip(p);
      const navigate = p.getByTestId('navigate');
      expect(await navigate.getAttribute('data-leg')).toBe('pickup');
      expect(await navigate.textContent()).toContain('Navigate to the pickup');
      const toPickup = new URL((await navigate.getAttribute('href'))!);
      expect(toPickup.origin + toPickup.pathname).toBe('https://www.google.com/maps/dir/');
      expect(toPickup.searchParams.get('destination')).toBe('55.657,12.505');
      expect(await navigate.getAttribute('target')).toBe('_blank');

      await p.getByRole('button', { name: 'Start Trip to Pickup' }).click();
      await expect.poll(() => p.getByTestId('trip-status').first().getAttribute('data-status'), { timeout: 10_000 }).toBe('ON_ROUTE');
      const tripMap = p.getByTestId('trip-map');
      // No ROUTING_URL here: the straight-line estimate, dashed and said to be one.
      await expect.poll(() => tripMap.getAttribute('data-route'), { timeout: 20_000 }).toBe('estimate');
      const pickupLabel = (await p.getByTestId('route-label').textContent())!;
      expect(pickupLabel).toMatch(/^Route to the pickup: [\d.]+ km, \d+ min \(straight-line estimate\)$/);
      expect(Number(pickupLabel.match(/([\d.]+) km/)![1])).toBeLessThan(10);
      const routeMap = p.getByTestId('route-map');
      let img = await mapPixels(p, routeMap, 'maps-driver-on-route-390');
      const routePixels = (i: ReturnType<typeof readPng>) => {
        let n = 0;
        for (let y = 0; y < i.height; y++) for (let x = 0; x < i.width; x++) if (near(i.px(x, y), ROUTE, 24)) n++;
        return n;
      };
      expect(routePixels(img), 'the route line to the pickup').toBeGreaterThan(40);
      await p.screenshot({ path: path.join(SHOTS, 'maps-driver-on-route-page-390.png'), fullPage: true });
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Arrived: the next leg is the drop-off, about 150 km away, not the last metres to the pickup.
      await p.getByRole('button', { name: 'Arrived at Pickup' }).click();
      await expect.poll(() => p.getByTestId('trip-status').first().getAttribute('data-status'), { timeout: 10_000 }).toBe('ARRIVED');
      await expect.poll(() => tripMap.getAttribute('data-leg')).toBe('dropoff');
      await expect.poll(() => p.getByTestId('route-label').textContent(), { timeout: 20_000 }).toMatch(/^Route to the drop-off: /);
      const dropLabel = (await p.getByTestId('route-label').textContent())!;
      expect(Number(dropLabel.match(/([\d.]+) km/)![1])).toBeGreaterThan(140);
      expect(await navigate.getAttribute('data-leg')).toBe('dropoff');
      expect(new URL((await navigate.getAttribute('href'))!).searchParams.get('destination')).toBe('56.162,10.2225');
      img = await mapPixels(p, routeMap, 'maps-driver-arrived-390');
      expect(routePixels(img), 'the route line to the drop-off').toBeGreaterThan(40);

      await p.getByRole('button', { name: 'Begin Delivery' }).click();
      await expect.poll(() => p.getByTestId('delivery-panel').count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => p.getByTestId('route-label').textContent(), { timeout: 20_000 }).toMatch(/^Route to the drop-off: /);
      await p.screenshot({ path: path.join(SHOTS, 'maps-driver-delivering-390.png'), fullPage: true });

      // Completing still in Copenhagen: the driver is asked first, and Cancel keeps the delivery going.
      await p.getByRole('button', { name: 'Complete Delivery' }).click();
      const question = p.getByTestId('far-from-dropoff');
      await expect
        .poll(() => question.textContent(), { timeout: 10_000 })
        .toMatch(/^You are 1\d\d(\.\d)? km from the drop-off\. Complete the delivery here anyway\?$/);
      await p.screenshot({ path: path.join(SHOTS, 'maps-driver-far-390.png') });
      await p.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      expect(await p.getByTestId('delivery-panel').count()).toBe(1);
      await p.getByRole('button', { name: 'Complete Delivery' }).click();
      await p.getByTestId('confirm-far').click();
      await expect.poll(() => p.getByText('No Active Trips').count(), { timeout: 20_000 }).toBe(1);

      const done = await api<{ status: string; completed_far_confirmed: boolean; completed_km_from_dropoff: number }>(
        url,
        'GET',
        `/admin/trips/${trip.id}`,
        admin,
      );
      expect(done).toMatchObject({ status: 'COMPLETED', completed_far_confirmed: true });
      expect(done.completed_km_from_dropoff).toBeGreaterThan(140);
      await context.close();
    },
  );

  it('shows a synergy’s companies the trip on the way and the driver on a map', { timeout: 120_000 }, async () => {
    const manager = await tokenOf(app.url, 'manager@example.com');
    const running = await api<{ items: { id: number; material: { title: string } | null }[] }>(
      app.url,
      'GET',
      '/api/exchanges?status=IN_PROGRESS&size=50',
      manager,
    );
    // The demo's weekly yeast collection: its driver is on the way to the Valby pickup.
    const synergy = running.items.find((x) => /yeast/i.test(x.material?.title ?? ''))!;
    const { context, page } = await app.page(390, 844);
    await login(page, 'manager@example.com');
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    const maps: string[] = [];
    page.on('request', (r) => {
      if (/\/map\/tiles|maplibre-gl-worker/.test(r.url())) maps.push(r.url());
    });
    await page.goto(`/synergies?exchange=${synergy.id}`);
    const card = page.locator(`[data-synergy-id="${synergy.id}"]`);
    const open = card.getByRole('button', { name: 'Show the trip on a map' });
    await open.waitFor({ timeout: 20_000 });
    // A page of cards downloads no map until one is opened.
    expect(maps).toEqual([]);
    await open.click();
    await card.getByTestId('synergy-driver-position').waitFor();
    const img = await mapPixels(page, card.getByTestId('route-map'), 'maps-synergy-trip-390');
    let driverDot = 0;
    for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) if (near(img.px(x, y), '#1f5fa8', 8)) driverDot++;
    expect(driverDot, 'the driver’s dot').toBeGreaterThan(50);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'maps-synergy-card-390.png') });
    await context.close();
  });
});
