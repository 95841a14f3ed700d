// Donations: a manager's donation (a listing of kind 'donation' plus its donation row, docs/decisions/0090),
// the administrators' approve or deny, the QR code and the recipient's hand-over on the public page, donation tags,
// and the donations dashboard. Every state change follows shared/machines/donation.ts; decisions and the hand-over
// apply once however many people click at once (guarded updates). Row-level rules live here: a donation is read by
// its company's users and administrators (anyone else: 404) and written by its company's managers.
import QRCode from 'qrcode';
import type { DonationStatus } from '../../../shared/constants/enums';
import { DEFRA_FACTOR_SET, DEFRA_FACTOR_VERSION } from '../../../shared/lib/impact';
import { lastMonths, monthStart } from '../../../shared/lib/stats';
import { LISTING_STATUS_OF_DONATION, nextDonationStatus, type DonationAction } from '../../../shared/machines/donation';
import type { MessageCode } from '../../../shared/messages';
import { pageOf } from '../../../shared/schemas/_primitives';
import {
  DONATION_IMPACT_MONTHS,
  type AdminDonationsInput,
  type ApproveDonationInput,
  type CreateDonationInput,
  type DenyDonationInput,
  type DonationQrInput,
  type DonationTagInput,
  type DonationsFeedInput,
  type HandOverInput,
  type OwnDonationsInput,
  type TopDonorsInput,
  type UpdateDonationInput,
} from '../../../shared/schemas/donations';
import { isUniqueViolation } from '../../db/errors';
import type { Deps } from '../../deps';
import type { AdminActor, CompanyActor, UserActor } from '../../lib/actor';
import { AppError, fieldError } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
import { publicUrl } from '../../lib/mail';
import { recordAudit } from '../audit/service';
import * as materials from '../materials/service';
import * as stats from '../stats/service';
import * as users from '../users/service';
import * as repo from './repo';

/** The path of the public page a donation's QR code opens. */
export const verifyPath = (code: string) => `/donations/verify/${code}`;

/** Why a donation in this state refuses an action: one message per state (409). */
const ALREADY: Record<Exclude<DonationStatus, 'pending'>, MessageCode> = {
  approved: 'donation.alreadyApproved',
  denied: 'donation.alreadyDenied',
  handed_over: 'donation.alreadyHandedOver',
};
const NOT_EDITABLE: Partial<Record<DonationStatus, MessageCode>> = {
  approved: 'donation.editApproved',
  handed_over: 'donation.editHandedOver',
};
const conflict = (code: MessageCode) => new AppError('CONFLICT', { message: { code } });

/** What every reader of a donation sees: money in major units, a photo URL, the QR's code once approved. */
function toView(deps: Deps, r: repo.DonationRow) {
  const { total_value_minor, image_key, qr_token, impact_kg, co2e_kg, defra_material, factor_set, factor_version, ...rest } = r;
  const issued = r.status === 'approved' || r.status === 'handed_over';
  return {
    ...rest,
    total_value: total_value_minor === null ? null : total_value_minor / 100,
    image_url: fileUrl(image_key),
    /** SPEC §3 "QR code": the code the printed QR carries, and the page it opens; null until approved. */
    qr_code: issued ? qr_token : null,
    verify_url: issued ? publicUrl(deps.env, verifyPath(qr_token)) : null,
    impact:
      r.status === 'handed_over' && impact_kg !== null ? { kg: impact_kg, co2e_kg: co2e_kg ?? 0, defra_material, factor_set, factor_version } : null,
  };
}
export type DonationView = ReturnType<typeof toView>;

