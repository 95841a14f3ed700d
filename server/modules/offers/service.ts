// Offers: a company asks for (part of) another company's listing; the listing's company accepts it, which
// starts a synergy with its chat exactly once however often and concurrently it is called, or rejects it.
// Rules live in shared/machines/offer.ts; side effects are domain events (offers/events.ts).
import type { OfferStatus } from '../../../shared/constants/enums';
import { OFFER_ACTION_SIDE, nextOfferStatus, offerActions, type OfferAction, type OfferSide } from '../../../shared/machines/offer';
import type { MessageCode } from '../../../shared/messages';
import { pageOf } from '../../../shared/schemas/_primitives';
import type { CreateOfferInput, ListOffersInput, ReviewOfferInput, UpdateOfferInput } from '../../../shared/schemas/offers';
import { isUniqueViolation } from '../../db/errors';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { CompanyActor } from '../../lib/actor';
import type { OfferEvent } from '../../lib/events';
import { AppError, fieldError } from '../../lib/errors';
import * as exchanges from '../exchanges/service';
import * as repo from './repo';

const CLOSED: Record<Exclude<OfferStatus, 'pending'>, MessageCode> = {
  accepted: 'offer.alreadyAccepted',
  rejected: 'offer.alreadyRejected',
  withdrawn: 'offer.alreadyWithdrawn',
};

type Row = NonNullable<Awaited<ReturnType<typeof repo.findOffer>>>;

function sideOf(row: Row, companyId: number): OfferSide | null {
  if (row.offering_company_id === companyId) return 'offerer';
  if (row.listing_company_id === companyId) return 'owner';
  return null;
}

function toView(row: Row, side: OfferSide) {
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    quantity: row.quantity,
    message: row.message,
    review_reason: row.review_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
    reviewed_at: row.reviewed_at,
    direction: side === 'offerer' ? ('made' as const) : ('received' as const),
    material: {
      id: row.material_id,
      title: row.material_title,
      quantity: row.material_quantity,
      quantity_unit: row.material_unit,
      status: row.material_status,
    },
    offering_company: { id: row.offering_company_id, name: row.offering_company_name },
    listing_company: { id: row.listing_company_id, name: row.listing_company_name },
    exchange_id: row.exchange_id,
    /** What the caller's company may do with it now (shared/machines/offer.ts). */
    actions: offerActions(row.status, side),
  };
}
export type OfferView = ReturnType<typeof toView>;

function eventOf(row: Row): OfferEvent {
  return {
    offer_id: row.id,
    material_id: row.material_id,
    title: row.material_title,
    offering_company_id: row.offering_company_id,
    offering_company_name: row.offering_company_name,
    listing_company_id: row.listing_company_id,
    listing_company_name: row.listing_company_name,
  };
}

/** The offer as one of its two companies sees it; any other company gets 404, as for an id that does not exist. */
async function load(db: Deps['db'] | Tx, actor: CompanyActor, id: number) {
  const row = await repo.findOffer(db, id);
  const side = row ? sideOf(row, actor.company_id) : null;
  if (!row || !side) throw new AppError('NOT_FOUND');
  return { row, side };
}

/**
 * Loads the offer for one of its companies, refuses the other side (403), locks the row for the rest of
 * the transaction (concurrent actions on one offer run one after the other) and refuses what the state
 * machine does not allow from the state it is in now (409).
 */
async function lockFor(tx: Tx, actor: CompanyActor, id: number, action: OfferAction) {
  if (!(await repo.lockOffer(tx, id))) throw new AppError('NOT_FOUND');
  // Read after the lock: a concurrent call that held it has committed, so status and synergy are current.
  const { row, side } = await load(tx, actor, id);
  if (side !== OFFER_ACTION_SIDE[action]) throw new AppError('FORBIDDEN');
  return { row, allowed: nextOfferStatus(row.status, action) !== null };
}

const conflict = (status: OfferStatus) => new AppError('CONFLICT', { message: { code: CLOSED[status as Exclude<OfferStatus, 'pending'>] } });

function checkQuantity(quantity: number | undefined, listingQuantity: number) {
  if (quantity !== undefined && quantity > listingQuantity) throw fieldError('quantity', 'offer.quantityAboveListing', { max: listingQuantity });
}

