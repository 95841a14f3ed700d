// Impact data access: `fn(db | tx, params)`, explicit columns, no authorization (the service decides).
// Reads synergies (exchanges) and their impact records; every figure comes from stored impact records, never from
// the current factor table, so a later Defra release or group remapping changes no figure already reported.
import { and, asc, eq, gte, inArray, isNotNull, lt, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  companies,
  company_month_stats,
  defra_factors,
  exchanges,
  first_level_subcategories,
  impact_records,
  material_groups,
  materials,
  offers,
  second_level_subcategories,
  third_level_subcategories,
} from '../../../drizzle/schema';
import type { MaterialGroupKind } from '../../../shared/constants/enums';
import type { ChainNode, ImpactMapping, MappingLevel } from '../../../shared/lib/impact';
import { escapeLike } from '../../../shared/lib/text';
import type { DbOrTx } from '../../db/client';
import { firstRow } from '../../db/rows';
import { exchangePartyColumns, withExchangeParts } from '../../db/joins';
import { nameMatches } from '../../db/like';
import { preparedOn } from '../../db/prepared';

// ---- writing the record (in the transaction that ends the synergy) ----

const mappingOf = <
  T extends typeof material_groups | typeof first_level_subcategories | typeof second_level_subcategories | typeof third_level_subcategories,
>(
  t: T,
) => ({ id: t.id, code: t.code, name: t.name, defra_material: t.defra_material, basis: t.basis, counterfactual_route: t.counterfactual_route });

type NodeColumns = { id: number | null; code: string | null; name: string | null } & {
  [K in keyof ImpactMapping]: ImpactMapping[K] | null;
};

/** Group first; a level the listing does not name (Drizzle gives a left join's missing row as null) is left out. */
function chainOf(nodes: [MappingLevel, NodeColumns | null][]): ChainNode[] {
  return nodes
    .filter((x): x is [MappingLevel, NodeColumns] => x[1] !== null && x[1].id !== null)
    .map(([level, n]) => ({
      level,
      id: n.id!,
      code: n.code,
      name: n.name ?? '',
      defra_material: n.defra_material,
      basis: n.basis,
      counterfactual_route: n.counterfactual_route,
    }));
}

// Each level's mapping columns, selected as `g`, `f`, `s` and `t` (group first).
const g = mappingOf(material_groups);
const f = mappingOf(first_level_subcategories);
const s = mappingOf(second_level_subcategories);
const t = mappingOf(third_level_subcategories);

/** The chain of a row that selected the levels down to its own (`g`, then `f`, `s`, `t`). */
const rowChain = (r: { g: NodeColumns; f?: NodeColumns | null; s?: NodeColumns | null; t?: NodeColumns | null }) =>
  chainOf([
    ['group', r.g],
    ['first', r.f ?? null],
    ['second', r.s ?? null],
    ['third', r.t ?? null],
  ]);

// The joins from a level up to the one above it.
const firstInGroup = eq(material_groups.id, first_level_subcategories.material_group_id);
const secondInFirst = eq(first_level_subcategories.id, second_level_subcategories.first_level_subcategory_id);
const thirdInSecond = eq(second_level_subcategories.id, third_level_subcategories.second_level_subcategory_id);

/** The listing's group and taxonomy chain (group first) with each node's own mapping: what its impact is computed from. */
export async function listingChain(db: DbOrTx, materialId: number) {
  const [row] = await db
    .select({ kind: material_groups.kind, g, f, s, t })
    .from(materials)
    .innerJoin(material_groups, eq(material_groups.id, materials.material_group_id))
    .leftJoin(first_level_subcategories, eq(first_level_subcategories.id, materials.first_level_subcategory_id))
    .leftJoin(second_level_subcategories, eq(second_level_subcategories.id, materials.second_level_subcategory_id))
    .leftJoin(third_level_subcategories, eq(third_level_subcategories.id, materials.third_level_subcategory_id))
    .where(eq(materials.id, materialId));
  if (!row) return null;
  return { kind: row.kind, group_name: row.g.name, chain: rowChain(row) };
}

export function defraFactors(db: DbOrTx, factorSet: string) {
  return db
    .select({
      table_name: defra_factors.table_name,
      material: defra_factors.material,
      route_or_source: defra_factors.route_or_source,
      kgco2e: defra_factors.kgco2e,
      source: defra_factors.source,
    })
    .from(defra_factors)
    .where(eq(defra_factors.factor_set, factorSet));
}

/** Once per synergy: a second call for the same synergy writes nothing (unique exchange_id). */
export async function insertImpact(tx: DbOrTx, values: typeof impact_records.$inferInsert) {
  await tx.insert(impact_records).values(values).onConflictDoNothing({ target: impact_records.exchange_id });
}

