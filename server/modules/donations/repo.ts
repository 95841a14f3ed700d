// Donation data access: `fn(db | tx, params)`, explicit columns, no authorization (the service decides).
// A donation is a listing of kind 'donation' plus its `donations` row (docs/decisions/0090): reads join the two;
// the listing row itself is written by the materials module's service.
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { companies, donation_tags, donations, material_groups, material_images, materials } from '../../../drizzle/schema';
import type { DonationStatus } from '../../../shared/constants/enums';
import type { AdminDonationsInput } from '../../../shared/schemas/donations';
import type { DbOrTx } from '../../db/client';
import { withListingOwner } from '../../db/joins';
import { firstRow, hasRow } from '../../db/rows';
import { escapeLike } from '../materials/search';

/** What every view of a donation shows (the listing's fields, the donation's, its donor, tag and group). */
const viewColumns = {
  id: donations.id,
  material_id: donations.material_id,
  uuid: materials.uuid,
  title: materials.title,
  description: materials.description,
  purpose: donations.purpose,
  item_count: donations.item_count,
  quantity_kg: donations.quantity_kg,
  total_value_minor: donations.total_value_minor,
  currency: donations.currency,
  boxes: donations.boxes_count,
  donation_tag_id: donations.donation_tag_id,
  donation_tag_name: donation_tags.name,
  material_group_id: materials.material_group_id,
  material_group_name: material_groups.name,
  status: donations.status,
  approver_name: donations.approver_name,
  deny_reason: donations.deny_reason,
  reviewed_at: donations.reviewed_at,
  handed_over_at: donations.handed_over_at,
  received_by: donations.received_by,
  impact_kg: donations.impact_kg,
  co2e_kg: donations.co2e_kg,
  defra_material: donations.defra_material,
  factor_set: donations.factor_set,
  factor_version: donations.factor_version,
  company_id: materials.company_id,
  company_name: companies.name,
  qr_token: donations.qr_token,
  created_at: donations.created_at,
  updated_at: donations.updated_at,
  image_key: sql<
    string | null
  >`(select ${material_images.storage_key} from ${material_images} where ${material_images.material_id} = ${materials.id} order by ${material_images.position} limit 1)`,
};
export type DonationRow = Awaited<ReturnType<typeof findView>> & object;

function viewQuery(db: DbOrTx) {
  return withListingOwner(db.select(viewColumns).from(donations).innerJoin(materials, eq(materials.id, donations.material_id)).$dynamic()).leftJoin(
    donation_tags,
    eq(donation_tags.id, donations.donation_tag_id),
  );
}

export async function findView(db: DbOrTx, id: number) {
  return firstRow(viewQuery(db).where(eq(donations.id, id)));
}

export async function findViewByCode(db: DbOrTx, code: string) {
  return firstRow(viewQuery(db).where(eq(donations.qr_token, code)));
}

export function findImages(db: DbOrTx, materialId: number) {
  return db
    .select({ storage_key: material_images.storage_key, name: material_images.name })
    .from(material_images)
    .where(eq(material_images.material_id, materialId))
    .orderBy(asc(material_images.position));
}

export function ownWhere(companyId: number, status: DonationStatus | undefined): SQL {
  return and(eq(materials.company_id, companyId), status ? eq(donations.status, status) : undefined)!;
}

export function adminWhere(input: AdminDonationsInput): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (input.status) conds.push(eq(donations.status, input.status));
  if (input.company_id) conds.push(eq(materials.company_id, input.company_id));
  if (input.q) conds.push(or(ilike(materials.title, `%${escapeLike(input.q)}%`), ilike(companies.name, `%${escapeLike(input.q)}%`)));
  return conds.length ? and(...conds) : undefined;
}

/** Newest first (date submitted), id breaking ties so pages never repeat or skip a row. */
export function page(db: DbOrTx, where: SQL | undefined, pageNo: number, size: number) {
  return viewQuery(db)
    .where(where)
    .orderBy(desc(donations.created_at), desc(donations.id))
    .limit(size)
    .offset(pageNo * size);
}

