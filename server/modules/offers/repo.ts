// Offer data access: `fn(db | tx, params)`, explicit columns, no authorization (the service decides).
import { aliasedTable, and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { companies, exchanges, materials, offer_rounds, offers, sub_listings, users } from '../../../drizzle/schema';
import { OPEN_OFFER_STATUSES, type OfferStatus } from '../../../shared/constants/enums';
import type { OfferSide } from '../../../shared/machines/offer';
import type { OfferDirection } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';
import { firstRow } from '../../db/rows';

/** What an offer needs to know about its listing. */
export async function findListing(db: DbOrTx, materialId: number) {
  return firstRow(
    db
      .select({
        id: materials.id,
        title: materials.title,
        company_id: materials.company_id,
        kind: materials.kind,
        status: materials.status,
        quantity: materials.quantity,
        reserved_quantity: materials.reserved_quantity,
        quantity_unit: materials.quantity_unit,
        company_status: companies.status,
      })
      .from(materials)
      .innerJoin(companies, eq(companies.id, materials.company_id))
      .where(eq(materials.id, materialId)),
  );
}

/** One of the listing's sub-listings, with its stock; null when it is not one of them. */
export async function findSubListing(db: DbOrTx, materialId: number, id: number) {
  return firstRow(
    db
      .select({ id: sub_listings.id, title: sub_listings.title, quantity: sub_listings.quantity, reserved_quantity: sub_listings.reserved_quantity })
      .from(sub_listings)
      .where(and(eq(sub_listings.id, id), eq(sub_listings.material_id, materialId))),
  );
}

/** The listing an offer is on (it never changes) and its status, read without a lock so the listing can be locked first. */
export async function offerHead(db: DbOrTx, id: number) {
  return firstRow(db.select({ material_id: offers.material_id, status: offers.status }).from(offers).where(eq(offers.id, id)));
}

export async function insertOffer(
  db: DbOrTx,
  values: {
    material_id: number;
    sub_listing_id: number | null;
    company_id: number;
    user_id: number;
    quantity: number;
    message: string;
    unit_price_minor: number | null;
    currency: string;
  },
) {
  const [row] = await db.insert(offers).values(values).returning({ id: offers.id });
  await insertRound(db, { offer_id: row!.id, round: 1, by: 'offerer', ...values });
  return row!.id;
}

/** The offerer's preferred currency: the user's, else the company's (null: neither has one). */
export async function preferredCurrency(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ user: users.preferred_currency, company: companies.preferred_currency })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.user ?? row?.company ?? null;
}

export async function insertRound(
  db: DbOrTx,
  values: {
    offer_id: number;
    round: number;
    by: OfferSide;
    user_id: number | null;
    quantity: number;
    unit_price_minor: number | null;
    currency: string | null;
    message: string;
  },
) {
  await db.insert(offer_rounds).values({
    offer_id: values.offer_id,
    round: values.round,
    by: values.by,
    user_id: values.user_id,
    quantity: values.quantity,
    unit_price_minor: values.unit_price_minor,
    currency: values.currency,
    message: values.message,
  });
}

/** The moves of these offers, oldest first. */
export async function roundsOf(db: DbOrTx, offerIds: readonly number[]) {
  if (!offerIds.length) return [];
  return db
    .select({
      offer_id: offer_rounds.offer_id,
      round: offer_rounds.round,
      by: offer_rounds.by,
      quantity: offer_rounds.quantity,
      unit_price_minor: offer_rounds.unit_price_minor,
      currency: offer_rounds.currency,
      message: offer_rounds.message,
      created_at: offer_rounds.created_at,
    })
    .from(offer_rounds)
    .where(inArray(offer_rounds.offer_id, [...offerIds]))
    .orderBy(asc(offer_rounds.offer_id), asc(offer_rounds.round));
}

/** A counter: new terms on the table, one more round, the turn to the other side. Only while the offer is open. */
export async function applyCounter(
  tx: DbOrTx,
  id: number,
  values: { quantity: number; unit_price_minor: number | null; message: string; round: number; by: OfferSide },
) {
  const rows = await tx
    .update(offers)
    .set({ quantity: values.quantity, unit_price_minor: values.unit_price_minor, round: values.round, last_move_by: values.by, status: 'countered' })
    .where(and(eq(offers.id, id), inArray(offers.status, [...OPEN_OFFER_STATUSES])))
    .returning({ id: offers.id });
  return rows.length > 0;
}

const offerer = aliasedTable(companies, 'offerer');
const owner = aliasedTable(companies, 'owner');

const offerColumns = {
  id: offers.id,
  uuid: offers.uuid,
  status: offers.status,
  quantity: offers.quantity,
  unit_price_minor: offers.unit_price_minor,
  currency: offers.currency,
  round: offers.round,
  last_move_by: offers.last_move_by,
  message: offers.message,
  review_reason: offers.review_reason,
  created_at: offers.created_at,
  updated_at: offers.updated_at,
  reviewed_at: offers.reviewed_at,
  material_id: materials.id,
  material_title: materials.title,
  material_quantity: materials.quantity,
  material_reserved: materials.reserved_quantity,
  material_unit: materials.quantity_unit,
  sub_listing_id: sub_listings.id,
  sub_listing_title: sub_listings.title,
  sub_listing_quantity: sub_listings.quantity,
  sub_listing_reserved: sub_listings.reserved_quantity,
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
    .leftJoin(sub_listings, eq(sub_listings.id, offers.sub_listing_id))
    .leftJoin(exchanges, eq(exchanges.offer_id, offers.id));
}
export type OfferRow = Awaited<ReturnType<typeof findOffer>> & {};

export async function findOffer(db: DbOrTx, id: number) {
  return firstRow(offerQuery(db).where(eq(offers.id, id)));
}

/** Locks the offer row for the rest of the transaction: concurrent reviews of one offer run one at a time. */
export async function lockOffer(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ id: offers.id, status: offers.status }).from(offers).where(eq(offers.id, id)).for('update');
  return row ?? null;
}

/** The offerer edits its offer before any counter: the offer and its first move change alike. */
export async function updatePending(tx: DbOrTx, id: number, patch: { quantity?: number; message?: string }) {
  const rows = await tx
    .update(offers)
    .set(patch)
    .where(and(eq(offers.id, id), eq(offers.status, 'pending')))
    .returning({ id: offers.id });
  if (rows.length)
    await tx
      .update(offer_rounds)
      .set(patch)
      .where(and(eq(offer_rounds.offer_id, id), eq(offer_rounds.round, 1)));
  return rows.length > 0;
}

export async function closeOffer(
  tx: DbOrTx,
  id: number,
  status: Exclude<OfferStatus, 'pending' | 'countered'>,
  by: { user_id: number | null; reason?: string | null },
) {
  const rows = await tx
    .update(offers)
    .set({ status, reviewed_by_user_id: by.user_id, reviewed_at: sql`now()`, review_reason: by.reason ?? null })
    .where(and(eq(offers.id, id), inArray(offers.status, [...OPEN_OFFER_STATUSES])))
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
/**
 * Open offers waiting for the company's move: made to its listings with the offerer's move last, or made by it and
 * countered by the listing's company.
 */
export const pendingReceivedWhere = (companyId: number) =>
  and(
    inArray(offers.status, [...OPEN_OFFER_STATUSES]),
    or(
      and(eq(materials.company_id, companyId), eq(offers.last_move_by, 'offerer')),
      and(eq(offers.company_id, companyId), eq(offers.last_move_by, 'owner')),
    ),
  )!;
