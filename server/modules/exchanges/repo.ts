// Synergy data access: `fn(db | tx, params)`, explicit columns, no authorization (the service decides).
import { aliasedTable, and, avg, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { chats, companies, exchanges, impact_records, material_sdgs, materials, reviews, sdgs, users } from '../../../drizzle/schema';
import type { LevelOfCompletion, QuantityUnit } from '../../../shared/constants/enums';
import type { DbOrTx } from '../../db/client';
import { exchangePartyColumns, withExchangeParts } from '../../db/joins';
import { firstRow } from '../../db/rows';

export async function insertExchange(
  tx: DbOrTx,
  values: {
    offer_id: number;
    material_id: number;
    provider_company_id: number;
    requester_company_id: number;
    request_message: string;
    item_requested: string;
    quantity: number;
    quantity_unit: QuantityUnit;
    unit_price_minor: number | null;
    price_currency: string | null;
  },
) {
  const [row] = await tx.insert(exchanges).values(values).returning({ id: exchanges.id });
  return row!.id;
}

const columns = {
  id: exchanges.id,
  uuid: exchanges.uuid,
  offer_id: exchanges.offer_id,
  material_id: exchanges.material_id,
  material_title: materials.title,
  item_requested: exchanges.item_requested,
  request_message: exchanges.request_message,
  quantity: exchanges.quantity,
  quantity_unit: exchanges.quantity_unit,
  unit_price_minor: exchanges.unit_price_minor,
  price_currency: exchanges.price_currency,
  level_of_completion: exchanges.level_of_completion,
  successful: exchanges.successful,
  earnings_minor: exchanges.earnings_minor,
  savings_minor: exchanges.savings_minor,
  currency: exchanges.currency,
  created_at: exchanges.created_at,
  completed_at: exchanges.completed_at,
  ...exchangePartyColumns,
  chat_id: chats.id,
  impact_kg: impact_records.kg,
  impact_hours: impact_records.hours,
  impact_co2e_kg: impact_records.co2e_kg,
  impact_factor_set: impact_records.factor_set,
};

function exchangeQuery(db: DbOrTx) {
  return withExchangeParts(db.select(columns).from(exchanges).$dynamic())
    .leftJoin(chats, eq(chats.exchange_id, exchanges.id))
    .leftJoin(impact_records, eq(impact_records.exchange_id, exchanges.id));
}

export async function findExchange(db: DbOrTx, id: number) {
  return firstRow(exchangeQuery(db).where(eq(exchanges.id, id)));
}
export type ExchangeRow = NonNullable<Awaited<ReturnType<typeof findExchange>>>;

/** Locks the synergy row for the rest of the transaction: ending it and sending to its chat take turns. */
export async function lockExchange(tx: DbOrTx, id: number, mode: 'update' | 'share') {
  const [row] = await tx
    .select({ id: exchanges.id, level_of_completion: exchanges.level_of_completion })
    .from(exchanges)
    .where(eq(exchanges.id, id))
    .for(mode);
  return row ?? null;
}

export const companyWhere = (companyId: number, level?: LevelOfCompletion): SQL =>
  and(
    or(eq(exchanges.provider_company_id, companyId), eq(exchanges.requester_company_id, companyId)),
    level ? eq(exchanges.level_of_completion, level) : undefined,
  )!;

export function listPage(db: DbOrTx, where: SQL, page: number, size: number) {
  // In progress first, then the most recently ended or started.
  return exchangeQuery(db)
    .where(where)
    .orderBy(
      sql`${exchanges.level_of_completion} = 'COMPLETED'`,
      desc(sql`coalesce(${exchanges.completed_at}, ${exchanges.created_at})`),
      desc(exchanges.id),
    )
    .limit(size)
    .offset(page * size);
}

export async function countWhere(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(exchanges).where(where);
  return row?.n ?? 0;
}

export async function complete(
  tx: DbOrTx,
  id: number,
  values: { successful: boolean; earnings_minor: number | null; savings_minor: number | null; currency: string | null },
) {
  const rows = await tx
    .update(exchanges)
    .set({ ...values, level_of_completion: 'COMPLETED', completed_at: sql`now()` })
    .where(and(eq(exchanges.id, id), eq(exchanges.level_of_completion, 'IN_PROGRESS')))
    .returning({ id: exchanges.id });
  return rows.length > 0;
}

export async function companyCurrency(db: DbOrTx, companyId: number): Promise<string | null> {
  const [row] = await db.select({ c: companies.preferred_currency }).from(companies).where(eq(companies.id, companyId));
  return row?.c ?? null;
}

// ---- ratings ----

export async function insertReview(
  tx: DbOrTx,
  values: {
    exchange_id: number;
    reviewer_company_id: number;
    reviewed_company_id: number;
    reviewer_user_id: number;
    rating: number;
    feedback: string | null;
    is_demo: boolean;
  },
) {
  const [row] = await tx.insert(reviews).values(values).returning({ id: reviews.id });
  return row!.id;
}

export function reviewsOf(db: DbOrTx, exchangeIds: number[]) {
  if (!exchangeIds.length) return Promise.resolve([]);
  return db
    .select({
      exchange_id: reviews.exchange_id,
      company_id: reviews.reviewer_company_id,
      rating: reviews.rating,
      review: reviews.feedback,
      created_at: reviews.created_at,
    })
    .from(reviews)
    .where(inArray(reviews.exchange_id, exchangeIds))
    .orderBy(reviews.created_at);
}

const reviewer = aliasedTable(companies, 'reviewer');

export function companyReviewsPage(db: DbOrTx, companyId: number, page: number, size: number) {
  return db
    .select({
      id: reviews.id,
      exchange_id: reviews.exchange_id,
      rating: reviews.rating,
      review: reviews.feedback,
      created_at: reviews.created_at,
      reviewer_company_id: reviewer.id,
      reviewer_company_name: reviewer.name,
      reviewer_first_name: users.first_name,
      /** The reviewer has since been removed from their company (docs/decisions/0060): shown as a former member. */
      reviewer_former: sql<boolean>`coalesce(${users.deleted_at} is not null, false)`,
      title: materials.title,
    })
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewer_company_id))
    .innerJoin(exchanges, eq(exchanges.id, reviews.exchange_id))
    .leftJoin(materials, eq(materials.id, exchanges.material_id))
    .leftJoin(users, eq(users.id, reviews.reviewer_user_id))
    .where(eq(reviews.reviewed_company_id, companyId))
    .orderBy(desc(reviews.created_at), desc(reviews.id))
    .limit(size)
    .offset(page * size);
}