// ---- companies ----

export async function companyInfo(db: DbOrTx, companyId: number) {
  const [row] = await preparedOn(db, 'stats_company_info', companyInfoStatement).execute({ id: companyId });
  return row ?? null;
}
const companyInfoStatement = (db: DbOrTx) =>
  db
    .select({
      id: companies.id,
      name: companies.name,
      status: companies.status,
      is_parent_company: companies.is_parent_company,
      currency: companies.preferred_currency,
    })
    .from(companies)
    .where(eq(companies.id, sql.placeholder('id')))
    .prepare('stats_company_info');

export function portfolioCompanies(db: DbOrTx, parentId: number) {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.parent_company_id, parentId), eq(companies.status, 'approved')))
    .orderBy(asc(companies.name), asc(companies.id));
}

// ---- figures ----

const involves = (companyId: number): SQL => or(eq(exchanges.provider_company_id, companyId), eq(exchanges.requester_company_id, companyId))!;
const endedBetween = (from: Date, to: Date): SQL =>
  and(eq(exchanges.level_of_completion, 'COMPLETED'), gte(exchanges.completed_at, from), lt(exchanges.completed_at, to))!;

// The company's month rows (company_month_stats, kept by triggers) in [from, to); both are UTC month starts.
const monthRows = (companyId: number | Placeholder, from: Date | Placeholder, to: Date | Placeholder): SQL =>
  and(
    eq(company_month_stats.company_id, companyId),
    gte(company_month_stats.month, from instanceof Date ? from.toISOString().slice(0, 10) : from),
    lt(company_month_stats.month, to instanceof Date ? to.toISOString().slice(0, 10) : to),
  )!;

const statsMonth = sql<string>`to_char(${company_month_stats.month}, 'YYYY-MM')`;

/**
 * Per UTC month in [from, to) (month starts): synergies the company ended (either side, successful or not) and
 * the kilograms, hours and CO2e of their impact records (successful ones only have one). Both companies of a
 * synergy count it. Read from the pre-aggregated month rows: a few rows whatever the company's volume.
 */
export function monthlyFigures(db: DbOrTx, companyId: number | Placeholder, from: Date | Placeholder, to: Date | Placeholder) {
  return db
    .select({
      month: statsMonth,
      completed_synergies: sql<number>`sum(${company_month_stats.completed_synergies})::int`,
      kgs: sql<number>`sum(${company_month_stats.kgs})::float8`,
      hours: sql<number>`sum(${company_month_stats.hours})::float8`,
      co2e_kg: sql<number>`sum(${company_month_stats.co2e_kg})::float8`,
    })
    .from(company_month_stats)
    .where(monthRows(companyId, from, to))
    .groupBy(company_month_stats.month);
}

/**
 * Per UTC month and currency in [from, to) (month starts): the savings of synergies the company received
 * (requester) and the earnings of those it provided (docs/decisions/0085), in minor units.
 */
export function monthlyMoney(db: DbOrTx, companyId: number | Placeholder, from: Date | Placeholder, to: Date | Placeholder) {
  return db
    .select({
      month: statsMonth,
      currency: company_month_stats.currency,
      saved_minor: sql<number>`${company_month_stats.saved_minor}::float8`,
      revenue_minor: sql<number>`${company_month_stats.revenue_minor}::float8`,
    })
    .from(company_month_stats)
    .where(and(monthRows(companyId, from, to), ne(company_month_stats.currency, '')));
}

