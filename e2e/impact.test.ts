// Impact in the browser (issues 12 and 26): a new company B lists 1,000 kg of used wooden pallets (EWC 15 01 03), the
// demo company A offers on it, B accepts and ends the synergy as successful; then both dashboards show the 1,000 kg
// and about 1,199 kg CO2e with the chart, the table and the method, the record's basis and route in words; the
// certificate's QR link opens a public page that confirms the record with them; the demo company's portfolio lists
// its portfolio companies; an administrator finds the pallets' mapping on the impact mapping screen. Screenshots at
// 390 and 1280 px, no sideways scroll.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasChromium, login, ROOT } from './harness';
import { api, approvedCompany, axeProblems, noSidewaysScroll, tokenOf } from './checks';
import { useApp } from './fixture';

const SHOTS = path.join(ROOT, '.test-results/screens');

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
    const partner = await approvedCompany(app.url, admin, `Impact Timber ${Date.now().toString(36)} ApS`, {
      at: { lat: 55.66, lng: 12.6 },
      interested: wood.id,
      providing: wood.id,
      register: {
        first_name: 'Ida',
        last_name: 'Impact',
        industry: 'Wood and logistics',
        address: 'Træløbet 4',
        zip_code: '2300',
        contact_phone: '23456781',
        expectations: 'Find a home for our offcuts.',
      },
    });
    const { name: bName, email: bEmail, token: b } = partner;
    const aLogin = await api<{ token: string; user: { company_id: number } }>(app.url, 'POST', '/api/auth/login', null, {
      username: 'manager@example.com',
      password: DEMO_PASSWORD,
    });
    const a = aLogin.token;
    const listing = await api<{ id: number }>(app.url, 'POST', '/api/v2/materials', b, {
      title: 'Used EUR pallets, one tonne',
      description: 'Repaired EUR pallets from our warehouse, ready to carry goods again.',
      category: 'waste',
      material_group_code: '150103',
      frequency: 'one-off',
      quantity: 1000,
      condition: 'Repaired',
      type: 'Pallets',
      final_use: 'Reuse as pallets',
    });
    const aPath = `/api/companies/${aLogin.user.company_id}/stats`;
    const aBefore = await api<Stats>(app.url, 'GET', aPath, a);

    // ---- A offers on it, B accepts and ends it as successful ----
    const offer = await api<{ id: number }>(app.url, 'POST', '/api/offers', a, {
      material_id: listing.id,
      quantity: 1000,
      message: 'We need pallets for our brewery warehouse.',
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
      expect(await page.getByTestId('impact-formula').textContent()).toContain('Disposal avoided only: no like-for-like material');
      expect(await method.textContent()).toContain('DESNZ/Defra 2023 v1.1');
      const record = method.getByTestId('impact-record');
      expect(await record.count()).toBe(1);
      expect(await record.textContent()).toMatch(/1,000 kg ÷ 1000 × 1,199\.3134 kg CO2e per tonne \(Wood → Defra “Wood”\) = 1,199\.31 kg CO2e/);
      expect(await record.getByTestId('impact-record-basis').textContent()).toMatch(
        /Like for like: the same material re-used as such.*Would otherwise go to landfill.*mapping: Third level 150103 Wooden packaging/,
      );
      expect(await record.getByRole('link', { name: 'Used EUR pallets, one tonne' }).getAttribute('href')).toBe(
        `/synergies?exchange=${accepted.exchange_id}`,
      );
      await noSidewaysScroll(page);
      expect(await axeProblems(page, undefined, { bestPractice: false })).toEqual([]);
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
      .poll(() => ap.getByTestId('impact-method').getByTestId('impact-record').filter({ hasText: 'Used EUR pallets, one tonne' }).count())
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
      expect(await page.getByTestId('verify-basis').textContent()).toContain('Like for like');
      expect(await page.getByTestId('verify-route').textContent()).toBe('Would otherwise go to landfill');
      expect(await page.getByTestId('verify').textContent()).not.toContain('400');
      await noSidewaysScroll(page);
      expect(await axeProblems(page, undefined, { bestPractice: false })).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `impact-verify-${width}.png`), fullPage: true });
      await page.goto('/verify/impact/00000000-0000-4000-8000-000000000000');
      await page.getByTestId('verify-unknown').waitFor();
      await context.close();
    }
  }, 300_000);

  it('shows the demo company four months of history at 390 px without sideways scrolling', async () => {
    const { context, page } = await app.signedIn('manager@example.com', 390, 844);
    await page.getByTestId('impact-chart').locator('canvas').waitFor();
    const rows = page.getByTestId('impact').getByRole('table').locator('tbody tr');
    expect(await rows.count()).toBe(4);
    // The records below the first two render once the page has painted.
    await expect.poll(() => page.getByTestId('impact-method').getByTestId('impact-record').count()).toBeGreaterThanOrEqual(8);
    await noSidewaysScroll(page);
    await page.screenshot({ path: path.join(SHOTS, 'impact-dashboard-demo-390.png'), fullPage: true });
    await context.close();
  }, 120_000);

  it('lets an administrator find, change and remove a mapping on the impact mapping screen; the public method follows', async () => {
    const admin = await tokenOf(app.url, 'admin@example.com');
    type Method = { mappings: { level: string; id: number; code: string | null; basis: string; counterfactual_route: string | null }[] };
    const pallets = (await api<Method>(app.url, 'GET', '/api/impact/method', null)).mappings.find((m) => m.level === 'third' && m.code === '150103')!;
    expect(pallets).toMatchObject({ basis: 'like_for_like', counterfactual_route: 'Landfill' });
    try {
      // The phone first: the desktop run then changes the mapping.
      for (const width of [390, 1280]) {
        const { context, page } = await app.page(width, 900, { bypassCSP: true });
        await login(page, 'admin@example.com', DEMO_PASSWORD, '/admin/login');
        await page.waitForURL((u) => u.pathname === '/admin/panel');
        await page.goto('/admin/categories');
        await page.getByTestId('impact-mappings-link').click();
        await page.waitForURL((u) => u.pathname === '/admin/categories/impact');
        await page.getByTestId('mapping-tree').waitFor();
        await page.getByTestId('mapping-search').fill('150103');
        const hit = page.getByTestId('mapping-results').locator('li').first();
        await hit.waitFor();
        expect(await hit.textContent()).toMatch(/Own.*Like for like · Wood · Landfill.*1,199\.31 kg CO2e per tonne/);
        await noSidewaysScroll(page);
        expect(await axeProblems(page, undefined, { bestPractice: false })).toEqual([]);
        await page.screenshot({ path: path.join(SHOTS, `impact-mappings-${width}.png`), fullPage: true });
        if (width === 390) {
          await context.close();
          continue;
        }
        // Change it: disposal only, burnt otherwise; the dialog shows what a tonne then counts.
        await hit.getByRole('button', { name: 'Edit' }).click();
        const form = page.getByTestId('mapping-form');
        await form.waitFor();
        await form.getByTestId('mapping-basis').selectOption('disposal_only');
        await form.getByTestId('mapping-route').selectOption('Combustion');
        expect(await form.getByTestId('mapping-figure').textContent()).toContain('21.28 kg CO2e');
        await page.screenshot({ path: path.join(SHOTS, 'impact-mapping-dialog-1280.png') });
        await form.getByTestId('mapping-save').click();
        await page.getByTestId('snackbar').filter({ hasText: 'Mapping saved' }).waitFor();
        await expect.poll(async () => (await hit.textContent()) ?? '').toMatch(/Own.*Disposal avoided only · Wood · Combustion/);
        const changed = (await api<Method>(app.url, 'GET', '/api/impact/method', null)).mappings.find(
          (m) => m.id === pallets.id && m.level === 'third',
        );
        expect(changed).toMatchObject({ basis: 'disposal_only', counterfactual_route: 'Combustion' });
        // Remove it: the leaf inherits its group's mapping again.
        await hit.getByRole('button', { name: 'Edit' }).click();
        await page.getByTestId('mapping-remove').click();
        await page.getByTestId('snackbar').filter({ hasText: 'Own mapping removed' }).waitFor();
        await expect
          .poll(async () => (await hit.textContent()) ?? '')
          .toMatch(/Inherited from Material group M-WOOD Wood.*Disposal avoided only · Wood · Landfill/);
        await context.close();
      }
    } finally {
      await api(app.url, 'PUT', '/admin/impact/mappings', admin, {
        level: 'third',
        id: pallets.id,
        defra_material: 'Wood',
        basis: 'like_for_like',
        counterfactual_route: 'Landfill',
      });
    }
  }, 180_000);
});
