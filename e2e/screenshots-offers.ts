// Review screenshots of the offer and synergy screens (390 px and 1280 px, en, dk and my) into
// .test-results/screens: `node --import tsx e2e/screenshots-offers.ts [en|dk|my]`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, ensureBuilt, launchBrowser, login, newPage, ROOT, startServer } from './harness';

const out = path.join(ROOT, '.test-results/screens');
mkdirSync(out, { recursive: true });
ensureBuilt();
const server = await startServer();
const browser = await launchBrowser();
const languages = process.argv[2] ? [process.argv[2]] : ['en', 'dk'];

async function api<T>(url: string, token?: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`${res.status} ${url}: ${await res.text()}`);
  return (await res.json()) as T;
}

const { token } = await api<{ token: string }>('/api/auth/login', undefined, {
  method: 'POST',
  body: JSON.stringify({ username: 'manager@example.com', password: DEMO_PASSWORD }),
});
// A listing the demo company has a pending offer on, and one of another company it has none on.
const made = await api<{ items: { material: { id: number } }[] }>('/api/offers?direction=made&status=pending', token);
const pendingOn = made.items[0]!.material.id;
const received = await api<{ items: { material: { id: number }; offering_company: { id: number } }[] }>('/api/offers/pending', token);
const exchanges = await api<{ items: { id: number; level_of_completion: string }[] }>('/api/exchanges?page=0&size=20', token);
const inProgress = exchanges.items.find((x) => x.level_of_completion === 'IN_PROGRESS')!.id;

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
}

try {
  for (const lang of languages) {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, server.url, width, 900);
      await page.goto('/login');
      await page.evaluate((l) => localStorage.setItem('synergy.language', l), lang);
      await login(page, 'manager@example.com');
      await page.waitForURL((u) => !u.pathname.endsWith('/login'));
      const suffix = `${lang}-${width}`;

      await page.goto('/pending-offers');
      await page.getByTestId('offers-made').locator('.offer-row, .state').first().waitFor();
      await shoot(page, `offers-pending-${suffix}`);

      await page.goto(`/synergies?exchange=${inProgress}`);
      await page.locator('[data-testid="synergy-stats"][aria-busy="false"]').waitFor();
      await page.locator('.synergy--highlighted').waitFor();
      await shoot(page, `offers-synergies-${suffix}`);

      await page.locator('.synergy--highlighted button').first().click();
      await page.getByTestId('end-form').waitFor();
      await page.getByTestId('end-confirm').click();
      await shoot(page, `offers-end-dialog-${suffix}`);
      await page.keyboard.press('Escape');

      await page.goto(`/material/${pendingOn}`);
      await page.getByTestId('my-offer').waitFor();
      await shoot(page, `offers-material-pending-${suffix}`);
      await context.close();

      // Another company's view of one of the demo company's listings: the offer dialog.
      const other = await newPage(browser, server.url, width, 900);
      await other.page.goto('/login');
      await other.page.evaluate((l) => localStorage.setItem('synergy.language', l), lang);
      await login(other.page, 'olivia.bennett@example.org');
      await other.page.waitForURL((u) => !u.pathname.endsWith('/login'));
      await other.page.goto(`/material/${received.items[0]!.material.id}`);
      await other.page.locator('.offer-panel button').first().click();
      await other.page.getByTestId('offer-form').waitFor();
      await other.page.getByTestId('offer-submit').click();
      await shoot(other.page, `offers-make-dialog-${suffix}`);
      await other.context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screenshots in ${out}`);
