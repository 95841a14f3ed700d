// The registration journey, in English and in Malay: register (address from the dropdown), thank-you dialog, refused
// at login while pending, approved by the administrator with the initial plan, then the new manager sees the
// plan's end date. Plus: a bad form shows the SPEC messages and sends nothing; admin screens render.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, login, pathOf, ROOT } from './harness';
import { useApp } from './fixture';

const SHOTS = path.join(ROOT, '.test-results/screens');
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

const PASSWORD = 'Recycle-2026';

type Lang = 'en' | 'my';
const TEXT = {
  en: {
    thankYou: 'Thank you for registering!',
    pending: 'Your registration is awaiting approval by an administrator.',
    register: 'Register',
    logIn: 'Log in',
    initialPlan: 'Initial plan',
    locale: 'en-GB',
  },
  my: {
    thankYou: 'Terima kasih kerana mendaftar!',
    pending: 'Pendaftaran anda sedang menunggu kelulusan pentadbir.',
    register: 'Daftar',
    logIn: 'Log masuk',
    initialPlan: 'Pelan permulaan',
    locale: 'ms-MY',
  },
} as const;

async function useLanguage(page: Page, lang: Lang) {
  await page.goto('/');
  await page.evaluate((l) => localStorage.setItem('synergy.language', l), lang);
}

const field = (page: Page, name: string) => page.locator('main').locator(`[name="${name}"]`);

async function fillRegistration(page: Page, who: { email: string; company: string }) {
  await field(page, 'first_name').fill('Mette');
  await field(page, 'last_name').fill('Holm');
  await field(page, 'email').fill(who.email);
  await field(page, 'password').fill(PASSWORD);
  await field(page, 'confirm_password').fill(PASSWORD);
  await field(page, 'company_name').fill(who.company);
  await field(page, 'company_size').selectOption('11-50');
  await field(page, 'industry').selectOption('food');
  await field(page, 'country').selectOption('DK');
  // The address comes from the dropdown: type, then pick with the keyboard.
  const address = page.locator('input[role="combobox"]');
  await address.fill('Aarhus');
  await page
    .getByRole('option', { name: /Aarhus/ })
    .first()
    .waitFor();
  await address.press('ArrowDown');
  await address.press('Enter');
  expect(await field(page, 'city').inputValue()).toBe('Aarhus');
  expect(await field(page, 'zip_code').inputValue()).toBe('8000');
  await field(page, 'contact_phone').fill('12 34 56 78');
  expect(await field(page, 'preferred_currency').inputValue()).toBe('DKK');
  await page.getByTestId('interests').locator('label.chip').first().click();
  await page.getByTestId('offerings').locator('label.chip').nth(1).click();
  await field(page, 'expectations').fill('Find buyers for our spent grain and share cold storage.');
  await field(page, 'fee_consent').check();
}

