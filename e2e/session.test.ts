// Login and logout for each role, the wrong-password message, the driver rules, and the session-expired path.
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasChromium, login, pathOf } from './harness';
import { useApp } from './fixture';

describe.skipIf(!hasChromium)('sessions', () => {
  const app = useApp();

  it('shows the SPEC message for a wrong password', async () => {
    const { context, page } = await app.page();
    await login(page, 'member@example.com', 'wrong-password');
    await page.getByRole('alert').filter({ hasText: 'The username or password you entered is incorrect' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('validates the login form before calling the server', async () => {
    const { context, page } = await app.page();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    // The schema is fetched with the first validation (lib/forms.ts lazyZodResolver): the errors follow shortly.
    await expect.poll(() => page.getByText('This field is required').count()).toBe(2);
    await context.close();
  });

  for (const who of ['member@example.com', 'manager@example.com']) {
    it(`logs ${who} in and out (token, user and company cleared)`, async () => {
      const { context, page } = await app.page();
      await login(page, who);
      await page.waitForURL((u) => u.pathname === '/dashboard');
      await page.getByText('Logged in successfully').waitFor();
      // Without "remember me" the session lives in this tab only.
      expect(await page.evaluate(() => sessionStorage.getItem('synergy.session'))).toContain('"token"');
      await page.getByTestId('logout').click();
      await page.waitForURL((u) => u.pathname === '/login');
      expect(await page.evaluate(() => [sessionStorage.getItem('synergy.session'), localStorage.getItem('synergy.session')])).toEqual([null, null]);
      await page.goto('/dashboard');
      await page.waitForURL((u) => u.pathname === '/login');
      await context.close();
    });
  }

  it('remembers the session across tabs with "remember me"', async () => {
    const { context, page } = await app.page();
    await page.goto('/login');
    await page.getByLabel('Remember me').check();
    await login(page, 'member@example.com');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    const second = await context.newPage();
    await second.goto('/database');
    await second.getByRole('heading', { name: 'Materials database' }).waitFor();
    await context.close();
  });

  it('shows the parent-company portfolio link and the avatar initials in the bar', async () => {
    const { context, page } = await app.signedIn('manager@example.com');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio companies' }).waitFor();
    await page.locator('.avatar--initials').waitFor();
    await context.close();
  });

  it('logs the administrator in and out', async () => {
    const { context, page } = await app.page();
    await login(page, 'admin@example.com', undefined, '/admin/login');
    await page.waitForURL((u) => u.pathname === '/admin/panel');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Subscription Plans' }).waitFor();
    await page.getByTestId('logout').click();
    await page.waitForURL((u) => u.pathname === '/admin/login');
    await page.goto('/admin/panel');
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });

  it('refuses a company account on the administrator login', async () => {
    const { context, page } = await app.page();
    await login(page, 'member@example.com', undefined, '/admin/login');
    await page.getByRole('alert').filter({ hasText: 'not an administrator account' }).waitFor();
    expect(pathOf(page)).toBe('/admin/login');
    await context.close();
  });

  it('logs a driver in and out with the SPEC validation rules', async () => {
    const { context, page } = await app.page(390, 844);
    await page.goto('/driver/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    // The schema is fetched with the first validation (lib/forms.ts lazyZodResolver): the errors follow shortly.
    await expect.poll(() => page.getByText('This field is required').count()).toBe(2);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel(/Phone number/).fill('12-34');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Invalid phone number (8-15 digits)').waitFor();

    await page.getByLabel('Email').fill('driver@example.com');
    await page.getByLabel(/Phone number/).fill('+45 99 99 99 99');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByTestId('snackbar')
      .filter({ hasText: /Invalid email or phone number|credentials/ })
      .waitFor();

    await page.getByLabel(/Phone number/).fill('+45 12 34 56 78');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/driver');
    await page.getByText('driver@example.com').waitFor();
    await page.goto('/driver/login');
    await page.waitForURL((u) => u.pathname === '/driver');
    await page.getByTestId('driver-logout').click();
    await page.waitForURL((u) => u.pathname === '/driver/login');
    await context.close();
  });

  it('logs out once and shows the session-expired message when the server rejects the token', async () => {
    const { context, page } = await app.signedIn('member@example.com');
    // Keep the exp claim (so the client still believes the session) but break the signature. It is broken as the
    // next page starts, before the app reads it: the page before may still write the good token back (the auth.me
    // refresh lands after its response, and networkidle was reached long before, on the login page).
    await page.addInitScript(() => {
      const raw = sessionStorage.getItem('synergy.session');
      if (!raw) return;
      const s = JSON.parse(raw) as { token: string };
      if (s.token.endsWith('AAAA')) return;
      s.token = `${s.token.slice(0, -4)}AAAA`;
      sessionStorage.setItem('synergy.session', JSON.stringify(s));
    });
    await page.goto('/database');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(pathOf(page)).toBe('/login?redirect=%2Fdatabase');
    await page.getByTestId('snackbar').filter({ hasText: 'Your session has expired. Please log back in.' }).waitFor();
    expect(await page.getByTestId('snackbar').count()).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('synergy.session'))).toBeNull();
    await context.close();
  });

  it('changes the password on personal info and reports a wrong current password', async () => {
    const { context, page } = await app.signedIn('member@example.com');
    await page.goto('/account/personal-info');
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: false }).first().fill('short');
    await page.getByLabel('Repeat the new password').fill('different');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('New password', { exact: false }).first().fill('Another!2026');
    await page.getByLabel('Repeat the new password').fill('Another!2026');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Could not update password' }).waitFor();
    expect(pathOf(page)).toBe('/account/personal-info');
    await context.close();
  });

  it('a password change keeps this tab signed in and signs the other device out live; log out everywhere ends this one too', async () => {
    const user = 'mia.hoffmann@example.org';
    const phone = await app.page();
    const laptop = await app.page();
    for (const { page } of [phone, laptop]) {
      await login(page, user);
      await page.waitForURL((u) => u.pathname === '/dashboard');
    }
    await laptop.page.goto('/database');
    await phone.page.goto('/account/personal-info');
    // The same password again: the change still ends every other session.
    await phone.page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await phone.page.getByLabel('New password', { exact: false }).first().fill(DEMO_PASSWORD);
    await phone.page.getByLabel('Repeat the new password').fill(DEMO_PASSWORD);
    await phone.page.getByRole('button', { name: 'Update password' }).click();
    await phone.page.getByTestId('snackbar').filter({ hasText: 'Password updated' }).waitFor();
    // The other device signs out without anyone touching it (its socket is closed by the server).
    await laptop.page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
    // This tab goes on with the new token.
    await phone.page.goto('/database');
    await phone.page.waitForLoadState('networkidle');
    expect(pathOf(phone.page)).toBe('/database');
    await phone.page.goto('/account/personal-info');
    await phone.page.getByTestId('logout-everywhere').click();
    await phone.page.waitForURL((u) => u.pathname === '/login');
    expect(await phone.page.evaluate(() => sessionStorage.getItem('synergy.session') ?? localStorage.getItem('synergy.session'))).toBeNull();
    await phone.context.close();
    await laptop.context.close();
  });
});
