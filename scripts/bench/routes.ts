// The pages a person opens and who opens them, for the browser benchmarks (lighthouse.ts, layout-shifts.ts): the
// routes come from the client's route table (client/src/config/paths.ts), each signed in as its demo user, with
// real ids from the demo data for the routes with parameters.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { buildClient as buildClientAt, DEMO_PASSWORD, login, readRouteTable } from '../../e2e/harness';

export type Who = 'guest' | 'manager@example.com' | 'admin@example.com' | 'driver@example.com';

/** Real ids for the routes with parameters, from the demo data through the API the signed-in user may call. */
export async function idsFor(page: Page, who: Who): Promise<Record<string, string>> {
  // tsx compiles this file with esbuild's keepNames, whose `__name(...)` calls the page does not define.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate(async (who) => {
    const raw = localStorage.getItem('synergy.session');
    const session = raw ? (JSON.parse(raw) as { token: string; user: { id: number; company_id: number | null } }) : null;
    const get = async (url: string) => {
      const res = await fetch(url, { headers: session ? { Authorization: `Bearer ${session.token}` } : {} });
      return res.ok ? ((await res.json()) as { items?: { id: number }[] }) : null;
    };
    const ids: Record<string, string> = {};
    if (session && who === 'manager@example.com') {
      const found = await get('/api/v2/materials?proximity=any&size=1&q=racking');
      ids.materialId = String(found?.items?.[0]?.id ?? 1);
      const donations = await get(`/api/v2/materials/donations?company_id=${session.user.company_id}&size=1`);
      ids.donationId = String(donations?.items?.[0]?.id ?? 1);
      ids.id = String(session.user.company_id ?? 1);
      ids.userId = String(session.user.id);
    }
    if (session && who === 'admin@example.com') {
      const trips = await get('/admin/trips');
      ids.tripId = String(trips?.items?.[0]?.id ?? 1);
    }
    return ids;
  }, who);
}

/** Routes whose `:id` is not a company (several parameters share the name in the table). */
const ID_OF: Record<string, string> = { user: 'userId', donationPrint: 'donationId' };

export async function signIn(page: Page, who: Who) {
  await page.goto('/landing');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  if (who === 'guest') return;
  if (who === 'driver@example.com') {
    await page.goto('/driver/login');
    await page.getByLabel(/^Email/).fill(who);
    await page.getByLabel(/^Phone number/).fill('+45 12 34 56 78');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((u) => u.pathname === '/driver');
    return;
  }
  const admin = who === 'admin@example.com';
  await page.goto(admin ? '/admin/login' : '/login');
  if (!admin) await page.getByLabel(/Remember me/i).check();
  await login(page, who, DEMO_PASSWORD, admin ? '/admin/login' : '/login');
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  // The administrator form has no "remember me": its session is in this tab's sessionStorage, which Lighthouse's
  // tab does not see. Stored as a remembered session instead, the way the company form stores one.
  await page.evaluate(() => {
    const raw = sessionStorage.getItem('synergy.session');
    if (!raw) return;
    localStorage.setItem('synergy.session', JSON.stringify({ ...(JSON.parse(raw) as object), remember: true }));
    sessionStorage.removeItem('synergy.session');
  });
  // Reloaded, the app reads the session from there: the page as it was still held it as not remembered, and the next
  // session update (auth.me) would have written it back to sessionStorage, signing Lighthouse's tab out.
  await page.goto('/landing');
}

export function plan(root: string): { who: Who; routes: { path: string; label: string }[] }[] {
  const table = readRouteTable(root).routes;
  const pick = (access: string[]) => table.filter((r) => access.includes(r.access));
  const label = (p: string) => ({ path: p, label: p });
  const company = pick(['user', 'manager']).flatMap((r) => (r.name === 'database' ? [label(r.path), label('/database?view=map')] : [label(r.path)]));
  return [
    { who: 'manager@example.com', routes: company },
    { who: 'admin@example.com', routes: pick(['admin']).map((r) => label(r.path)) },
    { who: 'driver@example.com', routes: pick(['driver']).map((r) => label(r.path)) },
    { who: 'guest', routes: [label('/landing'), label('/login')] },
  ];
}

/** The route's path with its parameters filled from `ids` (idsFor). */
export function fillRoute(root: string, pattern: string, ids: Record<string, string>): string {
  const name = readRouteTable(root).routes.find((r) => r.path === pattern)?.name ?? '';
  return pattern.replace(/:(\w+)/g, (_, key: string) => (key === 'id' && ID_OF[name] ? ids[ID_OF[name]!] : ids[key]) ?? '1');
}

/**
 * Builds the client of the checkout at `root` (the browser benches measure what it serves), unless `--no-build`.
 * With `--no-build` it refuses a build that profile-route.ts left unminified: measured, it costs several times the
 * main-thread time of the real one (a whole table of 2026-11-28 showed 10 of 42 routes at 95 where the real build
 * has all 42).
 */
export function buildClient(root: string) {
  if (!process.argv.includes('--no-build')) return buildClientAt(root);
  const dir = path.join(root, 'dist/client');
  const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(readFileSync(path.join(dir, 'index.html'), 'utf8'))?.[1];
  if (entry && readFileSync(path.join(dir, entry), 'utf8').includes('\n//#region '))
    throw new Error(`${dir} holds the unminified build of profile-route.ts: run npm run build:client, or drop --no-build`);
}
