// The fuzz suite: every tRPC procedure of the app router and every REST route of the typed
// registry (enumerated, so a new one is fuzzed without touching this file) gets bodies generated from its own zod
// schema (as JSON Schema) and then made hostile: NUL, lone surrogates, 1 MB strings, deep nesting, __proto__ and
// constructor keys, wrong types, numbers out of range, dates like year 0 or 99999. Then the transports themselves:
// malformed JSON, wrong content types, malformed multipart, empty bodies, broken query strings and path parameters.
// Assertions: no answer is a 500 (tRPC: INTERNAL_SERVER_ERROR), and a route whose calls were all refused wrote no
// row (row counts of every table before and after). A seeded PRNG makes a run reproducible: FUZZ_SEED picks the
// seed, FUZZ_BODIES the bodies per procedure and per REST route (default 8 to keep CI short; 500 for the full run).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Role } from '../../shared/constants/enums';
import { mulberry32 } from '../../shared/lib/random';
import type { Actor } from '../lib/actor';
import { REST_ROUTES } from '../rest';
import { callProcedure, type RestRoute } from '../rest/define';
import { tripBody } from '../test/bodies';
import { createAdmin, createCompanyWithUsers, createDriver, createListing } from '../test/factories';
import { pool } from '../test/pool';
import { useTestContext } from '../test/suite';
import type { Access, ProcedureMeta } from '../trpc/init';
import { PROCEDURES } from '../trpc/router';

const BODIES = Number(process.env.FUZZ_BODIES ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** A shared two-core machine answers a body in 5-25 ms; the long runs need room. */
const TIMEOUT = Math.max(120_000, BODIES * 20_000);

/** The same sequence for the same seed on every machine, with the picks the fuzzer makes. */
function prng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

const MB = 1024 * 1024;
const MEGA = 'A'.repeat(MB);
/** Nested arrays `depth` deep, built without recursion. */
const deep = (depth: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
const deepObject = (depth: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  'bell\u0007',
  'esc\u001b[31m',
  'del\u007f',
  '\u202eevil',
  '\ufeffbom',
  '',
  ' ',
  '\t\n',
  MEGA,
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../../etc/passwd',
  '%00',
  '%',
  '{{7*7}}',
  '${7*7}',
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '99999-12-31',
  '+099999-01-01T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '0000-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '3000-01-01',
  '2024-02-30',
  '2024-13-01',
  '25:61',
  '24:00',
  '-1',
  '1e999',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  'true',
  'null',
  '__proto__',
  'constructor',
  'é'.repeat(10_000),
  '😀'.repeat(1000),
] as const;

/** Objects whose own keys are `__proto__` / `constructor` (as JSON.parse makes them). */
const protoKeys = () => [
  JSON.parse('{"__proto__": {"polluted": "yes", "role": "ADMIN", "company_id": 1}}') as unknown,
  JSON.parse('{"constructor": {"prototype": {"polluted": "yes"}}}') as unknown,
  JSON.parse('{"__proto__": null}') as unknown,
];

const HOSTILE_VALUES = (inProcess: boolean): unknown[] => [
  null,
  true,
  false,
  0,
  -1,
  -0,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  1e308,
  -1e308,
  5e-324,
  ...(inProcess ? [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, undefined, 10n] : []),
  [],
  {},
  [[[]]],
  // In process as deep as the caller likes; over HTTP the raw-transport test sends 100,000 levels as text.
  deep(inProcess ? 5000 : 400),
  deepObject(inProcess ? 2000 : 400),
  Array.from({ length: 10_000 }, () => 1),
  Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])),
  ...protoKeys(),
  ...HOSTILE_STRINGS,
];

type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  additionalProperties?: Json | boolean;
  items?: Json;
  prefixItems?: Json[];
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, Json>;
};

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ';
const PATTERN_SAMPLES = ['09:30', '2030-05-14', '+45 30 40 50 60', 'DK', 'abc', '12345678', 'AB-12', '#1f8a4c', 'a-b-c'];