export async function countWhere(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(donations)
    .innerJoin(materials, eq(materials.id, donations.material_id))
    .innerJoin(companies, eq(companies.id, materials.company_id))
    .where(where);
  return Number(row?.n ?? 0);
}

// ---- writes ----

export type DonationInsert = typeof donations.$inferInsert;

export async function insertDonation(tx: DbOrTx, values: DonationInsert) {
  const [row] = await tx.insert(donations).values(values).returning({ id: donations.id });
  return row!;
}

/** What a write decides on: the state, the listing and whose it is. Locks the donation row with `lock`. */
export async function findHead(db: DbOrTx, id: number, lock = false) {
  const q = db
    .select({ id: donations.id, status: donations.status, material_id: donations.material_id, company_id: materials.company_id })
    .from(donations)
    .innerJoin(materials, eq(materials.id, donations.material_id))
    .where(eq(donations.id, id))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: donations }) : await q;
  return row ?? null;
}

export async function updateDonation(tx: DbOrTx, id: number, values: Partial<DonationInsert>) {
  if (!Object.keys(values).length) return;
  await tx.update(donations).set(values).where(eq(donations.id, id));
}

/**
 * Approves or denies a pending donation: the `status = 'pending'` guard makes concurrent decisions apply once.
 * Returns null when the donation is no longer pending (or gone).
 */
export async function decide(
  tx: DbOrTx,
  id: number,
  values: { status: 'approved' | 'denied'; approver_name: string | null; deny_reason: string | null; reviewed_by_user_id: number },
) {
  const [row] = await tx
    .update(donations)
    .set({ ...values, reviewed_at: new Date() })
    .where(and(eq(donations.id, id), eq(donations.status, 'pending')))
    .returning({ id: donations.id, material_id: donations.material_id });
  return row ?? null;
}

/** The hand-over of an approved donation, once: null when it is not (or no longer) approved. */
export async function handOver(tx: DbOrTx, code: string, values: Partial<DonationInsert>) {
  const [row] = await tx
    .update(donations)
    .set({ ...values, status: 'handed_over', handed_over_at: new Date() })
    .where(and(eq(donations.qr_token, code), eq(donations.status, 'approved')))
    .returning({ id: donations.id, material_id: donations.material_id });
  return row ?? null;
}

export function tagExists(db: DbOrTx, id: number): Promise<boolean> {
  return hasRow(db.select({ id: donation_tags.id }).from(donation_tags).where(eq(donation_tags.id, id)));
}

export async function companyInfo(db: DbOrTx, companyId: number) {
  return firstRow(db.select({ name: companies.name, currency: companies.preferred_currency }).from(companies).where(eq(companies.id, companyId)));
}

// ---- tags ----

const tagColumns = {
  id: donation_tags.id,
  name: donation_tags.name,
  name_dk: donation_tags.name_dk,
  name_my: donation_tags.name_my,
  description: donation_tags.description,
  created_at: donation_tags.created_at,
  updated_at: donation_tags.updated_at,
};

/** Tags by name, each with how many donations use it. */
export function tags(db: DbOrTx) {
  return db
    .select({ ...tagColumns, donations: sql<number>`count(${donations.id})::int` })
    .from(donation_tags)
    .leftJoin(donations, eq(donations.donation_tag_id, donation_tags.id))
    .groupBy(donation_tags.id)
    .orderBy(asc(donation_tags.name), asc(donation_tags.id));
}

export async function findTag(db: DbOrTx, id: number) {
  return firstRow(db.select(tagColumns).from(donation_tags).where(eq(donation_tags.id, id)));
}

/** Case-insensitive: "Food bank" and "food bank" are one tag. */
export async function tagByName(db: DbOrTx, name: string) {
  return firstRow(
    db
      .select({ id: donation_tags.id })
      .from(donation_tags)
      .where(sql`lower(${donation_tags.name}) = lower(${name})`),
  );
}

