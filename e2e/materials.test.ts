// Materials marketplace journey: a manager lists an offering with a photo; a company ~3 km away finds it
// with the 5 km filter, one ~30 km away does not (but does within 40 km); the manager then deactivates and
// archives it with the buttons its status allows. Plus: maplibre stays out of the landing page and loads with
// the map view.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, login } from './harness';
import { approvedCompany, makePng, revealMap, tokenOf } from './checks';
import { useApp } from './fixture';

/** The manager's company (demo seed "oresund") primary address, Refshalevej, Copenhagen. */
const MANAGER_HOME = { lat: 55.6925, lng: 12.6105 };
const KM_PER_DEG_LAT = 111.195;
/** A point `km` north of the manager's company (great-circle distance equals km along a meridian). */
const north = (km: number) => ({ lat: MANAGER_HOME.lat + km / KM_PER_DEG_LAT, lng: MANAGER_HOME.lng });

// ---- a small valid PNG, built here so the test needs no fixture file ---------------------------------------

async function loginAndWait(page: Page, username: string, password?: string, path?: string) {
  await login(page, username, password, path);
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  // Other test files may leave a shared demo account in another language (it is stored on the user).
  const language = page.getByTestId('language-select').first();
  await language.waitFor({ state: 'attached' });
  if ((await language.inputValue()) !== 'en') await language.selectOption('en');
}