async function detail(deps: Deps, id: number) {
  const row = await repo.findView(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const images = await repo.findImages(deps.db, row.material_id);
  return { ...toView(deps, row), images: images.map((im) => ({ url: fileUrl(im.storage_key), name: im.name })) };
}

/** The donation for its company's users and administrators; anyone else gets what a missing id gets. */
async function readable(deps: Deps, actor: UserActor, id: number) {
  const head = await repo.findHead(deps.db, id);
  if (!head || (actor.role !== 'ADMIN' && head.company_id !== actor.company_id)) throw new AppError('NOT_FOUND');
  return head;
}

/** Another company's donation reads as not found, like a missing one. */
async function ownHead(deps: Deps, actor: CompanyActor, id: number) {
  const head = await repo.findHead(deps.db, id);
  if (!head || head.company_id !== actor.company_id) throw new AppError('NOT_FOUND');
  return head;
}

// ---- the manager's donations ----

async function checkReferences(deps: Deps, input: CreateDonationInput) {
  if (input.donation_tag_id !== null && !(await repo.tagExists(deps.db, input.donation_tag_id)))
    throw fieldError('donation_tag_id', 'donation.unknownTag');
  if (input.material_group_id !== null && !(await materials.materialGroupExists(deps.db, input.material_group_id)))
    throw fieldError('material_group_id', 'listing.unknownGroup');
}

function donationValues(input: CreateDonationInput) {
  return {
    purpose: input.purpose,
    item_count: input.item_count,
    quantity_kg: input.quantity_kg,
    total_value_minor: input.total_value === null ? null : Math.round(input.total_value * 100),
    boxes_count: input.boxes,
    donation_tag_id: input.donation_tag_id,
  };
}

function listingValues(input: CreateDonationInput, status: DonationStatus): materials.DonationListingValues {
  return {
    title: input.title,
    description: input.description,
    purpose: input.purpose,
    material_group_id: input.material_group_id,
    quantity_kg: input.quantity_kg,
    status: LISTING_STATUS_OF_DONATION[status],
  };
}

/** POST api/donations: a manager's new donation, pending until an administrator decides. */
export async function createDonation(deps: Deps, actor: CompanyActor, input: CreateDonationInput) {
  const address = await materials.donationAddress(deps.db, actor.company_id);
  await checkReferences(deps, input);
  const company = await repo.companyInfo(deps.db, actor.company_id);
  if (!company) throw new AppError('NOT_FOUND');
  const photos = await materials.storeDonationPhotos(deps, null, input.images);
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const listing = await materials.createDonationListing(tx, {
        company_id: actor.company_id,
        created_by_user_id: actor.user_id,
        address,
        values: listingValues(input, 'pending'),
        images: photos.images,
      });
      const row = await repo.insertDonation(tx, {
        material_id: listing.id,
        ...donationValues(input),
        // Amounts are in the donor's currency (the company's preferred one; EUR without one).
        currency: input.total_value === null ? null : (company.currency ?? 'EUR'),
        status: 'pending',
      });
      await deps.events.emit(tx, 'donation.changed', {
        donation_id: row.id,
        action: 'create',
        status: 'pending',
        title: input.title,
        company_id: actor.company_id,
        company_name: company.name,
        approver_name: null,
        deny_reason: null,
      });
      return row.id;
    });
  } catch (err) {
    await materials.discardPhotos(deps, photos.created);
    throw err;
  }
  return detail(deps, id);
}

/** PUT api/donations/{id}: while pending or denied; an edited denied donation goes back to pending. */
export async function updateDonation(deps: Deps, actor: CompanyActor, input: UpdateDonationInput) {
  const head = await ownHead(deps, actor, input.id);
  const refuse = (status: DonationStatus) => conflict(NOT_EDITABLE[status] ?? 'error.CONFLICT');
  if (!nextDonationStatus(head.status, 'edit')) throw refuse(head.status);
  await checkReferences(deps, input);
  const company = await repo.companyInfo(deps.db, actor.company_id);
  if (!company) throw new AppError('NOT_FOUND');
  const photos = await materials.storeDonationPhotos(deps, head.material_id, input.images);
  try {
    await deps.db.transaction(async (tx) => {
      // The row lock orders this edit against an administrator's decision: whichever comes second sees the other.
      const locked = await repo.findHead(tx, head.id, true);
      if (!locked) throw new AppError('NOT_FOUND');
      const to = nextDonationStatus(locked.status, 'edit');
      if (!to) throw refuse(locked.status);
      await materials.updateDonationListing(tx, locked.material_id, listingValues(input, to), photos.images);
      await repo.updateDonation(tx, locked.id, {
        ...donationValues(input),
        currency: input.total_value === null ? null : (company.currency ?? 'EUR'),
        status: to,
        // Back to the administrators: the earlier decision no longer applies.
        approver_name: null,
        deny_reason: null,
        reviewed_by_user_id: null,
        reviewed_at: null,
      });
      await deps.events.emit(tx, 'donation.changed', {
        donation_id: locked.id,
        action: 'edit',
        status: to,
        title: input.title,
        company_id: actor.company_id,
        company_name: company.name,
        approver_name: null,
        deny_reason: null,
      });
    });
  } catch (err) {
    await materials.discardPhotos(deps, photos.created);
    throw err;
  }
  await materials.discardPhotos(deps, photos.dropped);
  return detail(deps, head.id);
}