export async function companyRatingSummary(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ total: count(), average: avg(reviews.rating) })
    .from(reviews)
    .where(eq(reviews.reviewed_company_id, companyId));
  return { total: row?.total ?? 0, average: row?.average === null || row?.average === undefined ? null : Number(row.average) };
}

/**
 * The company's successful synergies per SDG of the listing exchanged (a synergy counts once per goal its listing
 * names), every goal listed, plus the number of successful synergies.
 */
export async function sdgExchanges(db: DbOrTx, companyId: number) {
  const successful = and(companyWhere(companyId, 'COMPLETED'), eq(exchanges.successful, true))!;
  const [perGoal, [all]] = await Promise.all([
    db
      .select({
        sdg_id: sdgs.id,
        code: sdgs.code,
        name: sdgs.name,
        color: sdgs.color,
        exchanges: sql<number>`count(distinct ${exchanges.id})::int`,
      })
      .from(sdgs)
      .leftJoin(material_sdgs, eq(material_sdgs.sdg_id, sdgs.id))
      .leftJoin(exchanges, and(eq(exchanges.material_id, material_sdgs.material_id), successful))
      .groupBy(sdgs.id, sdgs.code, sdgs.name, sdgs.color)
      .orderBy(sdgs.id),
    db.select({ n: count() }).from(exchanges).where(successful),
  ]);
  return { items: perGoal, successful_exchanges: Number(all?.n ?? 0) };
}

export async function companyStatus(db: DbOrTx, companyId: number) {
  const [row] = await db.select({ status: companies.status }).from(companies).where(eq(companies.id, companyId));
  return row?.status ?? null;
}

/** Counts for the synergies page: in progress, ended, successful, and what the successful ones achieved. */
export async function companyStats(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({
      in_progress: sql<number>`count(*) filter (where ${exchanges.level_of_completion} = 'IN_PROGRESS')::int`,
      completed: sql<number>`count(*) filter (where ${exchanges.level_of_completion} = 'COMPLETED')::int`,
      successful: sql<number>`count(*) filter (where ${exchanges.successful})::int`,
      kg: sql<number>`coalesce(sum(${impact_records.kg}), 0)::float8`,
      hours: sql<number>`coalesce(sum(${impact_records.hours}), 0)::float8`,
      co2e_kg: sql<number>`coalesce(sum(${impact_records.co2e_kg}), 0)::float8`,
    })
    .from(exchanges)
    .leftJoin(impact_records, eq(impact_records.exchange_id, exchanges.id))
    .where(companyWhere(companyId));
  return row!;
}
