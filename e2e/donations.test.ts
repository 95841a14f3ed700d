// Donations in the browser: the demo manager creates a donation in the manager panel (a rule
// refused with its message first), the administrator approves it at /admin/donations, the manager opens the print view
// with its QR code (one A4 page, no bars in print), the QR's public page confirms the donation and takes the hand-over
// once, and the donations dashboard shows it: the kilograms and CO2e grow by the donation's, its feed lists it. The
// member has no dashboard link; a wrong code says only that. Screenshots at 390 and 1280 px, no sideways scroll.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, DEMO_PASSWORD, hasChromium, login, ROOT } from './harness';
import { api, axeProblems, noSidewaysScroll, tokenOf } from './checks';
import { useApp } from './fixture';

const SHOTS = path.join(ROOT, '.test-results/screens');

interface Impact {
  success: boolean;
  data: { kg_donated: number; co2e_avoided_kg: number; donations_handed_over: number };
}

describe.skipIf(!hasChromium)('donations: create, approve, print, hand over, dashboard', () => {
  const app = useApp();

  it('takes a donation from the manager panel to a verified hand-over that the dashboard shows', async () => {
    const title = `Beech offcuts ${Date.now().toString(36)}`;
    const manager = await tokenOf(app.url, 'manager@example.com');
    const before = await api<Impact>(app.url, 'GET', '/api/donations-dashboard/environmental-impact', manager);
    expect(before.success).toBe(true);

    // ---- the manager creates it (a SPEC §5 rule refused with its message first) ----
    const { context: mc, page: mp } = await app.page(1280, 900, { bypassCSP: true });
    await login(mp, 'manager@example.com');
    await mp.waitForURL((u) => u.pathname === '/dashboard');
    await chooseLanguage(mp, 'en');
    await mp.goto('/account/manager-panel/donations');
    await mp.getByTestId('new-donation').click();
    const editor = mp.getByTestId('donation-editor');
    await editor.getByLabel('Title').fill(title);
    await editor.getByLabel('Description').fill('Kiln-dried beech offcuts, 20 to 80 cm, in crates.');
    await editor.getByLabel('Purpose').fill('Woodwork lessons at Valby Skole.');
    await editor.getByLabel('Item count').fill('0');
    await editor.getByLabel('Quantity (kg)').fill('500');
    await editor.getByLabel('Boxes').fill('5');
    await editor.getByLabel('Total value').fill('750.50');
    await editor.getByLabel('Material group').selectOption({ label: 'Wood' });
    await editor.getByLabel('Donation tag').selectOption({ label: 'Education' });
    await editor.getByRole('button', { name: 'Create donation' }).click();
    await expect.poll(() => editor.textContent()).toContain('Item count must be at least 1');
    await editor.getByLabel('Item count').fill('120');
    await editor.getByRole('button', { name: 'Create donation' }).click();
    await mp.getByText('Donation created successfully').waitFor();
    const card = mp.getByTestId('donation-card').filter({ hasText: title });
    await expect.poll(() => card.getByTestId('donation-status').getAttribute('data-status')).toBe('pending');
    await mp.screenshot({ path: path.join(SHOTS, 'donations-manager-1280.png'), fullPage: true });

    // ---- the administrator approves it ----
    const { context: ac, page: ap } = await app.page(1280, 900, { bypassCSP: true });
    await login(ap, 'admin@example.com', DEMO_PASSWORD, '/admin/login');
    await ap.waitForURL((u) => u.pathname === '/admin/panel');
    await ap.goto('/admin/donations');
    const pending = ap.getByTestId('donation-card').filter({ hasText: title });
    await pending.getByRole('button', { name: `Approve: ${title}` }).click();
    const dialog = ap.getByTestId('approve-dialog');
    await dialog.getByLabel('Approver name').fill('');
    await ap.getByTestId('confirm-approve').click();
    await expect.poll(() => dialog.textContent()).toContain('This field is required');
    await dialog.getByLabel('Approver name').fill('Sofie Andersen');
    await ap.getByTestId('confirm-approve').click();
    await ap.getByText('Donation approved').waitFor();
    // Pending is the default filter: the approved donation leaves the queue.
    await expect.poll(() => ap.getByTestId('donation-card').filter({ hasText: title }).count()).toBe(0);
    expect(await axeProblems(ap, undefined, { bestPractice: false })).toEqual([]);
    await ap.screenshot({ path: path.join(SHOTS, 'donations-admin-1280.png'), fullPage: true });
    await ac.close();

    // ---- the manager sees it approved (live, from the notification) and opens the print view ----
    await expect.poll(() => card.getByTestId('donation-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('approved');
    await card.getByRole('link', { name: 'Print QR code' }).click();
    await mp.waitForURL((u) => /\/account\/manager-panel\/donations\/\d+\/print$/.test(u.pathname));
    const sheet = mp.getByTestId('donation-sheet');
    await mp.getByTestId('donation-qr').waitFor();
    expect(await sheet.textContent()).toContain(title);
    expect(await sheet.textContent()).toContain('Øresund Brewing Group A/S');
    expect(await sheet.textContent()).toContain('Sofie Andersen');
    const qrLoaded = await mp.getByTestId('donation-qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(qrLoaded).toBe(true);
    const verifyUrl = (await sheet.locator('.donation-sheet__code').textContent())!.trim();
    const code = /\/donations\/verify\/([0-9a-f-]{36})$/.exec(verifyUrl)?.[1];
    expect(code).toBeTruthy();
    // Print: only the sheet, on one A4 page.
    await mp.emulateMedia({ media: 'print' });
    expect(await mp.locator('.topbar').isVisible()).toBe(false);
    expect(await mp.getByTestId('print').isVisible()).toBe(false);
    expect(await sheet.isVisible()).toBe(true);
    const pdf = await mp.pdf({ format: 'A4' });
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(1);
    await mp.screenshot({ path: path.join(SHOTS, 'donations-print-media-1280.png'), fullPage: true });
    await mp.emulateMedia({ media: 'screen' });
    await mp.screenshot({ path: path.join(SHOTS, 'donations-print-1280.png'), fullPage: true });

    // ---- the recipient scans the QR code: a public page confirms it and takes the hand-over once ----
    const { context: rc, page: rp } = await app.page(390, 844, { bypassCSP: true });
    await rp.goto(`/donations/verify/${code}`);
    await rp.getByTestId('donation-valid').waitFor();
    expect(await rp.getByTestId('verify-title').textContent()).toBe(title);
    expect(await rp.getByTestId('verify-donor').textContent()).toBe('Øresund Brewing Group A/S');
    expect(await rp.getByTestId('verify-quantity').textContent()).toMatch(/500\s*kg/);
    expect(await rp.getByTestId('donation-verify').textContent()).not.toContain('750');
    await noSidewaysScroll(rp);
    expect(await axeProblems(rp, undefined, { bestPractice: false })).toEqual([]);
    await rp.screenshot({ path: path.join(SHOTS, 'donations-verify-390.png'), fullPage: true });
    await rp.getByLabel('Received by (optional)').fill('Valby Skole');
    await rp.getByTestId('confirm-hand-over').click();
    await rp.getByTestId('donation-handed-over').waitFor();
    expect(await rp.getByTestId('confirm-hand-over').count()).toBe(0);
    // Once only: a second confirmation is refused.
    const again = await fetch(`${app.url}/api/donations/verify/${code}/hand-over`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(again.status).toBe(409);
    await rp.goto('/donations/verify/00000000-0000-4000-8000-000000000000');
    await rp.getByTestId('donation-unknown').waitFor();
    expect(await rp.getByTestId('donation-verify').textContent()).toContain('This code does not match any donation.');
    await rc.close();

    // ---- the dashboard shows it: +500 kg, the CO2e of 500 kg of wood (its group: disposal avoided only, landfill), the feed ----
    const after = await api<Impact>(app.url, 'GET', '/api/donations-dashboard/environmental-impact', manager);
    expect(after.data.kg_donated - before.data.kg_donated).toBeCloseTo(500, 6);
    expect(after.data.co2e_avoided_kg - before.data.co2e_avoided_kg).toBeCloseTo(0.5 * 925.2445, 1);
    expect(after.data.donations_handed_over - before.data.donations_handed_over).toBe(1);
    await mp.getByRole('link', { name: 'Donations dashboard' }).first().click();
    await mp.waitForURL((u) => u.pathname === '/donations-dashboard');
    await mp.getByTestId('donations-chart').locator('canvas').waitFor();
    const kgShown = new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'kilogram', maximumFractionDigits: 0 }).format(after.data.kg_donated);
    await expect.poll(() => mp.getByTestId('dash-tile-kg').textContent()).toContain(kgShown);
    const item = mp.getByTestId('feed-item').filter({ hasText: title });
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getByTestId('donation-status').getAttribute('data-status')).toBe('handed_over');
    expect(await mp.getByTestId('environmental-impact').getByRole('table').textContent()).toBeTruthy();
    expect(await axeProblems(mp, undefined, { bestPractice: false })).toEqual([]);
    await mp.screenshot({ path: path.join(SHOTS, 'donations-dashboard-1280.png'), fullPage: true });
    await mc.close();
  }, 300_000);

  it('fits 390 px: the manager tab and the dashboard without sideways scroll; the member has no dashboard link', async () => {
    const { context, page } = await app.signedIn('manager@example.com', 390, 844);
    await chooseLanguage(page, 'en');
    await page.goto('/account/manager-panel/donations');
    await page.getByTestId('donation-card').first().waitFor();
    await noSidewaysScroll(page);
    await page.screenshot({ path: path.join(SHOTS, 'donations-manager-390.png'), fullPage: true });
    await page.goto('/donations-dashboard');
    await page.getByTestId('donations-chart').locator('canvas').waitFor();
    await page.getByTestId('top-donors').waitFor();
    await noSidewaysScroll(page);
    await page.screenshot({ path: path.join(SHOTS, 'donations-dashboard-390.png'), fullPage: true });
    await context.close();

    const { context: mc, page: member } = await app.page(1280, 900);
    await login(member, 'member@example.com');
    await member.waitForURL((u) => u.pathname === '/dashboard');
    await chooseLanguage(member, 'en');
    expect(await member.getByRole('link', { name: 'Donations dashboard' }).count()).toBe(0);
    const token = await tokenOf(app.url, 'member@example.com');
    const refused = await fetch(`${app.url}/api/donations-dashboard/donation-metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);
    await mc.close();
  }, 120_000);
});
