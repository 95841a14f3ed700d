// Company workspace journey (issues 12 and 14): a manager invites a member, who accepts with their own name and password, and moves the company's primary address to
// a place picked from the geocoder; the member logs in; an administrator disables the member, whose open session
// ends and whose next login is refused with a clear message; the public company page shows reviews with their
// average, and the workspace screens fit a phone without sideways scrolling.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasChromium, login, openInApp, pathOf, chooseLanguage } from './harness';
import { axeProblems } from './checks';
import { useApp } from './fixture';

const MANAGER = 'olivia.bennett@example.org';
const COMPANY = 'Thames Textile Recovery Ltd';
const REVIEWED = 'Øresund Brewing Group A/S';
const PASSWORD = 'a-long-enough-password';

async function loginAndWait(page: Page, username: string, password?: string, path?: string) {
  await login(page, username, password, path);
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  await chooseLanguage(page, 'en');
}

const snackbar = (page: Page, text: string) => page.getByTestId('snackbar').filter({ hasText: text });
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

/** A company's id by name, read with the signed-in user's token. */
async function companyId(page: Page, name: string): Promise<number> {
  return page.evaluate(async (search) => {
    const raw = localStorage.getItem('synergy.session') ?? sessionStorage.getItem('synergy.session');
    const token = (JSON.parse(raw ?? '{}') as { token?: string }).token;
    const res = await fetch(`/api/companies?search=${encodeURIComponent(search)}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { items: { id: number; name: string }[] };
    return body.items.find((c) => c.name === search)!.id;
  }, name);
}

/** The invitation link mailed to `email`, read from the outbox as an administrator reads it (the only copy). */
async function invitationLink(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@example.com', password: DEMO_PASSWORD }),
  });
  const { token } = (await res.json()) as { token: string };
  const outbox = (await (await fetch(`${base}/admin/mail-outbox?size=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    items: { to_address: string; text_body: string }[];
  };
  return /\/invitation\/[\w-]+/.exec(outbox.items.find((x) => x.to_address === email)!.text_body)![0];
}

describe.skipIf(!hasChromium)('company workspace', () => {
  const app = useApp();

  it('a manager adds a member and moves the primary address; an administrator disables the member, who is refused at login', async () => {
    const email = `e2e-member-${Date.now().toString(36)}@thames-textile.example`;
    const manager = await app.page();
    const m = manager.page;
    await loginAndWait(m, MANAGER);

    // ---- invite a member, who accepts with their own name and password ----
    await m.goto('/account/manager-panel/user-management');
    const users = m.getByTestId('user-management');
    await users.getByTestId('user-row').first().waitFor();
    await users.getByTestId('add-user').click();
    const form = m.getByRole('dialog', { name: 'Invite a colleague' }).getByTestId('invite-form');
    // Bad input gets its message and sends nothing.
    await form.getByTestId('invite-submit').click();
    await form.getByText('This field is required').waitFor();
    await form.getByLabel(/^Email/).fill(email);
    await form.getByTestId('invite-submit').click();
    await snackbar(m, `Invitation sent to ${email}`).waitFor();
    await users.getByTestId('invitation-row').filter({ hasText: email }).waitFor();
    const link = await invitationLink(app.url, email);
    const joining = await app.page(390, 844);
    await joining.page.goto(link);
    const accept = joining.page.getByTestId('invitation-form');
    await accept.getByLabel(/^First name/).fill('Priya');
    await accept.getByLabel(/^Last name/).fill('Shah');
    await accept.getByLabel(/^Password/).fill(PASSWORD);
    await accept.getByLabel(/^Repeat the password/).fill(PASSWORD);
    await accept.getByTestId('invitation-submit').click();
    await joining.page.waitForURL((u) => u.pathname === '/dashboard');
    await joining.context.close();
    await m.reload();
    const row = users.getByTestId('user-row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Priya Shah');
    // The same email again is refused with the reason.
    await users.getByTestId('add-user').click();
    const again = m.getByRole('dialog', { name: 'Invite a colleague' }).getByTestId('invite-form');
    await again.getByLabel(/^Email/).fill(email);
    await again.getByTestId('invite-submit').click();
    await again.getByText('An account with this email already exists.').first().waitFor();
    await m.getByRole('dialog', { name: 'Invite a colleague' }).getByRole('button', { name: 'Cancel' }).click();

    // ---- move the primary address to a place picked from the geocoder ----
    await m.goto('/account/manager-panel');
    const locations = m.getByTestId('locations-form');
    const first = locations.getByTestId('location').first();
    await first.waitFor();
    expect(await first.getByRole('radio', { name: 'Primary address' }).isChecked()).toBe(true);
    const address = first.locator('input[role="combobox"]');
    await address.fill('Manchester');
    await m
      .getByRole('option', { name: /Manchester/ })
      .first()
      .waitFor();
    await address.press('ArrowDown');
    await address.press('Enter');
    expect(await first.getByLabel(/^City or region/).inputValue()).toBe('Manchester');
    await first.getByText(/^Location set \(53\.48/).waitFor();
    await locations.getByTestId('save-locations').click();
    await snackbar(m, 'Locations saved').waitFor();
    await m.reload();
    const saved = m.getByTestId('locations-form').getByTestId('location').first();
    await saved.waitFor();
    expect(await saved.getByLabel(/^City or region/).inputValue()).toBe('Manchester');
    expect(await saved.getByRole('radio', { name: 'Primary address' }).isChecked()).toBe(true);
    // The public page reads the new primary address.
    await m.goto(`/companies/${await companyId(m, COMPANY)}`);
    await m.getByRole('heading', { name: COMPANY, level: 1 }).waitFor();
    expect(await m.getByTestId('company-head').textContent()).toContain('Manchester');

    // ---- the new member logs in ----
    const member = await app.page(390, 844);
    const p = member.page;
    await loginAndWait(p, email, PASSWORD);
    await p.goto('/account/personal-info');
    await p.getByTestId('profile-form').waitFor();
    expect(await p.getByLabel(/^First name/).inputValue()).toBe('Priya');
    expect(await scrollsSideways(p)).toBe(false);

    // ---- an administrator disables the member ----
    const admin = await app.page();
    const a = admin.page;
    await login(a, 'admin@example.com', undefined, '/admin/login');
    await a.waitForURL((u) => u.pathname === '/admin/panel');
    await a.goto('/admin/users');
    await a.getByTestId('user-search').fill(email);
    const account = a.getByTestId('account-row').filter({ hasText: email });
    await account.waitFor();
    await account.getByRole('button', { name: 'Disable Priya Shah' }).click();
    await a.getByTestId('confirm-toggle-account').click();
    await snackbar(a, 'Account disabled').waitFor();
    await account.getByTestId('status-disabled').waitFor();

    // The member's open session ends at once: the next page load goes to the login page.
    await p.goto('/database');
    await p.waitForURL((u) => u.pathname === '/login');
    // And a new login is refused with a clear message.
    await login(p, email, PASSWORD);
    await p.getByText('This account has been disabled. Please contact the administrator.').waitFor();
    expect(pathOf(p).startsWith('/login')).toBe(true);

    // ---- the public company page shows reviews with their average, paged ----
    await m.goto(`/companies/${await companyId(m, REVIEWED)}`);
    await m.getByRole('heading', { name: REVIEWED, level: 1 }).waitFor();
    const average = m.getByTestId('review-average');
    await average.waitFor();
    expect(await average.textContent()).toMatch(/average of \d+ reviews?/);
    expect(await m.getByTestId('reviews').locator('li').count()).toBeGreaterThan(0);
    await m.getByTestId('sdg-exchanges').waitFor();
    await m.getByTestId('company-listings').waitFor();

    // The public page and the manager panel fit a phone.
    await member.context.close();
    const phone = await app.page(390, 844);
    await loginAndWait(phone.page, MANAGER);
    for (const path of ['/account/manager-panel', '/account/manager-panel/user-management', `/companies/${await companyId(phone.page, REVIEWED)}`]) {
      await phone.page.goto(path);
      await phone.page.locator('h1').first().waitFor();
      await phone.page.waitForTimeout(300);
      expect(await scrollsSideways(phone.page), path).toBe(false);
    }
    await Promise.all([manager.context.close(), admin.context.close(), phone.context.close()]);
  }, 240_000);

  for (const width of [390, 1280]) {
    it(`the workspace screens have no serious accessibility violations at ${width} px`, async () => {
      const problems: string[] = [];
      const user = await app.page(width, 900, { bypassCSP: true });
      const u = user.page;
      await loginAndWait(u, 'manager@example.com');
      const paths = ['/account/manager-panel', '/account/manager-panel/user-management', '/account/personal-info'];
      paths.push(`/companies/${await companyId(u, REVIEWED)}`);
      for (const path of paths) {
        await openInApp(u, path);
        problems.push(...(await axeProblems(u, path)));
      }
      await u.locator('.people a').first().click();
      await u.getByTestId('user-card').waitFor();
      problems.push(...(await axeProblems(u, 'user page')));
      await openInApp(u, '/account/manager-panel/user-management');
      await u.getByTestId('add-user').click();
      await u.getByTestId('invite-form').waitFor();
      problems.push(...(await axeProblems(u, 'invite dialog')));
      await user.context.close();

      const admin = await app.page(width, 900, { bypassCSP: true });
      const a = admin.page;
      await login(a, 'admin@example.com', undefined, '/admin/login');
      await a.waitForURL((x) => x.pathname === '/admin/panel');
      for (const path of ['/admin/users', '/admin/companies']) {
        await openInApp(a, path);
        problems.push(...(await axeProblems(a, path)));
        expect(await scrollsSideways(a), path).toBe(false);
      }
      await a
        .getByTestId('company-row')
        .first()
        .getByRole('button', { name: /^Edit / })
        .click();
      await a.getByTestId('admin-company-form').waitFor();
      problems.push(...(await axeProblems(a, 'company edit dialog')));
      await admin.context.close();
      expect(problems).toEqual([]);
    }, 120_000);
  }
});
