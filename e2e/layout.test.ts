// The bars fit the screen: no sideways scrolling for a parent-company manager (the longest bar) and the administrator
// at phone, small-desktop and desktop widths; axe-core finds no serious or critical violation on the authenticated
// dashboard and the admin panel. And every route of client/src/config/paths.ts, for every role that may open it,
// at 360, 390, 1024 and 1280 px: no page scrolls sideways.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, hasChromium, login, nextFrames, openInApp, readRouteTable, settle, type RouteRow } from './harness';
import { axeProblems, driverLogin } from './checks';
import { useApp } from './fixture';

const USERS = [
  { who: 'manager@example.com', loginPath: '/login', home: '/dashboard' },
  { who: 'admin@example.com', loginPath: '/admin/login', home: '/admin/panel' },
];

async function signIn(page: Page, who: string, loginPath: string, home: string) {
  await login(page, who, undefined, loginPath);
  await page.waitForURL((u) => u.pathname === home);
  await page.locator('h1').first().waitFor();
  await settle(page);
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

  it('shows on a phone that the manager panel tabs scroll, and scrolls the selected tab into view', async () => {
    const { context, page } = await app.page(390, 844);
    await signIn(page, 'manager@example.com', '/login', '/dashboard');
    await page.goto('/account/manager-panel');
    const list = page.getByRole('tablist');
    await list.getByRole('tab', { name: 'Company' }).waitFor();
    // First tab selected: more tabs lie to the right only.
    await expect.poll(() => list.getAttribute('data-more-end')).toBe('true');
    expect(await list.getAttribute('data-more-start')).toBeNull();
    // The last tab, opened by its address, is scrolled fully into the list's view; now more lie to the left.
    await page.goto('/account/manager-panel/donations');
    const tab = list.getByRole('tab', { name: 'Donations' });
    await tab.waitFor();
    await expect.poll(() => list.getAttribute('data-more-start')).toBe('true');
    const [l, t] = [(await list.boundingBox())!, (await tab.boundingBox())!];
    expect(t.x).toBeGreaterThanOrEqual(l.x);
    expect(t.x + t.width).toBeLessThanOrEqual(l.x + l.width + 0.5);
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`dashboard and admin panel at ${width} px have no serious axe violations`, async () => {
      const problems: string[] = [];
      for (const { who, loginPath, home } of USERS) {
        const { context, page } = await app.page(width, 900, { bypassCSP: true });
        await signIn(page, who, loginPath, home);
        problems.push(...(await axeProblems(page, home)));
        await context.close();
      }
      expect(problems).toEqual([]);
    });
  }

  describe('every route for every role', () => {
    /** Opens every route the role may open and measures it at each width; returns what scrolls sideways. */
    async function sweep(page: Page, role: Role, widths: readonly number[]) {
      const ids = await idsFor(page, role.who);
      const problems: string[] = [];
      const visited: string[] = [];
      const routes = ROUTE_TABLE.filter((r) => role.may(r));
      // A listing page both as a buyer sees another company's listing (with sub-listings) and as its owner.
      const urls = routes.map((r) => ({ route: r, url: urlOf(r, ids) }));
      if (ids.ownMaterialId) urls.push({ route: routes.find((r) => r.name === 'material')!, url: `/material/${ids.ownMaterialId}` });
      for (const { route, url } of urls) {
        await page.setViewportSize({ width: widths[0]!, height: 800 });
        // Measured as its reader sees it: loaded, loading placeholders gone.
        await openInApp(page, url);
        // Stayed on the route (no guard bounced the role): the table of who may open what is right.
        expect(new URL(page.url()).pathname, `${role.who} ${url}`).toBe(url.split('?')[0]);
        visited.push(route.name);
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          await nextFrames(page);
          const wide = await overflowers(page);
          if (wide) problems.push(`${url} at ${width} px: ${wide}`);
        }
      }
      expect(new Set(visited).size, `${role.who} routes`).toBe(routes.length);
      return problems;
    }

    for (const role of ROLES) {
      it(`${role.who}: no page scrolls sideways at ${WIDTHS.join(', ')} px`, { timeout: 420_000 }, async () => {
        const { context, page } = await app.page(WIDTHS[0], 800);
        await role.signIn(page);
        const problems = await sweep(page, role, WIDTHS);
        await context.close();
        expect(problems).toEqual([]);
      });
    }

    // Malay has the longest labels of the three languages (a phone label pushed the manager panel 35 px wide).
    for (const role of ROLES.filter((r) => ['guest', 'manager@example.com', 'admin@example.com'].includes(r.who))) {
      it(`${role.who}, in Malay: no page scrolls sideways at 360 px`, { timeout: 420_000 }, async () => {
        const { context, page } = await app.page(360, 800);
        await role.signIn(page);
        let problems: string[];
        try {
          if (role.who === 'guest') {
            await page.goto('/');
            await page.evaluate(() => localStorage.setItem('synergy.language', 'my'));
            await page.reload();
            await page.waitForFunction(() => document.documentElement.lang.startsWith('ms'));
          } else await chooseLanguage(page, 'my');
          problems = await sweep(page, role, [360]);
        } finally {
          // The choice is saved on the shared demo account: put it back for the other test files.
          if (role.who !== 'guest') await chooseLanguage(page, 'en');
          await context.close();
        }
        expect(problems).toEqual([]);
      });
    }

    it('covers every route of the route table', () => {
      const covered = new Set(ROUTE_TABLE.filter((r) => ROLES.some((role) => role.may(r))).map((r) => r.name));
      expect(ROUTE_TABLE.filter((r) => !covered.has(r.name)).map((r) => r.name)).toEqual([]);
      expect(ROUTE_TABLE.length).toBe((PATHS_SOURCE.match(/\br\(\{/g) ?? []).length);
    });
  });
});