/** A value the schema accepts, as far as JSON Schema says (refinements the schema cannot express may refuse it). */
function generate(schema: Json, rng: Rng, root: Json, key: string, ids: readonly number[], depth = 0): unknown {
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = schema.$ref === '#' ? root : root.$defs?.[name];
    return depth > 6 || !target ? null : generate(target, rng, root, key, ids, depth + 1);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return generate(rng.pick(alternatives), rng, root, key, ids, depth + 1);
  if (schema.allOf) return generate(schema.allOf[0]!, rng, root, key, ids, depth + 1);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(k) || rng.chance(0.5)) out[k] = generate(s, rng, root, k, ids, depth + 1);
      }
      return out;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((s) => generate(s, rng, root, key, ids, depth + 1));
      const lo = schema.minItems ?? 0;
      const hi = Math.min(schema.maxItems ?? lo + 3, lo + 3);
      return Array.from({ length: rng.int(lo, hi) }, () => (schema.items ? generate(schema.items, rng, root, key, ids, depth + 1) : rng.int(1, 9)));
    }
    case 'integer':
    case 'number': {
      const lo = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const hi = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : lo + 1000);
      if (/(^|_)ids?$|^ids$/.test(key) && ids.length && rng.chance(0.7)) return rng.pick(ids);
      if (type === 'integer') return rng.int(Math.max(lo, -1e6), Math.min(hi, 1e6));
      return Math.max(lo, Math.min(hi, lo + rng.next() * Math.min(hi - lo, 1e6)));
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'string':
      return generateString(schema, rng, key, ids);
    default:
      return rng.pick(['fuzz', 1, true, null]);
  }
}

function generateString(schema: Json, rng: Rng, key: string, ids: readonly number[]): string {
  switch (schema.format) {
    case 'email':
      return `fuzz-${rng.int(0, 1e9)}@fuzz.example`;
    case 'date':
      return `20${rng.int(26, 40)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`;
    case 'date-time':
      return new Date(Date.UTC(2030, rng.int(0, 11), rng.int(1, 28), rng.int(0, 23))).toISOString();
    case 'time':
      return `${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
    case 'uri':
    case 'url':
      return `https://fuzz.example/${rng.int(0, 999)}`;
    case 'uuid':
      return '5f0c6f1e-1b5b-4b2a-9c57-3c1d2b0f8a11';
  }
  if (/(^|_)id$/.test(key) && ids.length && rng.chance(0.5)) return String(rng.pick(ids));
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    const fits = PATTERN_SAMPLES.filter((s) => re.test(s));
    if (fits.length) return rng.pick(fits);
  }
  const lo = schema.minLength ?? 0;
  const hi = Math.max(lo, Math.min(schema.maxLength ?? lo + 24, lo + 24));
  let s = '';
  for (let i = rng.int(Math.max(lo, 1), Math.max(hi, 1)); i > 0; i--) s += rng.pick(ALNUM.split(''));
  return s.slice(0, schema.maxLength ?? s.length);
}

/** Every place in a value: the container and the key (or index) of each leaf and branch. */
function places(v: unknown, out: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [], depth = 0) {
  if (depth > 8 || !v || typeof v !== 'object') return out;
  for (const [k, child] of Object.entries(v)) {
    out.push({ parent: v as Record<string, unknown>, key: Array.isArray(v) ? Number(k) : k });
    places(child, out, depth + 1);
  }
  return out;
}

