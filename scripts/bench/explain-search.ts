// EXPLAIN (ANALYZE, BUFFERS) of the search statement as the app runs it (search connection: no bitmap scans),
// warm, for one viewer: the plan once, then the median and worst execution time over a few runs.
//   node --import tsx scripts/bench/explain-search.ts --db synergy_bench_100k [--proximity above40] [--sort distance]
//        [--city Copenhagen] [--rings false] [--first-ring 1|2|4] [--runs 15] [--plan false] [--kind offering] [--category waste]
//        [--q <words>] (the trigram path, on a main connection)
// --rings false: "above 40 km" by the plain KNN scan (as before decision 0147), for comparison.
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../server/db/client';
import { searchPageQuery } from '../../server/modules/materials/search';
import { searchMaterialsInput } from '../../shared/schemas/materials';
import { arg, benchUrl, CITIES } from './common';

const db = arg('db', 'synergy_bench_100k');
const city = CITIES.find((c) => c.name === arg('city', 'Copenhagen'));
if (!city) throw new Error('unknown --city');
const runs = Number(arg('runs', '15'));
const input = searchMaterialsInput.parse({
  proximity: arg('proximity', 'above40'),
  sort: arg('sort', 'distance'),
  page: arg('page', '0'),
  kind: arg('kind', 'offering'),
  ...(arg('category', '') ? { category: arg('category', '') } : {}),
  ...(arg('q', '') ? { q: arg('q', '') } : {}),
});
const rings = arg('rings', 'true') !== 'false';

const database = await openPostgres(benchUrl(db), { max: 3 });
// A text search's trigram path runs on the main connections (bitmap scans on): --q <words> explains that one.
const search = arg('q', '') ? database.db : database.searchDb!;
// The viewer: the first company whose primary address is exactly at the city centre (scripts/bench/seed-materials.ts).
const [viewer] = (await search.execute(
  sql`select company_id from company_addresses where is_primary and latitude = ${city.lat} and longitude = ${city.lng} order by company_id limit 1`,
)) as unknown as { company_id: number }[];
const firstRing = Number(arg('first-ring', '0'));
const ctx = {
  center: { lat: city.lat, lng: city.lng },
  company_id: viewer?.company_id ?? null,
  rings,
  ...(firstRing ? { firstRingKm: firstRing } : {}),
};
const query = searchPageQuery(search, input, ctx).getSQL();

const explain = async (timing = true) =>
  (
    (await search.execute(timing ? sql`explain (analyze, buffers) ${query}` : sql`explain (analyze, timing off) ${query}`)) as unknown as Record<
      string,
      string
    >[]
  ).map((r) => r['QUERY PLAN']!);
for (let i = 0; i < 3; i++) await explain(); // warm
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const plan = await explain(false);
  const exec = plan.find((l) => l.startsWith('Execution Time'));
  const planning = plan.find((l) => l.startsWith('Planning Time'));
  times.push(Number(/([\d.]+) ms/.exec(exec!)![1]) + Number(/([\d.]+) ms/.exec(planning!)![1]));
}
if (arg('plan', 'true') !== 'false') console.log((await explain()).join('\n'));
times.sort((a, b) => a - b);
const rows = await searchPageQuery(search, input, ctx);
console.log(
  `${db} ${city.name} proximity=${input.proximity} sort=${input.sort} rings=${rings}${firstRing ? ` first ring ${firstRing} km` : ''}: planning + execution median ${times[Math.floor(runs / 2)]!.toFixed(2)} ms, max ${times[runs - 1]!.toFixed(2)} ms over ${runs} runs; total ${rows[0]?.total ?? 0}`,
);
await database.close();