// ---- every route, read from the route table -----------------------------------------------------------------

const WIDTHS = [360, 390, 1024, 1280] as const;

/** The route table as data (client/src/config/paths.ts uses Lingui macros, so the harness reads it as text). */
const { source: PATHS_SOURCE, routes: ROUTE_TABLE } = readRouteTable();

type Ids = Record<string, string>;

/** Real ids for the routes with parameters, from the demo data through the API the role may call. */
async function idsFor(page: Page, who: string): Promise<Ids> {
  if (page.url() === 'about:blank') await page.goto('/');
  return page.evaluate(async (who) => {
    const raw = localStorage.getItem('synergy.session') ?? sessionStorage.getItem('synergy.session');
    const session = raw ? (JSON.parse(raw) as { token: string; user: { id: number; company_id: number | null } }) : null;
    const get = async (url: string) => {
      const res = await fetch(url, { headers: session ? { Authorization: `Bearer ${session.token}` } : {} });
      return res.ok ? ((await res.json()) as { items?: { id: number }[] }) : null;
    };
    const ids: Record<string, string> = { resetToken: 'not-a-real-token', code: 'ABCD-EFGH-IJKL' };
    if (session && who !== 'admin@example.com') {
      const found = await get('/api/v2/materials?proximity=any&size=1&q=racking');
      ids.materialId = String(found?.items?.[0]?.id ?? 1);
      const own = await get(`/api/v2/materials/offerings?company_id=${session.user.company_id}&size=1`);
      if (own?.items?.[0]) ids.ownMaterialId = String(own.items[0].id);
      const donations = await get(`/api/v2/materials/donations?company_id=${session.user.company_id}&size=1`);
      ids.donationId = String(donations?.items?.[0]?.id ?? 1);
      ids.id = String(session.user.company_id ?? 1);
    }
    if (who === 'admin@example.com') {
      const trips = await get('/admin/trips');
      ids.tripId = String(trips?.items?.[0]?.id ?? 1);
    }
    if (session) ids.userId = String(session.user.id);
    return ids;
  }, who);
}

/** Routes whose `:id` is not a company (several parameters share the name in the table). */
const ID_OF: Record<string, string> = { user: 'userId', donationPrint: 'donationId' };

function urlOf(route: RouteRow, ids: Ids): string {
  return route.path.replace(/:(\w+)/g, (_, key: string) => (key === 'id' && ID_OF[route.name] ? ids[ID_OF[route.name]!] : ids[key]) ?? '1');
}

/** The widest elements past the right edge, when the page scrolls sideways; null when it does not. */
async function overflowers(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 4)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''} (${Math.round(el.getBoundingClientRect().right)} px)`,
      );
    return `scrollWidth ${document.documentElement.scrollWidth}: ${culprits.join(', ')}`;
  });
}

interface Role {
  who: string;
  may: (r: RouteRow) => boolean;
  signIn: (page: Page) => Promise<void>;
}

const signInAt = (who: string, loginPath: string, home: string) => async (page: Page) => {
  await login(page, who, undefined, loginPath);
  await page.waitForURL((u) => u.pathname === home);
  await page.locator('h1').first().waitFor();
};

const ROLES: Role[] = [
  { who: 'guest', may: (r) => ['public', 'guest', 'adminGuest', 'driverGuest'].includes(r.access), signIn: async () => {} },
  {
    who: 'member@example.com',
    may: (r) => r.access === 'public' || (r.access === 'user' && !r.requires),
    signIn: signInAt('member@example.com', '/login', '/dashboard'),
  },
  {
    who: 'manager@example.com',
    may: (r) => r.access === 'public' || r.access === 'user' || r.access === 'manager',
    signIn: signInAt('manager@example.com', '/login', '/dashboard'),
  },
  {
    who: 'admin@example.com',
    may: (r) => r.access === 'public' || r.access === 'admin',
    signIn: signInAt('admin@example.com', '/admin/login', '/admin/panel'),
  },
  {
    who: 'driver',
    may: (r) => r.access === 'driver',
    signIn: (page) => driverLogin(page, 'driver@example.com', '+45 12 34 56 78'),
  },
];