/** One fuzzed body for the schema: valid, mutated in a few places, all strings hostile, or hostile as a whole. */
function body(schema: Json | null, rng: Rng, ids: readonly number[], inProcess: boolean): unknown {
  const hostile = HOSTILE_VALUES(inProcess);
  if (!schema || rng.chance(0.1)) return rng.pick(hostile);
  // Only the required keys now and then: an edit that names nothing but its id (an empty PUT) is a real body.
  const value = rng.chance(0.1) ? minimal(schema, rng, ids) : generate(schema, rng, schema, '', ids);
  const roll = rng.next();
  if (roll < 0.25) return value;
  if (roll < 0.4) {
    // Every string hostile.
    const s = rng.pick(HOSTILE_STRINGS);
    for (const p of places(value))
      if (typeof (p.parent as Record<string, unknown>)[p.key] === 'string') (p.parent as Record<string, unknown>)[p.key] = s;
    return value;
  }
  const spots = places(value);
  for (let n = rng.int(1, 3); n > 0; n--) {
    if (!spots.length || rng.chance(0.15)) {
      // An extra key the schema does not name (or a prototype key) on the top object.
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const extra = rng.pick(['__proto__', 'constructor', 'prototype', 'role', 'company_id', 'is_admin', 'x'.repeat(1000)]);
        Object.defineProperty(value, extra, { value: rng.pick(hostile), enumerable: true, configurable: true, writable: true });
      }
      continue;
    }
    const p = rng.pick(spots);
    (p.parent as Record<string, unknown>)[p.key] = rng.pick(hostile);
  }
  return value;
}

function minimal(schema: Json, rng: Rng, ids: readonly number[]): unknown {
  if (!schema.properties) return generate(schema, rng, schema, '', ids);
  return Object.fromEntries((schema.required ?? []).map((k) => [k, generate(schema.properties![k]!, rng, schema, k, ids)] as const));
}

function inputSchema(path: string): Json | null {
  const parser = (PROCEDURES[path]!._def as { inputs: unknown[] }).inputs[0];
  if (!parser) return null;
  return z.toJSONSchema(parser as z.ZodType, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
}

/** JSON that survives hostile values JSON.stringify cannot write (bigint) and keeps __proto__ own keys. */
const toJson = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)) ?? 'null';

// Tables a refused request may write by design: failed logins are counted (auth_throttle).
const WRITTEN_BY_REFUSALS = new Set(['auth_throttle']);

const t = useTestContext();
let server: http.Server;
let base: string;
let ids: number[] = [];
let tripId = 0;
let tables: string[] = [];
const actors = {} as Record<Access | 'anonymous', Actor>;
const userOf = {} as Record<Access, { id: number; role: Role; company_id: number | null } | { driver: number }>;

/** Who calls a procedure: someone its rung lets in, so bodies reach validation and the service. */
const actorFor = (access: Access): Actor => actors[access];

async function tokenFor(access: Access): Promise<string | null> {
  if (access === 'public') return null;
  const u = userOf[access];
  if ('driver' in u) {
    const rows = await rowsOf<{ tv: number }>(sql`select token_version as tv from drivers where id = ${u.driver}`);
    return t.deps.tokens.signDriver({ sub: String(u.driver), tv: rows[0]!.tv }, 3600);
  }
  const rows = await rowsOf<{ tv: number }>(sql`select token_version as tv from users where id = ${u.id}`);
  return t.deps.tokens.signUser({ sub: String(u.id), role: u.role, company_id: u.company_id, tv: rows[0]!.tv }, 3600);
}

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  // node-postgres and PGlite answer { rows }, postgres.js the rows themselves.
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

async function counts(): Promise<Record<string, number>> {
  const union = tables.map((name) => `select '${name}' as name, count(*)::int as n from "${name}"`).join(' union all ');
  const rows = await rowsOf<{ name: string; n: number }>(sql.raw(union));
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

const diff = (before: Record<string, number>, after: Record<string, number>) =>
  Object.keys(after)
    .filter((k) => !WRITTEN_BY_REFUSALS.has(k) && after[k] !== before[k])
    .map((k) => `${k} ${before[k]} -> ${after[k]}`);

const short = (v: unknown) => {
  const s = typeof v === 'string' ? v : toJson(v);
  return s.length > 160 ? `${s.slice(0, 160)}... (${s.length} chars)` : s;
};

/** One tRPC call in process: 'ok', 'refused' (a 4xx), or the failure. */
async function callInProcess(path: string, actor: Actor, input: unknown): Promise<'ok' | 'refused' | string> {
  try {
    await callProcedure(t.caller(actor), path as never, input);
    return 'ok';
  } catch (err) {
    if (err instanceof TRPCError && err.code !== 'INTERNAL_SERVER_ERROR') return 'refused';
    return `${err instanceof TRPCError ? err.code : 'thrown'}: ${(err as Error).message}`;
  }
}

/** Raw HTTP: status and body text. */
async function send(method: string, path: string, o: { token?: string | null; type?: string; body?: string | Buffer } = {}) {
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.type) headers['content-type'] = o.type;
  const res = await fetch(`${base}${path}`, { method, headers, body: o.body as BodyInit | undefined });
  return { status: res.status, text: await res.text() };
}

