// Offer data access: `fn(db | tx, params)`, explicit columns, no authorization (the service decides).
import { aliasedTable, and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { companies, exchanges, materials, offers } from '../../../drizzle/schema';
import type { OfferStatus } from '../../../shared/constants/enums';
import type { OfferDirection } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';

/** What an offer needs to know about its listing. */
export async function findListing(db: DbOrTx, materialId: number) {
  const [row] = await db
    .select({
      id: materials.id,
      title: materials.title,
      company_id: materials.company_id,
      kind: materials.kind,
      status: materials.status,
      quantity: materials.quantity,
      quantity_unit: materials.quantity_unit,
      company_status: companies.status,
    })
    .from(materials)
    .innerJoin(companies, eq(companies.id, materials.company_id))
    .where(eq(materials.id, materialId))
    .limit(1);
  return row ?? null;
}

export async function insertOffer(
  db: DbOrTx,
  values: { material_id: number; company_id: number; user_id: number; quantity: number; message: string },
) {
  const [row] = await db.insert(offers).values(values).returning({ id: offers.id });
  return row!.id;
}

const offerer = aliasedTable(companies, 'offerer');
const owner = aliasedTable(companies, 'owner');

const offerColumns = {
  id: offers.id,
  uuid: offers.uuid,
  status: offers.status,
  quantity: offers.quantity,
  message: offers.message,
  review_reason: offers.review_reason,
  created_at: offers.created_at,
  updated_at: offers.updated_at,
  reviewed_at: offers.reviewed_at,
  material_id: materials.id,
  material_title: materials.title,
  material_quantity: materials.quantity,
  material_unit: materials.quantity_unit,
  material_status: materials.status,
  offering_company_id: offerer.id,
  offering_company_name: offerer.name,
  listing_company_id: owner.id,
  listing_company_name: owner.name,
  exchange_id: exchanges.id,
};

function offerQuery(db: DbOrTx) {
  return db
    .select(offerColumns)
    .from(offers)
    .innerJoin(materials, eq(materials.id, offers.material_id))
    .innerJoin(offerer, eq(offerer.id, offers.company_id))
    .innerJoin(owner, eq(owner.id, materials.company_id))
    .leftJoin(exchanges, eq(exchanges.offer_id, offers.id));
}
export type OfferRow = Awaited<ReturnType<typeof findOffer>> & {};

export async function findOffer(db: DbOrTx, id: number) {
  const [row] = await offerQuery(db).where(eq(offers.id, id)).limit(1);
  return row ?? null;
}

/** Locks the offer row for the rest of the transaction: concurrent reviews of one offer run one at a time. */
export async function lockOffer(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ id: offers.id, status: offers.status }).from(offers).where(eq(offers.id, id)).for('update');
  return row ?? null;
}

export async function updatePending(tx: DbOrTx, id: number, patch: { quantity?: number; message?: string }) {
  const rows = await tx
    .update(offers)
    .set(patch)
    .where(and(eq(offers.id, id), eq(offers.status, 'pending')))
    .returning({ id: offers.id });
  return rows.length > 0;
}

export async function closeOffer(
  tx: DbOrTx,
  id: number,
  status: Exclude<OfferStatus, 'pending'>,
  by: { user_id: number | null; reason?: string | null },
) {
  const rows = await tx
    .update(offers)
    .set({ status, reviewed_by_user_id: by.user_id, reviewed_at: sql`now()`, review_reason: by.reason ?? null })
    .where(and(eq(offers.id, id), eq(offers.status, 'pending')))
    .returning({ id: offers.id });
  return rows.length > 0;
}

function sideFilter(companyId: number, direction: OfferDirection | undefined): SQL {
  const made = eq(offers.company_id, companyId);
  const received = eq(materials.company_id, companyId);
  if (direction === 'made') return made;
  if (direction === 'received') return received;
  return or(made, received)!;
}

export async function listPage(db: DbOrTx, where: SQL, page: number, size: number) {
  return offerQuery(db)
    .where(where)
    .orderBy(desc(offers.created_at), desc(offers.id))
    .limit(size)
    .offset(page * size);
}

export async function countWhere(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(offers).innerJoin(materials, eq(materials.id, offers.material_id)).where(where);
  return row?.n ?? 0;
}

export const listWhere = (companyId: number, filter: { direction?: OfferDirection; material_id?: number; status?: OfferStatus } = {}) =>
  and(
    sideFilter(companyId, filter.direction),
    filter.material_id ? eq(offers.material_id, filter.material_id) : undefined,
    filter.status ? eq(offers.status, filter.status) : undefined,
  )!;
export const pendingReceivedWhere = (companyId: number) => and(eq(materials.company_id, companyId), eq(offers.status, 'pending'))!;
