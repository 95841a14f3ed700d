// The bars fit the screen: no sideways scrolling for a parent-company manager (the longest bar) and the administrator
// at phone, small-desktop and desktop widths; axe-core finds no serious or critical violation on the authenticated
// dashboard and the admin panel.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, login } from './harness';
import { useApp } from './fixture';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

const USERS = [
  { who: 'manager@example.com', loginPath: '/login', home: '/dashboard' },
  { who: 'admin@example.com', loginPath: '/admin/login', home: '/admin/panel' },
];

async function signIn(page: Page, who: string, loginPath: string, home: string) {
  await login(page, who, undefined, loginPath);
  await page.waitForURL((u) => u.pathname === home);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function overflow(page: Page) {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

describe.skipIf(!hasChromium)('layout', () => {
  const app = useApp();

  for (const { who, loginPath, home } of USERS) {
    it(`${who}: the bar fits without sideways scrolling at 390, 1024 and 1280 px`, async () => {
      const { context, page } = await app.page(1280);
      await signIn(page, who, loginPath, home);
      for (const width of [390, 1024, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(100);
        const { scrollWidth, innerWidth } = await overflow(page);
        expect(scrollWidth, `${who} at ${width} px`).toBeLessThanOrEqual(innerWidth);
        // The bar's last control (menu or logout) is on screen.
        const tools = await page.locator('.topbar__tools').boundingBox();
        expect(tools && tools.x + tools.width, `${who} tools at ${width} px`).toBeLessThanOrEqual(width);
      }
      await context.close();
    });
  }

  it('keeps every SPEC §2 item of the manager bar reachable by name at 1024 px', async () => {
    const { context, page } = await app.page(1024);
    await signIn(page, 'manager@example.com', '/login', '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'My company', 'Database', 'Portfolio companies']) {
      expect(await nav.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    await page.getByTestId('messages-button').waitFor();
    await page.getByTestId('notifications-button').waitFor();
    await page.getByTestId('language-select').waitFor();
    await page.getByRole('link', { name: /personal info/i }).waitFor();
    expect(await page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`dashboard and admin panel at ${width} px have no serious axe violations`, async () => {
      const problems: string[] = [];
      for (const { who, loginPath, home } of USERS) {
        const { context, page } = await app.page(width, 900, { bypassCSP: true });
        await signIn(page, who, loginPath, home);
        await page.addScriptTag({ path: axePath });
        const result = (await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe;
          return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
        })) as AxeResult;
        for (const v of result.violations) {
          if (v.impact === 'serious' || v.impact === 'critical') {
            problems.push(`${home}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          }
        }
        await context.close();
      }
      expect(problems).toEqual([]);
    });
  }
});