/** Inserts the tag; null when the name is taken (the unique index decides between concurrent creations). */
/** A tag's fields; an absent translated name is left as it is. */
type TagValues = { name: string; name_dk?: string | null; name_my?: string | null; description: string | null };

export async function insertTag(tx: DbOrTx, values: TagValues) {
  const [row] = await tx.insert(donation_tags).values(values).onConflictDoNothing({ target: donation_tags.name }).returning(tagColumns);
  return row ?? null;
}

export async function updateTag(tx: DbOrTx, id: number, values: TagValues) {
  const [row] = await tx.update(donation_tags).set(values).where(eq(donation_tags.id, id)).returning(tagColumns);
  return row ?? null;
}

export function tagInUse(db: DbOrTx, id: number): Promise<boolean> {
  return hasRow(db.select({ id: donations.id }).from(donations).where(eq(donations.donation_tag_id, id)));
}

export async function deleteTag(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx.delete(donation_tags).where(eq(donation_tags.id, id)).returning({ id: donation_tags.id });
  return rows.length === 1;
}

// ---- the dashboard (every figure read from the donations table as it stands) ----

const handedOver = eq(donations.status, 'handed_over');
const monthOf = sql<string>`to_char(${donations.handed_over_at} at time zone 'UTC', 'YYYY-MM')`;

/** Kilograms, CO2e, items and boxes of the donations handed over, and the kilograms approved but not yet handed over. */
export async function impactTotals(db: DbOrTx) {
  const [row] = await db
    .select({
      handed_over: sql<number>`count(*) filter (where ${handedOver})::int`,
      kg: sql<number>`coalesce(sum(${donations.impact_kg}) filter (where ${handedOver}), 0)::float8`,
      co2e_kg: sql<number>`coalesce(sum(${donations.co2e_kg}) filter (where ${handedOver}), 0)::float8`,
      items: sql<number>`coalesce(sum(${donations.item_count}) filter (where ${handedOver}), 0)::float8`,
      boxes: sql<number>`coalesce(sum(${donations.boxes_count}) filter (where ${handedOver}), 0)::float8`,
      approved: sql<number>`count(*) filter (where ${donations.status} = 'approved')::int`,
      kg_awaiting_hand_over: sql<number>`coalesce(sum(${donations.quantity_kg}) filter (where ${donations.status} = 'approved'), 0)::float8`,
    })
    .from(donations);
  return row!;
}

/** Per UTC month from `from`: the donations handed over, their kilograms and CO2e. */
export function impactByMonth(db: DbOrTx, from: Date) {
  return db
    .select({
      month: monthOf,
      donations: sql<number>`count(*)::int`,
      kg: sql<number>`coalesce(sum(${donations.impact_kg}), 0)::float8`,
      co2e_kg: sql<number>`coalesce(sum(${donations.co2e_kg}), 0)::float8`,
    })
    .from(donations)
    .where(and(handedOver, isNotNull(donations.handed_over_at), gte(donations.handed_over_at, from)))
    .groupBy(monthOf);
}

export function countsByStatus(db: DbOrTx) {
  return db
    .select({ status: donations.status, n: sql<number>`count(*)::int` })
    .from(donations)
    .groupBy(donations.status);
}

/** Per tag (null: untagged): donations in each state and the kilograms handed over. */
export function countsByTag(db: DbOrTx) {
  return db
    .select({
      tag_id: donations.donation_tag_id,
      tag_name: donation_tags.name,
      total: sql<number>`count(*)::int`,
      pending: sql<number>`count(*) filter (where ${donations.status} = 'pending')::int`,
      approved: sql<number>`count(*) filter (where ${donations.status} = 'approved')::int`,
      denied: sql<number>`count(*) filter (where ${donations.status} = 'denied')::int`,
      handed_over: sql<number>`count(*) filter (where ${handedOver})::int`,
      kg: sql<number>`coalesce(sum(${donations.impact_kg}) filter (where ${handedOver}), 0)::float8`,
    })
    .from(donations)
    .leftJoin(donation_tags, eq(donation_tags.id, donations.donation_tag_id))
    .groupBy(donations.donation_tag_id, donation_tags.name)
    .orderBy(sql`count(*) desc`, asc(donation_tags.name));
}

