// SPEC §2 routing guards in the real app.
import { describe, expect, it } from 'vitest';
import { hasChromium, login, pathOf } from './harness';
import { useApp } from './fixture';

describe.skipIf(!hasChromium)('route guards', () => {
  const app = useApp();

  it('sends a signed-out visitor of /database to /login?redirect=%2Fdatabase and back there after login', async () => {
    const { context, page } = await app.page();
    await page.goto('/database');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(pathOf(page)).toBe('/login?redirect=%2Fdatabase');
    await login(page, 'member@example.com');
    await page.waitForURL((u) => u.pathname === '/database');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Materials database');
    expect(await page.title()).toContain('Materials database');
    await context.close();
  });

  it('keeps a member where they were when opening the manager panel', async () => {
    const { context, page } = await app.signedIn('member@example.com');
    await page.goto('/database');
    await page.getByRole('heading', { name: 'Materials database' }).waitFor();
    // An in-app navigation to a manager-only route is refused: the member stays on /database.
    await page.evaluate(() => history.pushState(null, '', '/account/manager-panel'));
    await page.waitForFunction(() => location.pathname === '/database');
    expect(pathOf(page)).toBe('/database');
    await expect(page.getByRole('heading', { name: 'Manager panel' }).count()).resolves.toBe(0);
    // Typed straight into the address bar there is no previous page: the member lands on the dashboard.
    await page.goto('/account/manager-panel');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await context.close();
  });

  it('lets a manager open the manager panel tabs', async () => {
    const { context, page } = await app.signedIn('manager@example.com');
    await page.goto('/account/manager-panel/user-management');
    await page.getByRole('heading', { name: 'Manager panel', level: 1 }).waitFor();
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('User management');
    await context.close();
  });

  it('sends the administrator to /admin/panel after login and back there from /dashboard', async () => {
    const { context, page } = await app.page();
    await page.goto('/admin/login');
    await login(page, 'admin@example.com', undefined, '/admin/login');
    await page.waitForURL((u) => u.pathname === '/admin/panel');
    await page.getByRole('heading', { name: 'Admin panel', level: 1 }).waitFor();
    await page.goto('/dashboard');
    await page.waitForURL((u) => u.pathname === '/admin/panel');
    await page.goto('/admin/login');
    await page.waitForURL((u) => u.pathname === '/admin/panel');
    await context.close();
  });

  it('bounces a company user from admin routes', async () => {
    const { context, page } = await app.signedIn('manager@example.com');
    await page.evaluate(() => history.pushState(null, '', '/admin/users'));
    await page.waitForFunction(() => location.pathname === '/dashboard');
    await page.goto('/admin/panel');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await context.close();
  });

  it('sends a signed-out visitor of an admin route to the login with the target', async () => {
    const { context, page } = await app.page();
    await page.goto('/admin/queries');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(pathOf(page)).toBe('/login?redirect=%2Fadmin%2Fqueries');
    await context.close();
  });

  it('sends unknown paths to /', async () => {
    const { context, page } = await app.page();
    await page.goto('/no-such-page');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: 'Local synergies have global impact', level: 1 }).waitFor();
    await context.close();
  });

  it('needs a driver token for /driver', async () => {
    const { context, page } = await app.page(390, 844);
    await page.goto('/driver');
    await page.waitForURL((u) => u.pathname === '/driver/login');
    await context.close();
  });

  it('restores the scroll position per route', async () => {
    const { context, page } = await app.page(1280, 600);
    await page.goto('/');
    await page.getByRole('heading', { name: 'What companies share' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.waitForFunction(() => window.scrollY >= 600);
    await page.getByRole('link', { name: 'Help and contact' }).click();
    await page.waitForURL((u) => u.pathname === '/help');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/');
    await page.waitForFunction(() => window.scrollY >= 600);
    await context.close();
  });
});
