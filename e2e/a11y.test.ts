// axe-core scan of the public pages at phone and desktop widths: no serious or critical violations.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, chooseLanguage, hasChromium, login, openInApp } from './harness';
import { axeProblems } from './checks';
import { useApp } from './fixture';

const PAGES = ['/', '/login', '/register', '/forgot-password', '/help', '/admin/login', '/driver/login'];

describe.skipIf(!hasChromium)('accessibility (axe-core)', () => {
  const app = useApp();

  for (const width of [390, 1280]) {
    it(`public pages at ${width} px have no serious violations`, async () => {
      const { context, page } = await app.page(width, 900, { bypassCSP: true });
      const problems: string[] = [];
      for (const path of PAGES) {
        await openInApp(page, path);
        problems.push(...(await axeProblems(page, path)));
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

// Every signed-in route in all three languages, one page per route and language, one browser context per user; plus
// the administrators' ☰ drawer at 360 px and a dialog. Any serious or critical violation fails the run.
const LANGS = ['en', 'dk', 'my'] as const;
const MANAGER_ROUTES = [
  '/dashboard',
  '/database',
  '/messages',
  '/pending-offers',
  '/synergies',
  '/donations-dashboard',
  '/account/personal-info',
  '/account/manager-panel',
  '/account/manager-panel/offerings',
  '/account/manager-panel/user-management',
  '/account/manager-panel/donations',
];
const ADMIN_ROUTES = [
  '/admin/panel',
  '/admin/users',
  '/admin/offerings',
  '/admin/companies',
  '/admin/statistics',
  '/admin/queries',
  '/admin/categories',
  '/admin/categories/impact',
  '/admin/audit-log',
  '/admin/newsletter',
  '/admin/outbox',
  '/admin/jobs',
  '/admin/donations',
  '/admin/subscription-plans',
  '/admin/trips',
  '/admin/trips/new',
  '/admin/drivers',
  '/admin/vehicles',
];

describe.skipIf(!hasChromium)('accessibility of every signed-in route in en, dk and my (axe-core)', () => {
  const app = useApp();

  for (const who of [
    { user: 'manager@example.com', loginPath: '/login', routes: MANAGER_ROUTES },
    { user: 'admin@example.com', loginPath: '/admin/login', routes: ADMIN_ROUTES },
  ]) {
    it(`${who.user}: every route in three languages has no serious violations`, { timeout: 600_000 }, async () => {
      const { context, page } = await app.page(1280, 900, { bypassCSP: true });
      await login(page, who.user, DEMO_PASSWORD, who.loginPath);
      await page.waitForURL((u) => !u.pathname.endsWith('/login'));
      const problems: string[] = [];
      try {
        for (const lang of LANGS) {
          await chooseLanguage(page, lang);
          for (const path of who.routes) {
            await openInApp(page, path);
            problems.push(...(await axeProblems(page, `${lang} ${path}`)));
          }
        }
      } finally {
        // The demo account is shared with other test files: leave it in English.
        await chooseLanguage(page, 'en');
        await context.close();
      }
      expect(problems).toEqual([]);
    });
  }

  it('the driver routes at 390 px, in three languages, have no serious violations', { timeout: 300_000 }, async () => {
    const { context, page } = await app.page(390, 844, { bypassCSP: true });
    const problems: string[] = [];
    try {
      await page.goto('/driver/login');
      for (const lang of LANGS) {
        await chooseLanguage(page, lang);
        await openInApp(page, '/driver/login');
        problems.push(...(await axeProblems(page, `${lang} /driver/login`)));
      }
      await chooseLanguage(page, 'en');
      await page.getByLabel(/^Email/).fill('driver@example.com');
      await page.getByLabel(/^Phone number/).fill('+45 12 34 56 78');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((u) => u.pathname === '/driver');
      for (const lang of LANGS) {
        await chooseLanguage(page, lang);
        await openInApp(page, '/driver');
        problems.push(...(await axeProblems(page, `${lang} /driver`)));
      }
    } finally {
      await chooseLanguage(page, 'en');
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it('the administrators’ ☰ drawer at 360 px and a dialog, in three languages, have no serious violations', { timeout: 300_000 }, async () => {
    const { context, page } = await app.page(360, 800, { bypassCSP: true });
    await login(page, 'admin@example.com', DEMO_PASSWORD, '/admin/login');
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    const problems: string[] = [];
    try {
      for (const lang of LANGS) {
        await chooseLanguage(page, lang);
        await openInApp(page, '/admin/categories');
        await page.getByTestId('menu-button').click();
        await page.locator('dialog[open] .sheet-nav a').first().waitFor();
        problems.push(...(await axeProblems(page, `${lang} ☰ drawer`, { include: 'dialog[open]' })));
        await page.keyboard.press('Escape');
        await page
          .locator('dialog[open]')
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        // A dialog of the page: the new material group form.
        await page.getByTestId('new-group').click();
        await page.locator('dialog[open]').waitFor();
        problems.push(...(await axeProblems(page, `${lang} dialog on /admin/categories`, { include: 'dialog[open]' })));
        await page.keyboard.press('Escape');
      }
    } finally {
      await chooseLanguage(page, 'en');
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
