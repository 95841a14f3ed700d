// The floors `npm run bench` compares the app with, in a process of their own (same machine, same run):
//   GET /bare           bare Express answering a fixed JSON (BASELINE_JSON, e.g. the listing detail's answer)
//   GET /knn?km=&page=  bare Express running the reference KNN search SQL (one query, postgres-js, no ORM)
//   GET /argon2         one raw argon2 verify of a fixed hash (the floor of a login)
//   GET /detail-sql/:id bare Express running the app's own two statements of a listing detail (the token check
//                       and the detail, their SQL taken from the app's builders, prepared) and answering the row
//                       as JSON: the floor of the app's design, without tRPC, Drizzle's mapping or middleware
//   BASELINE_DB=<url> BASELINE_JSON='{...}' BASELINE_CENTER='{"lat":..,"lng":..,"company_id":..}' \
//     node --import tsx scripts/bench/baselines-server.ts        → prints "listening <port>"
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import argon2 from 'argon2';
import express from 'express';
import postgres from 'postgres';
import type { Db } from '../../server/db/client';
import { authStateStatementSql } from '../../server/modules/auth/repo';
import { detailStatementSql } from '../../server/modules/materials/repo';

const json: unknown = JSON.parse(process.env.BASELINE_JSON ?? '{"ok":true}');
const center = JSON.parse(process.env.BASELINE_CENTER ?? '{"lat":55.6761,"lng":12.5683,"company_id":0}') as {
  lat: number;
  lng: number;
  company_id: number;
};
const sql = postgres(process.env.BASELINE_DB!, { max: 10, onnotice: () => {} });
const PASSWORD = 'Bench!Password-2026';
// The same argon2id parameters as server/lib/password.ts.
const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });

const app = express();
app.get('/bare', (_req, res) => {
  res.json(json);
});
app.get('/knn', async (req, res) => {
  // The nearest active offerings of other companies within km, 12 a page: the index-ordered KNN scan alone.
  const km = Number(req.query.km ?? 40);
  const page = Number(req.query.page ?? 0);
  const rows = await sql`
    select m.id, m.uuid, m.title, m.description, m.category, m.quantity, m.quantity_unit, m.status, m.created_at,
           m.company_id, c.name as company_name, a.city, a.country, m.latitude, m.longitude,
           earth_distance(m.geo, ll_to_earth(${center.lat}, ${center.lng})) / earth() * 6371 as distance_km
    from materials m
    join companies c on c.id = m.company_id
    left join company_addresses a on a.id = m.address_id
    where m.status = 'active' and m.kind = 'offering' and m.company_id <> ${center.company_id}
      and earth_box(ll_to_earth(${center.lat}, ${center.lng}), ${km} / 6371.0 * earth()) @> m.geo
    order by m.geo <-> ll_to_earth(${center.lat}, ${center.lng})
    limit 12 offset ${page * 12}`;
  res.json({ items: rows });
});
// The app's statements as text (built once by its own query builders), run prepared by postgres-js.
const viewerUser = Number(process.env.BASELINE_VIEWER ?? 0);
const statements = await appStatements();
app.get('/detail-sql/:id', async (req, res) => {
  const [auth] = await sql.unsafe(statements.auth.sql, fill(statements.auth.params, { id: viewerUser, sid: null }), { prepare: true });
  if (!auth) {
    res.status(401).json({ error: 'unknown viewer' });
    return;
  }
  const [row] = await sql.unsafe(statements.detail.sql, fill(statements.detail.params, { id: Number(req.params.id) }), {
    prepare: true,
  });
  res.json(row ?? null);
});
app.get('/argon2', async (_req, res) => {
  res.json({ ok: await argon2.verify(hash, PASSWORD) });
});
type Statement = ReturnType<typeof authStateStatementSql>;
const fill = (params: Statement['params'], values: Record<string, unknown>) =>
  params.map((p) => ('name' in p ? (values[p.name] ?? null) : p.value)) as postgres.ParameterOrJSON<never>[];

async function appStatements(): Promise<{ auth: Statement; detail: Statement }> {
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const schema = await import('../../drizzle/schema');
  const db = drizzle(sql, { schema, casing: 'snake_case' }) as unknown as Db;
  return { auth: authStateStatementSql(db), detail: detailStatementSql(db) };
}

const server = http.createServer(app);
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.once('SIGTERM', () => {
  server.close(() => void sql.end({ timeout: 1 }).then(() => process.exit(0)));
});
