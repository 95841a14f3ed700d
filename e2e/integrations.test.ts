// Manager panel → Integrations: the demo manager sees the demo ERP key and webhook with its deliveries, makes a key
// (its secret shown once, with a copy button) and revokes it, registers a webhook (its signing secret shown once) and
// deletes it, on a desktop and on a phone, and the section in Danish. E2E_SHOTS=<dir> keeps screenshots.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, DEMO_PASSWORD, hasChromium, login } from './harness';
import { fitsWidth } from './checks';
import { useApp } from './fixture';

const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

async function openIntegrations(page: Page, url: string) {
  await login(page, 'manager@example.com', DEMO_PASSWORD);
  await page.waitForURL((u) => u.pathname !== '/login');
  await chooseLanguage(page, 'en');
  await page.goto(`${url}/account/manager-panel`);
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await page.waitForURL((u) => u.pathname === '/account/manager-panel/integrations');
  await page.getByTestId('integrations').waitFor();
}

/**
 * The demo's failed delivery. Other browser tests' offers reach the demo webhook too (this server is shared), and
 * deliveries list newest first: page on until it shows.
 */
async function seededFailure(dialog: Locator) {
  const failed = dialog.getByRole('row').filter({ hasText: 'Failed' });
  const next = dialog.getByRole('button', { name: 'Next page' });
  await dialog.getByRole('row').nth(1).waitFor();
  for (let i = 0; i < 20 && (await failed.count()) === 0; i++) {
    if ((await next.count()) === 0 || !(await next.isEnabled())) break;
    await next.click();
    await dialog.page().waitForLoadState('networkidle');
  }
  await failed.first().waitFor();
  return failed.first();
}

describe.skipIf(!hasChromium)('integrations', () => {
  const app = useApp();

  it('a manager makes and revokes an API key, registers and deletes a webhook, and reads deliveries', { timeout: 120_000 }, async () => {
    const { context, page } = await app.page(1280, 900);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openIntegrations(page, app.url);

    // The demo ERP's key and webhook, and its deliveries: delivered, delivered on the third try, failed.
    await page.getByRole('row').filter({ hasText: 'ERP sync' }).waitFor();
    const demoHook = page.getByRole('row').filter({ hasText: 'erp.oresund-brewery.localhost' });
    await demoHook.getByRole('button', { name: 'Deliveries' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deliveries' });
    const failed = await seededFailure(dialog);
    expect(await failed.getByRole('button', { name: 'Send again' }).count()).toBe(1);
    expect(
      await dialog
        .getByRole('row')
        .filter({ hasText: /Delivered|Failed|Retrying|Waiting|Pending/ })
        .count(),
    ).toBeGreaterThan(0);
    await shot(page, 'integrations-deliveries-1280');
    await page.keyboard.press('Escape');

    // A new key: its secret once, copied with the button, then only its prefix in the list.
    const name = `Warehouse ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByTestId('api-key-add').click();
    await page.getByLabel('Name').fill(name);
    await page.getByTestId('api-key-scope-write').check();
    await page.getByTestId('api-key-create').click();
    const secret = await page.getByTestId('api-key-secret').inputValue();
    expect(secret).toMatch(/^sk_live_/);
    await page.getByTestId('api-key-secret-copy').click();
    await page.getByTestId('api-key-secret-copy').getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot(page, 'integrations-key-secret-1280');
    // The secret works on the REST API as the company.
    const me = await page.request.get(`${app.url}/api/offers`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(me.status()).toBe(200);
    await page.getByTestId('api-key-done').click();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    await row.getByRole('button', { name: `Revoke key ${name}` }).click();
    await page.getByTestId('api-key-revoke-confirm').click();
    await row.waitFor({ state: 'detached' });
    const revoked = await page.request.get(`${app.url}/api/offers`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(revoked.status()).toBe(401);

    // A webhook (on this machine's loopback, so no test ever sends outside): its signing secret once.
    const url = `https://127.0.0.1:9/hooks/${Math.random().toString(36).slice(2, 7)}`;
    await page.getByTestId('webhook-add').click();
    await page.getByLabel('Address (https://)').fill(url);
    await page.getByTestId('webhook-event-donation.denied').uncheck();
    await page.getByTestId('webhook-create').click();
    expect(await page.getByTestId('webhook-secret').inputValue()).toMatch(/^whsec_/);
    await page.getByTestId('webhook-done').click();
    const hookRow = page.getByRole('row').filter({ hasText: url });
    await hookRow.waitFor();
    await shot(page, 'integrations-1280');
    await hookRow.getByRole('button', { name: `Delete webhook ${url}` }).click();
    await page.getByTestId('webhook-delete-confirm').click();
    await hookRow.waitFor({ state: 'detached' });
    await context.close();
  });

  it('fits a phone and speaks Danish', { timeout: 120_000 }, async () => {
    const { context, page } = await app.page(390, 844);
    await openIntegrations(page, app.url);
    await page.getByRole('row').filter({ hasText: 'ERP sync' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'integrations-390');
    await page.getByRole('row').filter({ hasText: 'erp.oresund-brewery.localhost' }).getByRole('button', { name: 'Deliveries' }).click();
    await seededFailure(page.getByRole('dialog', { name: 'Deliveries' }));
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'integrations-deliveries-390');
    await page.keyboard.press('Escape');
    await chooseLanguage(page, 'dk');
    try {
      await page.getByRole('heading', { name: 'API-nøgler' }).waitFor();
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await shot(page, 'integrations-dk-390');
    } finally {
      // The choice is saved on the shared demo account: put it back for the other test files.
      await chooseLanguage(page, 'en');
      await context.close();
    }
  });
});
