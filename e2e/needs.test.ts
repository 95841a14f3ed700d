// Needs and saved searches in the browser: a company adds a need on "My needs"; a supplier nearby lists something that
// matches (through REST), and the need's company sees it live, in the bell and on the need, without reloading; the
// supplier finds the need under "Needs near you" and answers it with its listing; a search is saved on the database
// page. Phone width, Danish. Other test files share the server: every list is filtered to this run's rows.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, hasChromium, login, ROOT } from './harness';
import { api, approvedCompany, axeProblems, tokenOf } from './checks';
import { useApp } from './fixture';

const SHOTS = path.join(ROOT, '.test-results/screens');

/** Where this file's companies register: near its own spot on Zealand. */
const ZEALAND = { state: 'Region Zealand', city: 'Slagelse', zip_code: '4200' };

const bell = (page: Page) => page.getByTestId('notifications-button');

describe.skipIf(!hasChromium)('needs and saved searches', () => {
  const app = useApp();
  const run = Date.now().toString(36);
  const needTitle = `Oak pallets ${run}`;
  const listingTitle = `Oak pallet lot ${run}`;
  // Somewhere on Zealand, a little apart for every run, with nothing of the demo within a few kilometres.
  const at = { lat: 55.4 + (parseInt(run.slice(-3), 36) % 100) / 1000, lng: 11.35 };
  let groupId: number;
  let buyer: { email: string; password: string; token: string };
  let supplier: { email: string; password: string; token: string };

  beforeAll(async () => {
    if (!hasChromium) return;
    mkdirSync(SHOTS, { recursive: true });
    const admin = await tokenOf(app.url, 'admin@example.com');
    const groups = await api<{ items: { id: number }[] }>(app.url, 'GET', '/api/common/material-groups', null);
    groupId = groups.items[0]!.id;
    buyer = await approvedCompany(app.url, admin, `NeedBuyer${run} ApS`, { at, interested: groupId, providing: groupId, register: ZEALAND });
    supplier = await approvedCompany(app.url, admin, `NeedSupplier${run} ApS`, {
      at: { lat: at.lat, lng: at.lng + 0.05 },
      interested: groupId,
      providing: groupId,
      register: ZEALAND,
    });
  });

  it('adds a need, sees a matching new listing arrive live, and the supplier answers it', async () => {
    const { context, page } = await app.page();
    await login(page, buyer.email, buyer.password);
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await page.goto('/database');
    await page.getByTestId('market-tabs').getByRole('link', { name: 'My needs' }).click();
    await page.waitForURL((u) => u.pathname === '/needs');
    await page.getByText('Your company has no needs yet').waitFor();

    await page.getByTestId('add-need').click();
    const form = page.getByTestId('need-form');
    await form.getByLabel(/^What do you need\?/).fill(needTitle);
    await form.getByLabel(/^Description/).fill('Clean oak pallets for our workshop.');
    // The server's rules reach the form: no group chosen yet.
    await form.getByLabel(/^Quantity/).fill('40');
    await page.getByTestId('need-submit').click();
    await form.getByText('This field is required').first().waitFor();
    await form.getByLabel(/^Material group/).selectOption(String(groupId));
    await form.getByLabel(/^Within \(km\)/).fill('15');
    await page.getByTestId('need-submit').click();
    const card = page.locator('.need-card', { hasText: needTitle });
    await card.waitFor();
    expect(await card.getByTestId('need-matches-toggle').textContent()).toBe('0 matching listings');

    // A supplier 3 km away lists something in the group: the need's company is told at once.
    const listing = await api<{ id: number }>(app.url, 'POST', '/api/v2/materials', supplier.token, {
      title: listingTitle,
      description: 'Forty oak pallets, dry.',
      category: 'surplus',
      material_group_id: groupId,
      frequency: 'one-off',
      quantity: 40,
      condition: 'Good',
      type: 'Pallets',
      final_use: 'Reuse',
    });
    await page.getByTestId('notifications-dot').waitFor();
    await expect.poll(async () => card.getByTestId('need-matches-toggle').textContent()).toBe('1 matching listing');
    await card.getByTestId('need-matches-toggle').click();
    const match = card.getByTestId('need-matches').getByRole('link', { name: listingTitle });
    await match.waitFor();
    expect(await match.getAttribute('href')).toBe(`/material/${listing.id}`);
    await bell(page).click();
    // The company follows the group too, so the listing also arrives as a plain new listing; this is the need's.
    const told = page.getByTestId('notification').filter({ hasText: `A new listing matches your need “${needTitle}”: “${listingTitle}”` });
    await told.waitFor();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: path.join(SHOTS, 'needs-mine-1280-en.png') });

    // The supplier finds the need near it and answers with the listing.
    const other = await app.page();
    await login(other.page, supplier.email, supplier.password);
    await other.page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await other.page.goto(`/needs/near?proximity=20&q=${encodeURIComponent(needTitle)}`);
    const near = other.page.locator('.need-card', { hasText: needTitle });
    await near.waitFor();
    await near.getByTestId('answer-need').click();
    await near.getByLabel(/^Your listing/).selectOption(String(listing.id));
    await near.getByTestId('answer-submit').click();
    await other.page.getByTestId('snackbar').filter({ hasText: 'Your listing was sent to the company' }).waitFor();
    await other.page.screenshot({ path: path.join(SHOTS, 'needs-near-1280-en.png') });
    await other.context.close();

    await bell(page).click();
    await page
      .getByTestId('notification')
      .filter({ hasText: `answered your need “${needTitle}”` })
      .waitFor();
    await context.close();
  });

  it('saves a search on the database page and opens it again from the list', async () => {
    const { context, page } = await app.page();
    await login(page, buyer.email, buyer.password);
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await page.goto(`/database?q=${encodeURIComponent(listingTitle)}&proximity=20`);
    const box = page.getByTestId('saved-searches');
    await box.getByText('No saved searches yet', { exact: false }).waitFor();
    await page.getByTestId('save-search').click();
    await page.getByTestId('saved-search-name').fill(`Oak ${run}`);
    await page.getByTestId('saved-search-submit').click();
    const link = box.getByRole('link', { name: `Oak ${run}` });
    await link.waitFor();
    await box.screenshot({ path: path.join(SHOTS, 'saved-searches-1280-en.png') });
    expect(await link.getAttribute('href')).toBe(`/database?q=${encodeURIComponent(listingTitle).replace(/%20/g, '+')}&proximity=20`);
    const saved = await api<{ items: { name: string; notify: boolean }[] }>(app.url, 'GET', '/api/saved-searches', buyer.token);
    expect(saved.items).toEqual([expect.objectContaining({ name: `Oak ${run}`, notify: true })]);
    await page.goto('/database');
    await link.click();
    await page.getByTestId('results').getByText(listingTitle).waitFor();
    await context.close();
  });

  it('shows the demo company its need with matches, a neighbour’s need near it and its saved search, with no serious axe findings', async () => {
    const { context, page } = await app.page(1280, 900, { bypassCSP: true });
    await login(page, 'manager@example.com');
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await chooseLanguage(page, 'en');
    await page.goto('/needs');
    const own = page.locator('.need-card', { hasText: 'Cardboard and carton packaging' });
    await own.getByTestId('need-matches').waitFor();
    expect(await own.getByTestId('need-matches').locator('li').count()).toBeGreaterThan(0);
    expect(await axeProblems(page)).toEqual([]);
    await page.goto('/needs/near?q=Brewing%20by-products');
    await page.locator('.need-card', { hasText: 'Brewing by-products for feed trials' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await page.goto('/database');
    await page.getByTestId('saved-searches').getByRole('link', { name: 'Surplus within 20 km' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await context.close();
  });

  it('shows My needs on a phone in Danish without sideways scrolling', async () => {
    const { context, page } = await app.page(390, 844);
    await login(page, buyer.email, buyer.password);
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await page.goto('/needs');
    await chooseLanguage(page, 'dk');
    await page.getByRole('heading', { name: 'Mine behov' }).waitFor();
    await page.locator('.need-card', { hasText: needTitle }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'needs-mine-390-dk.png'), fullPage: true });
    await chooseLanguage(page, 'en');
    await context.close();
  });
});
