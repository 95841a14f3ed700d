// Operations a company can trust, in Chromium (docs/decisions/0175, 0178):
// - stock: an accepted offer reserves its quantity; another company sees what is left ("4 kg of 10 kg available"),
//   cannot ask for more, and once the rest is accepted sees "Fully reserved" with no offer button, and the listing
//   leaves its search;
// - trips: with the synergy card open on both sides (the requester on a phone, in Danish), an administrator
//   schedules a pickup and the driver starts it: the card shows the trip's status, date and driver, and each
//   company's bell gets the notification live, in the reader's language.
// Set E2E_SHOTS=<dir> to keep screenshots.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './fixture';
import { chooseLanguage, hasChromium, login } from './harness';
import { api, tokenOf } from './checks';

const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

const SELLER = 'manager@example.com';
const DANISH_BUYER = 'karen.lund@example.org';
const ENGLISH_BUYER = 'olivia.bennett@example.org';

/** A listing of the demo company (Øresund) with a unique title, so searches find only it. */
async function newListing(base: string, token: string, title: string, quantity: number) {
  return api<{ id: number; title: string }>(base, 'POST', '/api/v2/materials', token, {
    title,
    description: 'Clean returnable kegs, collected from our Valby site.',
    category: 'surplus',
    frequency: 'monthly',
    quantity,
    condition: 'Good',
    type: 'Kegs',
    final_use: 'Reuse',
  });
}

async function offerAndAccept(base: string, buyer: string, seller: string, materialId: number, quantity: number) {
  const offer = await api<{ id: number }>(base, 'POST', '/api/offers', buyer, { material_id: materialId, quantity, message: 'We can collect.' });
  return api<{ exchange_id: number }>(base, 'POST', '/api/offers/review', seller, { id: offer.id, decision: 'accept' });
}

async function signIn(page: Page, username: string, lang: 'en' | 'dk') {
  await login(page, username);
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  await chooseLanguage(page, lang);
}