/** Both monthly reads of the dashboard, as prepared statements (server/db/prepared.ts), side by side. */
export function monthlyFiguresAndMoney(db: DbOrTx, companyId: number, from: Date, to: Date) {
  const params = { company_id: companyId, from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
  return Promise.all([
    preparedOn(db, 'stats_monthly_figures', monthlyFiguresStatement).execute(params),
    preparedOn(db, 'stats_monthly_money', monthlyMoneyStatement).execute(params),
  ]);
}
const monthParams = () => [sql.placeholder('company_id'), sql.placeholder('from'), sql.placeholder('to')] as const;
const monthlyFiguresStatement = (db: DbOrTx) => monthlyFigures(db, ...monthParams()).prepare('stats_monthly_figures');
const monthlyMoneyStatement = (db: DbOrTx) => monthlyMoney(db, ...monthParams()).prepare('stats_monthly_money');

const recordColumns = {
  exchange_id: exchanges.id,
  title: sql<string | null>`coalesce(${materials.title}, ${exchanges.item_requested})`,
  material_group_code: materials.material_group_code,
  hazardous: third_level_subcategories.hazardous,
  completed_at: exchanges.completed_at,
  quantity: exchanges.quantity,
  quantity_unit: exchanges.quantity_unit,
  ...exchangePartyColumns,
  earnings_minor: exchanges.earnings_minor,
  savings_minor: exchanges.savings_minor,
  currency: exchanges.currency,
  kg: impact_records.kg,
  hours: impact_records.hours,
  co2e_kg: impact_records.co2e_kg,
  material_group: impact_records.material_group,
  defra_material: impact_records.defra_material,
  basis: impact_records.basis,
  counterfactual_route: impact_records.counterfactual_route,
  mapping: impact_records.mapping,
  factor_set: impact_records.factor_set,
  factor_version: impact_records.factor_version,
  breakdown: impact_records.breakdown,
  factors: impact_records.factors,
  verification_code: impact_records.verification_code,
  recorded_at: impact_records.created_at,
};

function recordQuery(db: DbOrTx) {
  return withExchangeParts(
    db.select(recordColumns).from(impact_records).innerJoin(exchanges, eq(exchanges.id, impact_records.exchange_id)).$dynamic(),
  ).leftJoin(third_level_subcategories, eq(third_level_subcategories.id, materials.third_level_subcategory_id));
}
export type ImpactRecordRow = Awaited<ReturnType<typeof recordQuery>>[number];

/** The impact records of the company's synergies that ended in [from, to), oldest first. */
export function companyRecords(db: DbOrTx, companyId: number, from: Date, to: Date) {
  return recordQuery(db)
    .where(and(involves(companyId), endedBetween(from, to)))
    .orderBy(asc(exchanges.completed_at), asc(exchanges.id));
}

export async function recordOfExchange(db: DbOrTx, exchangeId: number) {
  return firstRow(recordQuery(db).where(eq(impact_records.exchange_id, exchangeId)));
}

export async function recordByCode(db: DbOrTx, code: string) {
  return firstRow(recordQuery(db).where(eq(impact_records.verification_code, code)));
}

/** Who takes part in a synergy: its two companies, or null when it does not exist. */
export async function exchangeParties(db: DbOrTx, exchangeId: number) {
  return firstRow(
    db
      .select({ provider_company_id: exchanges.provider_company_id, requester_company_id: exchanges.requester_company_id })
      .from(exchanges)
      .where(eq(exchanges.id, exchangeId)),
  );
}

const successfulTotals = {
  successful_synergies: sql<number>`count(distinct ${exchanges.id})::int`,
  kgs: sql<number>`coalesce(sum(${impact_records.kg}), 0)::float8`,
  hours: sql<number>`coalesce(sum(${impact_records.hours}), 0)::float8`,
  co2e_kg: sql<number>`coalesce(sum(${impact_records.co2e_kg}), 0)::float8`,
};

/**
 * Totals over the successful synergies that involve any of the companies, each synergy once (one impact record per
 * synergy): the portfolio's combined figure; without companies, the whole platform.
 */
export async function distinctTotals(db: DbOrTx, companyIds?: number[]) {
  if (companyIds && !companyIds.length) return { successful_synergies: 0, kgs: 0, hours: 0, co2e_kg: 0 };
  const [row] = await db
    .select(successfulTotals)
    .from(impact_records)
    .innerJoin(exchanges, eq(exchanges.id, impact_records.exchange_id))
    .where(
      companyIds
        ? or(inArray(exchanges.provider_company_id, companyIds), inArray(exchanges.requester_company_id, companyIds))
        : and(eq(exchanges.level_of_completion, 'COMPLETED'), sql`${exchanges.successful} is true`),
    );
  return row!;
}

/** Successful synergies on the platform, each once, whether or not an impact record was kept for it. */
export async function successfulSynergies(db: DbOrTx) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(exchanges)
    .where(and(eq(exchanges.level_of_completion, 'COMPLETED'), sql`${exchanges.successful} is true`));
  return row?.n ?? 0;
}

// ---- the administrators' platform statistics by month (docs/decisions/0073) ----