describe.skipIf(!hasChromium)('materials marketplace', () => {
  const app = useApp();
  const title = `E2E oak pallets ${Date.now().toString(36)}`;
  let near: { email: string; password: string };
  let far: { email: string; password: string };

  beforeAll(async () => {
    if (!hasChromium) return;
    const admin = await tokenOf(app.url, 'admin@example.com');
    near = await approvedCompany(app.url, admin, `Nearby ${Date.now().toString(36)} ApS`, { at: north(3) });
    far = await approvedCompany(app.url, admin, `Faraway ${Date.now().toString(36)} ApS`, { at: north(30) });
  });

  it('a manager creates a listing with a photo from the offerings tab', async () => {
    const { context, page } = await app.page();
    await loginAndWait(page, 'manager@example.com');
    await page.goto('/account/manager-panel/offerings');
    await page.getByRole('button', { name: 'New listing' }).click();
    const editor = page.getByTestId('listing-editor');
    await editor.waitFor();

    // The shared schema's rules show before anything is sent.
    await editor.getByRole('button', { name: 'Create listing' }).click();
    expect(await editor.getByText('This field is required').count()).toBeGreaterThanOrEqual(5);

    await editor.getByLabel(/^Title/).fill(title);
    await editor.getByText(`${title.length}/50`).waitFor();
    await editor.getByLabel(/^Category/).selectOption('surplus');
    await editor.getByLabel(/^Description/).fill('Heat-treated oak pallets, 120 x 80 cm, stacked in our yard.');
    await editor.getByLabel(/^Quantity \(kg\)/).fill('1.5');
    await editor.getByLabel(/^Frequency/).selectOption('monthly');
    await editor.getByLabel(/^Condition/).fill('Used, sound');
    await editor.getByLabel(/^Type/).fill('Wooden packaging');
    await editor.getByLabel(/^Final use/).fill('Reuse as pallets');
    await editor.getByLabel('12. Responsible Consumption and Production').check();
    // The company's addresses come from companies.myAddresses; a new listing starts at the primary one.
    const location = editor.getByLabel(/^Location/);
    await location.locator('option', { hasText: '(primary)' }).waitFor({ state: 'attached' });
    expect(await location.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toMatch(/^Refshalevej [^,]+, [^,]+ \(primary\)$/);
    await editor.getByRole('button', { name: 'Create listing' }).click();
    await editor.getByText('Quantity must be a whole number').waitFor();
    await editor.getByLabel(/^Quantity \(kg\)/).fill('640');

    await editor.getByLabel('Add photos').setInputFiles({ name: 'pallets.png', mimeType: 'image/png', buffer: makePng(48, 36) });
    await editor.getByRole('img', { name: 'Photo 1' }).waitFor();
    await editor.getByRole('button', { name: 'Create listing' }).click();

    await page.getByTestId('snackbar').filter({ hasText: 'Offering created successfully' }).waitFor();
    // Saving resets the editor and refetches the list.
    await page.getByTestId('listing-editor').waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.getByText('Active').count()).toBe(1);

    // The detail page shows the stored photo and the owner's actions.
    await row.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { name: title }).waitFor();
    const photo = page.locator('img.gallery__main, .gallery img').first();
    await photo.waitFor();
    expect(await photo.getAttribute('src')).toMatch(/^\/files\//);
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    expect(await page.getByText('Responsible Consumption and Production').count()).toBe(1);
    await context.close();
  });

  it('a company 3 km away finds the listing within 5 km', async () => {
    const { context, page } = await app.page();
    await loginAndWait(page, near.email, near.password);
    await page.goto('/database');
    await page.getByLabel('Distance').selectOption('5');
    await page.waitForURL((u) => u.searchParams.get('proximity') === '5');
    await page.getByRole('searchbox', { name: 'Search' }).fill(title);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === title);
    const results = page.getByTestId('results');
    const card = results.getByTestId('listing-card').filter({ hasText: title });
    await card.waitFor();
    expect(await card.getByTestId('listing-distance').textContent()).toBe('3 km');
    // The previous page (every listing within 5 km) stays until the search answers.
    await expect.poll(() => results.getByTestId('listing-card').count()).toBe(1);
    // Filters are in the URL: reloading keeps them.
    await page.reload();
    await card.waitFor();
    expect(await page.getByLabel('Distance').inputValue()).toBe('5');
    await card.getByRole('link').click();
    await page.getByRole('heading', { name: title }).waitFor();
    const offer = page.getByRole('button', { name: 'Make an offer' });
    // Another company's listing takes offers (e2e/offers.test.ts walks the dialog).
    expect(await offer.isEnabled()).toBe(true);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/database' && u.searchParams.get('proximity') === '5');
    await context.close();
  });

  it('a company 30 km away does not find it within 5 km, but does within 40 km', async () => {
    const { context, page } = await app.page(390, 844);
    await loginAndWait(page, far.email, far.password);
    await page.goto(`/database?proximity=5&q=${encodeURIComponent(title)}`);
    await page.getByRole('heading', { name: 'No listings match these filters' }).waitFor();
    await page.getByLabel('Distance').selectOption('40');
    const card = page.getByTestId('results').getByTestId('listing-card').filter({ hasText: title });
    await card.waitFor();
    expect(await card.getByTestId('listing-distance').textContent()).toBe('30 km');
    await context.close();
  });

  it('offers the status actions the shared transition table allows, and follows them', async () => {
    const { context, page } = await app.page();
    await loginAndWait(page, 'manager@example.com');
    await page.goto('/account/manager-panel/offerings');
    const row = page.getByRole('row').filter({ hasText: title });
    const actions = () => row.locator('.row-actions .row-actions > button').allTextContents();
    await row.waitFor();
    expect(await actions()).toEqual(['Deactivate', 'Archive', 'Delete']);

    await row.getByRole('button', { name: `Deactivate: ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByTestId('snackbar').filter({ hasText: 'Offering deactivated' }).waitFor();
    await expect.poll(actions).toEqual(['Re-activate', 'Archive', 'Delete']);
    expect(await row.getByText('Deactivated', { exact: true }).count()).toBe(1);

    await row.getByRole('button', { name: `Archive: ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
    await page.getByTestId('snackbar').filter({ hasText: 'Offering archived' }).waitFor();
    await expect.poll(actions).toEqual(['Re-activate', 'Delete']);
    expect(await row.getByText('Archived', { exact: true }).count()).toBe(1);
    await context.close();
  });
});

describe.skipIf(!hasChromium)('bulk upload', () => {
  const app = useApp();

  it('a manager requests access, an administrator grants it, and a CSV is checked row by row before import', async () => {
    const manager = await app.page();
    await loginAndWait(manager.page, 'manager@example.com');
    await manager.page.goto('/account/manager-panel/offerings');
    const bulk = manager.page.getByTestId('bulk-upload');
    await bulk.getByRole('button', { name: 'Request bulk upload access' }).click();
    await bulk.getByText('Access requested: pending review').waitFor();

    const admin = await app.page();
    await loginAndWait(admin.page, 'admin@example.com', undefined, '/admin/login');
    await admin.page.goto('/admin/offerings');
    const request = admin.page.getByRole('row').filter({ hasText: 'Øresund Brewing Group' });
    await request.getByRole('button', { name: /^Grant/ }).click();
    await admin.page.getByTestId('snackbar').filter({ hasText: 'Bulk upload access granted' }).waitFor();
    await admin.context.close();

    await manager.page.reload();
    await bulk.getByText('Access granted').waitFor();
    const header = 'title,description,category,material_group_code,frequency,quantity,condition,type,final_use,sdg_goals';
    const good = 'Bulk crate lids,Lids from returned crates,waste,150102,monthly,120,Used,Plastic,Regrind,12';
    await bulk.getByLabel('CSV file').setInputFiles({
      name: 'listings.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\r\n${good}\r\n,No title,waste,,weekly,1.5,Used,Plastic,Regrind,\r\n`),
    });
    await bulk.getByRole('button', { name: 'Upload', exact: true }).click();
    const report = bulk.getByRole('table', { name: 'Errors by row' });
    await report.waitFor();
    expect(await report.getByRole('row').filter({ hasText: 'Quantity must be a whole number' }).getByRole('cell').first().textContent()).toBe('3');
    expect(await report.getByRole('row').filter({ hasText: 'title' }).count()).toBe(1);

    await bulk.getByLabel('CSV file').setInputFiles({ name: 'listings.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\r\n${good}\r\n`) });
    await bulk.getByRole('button', { name: 'Upload', exact: true }).click();
    await bulk.getByTestId('bulk-imported').waitFor();
    expect(await bulk.getByTestId('bulk-imported').textContent()).toBe('Listings imported: 1');
    await manager.page.getByRole('row').filter({ hasText: 'Bulk crate lids' }).waitFor();
    await manager.context.close();
  });
});

describe.skipIf(!hasChromium)('map chunk', () => {
  const app = useApp();

  async function scriptsOf(page: Page, run: () => Promise<void>) {
    const urls = new Set<string>();
    page.on('response', (r) => {
      if (/\.m?js(\?|$)/.test(r.url())) urls.add(r.url());
    });
    await run();
    await page.waitForLoadState('networkidle');
    return [...urls];
  }
  const isMaplibre = async (url: string) => /maplibregl-(map|canvas)/.test(await (await fetch(url)).text());

  it('keeps maplibre out of the landing page and loads it with the map view', async () => {
    const landing = await app.page();
    const landingScripts = await scriptsOf(landing.page, async () => {
      await landing.page.goto('/');
      await landing.page.getByRole('link', { name: 'Get started' }).waitFor();
    });
    await landing.context.close();
    expect(landingScripts.length).toBeGreaterThan(0);
    for (const url of landingScripts) expect(await isMaplibre(url), url).toBe(false);

    const user = await app.page();
    await loginAndWait(user.page, 'member@example.com');
    const mapScripts = await scriptsOf(user.page, async () => {
      await user.page.goto('/database?view=map&proximity=any');
      await revealMap(user.page);
      await user.page.getByTestId('results-map').locator('canvas').waitFor();
    });
    const loadedMaplibre = await Promise.all(mapScripts.map(isMaplibre));
    expect(loadedMaplibre.some(Boolean)).toBe(true);
    await user.context.close();
  });
});