/** GET api/donations/{id}: its company's users and administrators. */
export async function getDonation(deps: Deps, actor: UserActor, input: { id: number }) {
  await readable(deps, actor, input.id);
  return detail(deps, input.id);
}

/** GET api/v2/materials/donations: the caller company's donations, newest first, paged. */
export async function listOwnDonations(deps: Deps, actor: CompanyActor, input: OwnDonationsInput) {
  return pageOfDonations(deps, repo.ownWhere(actor.company_id, input.status), input);
}

/** One page of the donations that match, as views, with the total. */
async function pageOfDonations(deps: Deps, where: Parameters<typeof repo.countWhere>[1], paging: { page: number; size: number }) {
  const [rows, total] = await Promise.all([repo.page(deps.db, where, paging.page, paging.size), repo.countWhere(deps.db, where)]);
  return pageOf(
    rows.map((r) => toView(deps, r)),
    total,
    paging.page,
    paging.size,
  );
}

/** The tags a donation may carry (the manager's form). */
export async function listTags(deps: Deps) {
  return { items: (await repo.tags(deps.db)).map(({ id, name, name_dk, name_my, description }) => ({ id, name, name_dk, name_my, description })) };
}

// ---- the QR code and the public hand-over ----

/** GET api/donations/{id}/qr: PNG (default) or SVG of the verification URL, once the donation is approved. */
export async function donationQr(deps: Deps, actor: UserActor, input: DonationQrInput) {
  await readable(deps, actor, input.id);
  const row = await repo.findView(deps.db, input.id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'approved' && row.status !== 'handed_over') throw conflict('donation.qrNotApproved');
  const url = publicUrl(deps.env, verifyPath(row.qr_token));
  const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
  if (input.format === 'svg') {
    const svg = await QRCode.toString(url, { ...options, type: 'svg' });
    return { file_name: `donation-${row.id}-qr.svg`, content_type: 'image/svg+xml', content: svg, encoding: 'utf8' as const, url };
  }
  const png = await QRCode.toBuffer(url, { ...options, type: 'png', width: 512 });
  return { file_name: `donation-${row.id}-qr.png`, content_type: 'image/png', content: png.toString('base64'), encoding: 'base64' as const, url };
}

/** What the public page shows: enough to recognise the goods, nothing about money, people or the purpose text. */
function publicView(r: repo.DonationRow) {
  return {
    code: r.qr_token,
    title: r.title,
    donor: r.company_name,
    item_count: r.item_count,
    quantity_kg: r.quantity_kg,
    boxes: r.boxes,
    donation_tag_name: r.donation_tag_name,
    status: r.status,
    approved_at: r.reviewed_at,
    handed_over_at: r.handed_over_at,
  };
}

/** A code is valid once its donation is approved; a wrong code, and a code of a donation not approved, say only that. */
async function byCode(deps: Deps, code: string) {
  const row = await repo.findViewByCode(deps.db, code);
  if (!row || (row.status !== 'approved' && row.status !== 'handed_over'))
    throw new AppError('NOT_FOUND', { message: { code: 'donation.unknownCode' } });
  return row;
}

/** GET api/donations/verify/{code}: public. */
export async function verifyDonation(deps: Deps, input: { code: string }) {
  return publicView(await byCode(deps, input.code));
}

/** The impact columns a hand-over records on its donation, from the listing's impact (stats.listingImpact). */
export function handOverImpact(impact: Awaited<ReturnType<typeof stats.listingImpact>>) {
  return {
    impact_kg: impact.kg,
    co2e_kg: impact.co2e_kg,
    material_group: impact.material_group,
    defra_material: impact.defra_material,
    basis: impact.basis,
    counterfactual_route: impact.counterfactual_route,
    mapping: impact.mapping,
    factor_set: impact.factor_set,
    factor_version: impact.factor_version,
    breakdown: impact.breakdown,
    factors: impact.factors,
  };
}

/**
 * POST api/donations/verify/{code}/hand-over: public. The recipient confirms the hand-over once: handed_over with its
 * time, and the impact stored by the synergies' impact function (never recomputed). A second confirmation: 409.
 */
