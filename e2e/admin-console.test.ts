// The administrator console: an administrator adds a third-level subcategory that then appears in
// the manager's listing editor (and takes a listing), answers a help query sent from the help page (the mail lands
// in the outbox), reads the statistics with their CSV and the audit log of both actions; a digest's unsubscribe link
// works without logging in. Every admin screen is checked for sideways scroll at 390 px. E2E_SHOTS=<dir> keeps
// screenshots.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasChromium, login, chooseLanguage } from './harness';
import { fitsWidth } from './checks';
import { useApp } from './fixture';

const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

async function api<T>(base: string, url: string, token: string): Promise<T> {
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${res.status} GET ${url}: ${await res.text()}`);
  return (await res.json()) as T;
}
const tokenOf = async (base: string, username: string) => {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
};
type Outbox = { items: { to_address: string; subject: string; text_body: string; template: string }[] };

async function signIn(page: Page, who: string, loginPath = '/login') {
  await login(page, who, DEMO_PASSWORD, loginPath);
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  await chooseLanguage(page, 'en');
}

describe.skipIf(!hasChromium)('administrator console', () => {
  const app = useApp();
  const stamp = Date.now().toString(36);

  it('adds a third-level subcategory that the manager then picks in the listing editor', { timeout: 180_000 }, async () => {
    const leafName = `Cork offcuts ${stamp}`;
    const { context, page } = await app.page(1280, 900);
    await signIn(page, 'admin@example.com', '/admin/login');
    await page.getByRole('link', { name: 'Categories' }).first().click();
    await page.waitForURL((u) => u.pathname === '/admin/categories');
    const tree = page.getByTestId('category-tree');
    await tree.waitFor();
    // Wood › 03 (wood processing) › 0301: add a leaf without a code; it gets 0301 plus the next free number.
    const wood = tree.locator('li.cat-row--group').filter({ has: page.getByRole('button', { name: /^Wood$/ }) });
    await wood.getByRole('button', { name: /^Wood$/ }).click();
    const l1 = wood
      .locator('li.cat-row--l1')
      .filter({ hasText: /^\s*Wood processing/ })
      .first();
    await l1.getByRole('button', { expanded: false }).first().click();
    const l2 = l1.locator('li.cat-row--l2').filter({ has: page.locator('.cat-row__code', { hasText: /^0301$/ }) });
    await l2.getByRole('button', { name: /^Add a third level to / }).click();
    const dialog = page.getByTestId('node-form');
    await dialog.waitFor();
    // Bad input gets the field's message and changes nothing.
    await dialog.getByTestId('node-save').click();
    await dialog.getByText('This field is required').waitFor();
    await dialog.getByTestId('name-en').fill(leafName);
    await dialog.getByTestId('node-code').fill('0399');
    await dialog.getByTestId('node-save').click();
    await dialog.getByText('A code here starts with 0301.').waitFor();
    await dialog.getByTestId('node-code').fill('');
    await dialog.getByTestId('node-save').click();
    const created = page.getByTestId('snackbar').filter({ hasText: /Subcategory 0301\.\d+ created/ });
    await created.waitFor();
    const code = (await created.innerText()).match(/0301\.\d+/)![0];
    const leaf = l2.locator('li.cat-row--l3').filter({ hasText: leafName });
    await leaf.waitFor();
    expect(await leaf.locator('.cat-row__code').innerText()).toBe(code);
    await shot(page, 'categories-added-1280');

    // The manager, in another browser: the listing editor offers it under Wood › 03 › 0301 at once.
    const m = await app.page(390, 844);
    await signIn(m.page, 'manager@example.com');
    await m.page.goto('/account/manager-panel/offerings');
    await m.page.getByRole('button', { name: 'New listing' }).click();
    const editor = m.page.getByTestId('listing-editor');
    await editor.waitFor();
    await editor.getByLabel('Material group').selectOption({ label: 'Wood' });
    const first = editor.getByLabel('Subcategory');
    await first.locator('option', { hasText: /^03 · / }).waitFor({ state: 'attached' });
    await first.selectOption({ label: (await first.locator('option', { hasText: /^03 · / }).innerText()).trim() });
    const second = editor.getByLabel('Second level');
    await second.locator('option', { hasText: /^0301 · / }).waitFor({ state: 'attached' });
    await second.selectOption({ label: (await second.locator('option', { hasText: /^0301 · / }).innerText()).trim() });
    const third = editor.getByLabel('Third level');
    const option = third.locator('option', { hasText: leafName });
    await option.waitFor({ state: 'attached' });
    expect((await option.innerText()).trim()).toBe(`${code} · ${leafName}`);
    await third.selectOption({ label: `${code} · ${leafName}` });
    const title = `Cork ${stamp}`;
    await editor.getByLabel(/^Title/).fill(title);
    await editor.getByLabel(/^Category/).selectOption('by-product');
    await editor.getByLabel(/^Description/).fill('Natural cork offcuts from stopper punching.');
    await editor.getByLabel(/^Quantity \(kg\)/).fill('120');
    await editor.getByLabel(/^Frequency/).selectOption('monthly');
    await editor.getByLabel(/^Condition/).fill('Clean');
    await editor.getByLabel(/^Type/).fill('Cork');
    await editor.getByLabel(/^Final use/).fill('Insulation boards');
    await editor.getByRole('button', { name: 'Create listing' }).click();
    await m.page.getByTestId('snackbar').filter({ hasText: 'Offering created successfully' }).waitFor();
    expect(await fitsWidth(m.page)).toBe(true);
    await m.context.close();

    // The new leaf now has a listing: deleting it is refused with that number.
    await page.reload();
    await page.getByTestId('category-search').fill(leafName);
    const result = page.getByTestId('category-results').locator('li').filter({ hasText: leafName });
    await result.getByRole('button', { name: `Delete ${leafName}` }).click();
    await page.getByTestId('confirm-delete').click();
    await page.getByText('Listings using it: 1. Move them to another category first.').waitFor();
    await context.close();
  });

  it('answers a help query sent from the help page; the answer mail is in the outbox', { timeout: 120_000 }, async () => {
    const email = `asker.${stamp}@example.com`;
    const question = `Can we share our forklift on Fridays? (${stamp})`;
    const visitor = await app.page(390, 844);
    await visitor.page.goto('/help');
    await visitor.page.getByLabel(/^Name/).fill('Pia Asker');
    await visitor.page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await visitor.page.getByLabel(/^Subject/).fill(`Forklift ${stamp}`);
    await visitor.page.getByLabel(/^Message/).fill(question);
    await visitor.page.getByRole('button', { name: 'Send question' }).click();
    await visitor.page.getByText('Thank you, we received your question').waitFor();
    await visitor.context.close();

    const { context, page } = await app.page(390, 844);
    await signIn(page, 'admin@example.com', '/admin/login');
    await page.goto('/admin/queries');
    const list = page.getByTestId('query-list');
    await list.waitFor();
    // Unread first: the new question is at the top, in bold with its dot.
    const row = list.locator('li').first().locator('button');
    expect(await row.innerText()).toContain(`Forklift ${stamp}`);
    expect(await row.getAttribute('class')).toContain('query-row--unread');
    await row.click();
    const detail = page.getByTestId('query-detail');
    await detail.waitFor();
    await detail.getByText(question).waitFor();
    await page.getByTestId('query-send').click();
    await detail.getByText('This field is required').waitFor();
    await page.getByTestId('query-answer').fill('Yes: list the forklift as knowledge and space under Industrial and logistics space.');
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'query-answer-390');
    await page.getByTestId('query-send').click();
    await page.getByTestId('snackbar').filter({ hasText: 'Answer sent: the mail is in the outbox' }).waitFor();
    await list
      .locator('li')
      .filter({ hasText: `Forklift ${stamp}` })
      .getByText('Answered')
      .waitFor();

    const admin = await tokenOf(app.url, 'admin@example.com');
    const outbox = await api<Outbox>(app.url, '/admin/mail-outbox?size=50', admin);
    const mail = outbox.items.find((i) => i.to_address === email);
    expect(mail).toMatchObject({ template: 'query_answer', subject: `Re: Forklift ${stamp}` });
    expect(mail!.text_body).toContain('Yes: list the forklift');
    expect(mail!.text_body).toContain(question);

    // Both administrator actions are in the audit log, filtered by kind of object.
    await page.goto('/admin/audit-log');
    await page.getByTestId('audit-entity').selectOption({ label: 'Help query' });
    await page.getByTestId('audit-entry').filter({ hasText: 'answered by mail' }).filter({ hasText: email }).first().waitFor();
    await page.getByTestId('audit-entity').selectOption({ label: 'Subcategory' });
    await page
      .getByTestId('audit-entry')
      .filter({ hasText: 'created' })
      .filter({ hasText: `Cork offcuts ${stamp}` })
      .waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });

  it('shows the statistics with charts, tables and a CSV of the same months', { timeout: 120_000 }, async () => {
    const { context, page } = await app.page(1280, 900);
    await signIn(page, 'admin@example.com', '/admin/login');
    await page.goto('/admin/statistics');
    await page.getByTestId('stats-synergies-chart').locator('canvas').waitFor();
    await page.getByTestId('stats-impact-chart').locator('canvas').waitFor();
    const offers = await page.getByTestId('stats-total-offers').locator('.stats-tile__value').innerText();
    expect(Number(offers.replace(/\D/g, ''))).toBeGreaterThan(0);
    await page.getByTestId('stats-synergies-table').locator('summary').click();
    expect(await page.getByTestId('stats-synergies-table').locator('tbody tr').count()).toBe(12);
    const download = page.waitForEvent('download');
    await page.getByTestId('stats-csv').click();
    const file = await download;
    const csv = await readFile((await file.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^month,offers,synergies_started,/);
    expect(lines).toHaveLength(13);
    expect(file.suggestedFilename()).toMatch(/^statistics_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);

    // A custom period that ends before it starts gets the field's message and no new figures.
    await page.getByTestId('stats-preset').selectOption('custom');
    await page.getByTestId('stats-from').fill('2026-05-01');
    await page.getByTestId('stats-to').fill('2026-04-01');
    await page.getByText('The start date must not be after the end date').waitFor();
    expect(await page.getByTestId('stats-csv').isDisabled()).toBe(true);
    await shot(page, 'statistics-1280');
    await context.close();
  });

  it('unsubscribes a reader through the link in a digest, without logging in', async () => {
    const admin = await tokenOf(app.url, 'admin@example.com');
    const outbox = await api<Outbox>(app.url, '/admin/mail-outbox?size=100', admin);
    const digest = outbox.items.find((i) => i.template === 'newsletter_digest');
    expect(digest, 'the job sends last week’s digest to the demo subscribers at start').toBeDefined();
    const link = digest!.text_body.match(/\/newsletter\/unsubscribe\/[0-9a-f-]{36}/)![0];
    const { context, page } = await app.page(390, 844);
    await page.goto(link);
    await page.getByTestId('unsubscribe-ask').waitFor();
    await page.getByTestId('unsubscribe').click();
    await page.getByTestId('unsubscribed').waitFor();
    await page.reload();
    await page.getByTestId('unsubscribed').waitFor();
    await context.close();
  });

  it('fits every admin screen into 390 px, in Danish too', { timeout: 120_000 }, async () => {
    const { context, page } = await app.page(390, 844);
    await signIn(page, 'admin@example.com', '/admin/login');
    const savedDk = page.waitForResponse((r) => r.url().includes('users.setLanguage') && r.ok());
    await page.getByTestId('language-select').first().selectOption('dk');
    await savedDk;
    await page.waitForFunction(() => document.documentElement.lang === 'da');
    for (const url of [
      '/admin/statistics',
      '/admin/queries',
      '/admin/categories',
      '/admin/audit-log',
      '/admin/outbox',
      '/admin/jobs',
      '/admin/categories/impact',
      '/admin/newsletter',
    ]) {
      await page.goto(url);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await fitsWidth(page), url).toBe(true);
    }
    expect(await page.locator('h1').first().innerText()).toBe('Nyhedsbrev');
    await shot(page, 'newsletter-dk-390');
    // Put the shared demo account back to English for the other test files.
    const savedEn = page.waitForResponse((r) => r.url().includes('users.setLanguage') && r.ok());
    await page.getByTestId('language-select').first().selectOption('en');
    await savedEn;
    await context.close();
  });
});
