// Seeds a scratch Postgres database for the materials benchmark with generate_series SQL (fast: 1M rows in
// about a minute). Half of the companies (and so listings) cluster around 12 cities with a ~15 km spread,
// half are uniform over Europe. Viewer companies sit exactly at each city centre.
//   node --import tsx scripts/bench/seed-materials.ts --rows 100000 [--db synergy_bench_100k]
import postgres from 'postgres';
import { openPostgres } from '../../server/db/client';
import { seedReferenceData } from '../../server/db/seed/reference';
import { arg, BENCH_ADMIN_URL, benchUrl, CITIES } from './common';

const rows = Number(arg('rows', '100000'));
const name = arg('db', `synergy_bench_${rows >= 1_000_000 ? `${rows / 1_000_000}m` : `${rows / 1000}k`}`);
const companiesCount = Math.max(200, Math.round(rows / 50));

const admin = postgres(BENCH_ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists ${name} with (force)`);
await admin.unsafe(`create database ${name}`);
await admin.end();

const t0 = Date.now();
const database = await openPostgres(benchUrl(name), { max: 2 });
await database.migrate();
await seedReferenceData(database.db);
const sql = postgres(benchUrl(name), { max: 1, onnotice: () => {} });
const cities = JSON.stringify(CITIES);

// Companies: the first CITIES.length are the viewers at the city centres; then half clustered, half uniform.
await sql.unsafe(`
  insert into companies (name, status) select 'Bench company ' || g, 'approved' from generate_series(1, ${companiesCount}) g;
  with c as (select * from jsonb_to_recordset('${cities}'::jsonb) as x(i int, name text, lat float8, lng float8, country text))
  insert into company_addresses (company_id, address, city, zip_code, country, latitude, longitude, is_primary)
  select co.id, 'Street ' || co.id, city.name, '00000', city.country,
         case when co.id <= ${CITIES.length} then city.lat
              when co.id % 2 = 0 then city.lat + (sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())) * 15 / 111.32
              else 36 + random() * 24 end,
         case when co.id <= ${CITIES.length} then city.lng
              when co.id % 2 = 0 then city.lng + (sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())) * 15 / (111.32 * cos(radians(city.lat)))
              else -10 + random() * 40 end,
         true
  from companies co join c city on city.i = (co.id % ${CITIES.length});
  insert into users (email, username, first_name, role, company_id, password_hash)
  select 'bench' || id || '@bench.example', 'bench' || id || '@bench.example', 'Bench', 'MEMBER', id, 'x' from companies where id <= ${CITIES.length};
`);
const groups = await sql<{ id: number }[]>`select id from material_groups order by id`;
// Listings: at their company's address, 90% active, 5% donations, created over the last year.
await sql.unsafe(`
  insert into materials (company_id, address_id, latitude, longitude, title, description, category, material_group_id, frequency,
                         quantity, quantity_unit, condition, type, final_use, status, kind, created_at)
  select a.company_id, a.id, a.latitude, a.longitude, 'Bench listing ' || g, 'Generated listing number ' || g,
         (array['by-product','surplus','waste','knowledge'])[1 + g % 4], ${groups[0]!.id} + (g % ${groups.length}),
         (array['daily','weekly','monthly','every few months','one-off'])[1 + g % 5],
         g % 5000, case when g % 4 = 3 then 'hours' else 'kg' end, 'Used', 'Mixed', 'Recycling',
         case when g % 20 = 0 then 'archived' when g % 20 = 1 then 'deactivated' else 'active' end,
         case when g % 20 = 2 then 'donation' else 'offering' end,
         now() - (random() * interval '365 days')
  from generate_series(1, ${rows}) g
  join company_addresses a on a.company_id = 1 + (g % ${companiesCount});
`);
// A steady table, as autovacuum keeps it: the trigram indexes' pending lists merged, statistics fresh.
await sql.unsafe('vacuum analyze');
await sql.end();
await database.close();
console.log(`seeded ${name}: ${rows} listings, ${companiesCount} companies in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