describe.skipIf(!hasChromium)('stock and trips a company can trust', () => {
  const app = useApp();

  it('shows what accepted offers leave, refuses more, and takes a fully reserved listing out of search with “Fully reserved” on its page', async () => {
    const base = app.url;
    const seller = await tokenOf(base, SELLER);
    const title = `Steel kegs ${Date.now().toString(36)}`;
    const listing = await newListing(base, seller, title, 10);
    await offerAndAccept(base, await tokenOf(base, DANISH_BUYER), seller, listing.id, 6);

    const { page } = await app.page(390, 844);
    await signIn(page, ENGLISH_BUYER, 'en');
    await page.goto(`/database?proximity=any&q=${encodeURIComponent(title)}`);
    const card = page.getByTestId('results').getByTestId('listing-card').filter({ hasText: title });
    await card.waitFor();
    expect((await card.getByTestId('stock-line').textContent())?.replace(/\s/g, ' ')).toBe('4 kg of 10 kg available');
    await card.getByRole('link').first().click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(await page.getByTestId('available-quantity').textContent()).toMatch(/^4\s*kg$/);

    // Asking for more than is left is refused in the form, naming what is left.
    await page.getByRole('button', { name: 'Make an offer' }).click();
    const form = page.getByRole('dialog', { name: 'Make an offer' }).getByTestId('offer-form');
    await form.getByLabel(/^Quantity/).fill('5');
    await form.getByLabel(/^Message/).fill('Five please.');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await form.getByText('Ask for at most 4: accepted offers reserve the rest of this listing').waitFor();
    await form.getByLabel(/^Quantity/).fill('4');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await page.getByTestId('my-offer').waitFor();

    // The seller accepts it: nothing is left.
    const made = await api<{ items: { id: number; material: { id: number } }[] }>(
      base,
      'GET',
      `/api/offers?direction=made&status=pending&material_id=${listing.id}`,
      await tokenOf(base, ENGLISH_BUYER),
    );
    await api(base, 'POST', '/api/offers/review', seller, { id: made.items[0]!.id, decision: 'accept' });
    await page.reload();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByTestId('fully-reserved').waitFor();
    expect(await page.getByTestId('fully-reserved').textContent()).toBe('Fully reserved');
    expect(await page.getByRole('button', { name: 'Make an offer' }).count()).toBe(0);
    await page.getByTestId('no-offers-fully-reserved').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'fully-reserved-390');

    await page.goto(`/database?proximity=any&q=${encodeURIComponent(title)}`);
    await page.getByText('No listings match these filters').waitFor();
  });

  it('shows the running trip on the synergy card of both companies and tells each, live and in its language', { timeout: 120_000 }, async () => {
    const base = app.url;
    const seller = await tokenOf(base, SELLER);
    const buyer = await tokenOf(base, DANISH_BUYER);
    const admin = await tokenOf(base, 'admin@example.com');
    const stamp = Date.now().toString(36);
    const listing = await newListing(base, seller, `Keg pickup ${stamp}`, 100);
    const { exchange_id: synergyId } = await offerAndAccept(base, buyer, seller, listing.id, 40);

    // The requester on a phone in Danish, the provider on a desktop in English, both on the synergy.
    const phone = await app.page(390, 844);
    const desk = await app.page(1280, 900);
    await signIn(phone.page, DANISH_BUYER, 'dk');
    await signIn(desk.page, SELLER, 'en');
    const cards: [Page, ReturnType<Page['locator']>][] = [];
    for (const page of [phone.page, desk.page]) {
      const socket = page.waitForEvent('websocket');
      await page.goto(`/synergies?exchange=${synergyId}`);
      await socket;
      const card = page.locator(`[data-testid="synergy"][data-synergy-id="${synergyId}"]`).first();
      await card.waitFor();
      expect(await card.getByTestId('synergy-trip').count()).toBe(0);
      cards.push([page, card]);
    }

    // An administrator schedules the pickup for tomorrow at 10:00.
    const driverPhone = `+45 ${String(30_000_000 + (Date.now() % 60_000_000))}`;
    const driver = await api<{ id: number; name: string; email: string }>(base, 'POST', '/admin/drivers', admin, {
      name: `Trip Driver ${stamp}`,
      email: `trip.${stamp}@fleet.example`,
      phone: driverPhone,
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const trip = await api<{ id: number }>(base, 'POST', '/admin/trips', admin, {
      exchange_id: synergyId,
      driver_id: driver.id,
      contact_person: 'Mette Jensen',
      pickup_address: { address: 'Gammel Køge Landevej 55', city: 'Valby', country: 'DK', latitude: 55.657, longitude: 12.505 },
      dropoff_address: { address: 'Refshalevej 163A', city: 'København K', country: 'DK', latitude: 55.6925, longitude: 12.6105 },
      event_date: tomorrow,
      start_time: '10:00',
      materials: [listing.id],
    });

    // Both cards show it without a reload, and both bells light up.
    for (const [page, card] of cards) {
      const block = card.getByTestId('synergy-trip');
      await block.waitFor({ timeout: 15_000 });
      expect(await block.getByTestId('trip-status').getAttribute('data-status')).toBe('ASSIGNED');
      expect(await block.getByTestId('synergy-trip-driver').textContent()).toBe(driver.name);
      expect(await block.getByTestId('synergy-trip-when').textContent()).toContain('10:00');
      await page.getByTestId('notifications-dot').waitFor({ timeout: 15_000 });
    }
    // Each reads it in its own language.
    const [dk, en] = cards.map(([page]) => page);
    await dk!.getByTestId('notifications-button').click();
    await expect.poll(() => dk!.getByTestId('notification').first().textContent()).toContain(`Afhentning af “Keg pickup ${stamp}” planlagt`);
    await en!.getByTestId('notifications-button').click();
    await expect.poll(() => en!.getByTestId('notification').first().textContent()).toContain(`Pickup for “Keg pickup ${stamp}” scheduled`);
    await dk!.keyboard.press('Escape');
    await en!.keyboard.press('Escape');

    // The driver starts it: the cards follow, live.
    const { token: driverToken } = await api<{ token: string }>(base, 'POST', '/api/common/driver/login', null, {
      email: driver.email,
      phone: driverPhone,
    });
    await api(base, 'PUT', `/api/driver/trips/${trip.id}/status`, driverToken, { status: 'ON_ROUTE' });
    for (const [, card] of cards) {
      await expect
        .poll(() => card.getByTestId('synergy-trip').getByTestId('trip-status').getAttribute('data-status'), { timeout: 15_000 })
        .toBe('ON_ROUTE');
    }
    await dk!.getByTestId('notifications-button').click();
    await expect.poll(() => dk!.getByTestId('notification').first().textContent()).toContain(`er på vej til afhentningen af “Keg pickup ${stamp}”`);
    await dk!.keyboard.press('Escape');
    expect(await dk!.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(dk!, 'synergy-trip-390-dk');
    await shot(en!, 'synergy-trip-1280-en');
  });
});
