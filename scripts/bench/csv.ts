// CSV bulk import: POST /api/v2/materials/bulk-upload with 500 valid rows (half with a material
// group code that three other companies' 30 users follow, so each upload sends them a digest), timed from
// outside, interleaved with a bare Express endpoint receiving the same multipart body. The app runs in its own
// process on a scratch database.
//   node --import tsx scripts/bench/csv.ts [--csv-rows 500] [--uploads 10] [--followers false] [--profile <dir>]
import postgres from 'postgres';
import { CSV_COLUMNS } from '../../shared/schemas/materials';
import { createTokenService } from '../../server/lib/tokens';
import { startServerProcess } from '../../server/test/server-process';
import { arg, benchServerEnv, percentile, runScenarioIfMain, scratchDatabase, startBareServer, type ScenarioResult } from './common';

const SECRET = 'bench-perfmore-secret-that-is-long-enough-0123456789';

/**
 * The bench's options. Rows per file is `--csv-rows`, not `--rows`: under `npm run bench` (which imports this
 * file as a plug-in with the same command line) `--rows` is the number of listings to seed, 100,000 or 1,000,000,
 * and a file of that many rows is 10 MB or more: the app rightly answers 413 (SPEC §9: 9.5 MB form rule).
 */
export function csvOptions(argv: readonly string[] = process.argv) {
  return {
    rows: Number(arg('csv-rows', '500', argv)),
    uploads: Number(arg('uploads', '10', argv)),
    // --followers false: nobody follows the groups, so the import writes listings only.
    followers: arg('followers', 'true', argv) === 'true',
    // --profile <dir>: the app runs under `node --cpu-prof` and writes its profile there when it stops.
    profile: arg('profile', '', argv),
  };
}

const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Upload number `k`: `rows` valid listings, every other one with one of `codes` (material group codes). */
export function csvFile(rows: number, codes: readonly string[], k: number): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    const v: Record<string, string> = {
      title: `Pallets ${k}-${i}`,
      description: 'Used EUR pallets, stacked, collected by the buyer',
      category: 'surplus',
      material_group_code: i % 2 === 0 ? codes[i % codes.length]! : '',
      frequency: 'monthly',
      quantity: String(10 + i),
      condition: 'Used',
      type: 'Wood',
      final_use: 'Reuse',
      sdg_goals: '12',
    };
    lines.push(CSV_COLUMNS.map((c) => cell(v[c] ?? '')).join(','));
  }
  return `${lines.join('\n')}\n`;
}