const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

function restPath(r: RestRoute, input: Record<string, unknown>) {
  let url = r.path;
  for (const [param, key] of Object.entries(r.params)) {
    const v = input[key];
    // A lone surrogate has no UTF-8 form, so a URL cannot carry it: it travels as U+FFFD (JSON bodies keep it).
    url = url.replace(`:${param}`, encodeURIComponent(wellFormed(typeof v === 'string' ? v : toJson(v))));
    delete input[key];
  }
  for (const key of Object.keys(r.fixed ?? {})) delete input[key];
  return url;
}

function queryString(input: Record<string, unknown>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (Array.isArray(v)) for (const x of v) q.append(k, typeof x === 'string' ? x : toJson(x));
    else q.append(k, typeof v === 'string' ? v : toJson(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

function multipart(parts: { name: string; filename?: string; type?: string; content: string | Buffer }[], boundary = 'fuzzBoundary7MA4YWxk') {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) };
}

/** One REST call with a fuzzed input: 'ok', 'refused' or the failure. */
async function callRest(r: RestRoute, token: string | null, value: unknown): Promise<'ok' | 'refused' | string> {
  const input = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  const url = restPath(r, input);
  let res: { status: number; text: string };
  if (r.upload) {
    const name = input[r.upload.fields.name];
    const content = input[r.upload.fields.base64];
    const form = multipart([
      {
        name: 'file',
        filename: typeof name === 'string' ? name : 'fuzz.csv',
        type: 'text/csv',
        content: typeof content === 'string' ? Buffer.from(content, 'base64') : toJson(content),
      },
    ]);
    res = await send('POST', url, { token, ...form });
  } else if (r.method === 'get' || r.method === 'delete') {
    res = await send(r.method.toUpperCase(), `${url}${queryString(input)}`, { token });
  } else {
    res = await send(r.method.toUpperCase(), url, {
      token,
      type: 'application/json',
      body: toJson(value && typeof value === 'object' && !Array.isArray(value) ? input : value),
    });
  }
  if (res.status >= 500) return `${res.status}: ${res.text.slice(0, 200)}`;
  return res.status < 400 ? 'ok' : 'refused';
}

const failures: string[] = [];
const writes: string[] = [];
const figures = { trpcBodies: 0, restBodies: 0, transportRequests: 0, refused: 0, accepted: 0, refusedOnlyBatches: 0 };

beforeAll(async () => {
  const db = t.database.db;
  const [A, C, admin, driver] = await Promise.all([createCompanyWithUsers(db), createCompanyWithUsers(db), createAdmin(db), createDriver(db)]);
  const [listingA, listingC] = await Promise.all([createListing(db, A.company.id, { quantity: 5000 }), createListing(db, C.company.id)]);
  const offer = await t.caller(C.memberActor).offers.create({ material_id: listingA.id, quantity: 10, message: 'Fuzz' });
  await t.caller(A.memberActor).offers.create({ material_id: listingC.id, quantity: 10, message: 'Fuzz' });
  const { exchange_id } = await t.caller(A.managerActor).offers.review({ id: offer.id, decision: 'accept' });
  const exchange = await t.caller(A.memberActor).exchanges.get({ id: exchange_id! });
  await t.caller(C.memberActor).chat.send({ id: exchange.chat_id!, message: 'Hello A' });
  const donation = await t
    .caller(A.managerActor)
    .donations.create({ title: 'Chairs', description: 'Chairs', purpose: 'Hall', item_count: 3, quantity_kg: 9 });
  const plan = await t
    .caller(admin.adminActor)
    .subscriptions.admin.createPlan({ name: 'Fuzz plan', start_date: '2030-01-01', end_date: '2031-01-01' });
  const vehicle = await t.caller(admin.adminActor).drivers.admin.createVehicle({ vehicle_number: 'FZ 1', make: 'Volvo', model: 'FL' });
  const trip = await t
    .caller(admin.adminActor)
    .drivers.admin.createTrip(
      tripBody({ id: exchange_id!, material: listingA }, { driver_id: driver.id, vehicle_id: vehicle.id, contact_person: 'Fuzz' }),
    );
  tripId = trip.id;
  // Ids the generator draws from for id fields: real objects (so bodies reach the service), never the callers
  // themselves or their companies (a fuzzed delete would end the run's sessions).
  const protectedIds = new Set([A.company.id, C.company.id, A.member.id, A.manager.id, C.member.id, C.manager.id, admin.admin.id, driver.id]);
  ids = [
    listingA.id,
    listingC.id,
    offer.id,
    exchange_id!,
    exchange.chat_id!,
    donation.id,
    plan.id,
    vehicle.id,
    trip.id,
    1,
    2,
    3,
    2_000_000_000,
  ].filter((id) => !protectedIds.has(id) || id > 1000);
  Object.assign(actors, {
    anonymous: { kind: 'anonymous' },
    public: { kind: 'anonymous' },
    user: A.memberActor,
    company: A.memberActor,
    manager: A.managerActor,
    admin: admin.adminActor,
    driver: { kind: 'driver', driver_id: driver.id },
  } satisfies Record<Access | 'anonymous', Actor>);
  Object.assign(userOf, {
    public: A.member,
    user: A.member,
    company: A.member,
    manager: A.manager,
    admin: admin.admin,
    driver: { driver: driver.id },
  });
  tables = (
    await rowsOf<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  )
    .map((r) => r.name)
    .filter((n) => !n.startsWith('__drizzle'));
  server = http.createServer(t.app());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

const procedures = Object.entries(PROCEDURES).map(([path, p]) => ({ path, access: (p._def.meta as ProcedureMeta | undefined)?.access ?? 'public' }));
const accessOf = (path: string) => procedures.find((p) => p.path === path)!.access;
const isMutation = (path: string) => (PROCEDURES[path]!._def as { type: string }).type === 'mutation';

/** Runs a route's calls, then checks: no 500; if every call was refused, no table changed. */
async function batch(
  label: string,
  calls: (() => Promise<'ok' | 'refused' | string>)[],
  kind: 'trpcBodies' | 'restBodies' | 'transportRequests',
  writes_ = true,
) {
  // Queries write nothing by design; counting every table around them would only slow the run down.
  const before = writes_ ? await counts() : null;
  const outcomes = await pool(calls, 6);
  const after = writes_ ? await counts() : null;
  figures[kind] += outcomes.length;
  let ok = 0;
  outcomes.forEach((o, i) => {
    if (o === 'ok') ok += 1;
    else if (o === 'refused') figures.refused += 1;
    else failures.push(`${label} #${i}: ${o}`);
  });
  figures.accepted += ok;
  if (ok === 0 && before && after) {
    figures.refusedOnlyBatches += 1;
    const changed = diff(before, after);
    if (changed.length) writes.push(`${label}: ${changed.join(', ')}`);
  }
}

describe('fuzz', () => {
  it(
    `sends ${BODIES} generated and hostile bodies to every tRPC procedure: no 500, refused calls write nothing`,
    async () => {
      const started = Date.now();
      failures.length = writes.length = 0;
      for (const { path, access } of procedures) {
        const rng = prng(SEED ^ hash(path));
        const schema = inputSchema(path);
        const actor = actorFor(access);
        const bodies = Array.from({ length: BODIES }, () => body(schema, rng, ids, true));
        if (process.env.FUZZ_DEBUG) process.stderr.write(`${path} ${process.memoryUsage().heapUsed >> 20} MB\n`);
        await batch(
          `trpc ${path}`,
          bodies.map((b) => async () => {
            const o = await callInProcess(path, actor, b);
            return o === 'ok' || o === 'refused' ? o : `${o} <- ${short(b)}`;
          }),
          'trpcBodies',
          isMutation(path),
        );
      }
      console.info(`fuzz tRPC: ${figures.trpcBodies} bodies over ${procedures.length} procedures in ${Date.now() - started} ms`);
      expect(failures).toEqual([]);
      expect(writes).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
    TIMEOUT,
  );

  it(
    `sends ${BODIES} generated and hostile bodies to every REST route over HTTP: no 500, refused calls write nothing`,
    async () => {
      const started = Date.now();
      failures.length = writes.length = 0;
      for (const r of REST_ROUTES) {
        const rng = prng(SEED ^ hash(`${r.method} ${r.path}`));
        const schema = inputSchema(r.procedure);
        const token = await tokenFor(accessOf(r.procedure));
        const bodies = Array.from({ length: BODIES }, () => body(schema, rng, ids, false));
        await batch(
          `${r.method.toUpperCase()} ${r.path}`,
          bodies.map((b) => async () => {
            const o = await callRest(r, token, b);
            return o === 'ok' || o === 'refused' ? o : `${o} <- ${short(b)}`;
          }),
          'restBodies',
          isMutation(r.procedure),
        );
      }
      console.info(`fuzz REST: ${figures.restBodies} bodies over ${REST_ROUTES.length} routes in ${Date.now() - started} ms`);
      expect(failures).toEqual([]);
      expect(writes).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
    TIMEOUT,
  );

  it('answers broken transports on every REST route with 4xx: malformed JSON, wrong content types, empty bodies, bad multipart, bad paths and queries', async () => {
    const started = Date.now();
    failures.length = writes.length = 0;
    for (const r of REST_ROUTES) {
      const token = await tokenFor(accessOf(r.procedure));
      const method = r.method.toUpperCase();
      const url = r.path.replace(/:(\w+)/g, String(ids[0]));
      const requests: { type?: string; body?: string | Buffer; path?: string }[] = [];
      // Path parameters.
      if (Object.keys(r.params).length) {
        for (const v of ['%00', '%', '%E0%A4%A', '%ED%A0%80', '..%2F..%2Fetc', '-1', '1e3', '0x10', '99999999999999999999', '1.5', '%20', 'null'])
          requests.push({ path: r.path.replace(/:(\w+)/g, v) });
      }
      if (method === 'GET' || method === 'DELETE') {
        requests.push(
          { path: `${url}?q=a%00b&id=%ED%A0%80&page=-1&limit=1e9&start_date=0000-01-01&end_date=99999-12-31` },
          { path: `${url}?a[b][c][d]=1&a[__proto__][polluted]=1&constructor[prototype][polluted]=1` },
          { path: `${url}?${'x=1&'.repeat(2000)}` },
          { path: `${url}?q=${'%FF'.repeat(100)}` },
        );
      } else {
        requests.push(
          { type: 'application/json', body: '{"a":' },
          { type: 'application/json', body: '' },
          { type: 'application/json', body: 'null' },
          { type: 'application/json', body: '"just a string"' },
          { type: 'application/json', body: '[1,2,3]' },
          { type: 'application/json', body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
          { type: 'application/json', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
          { type: 'application/json', body: '{"title":"a\\u0000b","name":"\\ud800"}' },
          { type: 'application/json; charset=utf-16', body: '{}' },
          { type: 'application/json; charset=klingon', body: '{}' },
          { type: 'text/plain', body: '{"a":1}' },
          { type: 'application/x-www-form-urlencoded', body: 'a[b]=1&__proto__[polluted]=1&title=%00' },
          { type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
          { type: 'multipart/form-data', body: '--x\r\n' },
          { type: 'multipart/form-data; boundary=zz', body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\ntitle\n' },
          { type: 'multipart/form-data; boundary=zz', body: 'not multipart at all' },
          multipart([
            { name: 'file', filename: 'a.csv', content: 'title\nA\n' },
            { name: 'file', filename: 'b.csv', content: 'title\nB\n' },
          ]),
          multipart([{ name: 'title', content: 'no file here' }]),
          multipart([{ name: 'file', filename: '../../\u0000.csv', type: 'text/csv', content: Buffer.alloc(0) }]),
          {},
          { body: '' },
        );
      }
      await batch(
        `${method} ${r.path} transport`,
        requests.map((q) => async () => {
          const res = await send(method, q.path ?? url, { token, type: q.type, body: q.body });
          return res.status >= 500
            ? `${res.status} ${short(q.type ?? '')} ${short(q.path ?? q.body ?? '')}: ${res.text.slice(0, 200)}`
            : res.status < 400
              ? 'ok'
              : 'refused';
        }),
        'transportRequests',
        isMutation(r.procedure),
      );
    }
    console.info(`fuzz REST transports: ${figures.transportRequests} requests in ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
    expect(writes).toEqual([]);
  }, 300_000);

  it('answers broken tRPC requests over HTTP with 4xx: malformed input, batches, content types, unknown procedures', async () => {
    failures.length = writes.length = 0;
    const token = await tokenFor('manager');
    const mutation = procedures.find((p) => (PROCEDURES[p.path]!._def as { type: string }).type === 'mutation' && p.access === 'manager')!.path;
    const query = 'notifications.counters';
    const calls = [
      { method: 'GET', path: `/trpc/${query}?input=%7B` },
      { method: 'GET', path: `/trpc/${query}?input=${encodeURIComponent('{"a":"\u0000"}')}` },
      { method: 'GET', path: `/trpc/${query}?input=%ED%A0%80` },
      { method: 'GET', path: `/trpc/${query}?batch=1&input=[]` },
      { method: 'GET', path: `/trpc/${query}?batch=1&input=${encodeURIComponent('{"0":' + '['.repeat(50_000) + ']'.repeat(50_000) + '}')}` },
      { method: 'GET', path: `/trpc/${Array.from({ length: 17 }, () => query).join(',')}?batch=1&input={}` },
      { method: 'GET', path: `/trpc/${Array.from({ length: 500 }, () => query).join(',')}?batch=1` },
      { method: 'GET', path: '/trpc/no.such.procedure' },
      { method: 'GET', path: '/trpc/__proto__' },
      { method: 'GET', path: '/trpc/constructor.prototype' },
      { method: 'GET', path: `/trpc/${mutation}` },
      { method: 'POST', path: `/trpc/${query}`, type: 'application/json', body: '{}' },
      { method: 'POST', path: `/trpc/${mutation}`, type: 'application/json', body: '{"a":' },
      { method: 'POST', path: `/trpc/${mutation}`, type: 'application/json', body: '' },
      { method: 'POST', path: `/trpc/${mutation}`, type: 'text/plain', body: '{}' },
      { method: 'POST', path: `/trpc/${mutation}`, type: 'application/x-www-form-urlencoded', body: 'a=1' },
      { method: 'POST', path: `/trpc/${mutation}`, type: 'multipart/form-data; boundary=zz', body: '--zz\r\n' },
      { method: 'POST', path: `/trpc/${mutation}`, type: 'application/json', body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
      { method: 'POST', path: `/trpc/${mutation}`, type: 'application/json', body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]) },
      { method: 'POST', path: `/trpc/${mutation}`, type: 'application/json', body: JSON.stringify({ x: MEGA }) },
      { method: 'POST', path: `/trpc/${mutation}?batch=1`, type: 'application/json', body: '{"0":{"__proto__":{"polluted":1}}}' },
      { method: 'POST', path: `/trpc/${mutation}?batch=1`, type: 'application/json', body: '[{}]' },
      { method: 'PUT', path: `/trpc/${mutation}`, type: 'application/json', body: '{}' },
      { method: 'DELETE', path: `/trpc/${mutation}` },
    ];
    await batch(
      'trpc over HTTP',
      calls.map((c) => async () => {
        const res = await send(c.method, c.path, { token, type: c.type, body: c.body });
        return res.status >= 500
          ? `${res.status} ${c.method} ${short(c.path)} ${short(c.body ?? '')}: ${res.text.slice(0, 200)}`
          : res.status < 400
            ? 'ok'
            : 'refused';
      }),
      'transportRequests',
    );
    expect(failures).toEqual([]);
    expect(writes).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    console.info(`fuzz figures: ${JSON.stringify(figures)}`);
  });
});

function hash(s: string) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

// What the fuzz suite found, each pinned by a direct check so it cannot come back unnoticed.
describe('found by fuzzing, fixed', () => {
  it('answers malformed multipart on the CSV upload with 400 bulk.oneFile (busboy errors were 500)', async () => {
    const token = await tokenFor('company');
    for (const q of [
      { type: 'multipart/form-data', body: '--x\r\n' },
      { type: 'multipart/form-data; boundary=zz', body: 'not multipart at all' },
      { type: 'multipart/form-data; boundary=zz', body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\ntitle\n' },
    ]) {
      const res = await send('POST', '/api/v2/materials/bulk-upload', { token, ...q });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ error: { message_code: 'bulk.oneFile' } });
    }
  });

  it('answers an edit naming only its id (an empty PUT) with 200 and changes nothing (drizzle refused the empty SET: 500)', async () => {
    const admin = actors.admin;
    const vehicle = await t.caller(admin).drivers.admin.createVehicle({ vehicle_number: `EMPTY ${Date.now()}`, make: 'Volvo', model: 'FL' });
    const driver = await t
      .caller(admin)
      .drivers.admin.createDriver({ name: 'Empty Put', email: `empty-${Date.now()}@fleet.example`, phone: '+45 40 50 60 70' });
    const plan = await t.caller(admin).subscriptions.admin.createPlan({ name: 'Empty put plan', start_date: '2030-01-01', end_date: '2031-01-01' });
    const donation = await t
      .caller(actors.manager)
      .donations.create({ title: 'Desks', description: 'Desks', purpose: 'School', item_count: 2, quantity_kg: 30 });
    const adminToken = await tokenFor('admin');
    for (const path of [`/admin/vehicles/${vehicle.id}`, `/admin/drivers/${driver.id}`, `/admin/subscription-plans/${plan.id}`]) {
      for (const q of [{}, { type: 'application/json', body: '{}' }]) {
        const res = await send('PUT', path, { token: adminToken, ...q });
        expect(`${path} ${res.status}`).toBe(`${path} 200`);
      }
    }
    await expect(t.caller(admin).drivers.admin.updateVehicle({ id: vehicle.id })).resolves.toMatchObject({ vehicle_number: vehicle.vehicle_number });
    await expect(t.caller(admin).subscriptions.admin.updatePlan({ id: plan.id })).resolves.toMatchObject({ name: 'Empty put plan' });
    expect(await callInProcess('drivers.admin.updateTrip', admin, { id: tripId })).toMatch(/^(ok|refused)$/);
    const res = await send('PUT', `/api/donations/${donation.id}`, { token: await tokenFor('manager'), type: 'application/json', body: '{}' });
    expect(res.status).toBeLessThan(500);
  });

  it('refuses dates outside 1900-2999 as a field error (year 0 was a 500 on Postgres) and never loops on a broken one', async () => {
    const admin = t.caller(actors.admin);
    for (const date of ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31']) {
      await expect(admin.subscriptions.admin.createPlan({ name: 'Year', start_date: date, end_date: '2031-01-01' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    await expect(admin.subscriptions.admin.createPlan({ name: 'Edges', start_date: '1900-01-01', end_date: '2999-12-31' })).resolves.toBeTruthy();
    // `to` of '1e999' used to send the month count of the range check into an endless loop (a year of 1e99).
    const started = Date.now();
    await expect(admin.materials.admin.stats({ from: '2024-01-01', to: '1e999' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.materials.admin.stats({ from: '1e999', to: '2024-01-01' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