/** Today + days as the app shows a calendar date (UTC day, medium style). */
function shownDay(locale: string, days: number) {
  const d = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

describe.skipIf(!hasChromium)('registration, approval and subscription plans', () => {
  const app = useApp();
  /** The manager registered by the English journey, reused by the reset-link test. */
  const registered: { email?: string; company?: string } = {};

  for (const lang of ['en', 'my'] as const) {
    it(`registers, is refused while pending, is approved with the initial plan and sees its end date (${lang})`, async () => {
      const t = TEXT[lang];
      const stamp = `${lang}${Date.now()}`;
      const who = { email: `mette.${stamp}@greenbrew-${stamp}.dk`, company: `Green Brew ${stamp}` };
      if (lang === 'en') Object.assign(registered, who);
      const width = lang === 'en' ? 1280 : 390;
      const { context, page } = await app.page(width, 900);
      await useLanguage(page, lang);
      await page.goto('/register');
      await fillRegistration(page, who);
      if (lang === 'en') await shot(page, `register-filled-${width}`);
      const sent: unknown[] = [];
      page.on('request', (req) => {
        if (req.url().includes('registration.register')) sent.push(req.postDataJSON());
      });
      await page.getByRole('button', { name: t.register, exact: true }).click();
      await page.getByRole('dialog', { name: t.thankYou }).waitFor();
      await shot(page, `thank-you-${lang}-${width}`);
      // Empty optional fields are not sent.
      const body = JSON.stringify(sent[0]);
      expect(body).toContain(who.email);
      expect(body).not.toContain('last_name":""');
      expect(body).not.toContain('website_url');
      expect(body).not.toContain('confirm_password');
      expect(body).toContain(`"language":"${lang}"`);
      await page.getByRole('dialog').getByRole('link').click();
      await page.waitForURL((u) => u.pathname === '/login');

      await field(page, 'username').fill(who.email);
      await field(page, 'password').fill(PASSWORD);
      await page.getByRole('button', { name: t.logIn, exact: true }).click();
      await page.getByRole('alert').filter({ hasText: t.pending }).waitFor();
      expect(pathOf(page)).toBe('/login');
      await context.close();

      // The administrator approves it with the initial plan.
      const admin = await app.page(width, 900);
      await useLanguage(admin.page, lang);
      await admin.page.goto('/admin/login');
      await field(admin.page, 'username').fill('admin@example.com');
      await field(admin.page, 'password').fill('Synergy!2026');
      await admin.page.locator('main form button[type="submit"]').click();
      await admin.page.waitForURL((u) => u.pathname === '/admin/panel');
      const row = admin.page.getByRole('row').filter({ hasText: who.company });
      await row.getByTestId('approve').click();
      await admin.page.getByTestId('approve-plan').selectOption({ label: t.initialPlan });
      await admin.page.getByTestId('confirm-approve').click();
      await admin.page
        .getByRole('dialog')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      await admin.page.getByTestId('snackbar').filter({ hasText: who.company }).waitFor();
      await admin.context.close();

      // The new manager logs in and sees the plan's end date, 14 days out.
      const mgr = await app.page(width, 900);
      await useLanguage(mgr.page, lang);
      await mgr.page.goto('/login');
      await field(mgr.page, 'username').fill(who.email);
      await field(mgr.page, 'password').fill(PASSWORD);
      await mgr.page.locator('main form button[type="submit"]').click();
      await mgr.page.waitForURL((u) => u.pathname === '/dashboard');
      const end = mgr.page.getByTestId('subscription-card').getByTestId('subscription-end');
      await end.waitFor();
      expect(await end.textContent()).toContain(shownDay(t.locale, 14));
      await shot(mgr.page, `dashboard-subscription-${lang}-${width}`);
      await mgr.context.close();
    });
  }

  it('resets a password with a link the administrator created', async () => {
    expect(registered.email).toBeTruthy();
    const { context, page } = await app.page(1280, 900);
    await useLanguage(page, 'en');
    await login(page, 'admin@example.com', 'Synergy!2026', '/admin/login');
    await page.waitForURL((u) => u.pathname === '/admin/panel');
    await page.getByRole('tab', { name: 'Accepted companies' }).click();
    // The table pages on the server: find the company by name rather than hoping it is on the first page.
    await page.getByLabel('Search companies').fill(registered.company!);
    await page.getByRole('button', { name: `Create a password reset link for ${registered.email}` }).click();
    await page.getByRole('button', { name: 'Create the link' }).click();
    const url = await page.getByTestId('reset-url').inputValue();
    expect(url).toMatch(/\/reset-password\/[^/]+$/);
    await context.close();

    const user = await app.page(390, 844);
    await user.page.goto(new URL(url).pathname);
    await field(user.page, 'username').fill('nobody@nowhere.example');
    await field(user.page, 'password').fill('Compost-2027');
    await field(user.page, 'confirm_password').fill('Compost-2027');
    await user.page.getByRole('button', { name: 'Save the new password' }).click();
    await user.page.getByText('Username does not exist.').first().waitFor();
    await field(user.page, 'username').fill(registered.email!);
    await user.page.getByRole('button', { name: 'Save the new password' }).click();
    await user.page.waitForURL((u) => u.pathname === '/login');
    await user.page.getByText('Your password has been changed. You can log in now.').waitFor();
    await login(user.page, registered.email!, 'Compost-2027');
    await user.page.waitForURL((u) => u.pathname === '/dashboard');
    await user.context.close();
  });

  it('fills the address from a click on the map (lazy maplibre chunk)', async () => {
    const { context, page } = await app.page(1280, 900);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto('/register');
    await field(page, 'first_name').waitFor();
    // maplibre is not part of the first load.
    const before = scripts.length;
    await field(page, 'country').selectOption('DK');
    await page.getByTestId('toggle-map').click();
    await page.locator('.map-picker canvas').waitFor();
    expect(scripts.length).toBeGreaterThan(before);
    // Until its first frame the map shows its loading overlay over the canvas, which takes no clicks.
    await expect.poll(() => page.getByTestId('map-picker').getAttribute('data-map-state'), { timeout: 30_000 }).toBe('ready');
    const box = (await page.locator('.map-picker canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByText(/Location set \(/).waitFor();
    expect(await field(page, 'city').inputValue()).not.toBe('');
    expect(await page.locator('input[role="combobox"]').inputValue()).not.toBe('');
    await shot(page, 'register-map-1280');
    await context.close();
  });

  it('shows the SPEC messages for a bad form and sends nothing', async () => {
    const { context, page } = await app.page(390, 844);
    let sent = 0;
    page.on('request', (req) => {
      if (req.url().includes('registration.register')) sent++;
    });
    await page.goto('/register');
    await field(page, 'email').fill('someone@gmail.com');
    await field(page, 'password').fill('short');
    await field(page, 'confirm_password').fill('different');
    await field(page, 'industry').selectOption('other');
    await field(page, 'custom_industry').fill('x');
    await page.locator('input[role="combobox"]').fill('Somewhere I typed');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Please use your company email address (no public email providers).').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByText('Please describe your industry in at least 2 characters').waitFor();
    await page.getByText('Invalid Location, please select address either from map or the dropdown!').waitFor();
    expect(await page.getByText('Select at least 1 category').count()).toBe(2);
    expect(await page.getByText('This field is required').count()).toBeGreaterThanOrEqual(5);
    await page.getByText('Use 00000 if your address has none.').waitFor();
    await shot(page, 'register-errors-390');
    // Ticking the acknowledgement accepts the public address.
    await page.getByLabel(/public email address/).check();
    await page.getByText('Please use your company email address (no public email providers).').waitFor({ state: 'detached' });
    expect(sent).toBe(0);
    await context.close();
  });

  it('shows the bank-partner fields only on its variant', async () => {
    const { context, page } = await app.page(1280, 900);
    await page.goto('/register/bank-partner');
    await field(page, 'website_url').waitFor();
    await field(page, 'registered_company_name').waitFor();
    await page.goto('/register');
    await field(page, 'first_name').waitFor();
    expect(await field(page, 'website_url').count()).toBe(0);
    await shot(page, 'register-1280');
    await context.close();
  });

  it('renders the admin panel tabs and the subscription plans', async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await app.page(width, 900);
      // An explicit choice in the browser wins over the administrator's saved language (Malay after the journey).
      await useLanguage(page, 'en');
      await login(page, 'admin@example.com', 'Synergy!2026', '/admin/login');
      await page.waitForURL((u) => u.pathname === '/admin/panel');
      await page.getByTestId('registration-counts').waitFor();
      await page.getByRole('row').nth(1).waitFor();
      await shot(page, `admin-requests-${width}`);
      await page.getByRole('tab', { name: 'Accepted companies' }).click();
      await page.getByRole('columnheader', { name: 'Onboarding date' }).waitFor();
      await page.getByTestId('subscription-status').first().waitFor();
      await shot(page, `admin-accepted-${width}`);
      await page.getByRole('tab', { name: 'Subscription approval' }).click();
      await page.getByRole('columnheader', { name: 'Subscription' }).waitFor();
      await shot(page, `admin-approval-${width}`);
      await page.goto('/admin/subscription-plans');
      await page.getByRole('row').filter({ hasText: 'Initial plan' }).first().waitFor();
      await shot(page, `admin-plans-${width}`);
      await context.close();
    }
  });
});