export async function csvBench(): Promise<ScenarioResult[]> {
  const { rows: rowsPerFile, uploads, followers, profile } = csvOptions();
  const scratch = await scratchDatabase('bench_perfmore_csv');
  const server = await startServerProcess(
    benchServerEnv(scratch.url, SECRET, '/tmp/perfmore-bench-csv', { RATE_LIMIT_SCALE: '100000' }),
    120_000,
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
  );
  const bare = await startBareServer();
  const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  try {
    const companies = await sql<{ id: number }[]>`
      insert into companies (name, status) select 'CSV company ' || g, 'approved' from generate_series(1, 4) g returning id`;
    await sql`
      insert into company_addresses (company_id, address, city, zip_code, country, latitude, longitude, is_primary)
      select id, 'Street 1', 'Copenhagen', '1620', 'DK', 55.6761, 12.5683, true from companies`;
    const users = await sql<{ id: number; company_id: number }[]>`
      insert into users (email, username, first_name, role, company_id, password_hash)
      select 'csv' || c.id || '-' || g || '@bench.example', 'csv' || c.id || '-' || g || '@bench.example', 'Bench',
             case when g = 1 then 'MANAGER' else 'MEMBER' end, c.id, 'x'
      from companies c, generate_series(1, 10) g returning id, company_id`;
    const uploader = users.find((u) => u.company_id === companies[0]!.id)!;
    await sql`insert into bulk_upload_access_requests (company_id, status) values (${companies[0]!.id}, 'granted')`;
    const codes = await sql<{ code: string }[]>`select code from third_level_subcategories where code is not null order by id limit 5`;
    if (!codes.length) throw new Error('no taxonomy codes seeded');
    await sql`
      insert into company_material_groups (company_id, material_group_id, relation)
      select c.id, g.id, 'interested' from companies c, material_groups g where c.id <> ${companies[0]!.id} and ${followers}`;

    const file = (k: number) =>
      csvFile(
        rowsPerFile,
        codes.map((c) => c.code),
        k,
      );
    const token = createTokenService(SECRET).signUser({ sub: String(uploader.id), role: 'MANAGER', company_id: uploader.company_id, tv: 0 }, 3600);
    const post = async (url: string, body: string) => {
      const form = new FormData();
      form.append('file', new Blob([body], { type: 'text/csv' }), 'listings.csv');
      const t = performance.now();
      const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const text = await res.text();
      const ms = performance.now() - t;
      if (res.status >= 400) throw new Error(`${url} answered ${res.status} to a ${Math.round(body.length / 1024)} KiB file: ${text.slice(0, 300)}`);
      return ms;
    };
    const app: number[] = [];
    const base: number[] = [];
    await post(`${server.base}/api/v2/materials/bulk-upload`, file(-1)); // warm-up
    for (let k = 0; k < uploads; k++) {
      const body = file(k);
      base.push(await post(`${bare.base}/upload`, body));
      app.push(await post(`${server.base}/api/v2/materials/bulk-upload`, body));
    }
    // The digests are sent after each upload's commit (docs/decisions/0151): wait until none is left unsent.
    const waitFrom = performance.now();
    for (;;) {
      const [{ unsent }] = (await sql<
        { unsent: number }[]
      >`select count(*)::int as unsent from listing_digests where sent_at is null`) as unknown as [{ unsent: number }];
      if (unsent === 0) break;
      if (performance.now() - waitFrom > 60_000) throw new Error(`${unsent} digests still unsent after 60 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const [counts] = (await sql<{ n: number; notes: number; mails: number; digests: number }[]>`
      select (select count(*)::int from materials) as n, (select count(*)::int from notifications) as notes,
             (select count(*)::int from mail_outbox) as mails, (select count(*)::int from listing_digests) as digests`) as unknown as [
      { n: number; notes: number; mails: number; digests: number },
    ];
    // From the upload's transaction start (created_at) to the digest's (sent_at): both now() of their transactions.
    const delays = (await sql<{ ms: number }[]>`select extract(epoch from sent_at - created_at)::float8 * 1000 as ms from listing_digests`).map(
      (r) => r.ms,
    );
    const f = (v: number) => v.toFixed(1);
    console.log(
      `\nCSV import: ${uploads} uploads of ${rowsPerFile} rows (${Math.round(file(0).length / 1024)} KiB), half with a group code${followers ? ' followed by 30 users of 3 other companies' : ', nobody following'}; ${counts.n} listings, ${counts.digests} digests, ${counts.notes} notifications and ${counts.mails} mails written (warm-up included), Node ${process.version}\n`,
    );
    if (delays.length)
      console.log(
        `digest sent after the upload's transaction began: p50 ${f(percentile(delays, 50))} ms, p95 ${f(percentile(delays, 95))} ms, max ${f(Math.max(...delays))} ms\n`,
      );
    console.log('| scenario | p50 ms | p95 ms | max ms | p50 / baseline |\n|---|---|---|---|---|');
    console.log(
      `| bare express receiving the same upload | ${f(percentile(base, 50))} | ${f(percentile(base, 95))} | ${f(Math.max(...base))} | 1.00 |`,
    );
    console.log(
      `| bulk upload, ${rowsPerFile} rows | ${f(percentile(app, 50))} | ${f(percentile(app, 95))} | ${f(Math.max(...app))} | ${(percentile(app, 50) / percentile(base, 50)).toFixed(1)} |`,
    );
    const p95 = percentile(app, 95);
    return [{ name: `${rowsPerFile}-row CSV import, p95`, figure: `${p95.toFixed(0)} ms`, target: '< 250 ms', met: p95 < 250 }];
  } finally {
    await sql.end();
    await bare.stop();
    await server.stop();
    await scratch.drop();
  }
}

export const scenarios = [{ name: 'csv', run: csvBench }];

runScenarioIfMain(import.meta.url, csvBench);
