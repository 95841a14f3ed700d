// Company stats: GET /api/companies/{id}/stats for a company with 100k synergies (ended over three
// years, so about 14k fall in the five months the figures read), interleaved with bare Express answering the
// same JSON, plus the statements' own round trips. The app runs in its own process on a scratch database.
//   node --import tsx scripts/bench/stats.ts [--synergies 100000] [--rate 50] [--seconds 8] [--keep]
import { createTokenService } from '../../server/lib/tokens';
import { monthlyFigures, monthlyMoney } from '../../server/modules/stats/repo';
import { createCompanyWithUsers } from '../../server/test/factories';
import { arg, fixedRate, printLoadTable, runScenarioIfMain, startBareServer, statementTimes, type LoadResult, type ScenarioResult } from './common';
import { scratchApp } from './scratch-app';

const SECRET = 'bench-perfmore-secret-that-is-long-enough-0123456789';

export async function statsBench(): Promise<ScenarioResult[]> {
  const rate = Number(arg('rate', '50'));
  const seconds = Number(arg('seconds', '8'));
  const synergies = Number(arg('synergies', '100000'));
  const app = await scratchApp('stats', SECRET);
  const { server, db, sql } = app;
  try {
    const { company, manager } = await createCompanyWithUsers(db.db);
    const partners = await Promise.all(Array.from({ length: 20 }, () => createCompanyWithUsers(db.db)));
    const others = partners.map((p) => p.company.id).join(',');
    const t0 = performance.now();
    // Half provided, half received; 85% completed over the last three years, of which 80% successful with an
    // impact record; money in EUR (a tenth in DKK). Partners' own synergies with each other add as many rows again.
    // Bulk load with triggers off (session_replication_role), then the month rows in one set-based pass.
    await sql.unsafe(`
      set session_replication_role = replica;
      insert into exchanges (provider_company_id, requester_company_id, item_requested, quantity, level_of_completion, successful,
                             earnings_minor, savings_minor, currency, completed_at, created_at)
      select case when g % 2 = 0 then ${company.id} else (array[${others}])[1 + g % 20] end,
             case when g % 2 = 0 then (array[${others}])[1 + g % 20] else ${company.id} end,
             'Bench synergy ' || g, 1 + g % 500,
             case when g % 20 < 17 then 'COMPLETED' else 'IN_PROGRESS' end,
             case when g % 20 < 17 then g % 5 <> 0 end,
             (g % 1000) * 100, (g % 700) * 100, case when g % 10 = 0 then 'DKK' else 'EUR' end,
             case when g % 20 < 17 then now() - random() * interval '1095 days' end,
             now() - interval '1100 days'
      from generate_series(1, ${synergies}) g;
      insert into exchanges (provider_company_id, requester_company_id, item_requested, quantity, level_of_completion, successful, completed_at)
      select (array[${others}])[1 + g % 20], (array[${others}])[1 + (g + 7) % 20], 'Partner synergy ' || g, 10, 'COMPLETED', true,
             now() - random() * interval '1095 days'
      from generate_series(1, ${synergies}) g;
      insert into impact_records (exchange_id, kg, hours, co2e_kg, material_group, factor_set, factor_version)
      select id, quantity, 0, quantity * 0.8, 'Bench group', 'bench', '1' from exchanges where successful;
      set session_replication_role = origin;
      select company_month_stats_rebuild();
    `);
    await sql.unsafe('vacuum analyze exchanges, impact_records, company_month_stats');
    console.log(
      `seeded ${synergies} synergies for company ${company.id} (+${synergies} between partners) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const token = createTokenService(SECRET).signUser({ sub: String(manager.id), role: 'MANAGER', company_id: company.id, tv: 0 }, 3600);
    const headers = { authorization: `Bearer ${token}` };
    const url = `${server.base}/api/companies/${company.id}/stats`;
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`stats answered ${res.status}`);
    const bare = await startBareServer(await res.json());
    try {
      const rows: LoadResult[] = [];
      rows.push(await fixedRate('bare express (same JSON)', `${bare.base}/bare`, { rate, seconds, headers }));
      rows.push(await fixedRate('company stats', url, { rate, seconds, headers }));
      rows.push(await fixedRate('bare express (again)', `${bare.base}/bare`, { rate, seconds, headers }));
      rows.push(await fixedRate('company stats (again)', url, { rate, seconds, headers }));
      console.log(`\nCompany stats: ${synergies} synergies, ${rate} req/s for ${seconds} s per row, 4 connections, Node ${process.version}\n`);
      printLoadTable(rows, rows[0]!);

      const now = new Date();
      const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 4, 1));
      const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      console.log('\n| statement (postgres.js round trip, 30 runs) | p50 ms | p95 ms |\n|---|---|---|');
      for (const [label, q] of [
        ['monthly figures', monthlyFigures(db.db, company.id, from, to).toSQL()],
        ['monthly money', monthlyMoney(db.db, company.id, from, to).toSQL()],
      ] as const) {
        const t = await statementTimes(sql, q, 30);
        console.log(`| ${label} | ${t.p50.toFixed(2)} | ${t.p95.toFixed(2)} |`);
        const plan = await sql.unsafe(`explain (analyze, costs off) ${q.sql}`, q.params as never[]);
        console.log(`\nplan, ${label}:\n${plan.map((r) => r['QUERY PLAN'] as string).join('\n')}\n`);
      }
      const stats = rows.filter((r) => r.name.startsWith('company stats'));
      const worst = Math.max(...stats.map((r) => r.p95));
      return [
        {
          name: 'company stats with 100k synergies, p95',
          figure: `${worst.toFixed(1)} ms`,
          target: '< 50 ms',
          met: worst < 50 && stats.every((r) => !r.errors),
        },
      ];
    } finally {
      await bare.stop();
    }
  } finally {
    await app.close();
  }
}

export const scenarios = [{ name: 'stats', run: statsBench }];

runScenarioIfMain(import.meta.url, statsBench);