export async function createOffer(deps: Deps, actor: CompanyActor, input: CreateOfferInput) {
  const listing = await repo.findListing(deps.db, input.material_id);
  // Donations are handed over, not offered on; listings of companies that may not trade are invisible.
  if (!listing || listing.kind !== 'offering' || listing.company_status !== 'approved') throw new AppError('NOT_FOUND');
  if (listing.company_id === actor.company_id) throw new AppError('BAD_REQUEST', { message: { code: 'offer.ownListing' } });
  // Another company's listing that is not active is invisible (as on materials.get): the same answer as a missing one,
  // so an offer cannot probe which archived or deactivated listings exist.
  if (listing.status !== 'active') throw new AppError('NOT_FOUND');
  checkQuantity(input.quantity, listing.quantity);
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const offerId = await repo.insertOffer(tx, {
        material_id: listing.id,
        company_id: actor.company_id,
        user_id: actor.user_id,
        quantity: input.quantity,
        message: input.message,
      });
      const { row } = await load(tx, actor, offerId);
      await deps.events.emit(tx, 'offer.created', eventOf(row));
      return offerId;
    });
  } catch (err) {
    // The database keeps one pending offer per company and listing, also when two tabs send at once.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', { message: { code: 'offer.alreadyPending' } });
    throw err;
  }
  return getOffer(deps, actor, { id });
}

export async function getOffer(deps: Deps, actor: CompanyActor, input: { id: number }) {
  const { row, side } = await load(deps.db, actor, input.id);
  return toView(row, side);
}

export async function listOffers(deps: Deps, actor: CompanyActor, input: ListOffersInput) {
  const where = repo.listWhere(actor.company_id, input);
  const [rows, total] = await Promise.all([repo.listPage(deps.db, where, input.page, input.size), repo.countWhere(deps.db, where)]);
  return pageOf(
    rows.map((r) => toView(r, sideOf(r, actor.company_id)!)),
    total,
    input.page,
    input.size,
  );
}

/** GET api/offers/pending: offers on the company's listings that wait for an answer. */
export async function pendingOffers(deps: Deps, actor: CompanyActor, input: { page: number; size: number }) {
  const where = repo.pendingReceivedWhere(actor.company_id);
  const [rows, total] = await Promise.all([repo.listPage(deps.db, where, input.page, input.size), repo.countWhere(deps.db, where)]);
  return pageOf(
    rows.map((r) => toView(r, 'owner')),
    total,
    input.page,
    input.size,
  );
}

export async function updateOffer(deps: Deps, actor: CompanyActor, input: UpdateOfferInput) {
  if (input.quantity === undefined && input.message === undefined) throw new AppError('BAD_REQUEST', { message: { code: 'offer.nothingToChange' } });
  await deps.db.transaction(async (tx) => {
    const { row, allowed } = await lockFor(tx, actor, input.id, 'edit');
    if (!allowed) throw conflict(row.status);
    checkQuantity(input.quantity, row.material_quantity);
    await repo.updatePending(tx, row.id, { quantity: input.quantity, message: input.message });
    await deps.events.emit(tx, 'offer.updated', eventOf(row));
  });
  return getOffer(deps, actor, input);
}

/** DELETE api/offers/{id}: the offering company withdraws its pending offer. */
export async function withdrawOffer(deps: Deps, actor: CompanyActor, input: { id: number }) {
  await deps.db.transaction(async (tx) => {
    const { row, allowed } = await lockFor(tx, actor, input.id, 'withdraw');
    if (!allowed) throw conflict(row.status);
    await repo.closeOffer(tx, row.id, 'withdrawn', { user_id: actor.user_id });
    await deps.events.emit(tx, 'offer.withdrawn', eventOf(row));
  });
  return getOffer(deps, actor, input);
}

/**
 * POST api/offers/review: the listing's company accepts (a synergy and its chat start) or rejects.
 * Repeating the decision already taken answers the same result; the other decision answers 409.
 */
export async function reviewOffer(deps: Deps, actor: CompanyActor, input: ReviewOfferInput) {
  const action = input.decision;
  const exchange_id = await deps.db.transaction(async (tx) => {
    const { row, allowed } = await lockFor(tx, actor, input.id, action);
    if (!allowed) {
      if (row.status === nextOfferStatus('pending', action)) return row.exchange_id;
      throw conflict(row.status);
    }
    if (action === 'reject') {
      await repo.closeOffer(tx, row.id, 'rejected', { user_id: actor.user_id, reason: input.reason ?? null });
      await deps.events.emit(tx, 'offer.rejected', { ...eventOf(row), reason: input.reason ?? null });
      return null;
    }
    await repo.closeOffer(tx, row.id, 'accepted', { user_id: actor.user_id });
    const started = await exchanges.startFromOffer(tx, {
      offer_id: row.id,
      material_id: row.material_id,
      title: row.material_title,
      provider_company_id: row.listing_company_id,
      requester_company_id: row.offering_company_id,
      quantity: row.quantity,
      quantity_unit: row.material_unit,
      request_message: row.message,
    });
    await deps.events.emit(tx, 'offer.accepted', { ...eventOf(row), exchange_id: started.exchange_id, chat_id: started.chat_id });
    return started.exchange_id;
  });
  return { ...(await getOffer(deps, actor, input)), exchange_id };
}
