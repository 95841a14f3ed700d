// Notifications (SPEC §4, §9): a fresh company interested in a material group gets one notification per
// new listing in that group (10 of them, made through the REST API by a second company). The bell loads its
// first page of 8 only when opened and the next when the list is scrolled to its end; read/unread moves the
// dot; delete drops the item; an offer on the company's own listing arrives live and is prepended once, in the
// reader's language. Email preferences are saved on change and kept after a reload.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, ROOT } from './harness';
import { api, approvedCompany, axeProblems, tokenOf } from './checks';
import { useApp } from './fixture';

const SHOTS = path.join(ROOT, '.test-results/screens');

async function createListing(base: string, token: string, title: string, groupId: number) {
  return api<{ id: number }>(base, 'POST', '/api/v2/materials', token, {
    title,
    description: 'Clean offcuts, collected weekly.',
    category: 'surplus',
    material_group_id: groupId,
    frequency: 'monthly',
    quantity: 100,
    condition: 'Good',
    type: 'Offcuts',
    final_use: 'Reuse',
  });
}

/** Chooses the language on the login page (an explicit choice in this browser wins), then logs in. */
async function loginIn(page: Page, lang: 'en' | 'dk', username: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('language-select').first().selectOption(lang);
  await page.getByLabel(lang === 'dk' ? 'Brugernavn eller e-mail' : 'Username or email').fill(username);
  await page.getByLabel(lang === 'dk' ? /^Adgangskode/ : /^Password/).fill(password);
  await page.getByRole('button', { name: lang === 'dk' ? 'Log ind' : 'Log in' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
}

const bell = (page: Page) => page.getByTestId('notifications-button');
const dot = (page: Page) => page.getByTestId('notifications-dot');
const items = (page: Page) => page.getByTestId('notification');
const hasDot = async (page: Page) => (await dot(page).count()) === 1;

describe.skipIf(!hasChromium)('notifications', () => {
  const app = useApp();
  const run = Date.now().toString(36);
  const listingTitles = Array.from({ length: 10 }, (_, i) => `E2E bell ${run} #${i + 1}`);
  let reader: { email: string; password: string; token: string };
  let seller: { email: string; password: string; token: string };
  let groupId: number;

  beforeAll(async () => {
    if (!hasChromium) return;
    mkdirSync(SHOTS, { recursive: true });
    const admin = await tokenOf(app.url, 'admin@example.com');
    const groups = await api<{ items: { id: number }[] }>(app.url, 'GET', '/api/common/material-groups', null);
    groupId = groups.items.at(-1)!.id;
    reader = await approvedCompany(app.url, admin, `Bell${run} ApS`, { interested: groupId, providing: groups.items[0]!.id });
    seller = await approvedCompany(app.url, admin, `Seller${run} ApS`, { interested: groups.items[0]!.id, providing: groupId });
    // One new-listing notification each for the reader (interested in this group): more than a page of 8.
    for (const title of listingTitles) await createListing(app.url, seller.token, title, groupId);
  });

  it('loads the first page when the bell is first opened and the next when the list is scrolled to its end', async () => {
    const { context, page } = await app.page();
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('notifications.list')) listCalls.push(r.url());
    });
    await loginIn(page, 'en', reader.email, reader.password);
    await dot(page).waitFor();
    await page.waitForLoadState('networkidle');
    expect(listCalls).toHaveLength(0);

    await bell(page).click();
    expect(await bell(page).getAttribute('aria-expanded')).toBe('true');
    const panel = page.getByTestId('notifications-panel');
    await expect.poll(() => items(page).count()).toBe(8);
    expect(listCalls).toHaveLength(1);
    // Newest first, in English, with the type's icon and the days-ago label; unread.
    const first = items(page).first();
    expect(await first.textContent()).toContain(`“${listingTitles[9]}”`);
    expect(await first.locator('time').textContent()).toBe('Today');
    expect(await first.getAttribute('data-seen')).toBe('false');
    expect(await first.locator('.notif-item__icon--new_materials').count()).toBe(1);
    const box = await panel.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(410);
    expect(Math.round(box!.height)).toBe(Math.round(900 * 0.55));

    await page.getByTestId('notifications-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => items(page).count()).toBe(10);
    expect(listCalls).toHaveLength(2);
    expect(await items(page).last().textContent()).toContain(`“${listingTitles[0]}”`);
    await page.screenshot({ path: path.join(SHOTS, 'notifications-1280-en.png') });

    // Escape closes and gives focus back to the bell; reopening needs no new request.
    await page.keyboard.press('Escape');
    expect(await panel.isVisible()).toBe(false);
    expect(await bell(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await panel.waitFor();
    expect(await items(page).count()).toBe(10);
    // An outside click closes it too.
    const heading = (await page.locator('main h1').first().boundingBox())!;
    await page.mouse.click(heading.x + 2, heading.y + 2);
    expect(await panel.isVisible()).toBe(false);
    await context.close();
  });

  it('read and unread move the dot, delete drops the item, all of it kept by the server', async () => {
    const { context, page } = await app.page();
    await loginIn(page, 'en', reader.email, reader.password);
    await bell(page).click();
    await expect.poll(() => items(page).count()).toBe(8);

    // A refused update (here: the request never arrives) puts the item back and says why, for 2 s (SPEC §8, §9).
    await page.route(
      (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('notifications.markRead'),
      (route) => route.abort(),
      { times: 1 },
    );
    const firstItem = items(page).first();
    await firstItem.getByRole('button', { name: /^Mark as read/ }).click();
    const failed = page.getByTestId('snackbar').filter({ hasText: /^Failed to update notification: / });
    await failed.waitFor();
    await failed.waitFor({ state: 'detached', timeout: 2_600 });
    expect(await firstItem.getAttribute('data-seen')).toBe('false');
    expect(await hasDot(page)).toBe(true);

    await page.getByTestId('notifications-mark-all').click();
    await page.getByTestId('snackbar').filter({ hasText: 'All notifications marked as read' }).waitFor();
    await expect.poll(() => hasDot(page)).toBe(false);
    expect(await items(page).evaluateAll((els) => els.every((el) => el.getAttribute('data-seen') === 'true'))).toBe(true);

    const second = items(page).nth(1);
    const secondId = await second.getAttribute('data-id');
    await second.getByRole('button', { name: /^Mark as unread/ }).click();
    await expect.poll(() => second.getAttribute('data-seen')).toBe('false');
    await expect.poll(() => hasDot(page)).toBe(true);
    await second.getByRole('button', { name: /^Mark as read/ }).click();
    await expect.poll(() => hasDot(page)).toBe(false);
    await second.getByRole('button', { name: /^Mark as unread/ }).click();
    await expect.poll(() => hasDot(page)).toBe(true);

    const third = items(page).nth(2);
    const thirdId = await third.getAttribute('data-id');
    await third.getByRole('button', { name: /^Delete notification/ }).click();
    await page.getByTestId('snackbar').filter({ hasText: 'Notification deleted' }).waitFor();
    await expect.poll(() => page.locator(`[data-testid="notification"][data-id="${thirdId}"]`).count()).toBe(0);

    // After a reload the server's state shows: one unread (the dot), nine left.
    await page.reload();
    await dot(page).waitFor();
    await bell(page).click();
    await expect.poll(() => items(page).count()).toBe(8);
    await page.getByTestId('notifications-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => items(page).count()).toBe(9);
    expect(await page.locator(`[data-testid="notification"][data-id="${secondId}"]`).getAttribute('data-seen')).toBe('false');
    expect(await page.locator('[data-testid="notification"][data-seen="false"]').count()).toBe(1);
    // Clicking an item reads it and follows its link. The dot goes at once (optimistic); wait for the server to
    // take the read too, or closing the context aborts it and the next test starts with an unread notification.
    const markedRead = page.waitForResponse((r) => r.url().includes('notifications.markRead') && r.ok());
    await page.locator(`[data-testid="notification"][data-id="${secondId}"] .notif-item__main`).click();
    await page.waitForURL((u) => u.pathname.startsWith('/material/'));
    await expect.poll(() => hasDot(page)).toBe(false);
    await markedRead;
    await context.close();
  });

  it('prepends a notification that arrives live, once, in the reader’s language (Danish, 390 px)', async () => {
    const { context, page } = await app.page(390, 844);
    await loginIn(page, 'dk', reader.email, reader.password);
    await bell(page).click();
    await expect.poll(() => items(page).count()).toBe(8);
    const before = await items(page).count();
    // Opening the list marks what it shows as seen; the dot follows once the counters answer.
    await expect.poll(() => hasDot(page)).toBe(false);

    // Another company makes an offer on the reader's own listing: the reader's company is told at once.
    const ownTitle = `E2E own ${run}`;
    const listing = await createListing(app.url, reader.token, ownTitle, groupId);
    await api(app.url, 'POST', '/api/offers', seller.token, { material_id: listing.id, quantity: 5, message: 'We can collect it.' });
    const live = items(page).first();
    await expect.poll(() => live.textContent(), { timeout: 15_000 }).toContain(`har givet et tilbud på “${ownTitle}”`);
    expect(await live.locator('time').textContent()).toBe('I dag');
    expect(await live.getAttribute('data-seen')).toBe('false');
    expect(await live.locator('.notif-item__icon--offers').count()).toBe(1);
    await dot(page).waitFor();
    expect(await items(page).count()).toBe(before + 1);
    const id = await live.getAttribute('data-id');
    expect(await page.locator(`[data-testid="notification"][data-id="${id}"]`).count()).toBe(1);

    // Full width under the bar (at most 410 px) and 55vh high.
    const box = (await page.getByTestId('notifications-panel').boundingBox())!;
    expect(box.x + box.width).toBeCloseTo(390, 0);
    expect(box.width).toBeLessThanOrEqual(410);
    expect(Math.round(box.height)).toBe(Math.round(844 * 0.55));
    await page.screenshot({ path: path.join(SHOTS, 'notifications-390-dk.png') });

    // Scrolling on loads the rest without repeating the item the live one pushed to page 2.
    await page.getByTestId('notifications-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => items(page).count()).toBe(10);
    const ids = await items(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));
    expect(new Set(ids).size).toBe(ids.length);
    await context.close();
  });

  it('screenshots the dropdown at 390 px in English and 1280 px in Danish', async () => {
    for (const [width, lang] of [
      [390, 'en'],
      [1280, 'dk'],
    ] as const) {
      const { context, page } = await app.page(width, width === 390 ? 844 : 900);
      await loginIn(page, lang, reader.email, reader.password);
      await bell(page).click();
      await expect.poll(() => items(page).count()).toBe(8);
      await page.screenshot({ path: path.join(SHOTS, `notifications-${width}-${lang}.png`) });
      await context.close();
    }
  });

  it('the open dropdown and the email preferences have no serious axe-core violations', async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await app.page(width, 900, { bypassCSP: true });
      await loginIn(page, 'en', reader.email, reader.password);
      await bell(page).click();
      await expect.poll(() => items(page).count()).toBe(8);
      expect(await axeProblems(page, '.topbar', { include: '.topbar' })).toEqual([]);
      await page.goto('/account/personal-info');
      await page.getByTestId('email-preferences').waitFor();
      expect(await axeProblems(page, 'main', { include: 'main' })).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `personal-info-email-${width}-en.png`), fullPage: width > 390 });
      await context.close();
    }
  });

  it('a failed first load shows the error state and a 2 s snackbar; Try again loads the list', async () => {
    const { context, page } = await app.page();
    await loginIn(page, 'en', reader.email, reader.password);
    // A batch may carry the list call after another one (`/trpc/a,notifications.list?batch=1`): match any of them.
    const listCall = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('notifications.list');
    await page.route(listCall, (route) => route.abort());
    await bell(page).click();
    await page.getByRole('heading', { name: 'Notifications could not be loaded' }).waitFor({ timeout: 20_000 });
    await page
      .getByTestId('snackbar')
      .filter({ hasText: /^Failed to fetch notifications: / })
      .waitFor();
    await page.unroute(listCall);
    await page.getByTestId('notifications-panel').getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => items(page).count()).toBe(8);
    await context.close();
  });

  it('email preferences are saved on change and kept after a reload', async () => {
    const { context, page } = await app.page(390, 844);
    await loginIn(page, 'en', reader.email, reader.password);
    await page.goto('/account/personal-info');
    const activity = page.getByRole('switch', { name: 'Email me about offers, synergies and messages' });
    const listings = page.getByRole('switch', { name: 'Email me about new listings that match my company' });
    await activity.waitFor();
    expect(await activity.isChecked()).toBe(true);
    expect(await listings.isChecked()).toBe(true);
    await activity.click();
    await page.getByTestId('snackbar').filter({ hasText: 'Email preferences saved' }).waitFor();
    expect(await activity.isChecked()).toBe(false);
    await page.getByTestId('email-preferences').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'personal-info-email-390-en.png'), fullPage: true });
    await page.reload();
    await activity.waitFor();
    expect(await activity.isChecked()).toBe(false);
    expect(await listings.isChecked()).toBe(true);
    await context.close();
  });
});