/** Total value handed over, per currency (amounts in different currencies are never added together). */
export function valueByCurrency(db: DbOrTx) {
  return db
    .select({ currency: donations.currency, value_minor: sql<number>`coalesce(sum(${donations.total_value_minor}), 0)::float8` })
    .from(donations)
    .where(and(handedOver, isNotNull(donations.currency), isNotNull(donations.total_value_minor)))
    .groupBy(donations.currency)
    .orderBy(asc(donations.currency));
}

/**
 * Donor companies ranked by kilograms handed over (then number of donations, name, id): the first `limit`, plus the
 * row of `companyId` wherever it ranks.
 */
export async function topDonors(db: DbOrTx, limit: number, companyId: number | undefined) {
  const kg = sql`coalesce(sum(${donations.impact_kg}), 0)`;
  const ranked = db.$with('ranked').as(
    db
      .select({
        company_id: materials.company_id,
        company_name: sql<string>`${companies.name}`.as('company_name'),
        donations: sql<number>`count(*)::int`.as('donations'),
        kg: sql<number>`${kg}::float8`.as('kg'),
        co2e_kg: sql<number>`coalesce(sum(${donations.co2e_kg}), 0)::float8`.as('co2e_kg'),
        items: sql<number>`coalesce(sum(${donations.item_count}), 0)::float8`.as('items'),
        rank: sql<number>`(row_number() over (order by ${kg} desc, count(*) desc, ${companies.name} asc, ${materials.company_id} asc))::int`.as(
          'rank',
        ),
      })
      .from(donations)
      .innerJoin(materials, eq(materials.id, donations.material_id))
      .innerJoin(companies, eq(companies.id, materials.company_id))
      .where(handedOver)
      .groupBy(materials.company_id, companies.name),
  );
  const where = companyId === undefined ? sql`${ranked.rank} <= ${limit}` : sql`${ranked.rank} <= ${limit} or ${ranked.company_id} = ${companyId}`;
  return db.with(ranked).select().from(ranked).where(where).orderBy(asc(ranked.rank));
}

export async function donorCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${materials.company_id})::int` })
    .from(donations)
    .innerJoin(materials, eq(materials.id, donations.material_id))
    .where(handedOver);
  return row?.n ?? 0;
}

const feedWhere = inArray(donations.status, ['approved', 'handed_over']);
const eventAt = sql<Date>`coalesce(${donations.handed_over_at}, ${donations.reviewed_at}, ${donations.created_at})`;

/** Approved and handed-over donations, latest event first: what the dashboard's feed shows. */
export function feedPage(db: DbOrTx, pageNo: number, size: number) {
  return db
    .select({
      id: donations.id,
      title: materials.title,
      company_id: materials.company_id,
      company_name: companies.name,
      status: donations.status,
      item_count: donations.item_count,
      quantity_kg: donations.quantity_kg,
      boxes: donations.boxes_count,
      co2e_kg: donations.co2e_kg,
      donation_tag_name: donation_tags.name,
      at: sql<Date>`${eventAt}`.mapWith(donations.created_at),
    })
    .from(donations)
    .innerJoin(materials, eq(materials.id, donations.material_id))
    .innerJoin(companies, eq(companies.id, materials.company_id))
    .leftJoin(donation_tags, eq(donation_tags.id, donations.donation_tag_id))
    .where(feedWhere)
    .orderBy(desc(eventAt), desc(donations.id))
    .limit(size)
    .offset(pageNo * size);
}

export async function feedCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(donations).where(feedWhere);
  return Number(row?.n ?? 0);
}