export async function confirmHandOver(deps: Deps, input: HandOverInput) {
  const before = await byCode(deps, input.code);
  if (before.status === 'handed_over') throw conflict('donation.alreadyHandedOver');
  await deps.db.transaction(async (tx) => {
    const impact = await stats.listingImpact(tx, { material_id: before.material_id, quantity: before.quantity_kg ?? 0, quantity_unit: 'kg' });
    const row = await repo.handOver(tx, input.code, {
      received_by: input.received_by,
      ...handOverImpact(impact),
    });
    // Someone confirmed between the read and this update: exactly one confirmation counts.
    if (!row) throw conflict('donation.alreadyHandedOver');
    await materials.setDonationListingStatus(tx, row.material_id, LISTING_STATUS_OF_DONATION.handed_over);
    await deps.events.emit(tx, 'donation.changed', {
      donation_id: row.id,
      action: 'hand_over',
      status: 'handed_over',
      title: before.title,
      company_id: before.company_id,
      company_name: before.company_name,
      approver_name: before.approver_name,
      deny_reason: null,
    });
  });
  return publicView((await repo.findViewByCode(deps.db, input.code))!);
}

// ---- administrators ----

export async function adminListDonations(deps: Deps, _actor: AdminActor, input: AdminDonationsInput) {
  return pageOfDonations(deps, repo.adminWhere(input), input);
}

/** Approve or deny: only from pending (409 otherwise); one decision wins however many administrators click at once. */
async function decide(deps: Deps, actor: AdminActor, id: number, action: Extract<DonationAction, 'approve' | 'deny'>, text: string) {
  const status = action === 'approve' ? 'approved' : 'denied';
  await deps.db.transaction(async (tx) => {
    const row = await repo.decide(tx, id, {
      status,
      approver_name: action === 'approve' ? text : null,
      deny_reason: action === 'deny' ? text : null,
      reviewed_by_user_id: actor.user_id,
    });
    if (!row) {
      const head = await repo.findHead(tx, id);
      if (!head) throw new AppError('NOT_FOUND');
      throw conflict(ALREADY[head.status as Exclude<DonationStatus, 'pending'>] ?? 'error.CONFLICT');
    }
    await materials.setDonationListingStatus(tx, row.material_id, LISTING_STATUS_OF_DONATION[status]);
    await recordAudit(tx, actor, {
      action: `donation.${action}`,
      entity: 'donation',
      entity_id: id,
      before: { status: 'pending' },
      after: action === 'approve' ? { status, approver_name: text } : { status, deny_reason: text },
    });
    const view = (await repo.findView(tx, id))!;
    await deps.events.emit(tx, 'donation.changed', {
      donation_id: id,
      action,
      status,
      title: view.title,
      company_id: view.company_id,
      company_name: view.company_name,
      approver_name: view.approver_name,
      deny_reason: view.deny_reason,
    });
  });
  return detail(deps, id);
}

/** POST admin/donations/{id}/approve {approver_name} */
export function approveDonation(deps: Deps, actor: AdminActor, input: ApproveDonationInput) {
  return decide(deps, actor, input.id, 'approve', input.approver_name);
}

/** POST admin/donations/{id}/deny {reason} */
export function denyDonation(deps: Deps, actor: AdminActor, input: DenyDonationInput) {
  return decide(deps, actor, input.id, 'deny', input.reason);
}

// ---- donation tags (admin/donation-tags) ----

export async function adminListTags(deps: Deps) {
  return { items: await repo.tags(deps.db) };
}

export async function adminGetTag(deps: Deps, input: { id: number }) {
  const tag = await repo.findTag(deps.db, input.id);
  if (!tag) throw new AppError('NOT_FOUND');
  return tag;
}

const nameTaken = () => new AppError('CONFLICT', { message: { code: 'donation.tagNameTaken' }, fields: { name: { code: 'donation.tagNameTaken' } } });

export async function createTag(deps: Deps, actor: AdminActor, input: DonationTagInput) {
  return deps.db.transaction(async (tx) => {
    if (await repo.tagByName(tx, input.name)) throw nameTaken();
    const tag = await repo.insertTag(tx, input);
    if (!tag) throw nameTaken();
    await recordAudit(tx, actor, { action: 'donation_tag.create', entity: 'donation_tag', entity_id: tag.id, after: input });
    return tag;
  });
}

