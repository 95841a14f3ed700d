// Pages load lazily. /landing downloads no other page's code, and a page whose chunk fails to arrive
// shows an error state whose retry loads it (SPEC §9 chunk load timeout; the 120 s timer itself is unit-tested).
import { describe, expect, it } from 'vitest';
import { hasChromium } from './harness';
import { useApp } from './fixture';

describe.skipIf(!hasChromium)('lazy pages', () => {
  const app = useApp();

  it('loads neither the registration nor the admin code on /landing, and the register page on demand with its heading focused', async () => {
    const { context, page } = await app.page();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/landing');
    await page.getByRole('heading', { name: 'Local synergies have global impact', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /\/(RegisterPage|registration|AdminPanelPage|DriverDashboardPage|ManagerPanelPage)-/.test(s))).toEqual([]);
    await page.getByRole('link', { name: 'Get started' }).click();
    await page.getByRole('heading', { name: 'Register your company', level: 1 }).waitFor();
    expect(scripts.some((s) => /\/RegisterPage-/.test(s))).toBe(true);
    // Focus moves to the page heading once the page's code has arrived, as after any in-app navigation.
    await page.waitForFunction(() => document.activeElement?.id === 'page-title');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Register your company');
    expect(await page.title()).toContain('Register your company');
    await context.close();
  });

  it('shows an error state with a retry when a page chunk fails, and loads the page on retry', async () => {
    const { context, page } = await app.page();
    let failures = 0;
    await page.route(/\/assets\/HelpPage-[^/]+\.js$/, async (route) => {
      if (failures++ === 0) await route.abort('connectionreset');
      else await route.continue();
    });
    await page.goto('/landing');
    await page.getByRole('heading', { name: 'Local synergies have global impact', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Help and contact' }).click();
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    expect(await page.title()).toContain('Help');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Send question' }).waitFor();
    expect(failures).toBeGreaterThanOrEqual(2);
    await context.close();
  });
});