const utcMonth = (column: SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

/** The conditions that `column` falls in [start, end), to spread into an `and(...)`. */
const inPeriod = (column: PgColumn, start: Date, end: Date) => [gte(column, start), lt(column, end)] as const;

/** The rows of `table` per UTC month of `column` in [start, end). */
function createdByMonth(db: DbOrTx, table: typeof offers | typeof exchanges, column: PgColumn, start: Date, end: Date) {
  const month = utcMonth(sql`${column}`);
  return db
    .select({ month, n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(...inPeriod(column, start, end)))
    .groupBy(month);
}

/** Offers made per UTC month in [start, end). */
export async function offersByMonth(db: DbOrTx, start: Date, end: Date) {
  return createdByMonth(db, offers, offers.created_at, start, end);
}

/** Synergies started (created) per UTC month in [start, end). */
export async function synergiesStartedByMonth(db: DbOrTx, start: Date, end: Date) {
  return createdByMonth(db, exchanges, exchanges.created_at, start, end);
}

/** Synergies ended per UTC month in [start, end), and how many of them successfully. */
export async function synergiesEndedByMonth(db: DbOrTx, start: Date, end: Date) {
  const month = utcMonth(sql`${exchanges.completed_at}`);
  return db
    .select({
      month,
      completed: sql<number>`count(*)::int`,
      successful: sql<number>`(count(*) filter (where ${exchanges.successful} is true))::int`,
    })
    .from(exchanges)
    .where(and(eq(exchanges.level_of_completion, 'COMPLETED'), ...inPeriod(exchanges.completed_at, start, end)))
    .groupBy(month);
}

/** The stored impact of successful synergies ended per UTC month in [start, end): each synergy once (one record each). */
export async function impactByMonth(db: DbOrTx, start: Date, end: Date) {
  const month = utcMonth(sql`${exchanges.completed_at}`);
  return db
    .select({ month, ...successfulTotals })
    .from(impact_records)
    .innerJoin(exchanges, eq(exchanges.id, impact_records.exchange_id))
    .where(and(eq(exchanges.level_of_completion, 'COMPLETED'), sql`${exchanges.successful} is true`, ...inPeriod(exchanges.completed_at, start, end)))
    .groupBy(month);
}

/** All-time counts beside the platform totals: offers, synergies started, ended. */
export async function allTimeCounts(db: DbOrTx) {
  const [o] = await db.select({ n: sql<number>`count(*)::int` }).from(offers);
  const [e] = await db
    .select({
      started: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${exchanges.level_of_completion} = 'COMPLETED'))::int`,
    })
    .from(exchanges);
  return { offers: o?.n ?? 0, synergies_started: e?.started ?? 0, synergies_completed: e?.completed ?? 0 };
}

// ---- impact mappings (docs/decisions/0171) ----

const MAPPING_TABLE = {
  group: material_groups,
  first: first_level_subcategories,
  second: second_level_subcategories,
  third: third_level_subcategories,
} as const;

/** A node with the chain above it (group first, the node last) and its group's kind; null when it does not exist. */
export async function nodeChain(
  db: DbOrTx,
  level: MappingLevel,
  id: number,
): Promise<{ kind: MaterialGroupKind; chain: ChainNode[]; customized: boolean } | null> {
  const kind = material_groups.kind;
  const [r] =
    level === 'group'
      ? await db.select({ kind, g, at: material_groups.mapping_customized_at }).from(material_groups).where(eq(material_groups.id, id))
      : level === 'first'
        ? await db
            .select({ kind, g, f, at: first_level_subcategories.mapping_customized_at })
            .from(first_level_subcategories)
            .innerJoin(material_groups, firstInGroup)
            .where(eq(first_level_subcategories.id, id))
        : level === 'second'
          ? await db
              .select({ kind, g, f, s, at: second_level_subcategories.mapping_customized_at })
              .from(second_level_subcategories)
              .innerJoin(first_level_subcategories, secondInFirst)
              .innerJoin(material_groups, firstInGroup)
              .where(eq(second_level_subcategories.id, id))
          : await db
              .select({ kind, g, f, s, t, at: third_level_subcategories.mapping_customized_at })
              .from(third_level_subcategories)
              .innerJoin(second_level_subcategories, thirdInSecond)
              .innerJoin(first_level_subcategories, secondInFirst)
              .innerJoin(material_groups, firstInGroup)
              .where(eq(third_level_subcategories.id, id));
  return r ? { kind: r.kind, chain: rowChain(r), customized: r.at !== null } : null;
}

/** Takes the node's row for the rest of the transaction: concurrent mapping changes of one node go one after another. */
export async function lockNode(tx: DbOrTx, level: MappingLevel, id: number) {
  const table = MAPPING_TABLE[level];
  const rows = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('no key update');
  return rows.length > 0;
}

/**
 * Sets (or, with null fields, removes) one node's own mapping and marks it an administrator's. Answers whether the
 * node exists.
 */
export async function writeNodeMapping(
  db: DbOrTx,
  level: MappingLevel,
  id: number,
  mapping: { [K in keyof ImpactMapping]: ImpactMapping[K] | null },
) {
  const table = MAPPING_TABLE[level];
  const rows = await db
    .update(table)
    .set({ ...mapping, mapping_customized_at: new Date() })
    .where(eq(table.id, id))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** Every group with its own mapping fields, in display order. */
export function groupMappings(db: DbOrTx) {
  return db
    .select({
      ...g,
      kind: material_groups.kind,
      customized_at: material_groups.mapping_customized_at,
      children: sql<number>`(select count(*) from first_level_subcategories c where c.material_group_id = material_groups.id)::int`,
    })
    .from(material_groups)
    .orderBy(asc(material_groups.sort_order), asc(material_groups.name));
}

/** Code order, then id. */
const byCode = (table: (typeof MAPPING_TABLE)[MappingLevel]) => [asc(table.code), asc(table.id)] as const;

/** Every subcategory that has its own mapping, with its group's id, level by level and in code order. */
export async function ownSubcategoryMappings(db: DbOrTx) {
  const [first, second, third] = await Promise.all([
    db
      .select({ ...f, group_id: first_level_subcategories.material_group_id })
      .from(first_level_subcategories)
      .where(isNotNull(first_level_subcategories.basis))
      .orderBy(...byCode(first_level_subcategories)),
    db
      .select({ ...s, group_id: first_level_subcategories.material_group_id })
      .from(second_level_subcategories)
      .innerJoin(first_level_subcategories, secondInFirst)
      .where(isNotNull(second_level_subcategories.basis))
      .orderBy(...byCode(second_level_subcategories)),
    db
      .select({ ...t, group_id: first_level_subcategories.material_group_id })
      .from(third_level_subcategories)
      .innerJoin(second_level_subcategories, thirdInSecond)
      .innerJoin(first_level_subcategories, secondInFirst)
      .where(isNotNull(third_level_subcategories.basis))
      .orderBy(...byCode(third_level_subcategories)),
  ]);
  return { first, second, third };
}

/** Each subcategory level: its table, the column that names its parent, and how many children a node has. */
const CHILD_LEVEL = {
  first: {
    table: first_level_subcategories,
    parent: first_level_subcategories.material_group_id,
    children: sql<number>`(select count(*) from second_level_subcategories c where c.first_level_subcategory_id = first_level_subcategories.id)::int`,
  },
  second: {
    table: second_level_subcategories,
    parent: second_level_subcategories.first_level_subcategory_id,
    children: sql<number>`(select count(*) from third_level_subcategories c where c.second_level_subcategory_id = second_level_subcategories.id)::int`,
  },
  third: { table: third_level_subcategories, parent: third_level_subcategories.second_level_subcategory_id, children: sql<number>`0` },
} as const;

/** One level of the tree under its parent (a group for the first level) with each node's own mapping. */
export function childMappings(db: DbOrTx, level: 'first' | 'second' | 'third', parentId: number) {
  const { table, parent, children } = CHILD_LEVEL[level];
  return db
    .select({ ...mappingOf(table), customized_at: table.mapping_customized_at, children })
    .from(table)
    .where(eq(parent, parentId))
    .orderBy(...byCode(table));
}

/**
 * Nodes at any level (groups included) whose name in any language (db/like.ts nameMatches; `englishNames` are the
 * rows whose catalog translation matched) or code matches, paged: their level and id.
 */
export async function searchMappingNodes(db: DbOrTx, q: string, page: number, size: number, englishNames: readonly string[] = []) {
  const like = `%${escapeLike(q)}%`;
  const codeLike = `${escapeLike(q.replace(/\s+/g, '').toUpperCase())}%`;
  const named = (a: string) => nameMatches(a, like, englishNames);
  const matches = sql`(select 'group' as level, 0 as depth, g.id, g.code, g.name from material_groups g where ${named('g')} or g.code like ${codeLike}
    union all select 'first', 1, f.id, f.code, f.name from first_level_subcategories f where ${named('f')} or f.code like ${codeLike}
    union all select 'second', 2, s.id, s.code, s.name from second_level_subcategories s where ${named('s')} or s.code like ${codeLike}
    union all select 'third', 3, t.id, t.code, t.name from third_level_subcategories t where ${named('t')} or t.code like ${codeLike})`;
  const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : ((r as { rows: unknown[] }).rows ?? [])) as T[];
  const [items, total] = await Promise.all([
    db.execute(sql`select m.level, m.id from ${matches} m order by m.depth, m.code nulls last, m.name, m.id limit ${size} offset ${page * size}`),
    db.execute(sql`select count(*)::int as n from ${matches} m`),
  ]);
  return {
    rows: rowsOf<{ level: MappingLevel; id: number }>(items).map((r) => ({ level: r.level, id: Number(r.id) })),
    total: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0),
  };
}
