// The logistics journey ("Tests" and "Done when"): an administrator schedules a pickup for a synergy
// in progress; the driver, on a 390x844 phone with a simulated geolocation track, logs in, starts the trip,
// arrives, begins the delivery, moves about 2 km in steps and completes it; meanwhile the administrator's trip
// view shows the driver's position move without a reload. The synergy then shows about 2 km driven and its
// transport CO2e, and the admin calendar shows the trip COMPLETED. Set E2E_SHOTS=<dir> to keep screenshots.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasChromium, launchBrowser, login } from './harness';
import { addDriver, api, driverLogin, runningSynergy, tokenOf } from './checks';
import { serverUrl } from './fixture';

const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

// 0.001 degree of latitude on SPEC's 6371 km sphere is 111.195 m: steps of 200 m northwards.
const KM_PER_DEG = (6371 * Math.PI) / 180;
const START = { latitude: 55.657, longitude: 12.505 };
const north = (km: number) => ({ latitude: START.latitude + km / KM_PER_DEG, longitude: START.longitude });
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe.skipIf(!hasChromium)('logistics: schedule, drive with a simulated track, complete', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });
  const base = serverUrl;

  it('drives about 2 km on a phone and shows it on the synergy and the admin calendar', { timeout: 180_000 }, async () => {
    const url = base();
    const admin = await tokenOf(url, 'admin@example.com');
    const manager = await tokenOf(url, 'manager@example.com');
    const stamp = Date.now().toString(36);

    // ---- the administrator: a driver, a vehicle and a trip for the demo company's synergy in progress ----
    const phone = `+45 ${String(20_000_000 + (Date.now() % 70_000_000))}`;
    const driver = await addDriver(url, admin, { name: 'Journey Driver', local: `journey.${stamp}`, phone });
    const vehicle = await api<{ id: number; kgco2e_per_km: number }>(url, 'POST', '/admin/vehicles', admin, {
      vehicle_number: `JR ${stamp}`,
      make: 'Volvo',
      model: 'FL',
    });
    expect(vehicle.kgco2e_per_km).toBe(0.89061);
    const synergy = await runningSynergy(url, manager);
    const before = await api<{ transport: { trips: number; actual_distance_km: number; co2e_kg: number } }>(
      url,
      'GET',
      `/api/exchanges/${synergy.id}`,
      manager,
    );
    const trip = await api<{ id: number; status: string }>(url, 'POST', '/admin/trips', admin, {
      exchange_id: synergy.id,
      driver_id: driver.id,
      vehicle_id: vehicle.id,
      contact_person: 'Mette Jensen',
      pickup_address: { address: 'Gammel Køge Landevej 55', city: 'Valby', country: 'DK', latitude: START.latitude, longitude: START.longitude },
      dropoff_address: { address: 'Journey drop-off 2', city: 'Copenhagen', country: 'DK', ...north(2) },
      event_date: today(),
      start_time: '08:00',
      materials: [synergy.material!.id],
      notes: 'Journey test: two IBC totes.',
    });
    expect(trip.status).toBe('ASSIGNED');

    // ---- the administrator's trip view stays open on a desktop ----
    const deskContext = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    contexts.push(deskContext);
    const desk = await deskContext.newPage();
    await desk.goto('/admin/login');
    await login(desk, 'admin@example.com', DEMO_PASSWORD, '/admin/login');
    await desk.waitForURL(/\/admin\/panel/);
    const socket = desk.waitForEvent('websocket');
    await desk.goto(`/admin/trips/${trip.id}`);
    await socket;
    await expect.poll(() => desk.getByTestId('trip-status').first().getAttribute('data-status'), { timeout: 10_000 }).toBe('ASSIGNED');

    // ---- the driver: a phone at 390x844 with the position simulated ----
    const phoneContext = await browser.newContext({
      baseURL: url,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-GB',
      geolocation: START,
      permissions: ['geolocation'],
    });
    contexts.push(phoneContext);
    const p = await phoneContext.newPage();

    await driverLogin(p, driver.email, phone);
    await expect.poll(() => p.getByRole('tab', { name: 'Task #1' }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => p.getByTestId('trip').getAttribute('data-trip-id'), { timeout: 10_000 }).toBe(String(trip.id));
    await shot(p, 'driver-assigned-390');
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await p.getByRole('button', { name: 'Start Trip to Pickup' }).click();
    await expect.poll(() => p.getByTestId('trip-status').first().getAttribute('data-status'), { timeout: 10_000 }).toBe('ON_ROUTE');
    // Start opens the map (SPEC §4).
    await expect.poll(() => p.getByTestId('trip-map').count(), { timeout: 10_000 }).toBe(1);
    await shot(p, 'driver-on-route-390');
    // The administrator sees the trip on the way and the driver's position, live.
    await expect.poll(() => desk.getByTestId('trip-status').first().getAttribute('data-status'), { timeout: 20_000 }).toBe('ON_ROUTE');
    await expect.poll(() => desk.getByTestId('driver-position').textContent(), { timeout: 20_000 }).toContain(START.latitude.toFixed(4));

    await p.getByRole('button', { name: 'Arrived at Pickup' }).click();
    await expect.poll(() => p.getByTestId('trip-status').first().getAttribute('data-status'), { timeout: 10_000 }).toBe('ARRIVED');
    await p.getByRole('button', { name: 'Begin Delivery' }).click();
    await expect.poll(() => p.getByTestId('delivery-panel').count(), { timeout: 10_000 }).toBe(1);
    // The 1 s timer runs.
    const t0 = await p.getByTestId('elapsed').textContent();
    await expect.poll(() => p.getByTestId('elapsed').textContent(), { timeout: 5_000 }).not.toBe(t0);

    // ---- about 2 km in 200 m steps; each step must be counted before the next ----
    for (let i = 1; i <= 10; i++) {
      await phoneContext.setGeolocation(north(0.2 * i));
      const want = Math.round(0.2 * i * 100) / 100;
      await expect
        .poll(async () => Number((await p.getByTestId('distance').textContent())!.replace(/[^\d.]/g, '')), { timeout: 15_000 })
        .toBeCloseTo(want, 1);
    }
    await shot(p, 'driver-delivering-390');
    // The administrator's view followed the truck to where it is now, without a reload.
    await expect.poll(() => desk.getByTestId('driver-position').textContent(), { timeout: 20_000 }).toContain(north(2).latitude.toFixed(4));

    await p.getByRole('button', { name: 'Complete Delivery' }).click();
    await expect.poll(() => p.getByText('No Active Trips').count(), { timeout: 20_000 }).toBe(1);
    await shot(p, 'driver-no-trips-390');

    // ---- the synergy: about 2 km driven and its transport CO2e ----
    const after = await api<{ transport: { trips: number; actual_distance_km: number; actual_duration_min: number; co2e_kg: number } }>(
      url,
      'GET',
      `/api/exchanges/${synergy.id}`,
      manager,
    );
    expect(after.transport.trips).toBe(before.transport.trips + 1);
    const driven = after.transport.actual_distance_km - before.transport.actual_distance_km;
    expect(driven).toBeGreaterThanOrEqual(1.9);
    expect(driven).toBeLessThanOrEqual(2.1);
    expect(after.transport.co2e_kg - before.transport.co2e_kg).toBeCloseTo(driven * 0.89061, 2);

    const mContext = await browser.newContext({ baseURL: url, viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    contexts.push(mContext);
    const m = await mContext.newPage();
    await login(m, 'manager@example.com');
    await m.waitForURL((u) => !u.pathname.endsWith('/login'));
    await m.goto(`/synergies?exchange=${synergy.id}`);
    const card = m.locator(`[data-synergy-id="${synergy.id}"]`);
    await expect
      .poll(() => card.getByTestId('transport-distance').textContent(), { timeout: 20_000 })
      .toContain(`${after.transport.actual_distance_km} km`);
    expect(await card.getByTestId('transport-co2e').textContent()).toContain('kg');
    await card.scrollIntoViewIfNeeded();
    await shot(m, 'synergy-transport-390');

    // ---- the admin calendar shows the trip COMPLETED ----
    await desk.goto('/admin/trips');
    const chip = desk.locator(`[data-testid="calendar-trip"][data-trip-id="${trip.id}"]`);
    await expect.poll(() => chip.getAttribute('data-status'), { timeout: 20_000 }).toBe('COMPLETED');
    await shot(desk, 'admin-calendar-1280');
    await desk.getByRole('button', { name: 'Month' }).click();
    await expect.poll(() => chip.getAttribute('data-status'), { timeout: 20_000 }).toBe('COMPLETED');
    await shot(desk, 'admin-calendar-month-1280');
  });

  it('refuses to start a trip in the wrong order and says why on the phone', { timeout: 120_000 }, async () => {
    const url = base();
    const admin = await tokenOf(url, 'admin@example.com');
    const stamp = Date.now().toString(36);
    const driver = await addDriver(url, admin, { name: 'Order Driver', local: `order.${stamp}`, phone: '+45 31 41 59 26' });
    const login = await api<{ token: string }>(url, 'POST', '/api/common/driver/login', null, { email: driver.email, phone: '+45 31 41 59 26' });
    const manager = await tokenOf(url, 'manager@example.com');
    const synergy = await runningSynergy(url, manager);
    const trip = await api<{ id: number }>(url, 'POST', '/admin/trips', admin, {
      exchange_id: synergy.id,
      driver_id: driver.id,
      contact_person: 'A',
      pickup_address: { address: 'A 1', city: 'Valby', country: 'DK', ...START },
      dropoff_address: { address: 'B 2', city: 'Copenhagen', country: 'DK', ...north(1) },
      event_date: today(),
      start_time: '10:00',
      materials: [synergy.material!.id],
    });
    const res = await fetch(`${url}/api/driver/trips/${trip.id}/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
      body: JSON.stringify({ status: 'COMPLETED', actual_distance: 1, actual_duration: 1 }),
    });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toContain('one step at a time');
    const after = await api<{ status: string }>(url, 'GET', `/api/driver/trips/${trip.id}`, login.token);
    expect(after.status).toBe('ASSIGNED');
  });

  it('shows the admin logistics screens at 390 and 1280 px without sideways scrolling', { timeout: 180_000 }, async () => {
    const url = base();
    const manager = await tokenOf(url, 'manager@example.com');
    const admin = await tokenOf(url, 'admin@example.com');
    const running = await api<{ items: { id: number }[] }>(url, 'GET', '/api/exchanges?status=IN_PROGRESS&size=50', manager);
    const week = await api<{ items: { id: number }[] }>(url, 'GET', `/admin/trips?from=${today()}&to=${today()}`, admin);
    const paths = [
      '/admin/trips',
      '/admin/drivers',
      '/admin/vehicles',
      '/admin/trips/new',
      `/admin/trips/new?exchange=${running.items[0]!.id}`,
      `/admin/trips/${week.items[0]!.id}`,
    ];
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ baseURL: url, viewport: { width, height: 900 }, locale: 'en-GB' });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto('/admin/login');
      await login(page, 'admin@example.com', DEMO_PASSWORD, '/admin/login');
      await page.waitForURL(/\/admin\/panel/);
      for (const [i, target] of paths.entries()) {
        await page.goto(target);
        await expect.poll(() => page.locator('#page-title').count(), { timeout: 15_000 }).toBeGreaterThan(0);
        await expect.poll(() => page.locator('.state--loading').count(), { timeout: 20_000 }).toBe(0);
        await page.waitForTimeout(500);
        await shot(page, `admin-${i}-${width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${target} at ${width}`).toBeLessThanOrEqual(width);
      }
    }
  });
});