export async function updateTag(deps: Deps, actor: AdminActor, input: DonationTagInput & { id: number }) {
  const { id, ...values } = input;
  const before = await repo.findTag(deps.db, id);
  if (!before) throw new AppError('NOT_FOUND');
  const same = await repo.tagByName(deps.db, values.name);
  if (same && same.id !== id) throw nameTaken();
  try {
    return await deps.db.transaction(async (tx) => {
      const tag = await repo.updateTag(tx, id, values);
      if (!tag) throw new AppError('NOT_FOUND');
      await recordAudit(tx, actor, {
        action: 'donation_tag.update',
        entity: 'donation_tag',
        entity_id: id,
        before: { name: before.name, name_dk: before.name_dk, name_my: before.name_my, description: before.description },
        after: values,
      });
      return tag;
    });
  } catch (err) {
    // Another administrator took the name meanwhile: the unique index refuses it.
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/** A tag that donations carry is kept (their history would lose it): rename it instead. */
export async function deleteTag(deps: Deps, actor: AdminActor, input: { id: number }) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findTag(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND');
    if (await repo.tagInUse(tx, input.id)) throw conflict('donation.tagInUse');
    if (!(await repo.deleteTag(tx, input.id))) throw new AppError('NOT_FOUND');
    await recordAudit(tx, actor, {
      action: 'donation_tag.delete',
      entity: 'donation_tag',
      entity_id: input.id,
      before: { name: before.name, description: before.description },
    });
    return { success: true as const, id: input.id };
  });
}

// ---- the donations dashboard (SPEC §2, §7: only users with donations_dashboard_access; each answer {success, data}) ----

async function requireDashboardAccess(deps: Deps, actor: CompanyActor) {
  if (!(await users.hasDonationsDashboardAccess(deps.db, actor.user_id)))
    throw new AppError('FORBIDDEN', { message: { code: 'donation.dashboardAccess' } });
}

const ok = <T>(data: T) => ({ success: true as const, data });

/**
 * GET api/donations-dashboard/environmental-impact: kilograms donated and CO2e avoided, as stored at each hand-over by
 * the synergies' impact function, in total and for the last six UTC months (zero-padded, oldest first).
 */
export async function environmentalImpact(deps: Deps, actor: CompanyActor, now = new Date()) {
  await requireDashboardAccess(deps, actor);
  const from = monthStart(now, -(DONATION_IMPACT_MONTHS - 1));
  const [totals, byMonth] = await Promise.all([repo.impactTotals(deps.db), repo.impactByMonth(deps.db, from)]);
  const found = new Map(byMonth.map((m) => [m.month, m]));
  return ok({
    kg_donated: totals.kg,
    co2e_avoided_kg: totals.co2e_kg,
    donations_handed_over: totals.handed_over,
    items_donated: totals.items,
    boxes_donated: totals.boxes,
    donations_awaiting_hand_over: totals.approved,
    kg_awaiting_hand_over: totals.kg_awaiting_hand_over,
    months: lastMonths(now, DONATION_IMPACT_MONTHS).map((month) => {
      const m = found.get(month);
      return { month, donations: m?.donations ?? 0, kg: m?.kg ?? 0, co2e_kg: m?.co2e_kg ?? 0 };
    }),
    factor_set: DEFRA_FACTOR_SET,
    factor_version: DEFRA_FACTOR_VERSION,
  });
}

/** GET api/donations-dashboard/donation-metrics: donations by status and by tag, and the value handed over per currency. */
export async function donationMetrics(deps: Deps, actor: CompanyActor) {
  await requireDashboardAccess(deps, actor);
  const [statuses, tags, values] = await Promise.all([repo.countsByStatus(deps.db), repo.countsByTag(deps.db), repo.valueByCurrency(deps.db)]);
  const by_status: Record<DonationStatus, number> = { pending: 0, approved: 0, denied: 0, handed_over: 0 };
  for (const s of statuses) by_status[s.status] = s.n;
  return ok({
    total: Object.values(by_status).reduce((a, b) => a + b, 0),
    by_status,
    by_tag: tags,
    value_handed_over: values.map((v) => ({ currency: v.currency!, value: v.value_minor / 100 })),
  });
}

/** GET api/donations-dashboard/top-donors[?company_id]: donors by kilograms handed over; with company_id, its own place. */
export async function topDonors(deps: Deps, actor: CompanyActor, input: TopDonorsInput) {
  await requireDashboardAccess(deps, actor);
  const [rows, donors] = await Promise.all([repo.topDonors(deps.db, input.limit, input.company_id), repo.donorCount(deps.db)]);
  const items = rows.filter((r) => r.rank <= input.limit);
  const company = input.company_id === undefined ? null : (rows.find((r) => r.company_id === input.company_id) ?? null);
  return ok({ items, company, donors });
}

/** GET api/donations-dashboard/donations-feed: approved and handed-over donations, latest first (live over the socket). */
export async function donationsFeed(deps: Deps, actor: CompanyActor, input: DonationsFeedInput) {
  await requireDashboardAccess(deps, actor);
  const [items, total] = await Promise.all([repo.feedPage(deps.db, input.page, input.size), repo.feedCount(deps.db)]);
  return ok(pageOf(items, total, input.page, input.size));
}
