// Impact in the browser (issue 12 "Done when"): a new company B lists 1,000 kg of wood, the demo company A offers on
// it, B accepts and ends the synergy as successful; then both dashboards show the 1,000 kg and about 1,199 kg CO2e
// with the chart, the table and the method; the certificate's QR link opens a public page that confirms the record;
// the demo company's portfolio lists its portfolio companies. Screenshots at 390 and 1280 px, no sideways scroll.
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasChromium, login, ROOT } from './harness';
import { useApp } from './fixture';

const SHOTS = path.join(ROOT, '.test-results/screens');
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function api<T>(base: string, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${method} ${url}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
const tokenOf = async (base: string, username: string, password = DEMO_PASSWORD) =>
  (await api<{ token: string }>(base, 'POST', '/api/auth/login', null, { username, password })).token;

async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(client);
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const result = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
  })) as { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

interface Stats {
  periods: { month: string; kgs: number; co2e_kg: number; completed_synergies: number }[];
}

describe.skipIf(!hasChromium)('impact: dashboard, certificate and public check', () => {
  const app = useApp();

  it('shows a completed 1,000 kg wood synergy on both dashboards with the chart and method, and its certificate verifies', async () => {
    // ---- B: a new company, registered and approved, lists one tonne of wood ----
    const admin = await tokenOf(app.url, 'admin@example.com');
    const groups = await api<{ items: { id: number; name: string }[] }>(app.url, 'GET', '/api/common/material-groups', null);
    const wood = groups.items.find((g) => g.name === 'Wood')!;
    const stamp = Date.now().toString(36);
    const bName = `Impact Timber ${stamp} ApS`;
    const bEmail = `impact.${stamp}@e2e-company.example`;
    const reg = await api<{ id: number }>(app.url, 'POST', '/api/auth/register', null, {
      first_name: 'Ida',
      last_name: 'Impact',
      email: bEmail,
      password: 'a-long-password',
      company_name: bName,
      company_size: '11-50',
      industry: 'Wood and logistics',
      country: 'DK',
      state: 'Capital Region of Denmark',
      city: 'Copenhagen',
      address: 'Træløbet 4',
      zip_code: '2300',
      latitude: 55.66,
      longitude: 12.6,
      contact_phone: '23456781',
      country_calling_code: '+45',
      preferred_currency: 'DKK',
      materials_interested: [wood.id],
      materials_providing: [wood.id],
      expectations: 'Find a home for our offcuts.',
      fee_consent: true,
    });
    await api(app.url, 'POST', '/admin/temporary-accounts/review', admin, { id: reg.id, decision: 'approve' });
    const b = await tokenOf(app.url, bEmail, 'a-long-password');
    const aLogin = await api<{ token: string; user: { company_id: number } }>(app.url, 'POST', '/api/auth/login', null, {
      username: 'manager@example.com',
      password: DEMO_PASSWORD,
    });
    const a = aLogin.token;
    const listing = await api<{ id: number }>(app.url, 'POST', '/api/v2/materials', b, {
      title: 'Pine offcuts, one tonne',
      description: 'Clean, untreated pine offcuts from our joinery.',
      category: 'by-product',
      material_group_id: wood.id,
      frequency: 'one-off',
      quantity: 1000,
      condition: 'Dry',
      type: 'Timber',
      final_use: 'Reuse',
    });
    const aPath = `/api/companies/${aLogin.user.company_id}/stats`;
    const aBefore = await api<Stats>(app.url, 'GET', aPath, a);

    // ---- A offers on it, B accepts and ends it as successful ----
    const offer = await api<{ id: number }>(app.url, 'POST', '/api/offers', a, {
      material_id: listing.id,
      quantity: 1000,
      message: 'We reuse pine offcuts for crates.',
    });
    const accepted = await api<{ exchange_id: number }>(app.url, 'POST', '/api/offers/review', b, { id: offer.id, decision: 'accept' });
    await api(app.url, 'PUT', `/api/exchanges/${accepted.exchange_id}`, b, {
      level_of_completion: 'COMPLETED',
      successful: true,
      earnings: 400,
      savings: 250,
    });

    // ---- B's dashboard: 1,000 kg and about 1,199 kg CO2e, the chart, the table, the method ----
    for (const width of [1280, 390]) {
      const { context, page } = await app.page(width, 900, { bypassCSP: true });
      await login(page, bEmail, 'a-long-password');
      await page.waitForURL((u) => u.pathname === '/dashboard');
      const impact = page.getByTestId('impact');
      await expect.poll(() => page.getByTestId('impact-kgs').textContent()).toContain('1,000');
      expect(await page.getByTestId('impact-co2e_kg').textContent()).toMatch(/1,199\s*kg/);
      await page.getByTestId('impact-chart').locator('canvas').waitFor();
      expect(await impact.getByRole('table').textContent()).toContain('1,199');
      const method = page.getByTestId('impact-method');
      expect(await page.getByTestId('impact-formula').textContent()).toContain('primary material production');
      expect(await method.textContent()).toContain('version 1.1');
      const record = method.getByTestId('impact-record');
      expect(await record.count()).toBe(1);
      expect(await record.textContent()).toMatch(/1,000 kg ÷ 1000 × 1,199\.3134 kg CO2e per tonne \(Wood → Defra “Wood”\) = 1,199\.31 kg CO2e/);
      expect(await record.getByRole('link', { name: 'Pine offcuts, one tonne' }).getAttribute('href')).toBe(
        `/synergies?exchange=${accepted.exchange_id}`,
      );
      await noSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `impact-dashboard-${width}.png`), fullPage: true });
      if (width === 1280) {
        // The certificate downloads from the record.
        const download = page.waitForEvent('download');
        await record.getByTestId('certificate').click();
        expect((await download).suggestedFilename()).toBe(`impact-certificate-${accepted.exchange_id}.pdf`);
      }
      await context.close();
    }

    // ---- A's dashboard counts it too (the demo company also has its own history) ----
    const aAfter = await api<Stats>(app.url, 'GET', aPath, a);
    expect(aAfter.periods[3]!.kgs - aBefore.periods[3]!.kgs).toBe(1000);
    expect(aAfter.periods[3]!.co2e_kg - aBefore.periods[3]!.co2e_kg).toBeCloseTo(1199.31, 1);
    const { context: ac, page: ap } = await app.page(1280, 900);
    await login(ap, 'manager@example.com');
    await ap.waitForURL((u) => u.pathname === '/dashboard');
    await ap.getByTestId('impact-chart').locator('canvas').waitFor();
    await expect
      .poll(() => ap.getByTestId('impact-method').getByTestId('impact-record').filter({ hasText: 'Pine offcuts, one tonne' }).count())
      .toBe(1);
    await ap.screenshot({ path: path.join(SHOTS, 'impact-dashboard-demo-1280.png'), fullPage: true });
    // The demo company is a parent company: its portfolio.
    await ap.goto('/portfolio-companies');
    await ap.getByTestId('portfolio-company').first().waitFor();
    expect(await ap.getByTestId('portfolio').textContent()).toContain('Combined total');
    await ap.screenshot({ path: path.join(SHOTS, 'impact-portfolio-1280.png'), fullPage: true });
    await ac.close();

    // ---- the certificate's QR link: a public page, no account ----
    const pdf = await fetch(`${app.url}/api/exchanges/${accepted.exchange_id}/certificate`, { headers: { authorization: `Bearer ${a}` } });
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    const code = /\/verify\/impact\/([0-9a-f-]{36})/.exec(bytes)?.[1];
    expect(code).toBeTruthy();
    for (const width of [390, 1280]) {
      const { context, page } = await app.page(width, 900, { bypassCSP: true });
      await page.goto(`/verify/impact/${code}`);
      await page.getByTestId('verify-valid').waitFor();
      expect(await page.getByTestId('verify').textContent()).toContain(bName);
      expect(await page.getByTestId('verify-co2e').textContent()).toMatch(/1,199\.31 kg CO2e/);
      expect(await page.getByTestId('verify').textContent()).not.toContain('400');
      await noSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `impact-verify-${width}.png`), fullPage: true });
      await page.goto('/verify/impact/00000000-0000-4000-8000-000000000000');
      await page.getByTestId('verify-unknown').waitFor();
      await context.close();
    }
  }, 300_000);

  it('shows the demo company four months of history at 390 px without sideways scrolling', async () => {
    const { context, page } = await app.page(390, 844);
    await login(page, 'manager@example.com');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.getByTestId('impact-chart').locator('canvas').waitFor();
    const rows = page.getByTestId('impact').getByRole('table').locator('tbody tr');
    expect(await rows.count()).toBe(4);
    expect(await page.getByTestId('impact-method').getByTestId('impact-record').count()).toBeGreaterThanOrEqual(8);
    await noSidewaysScroll(page);
    await page.screenshot({ path: path.join(SHOTS, 'impact-dashboard-demo-390.png'), fullPage: true });
    await context.close();
  }, 120_000);
});
