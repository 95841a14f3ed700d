// Offers: a company asks for (part of) another company's listing, optionally at a price per unit; the two sides
// may counter in turn (at most OFFER_MAX_ROUNDS moves), and the side whose turn it is accepts, which starts a
// synergy with the agreed quantity and price and its chat exactly once however often and concurrently it is
// called; the listing's company may reject, the offerer withdraw.
// Rules live in shared/machines/offer.ts; side effects are domain events (offers/events.ts).
import type { SQL } from 'drizzle-orm';
import type { OfferStatus } from '../../../shared/constants/enums';
import {
  OFFER_ACTION_SIDE,
  OFFER_MAX_ROUNDS,
  nextOfferStatus,
  offerActions,
  otherSide,
  sideMay,
  type OfferAction,
  type OfferSide,
} from '../../../shared/machines/offer';
import type { Message, MessageCode } from '../../../shared/messages';
import { pageOf } from '../../../shared/schemas/_primitives';
import type { CounterOfferInput, CreateOfferInput, ListOffersInput, ReviewOfferInput, UpdateOfferInput } from '../../../shared/schemas/offers';
import { isUniqueViolation } from '../../db/errors';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { CompanyActor } from '../../lib/actor';
import type { OfferEvent } from '../../lib/events';
import { availableFor, availableQuantity, stockRefusal, type Stock } from '../../../shared/lib/stock';
import { AppError, fieldError } from '../../lib/errors';
import * as exchanges from '../exchanges/service';
import * as materials from '../materials/service';
import * as repo from './repo';
import { toMajor, toMinor } from '../../../shared/lib/money';

const CLOSED: Record<Exclude<OfferStatus, 'pending' | 'countered'>, MessageCode> = {
  accepted: 'offer.alreadyAccepted',
  rejected: 'offer.alreadyRejected',
  withdrawn: 'offer.alreadyWithdrawn',
};

type Row = NonNullable<Awaited<ReturnType<typeof repo.findOffer>>>;
type RoundRow = Awaited<ReturnType<typeof repo.roundsOf>>[number];

/** Major units as typed (12.5) to integer minor units (1250), and back. */

function sideOf(row: Row, companyId: number): OfferSide | null {
  if (row.offering_company_id === companyId) return 'offerer';
  if (row.listing_company_id === companyId) return 'owner';
  return null;
}

const listingStock = (row: Row): Stock => ({ quantity: row.material_quantity, reserved_quantity: row.material_reserved });
const subStock = (row: Row): Stock | null =>
  row.sub_listing_id === null ? null : { quantity: row.sub_listing_quantity!, reserved_quantity: row.sub_listing_reserved! };

/**
 * The offer's moves; an offer written without its first move (seeded or imported data) reads its own terms as
 * round 1, which they are while nobody has countered.
 */
function roundsOfOffer(row: Row, rounds: readonly RoundRow[]): RoundRow[] {
  const own = rounds.filter((r) => r.offer_id === row.id);
  if (own.length || row.round !== 1) return own;
  return [
    {
      offer_id: row.id,
      round: 1,
      by: 'offerer',
      quantity: row.quantity,
      unit_price_minor: row.unit_price_minor,
      currency: row.currency,
      message: row.message,
      created_at: row.created_at,
    },
  ];
}

function toView(row: Row, side: OfferSide, rounds: readonly RoundRow[]) {
  const open = row.status === 'pending' || row.status === 'countered';
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    /** The terms on the table now (the agreed ones once accepted): the last move's quantity and price. */
    quantity: row.quantity,
    unit_price: toMajor(row.unit_price_minor),
    unit_price_minor: row.unit_price_minor,
    currency: row.currency,
    /** Moves so far, the offer itself being 1; at most max_rounds. */
    round: row.round,
    max_rounds: OFFER_MAX_ROUNDS,
    last_move_by: row.last_move_by,
    /** Whose move it is while the offer is open (null once it is closed). */
    turn: open ? otherSide(row.last_move_by) : null,
    /** Every move, oldest first: the offer (round 1) and each counter. */
    rounds: roundsOfOffer(row, rounds).map((r) => ({
      round: r.round,
      by: r.by,
      quantity: r.quantity,
      unit_price: toMajor(r.unit_price_minor),
      unit_price_minor: r.unit_price_minor,
      currency: r.currency,
      message: r.message,
      at: r.created_at,
    })),
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
      reserved_quantity: row.material_reserved,
      available_quantity: availableQuantity(listingStock(row)),
      quantity_unit: row.material_unit,
      status: row.material_status,
    },
    /** The part of the listing asked for, if the offer names one. */
    sub_listing:
      row.sub_listing_id === null
        ? null
        : {
            id: row.sub_listing_id,
            title: row.sub_listing_title!,
            quantity: row.sub_listing_quantity!,
            reserved_quantity: row.sub_listing_reserved!,
          },
    /**
     * What is left now of what the offer asks from (its sub-listing, within the listing): a pending offer above it
     * stays pending but cannot be accepted until it is lowered or stock comes back (docs/decisions/0175).
     */
    available_quantity: availableFor(listingStock(row), subStock(row)),
    offering_company: { id: row.offering_company_id, name: row.offering_company_name },
    listing_company: { id: row.listing_company_id, name: row.listing_company_name },
    exchange_id: row.exchange_id,
    /** What the caller's company may do with it now (shared/machines/offer.ts). */
    actions: offerActions(row.status, side, row.last_move_by, row.round),
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
 * Loads the offer for one of its companies, locks the row for the rest of the transaction (concurrent actions on
 * one offer run one after the other), refuses an action that belongs to the other side (403), reports whether the
 * state machine allows the action from the state it is in now (the caller answers 409 or repeats a result), and
 * refuses an open offer's move by the side whose turn it is not (403).
 */
async function lockFor(tx: Tx, actor: CompanyActor, id: number, action: OfferAction) {
  if (!(await repo.lockOffer(tx, id))) throw new AppError('NOT_FOUND');
  // Read after the lock: a concurrent call that held it has committed, so status, turn and synergy are current.
  const { row, side } = await load(tx, actor, id);
  const owner = OFFER_ACTION_SIDE[action];
  if (owner !== 'turn' && owner !== side) throw new AppError('FORBIDDEN');
  const allowed = nextOfferStatus(row.status, action) !== null;
  if (allowed && !sideMay(action, side, row.last_move_by)) throw new AppError('FORBIDDEN', { message: { code: 'offer.notYourTurn' } });
  return { row, side, allowed };
}

const conflict = (status: OfferStatus) =>
  new AppError('CONFLICT', { message: { code: CLOSED[status as Exclude<OfferStatus, 'pending' | 'countered'>] ?? 'error.CONFLICT' } });

/** 409 with the quantity's field message when an offer asks for more than the listing has, or has left (decision 0175). */
function checkStock(quantity: number | undefined, listing: Stock, sub: Stock | null) {
  if (quantity === undefined) return;
  const refusal = stockRefusal(quantity, listing, sub);
  if (!refusal) return;
  const message: Message =
    refusal.reason === 'above_listed'
      ? { code: 'offer.quantityAboveListing' as const, params: { max: refusal.max } }
      : { code: 'offer.quantityAboveAvailable' as const, params: { available: refusal.available } };
  throw new AppError('NOT_ENOUGH_STOCK', { message, fields: { quantity: message } });
}

export async function createOffer(deps: Deps, actor: CompanyActor, input: CreateOfferInput) {
  const listing = await repo.findListing(deps.db, input.material_id);
  // Donations are handed over, not offered on; listings of companies that may not trade are invisible.
  if (!listing || listing.kind !== 'offering' || listing.company_status !== 'approved') throw new AppError('NOT_FOUND');
  if (listing.company_id === actor.company_id) throw new AppError('BAD_REQUEST', { message: { code: 'offer.ownListing' } });
  // An archived or deactivated listing takes no offers: 409 with the reason, so an integration that still holds the
  // listing's id knows to stop rather than retry (the listing's title and details stay hidden).
  if (listing.status !== 'active') throw new AppError('CONFLICT', { message: { code: 'offer.listingNotActive' } });
  const sub = input.sub_listing_id === undefined ? null : await repo.findSubListing(deps.db, listing.id, input.sub_listing_id);
  if (input.sub_listing_id !== undefined && !sub) throw fieldError('sub_listing_id', 'offer.unknownSubListing');
  checkStock(input.quantity, listing, sub);
  const currency = input.currency ?? (await repo.preferredCurrency(deps.db, actor.user_id)) ?? 'EUR';
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const offerId = await repo.insertOffer(tx, {
        material_id: listing.id,
        sub_listing_id: sub?.id ?? null,
        company_id: actor.company_id,
        user_id: actor.user_id,
        quantity: input.quantity,
        message: input.message,
        unit_price_minor: input.unit_price === undefined ? null : toMinor(input.unit_price),
        currency,
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
  return toView(row, side, await repo.roundsOf(deps.db, [row.id]));
}

export async function listOffers(deps: Deps, actor: CompanyActor, input: ListOffersInput) {
  return offersPage(deps, actor, repo.listWhere(actor.company_id, input), input);
}

/** A page of the offers `where` selects, each as the caller's side sees it, with its rounds. */
async function offersPage(deps: Deps, actor: CompanyActor, where: SQL, { page, size }: { page: number; size: number }) {
  const [rows, total] = await Promise.all([repo.listPage(deps.db, where, page, size), repo.countWhere(deps.db, where)]);
  const rounds = await repo.roundsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => toView(r, sideOf(r, actor.company_id)!, rounds)),
    total,
    page,
    size,
  );
}

/**
 * GET api/offers/pending: open offers that wait for the company's answer: on its listings after the offerer's move,
 * and its own offers after the listing company's counter.
 */
export async function pendingOffers(deps: Deps, actor: CompanyActor, input: { page: number; size: number }) {
  return offersPage(deps, actor, repo.pendingReceivedWhere(actor.company_id), input);
}

export async function updateOffer(deps: Deps, actor: CompanyActor, input: UpdateOfferInput) {
  if (input.quantity === undefined && input.message === undefined) throw new AppError('BAD_REQUEST', { message: { code: 'offer.nothingToChange' } });
  await deps.db.transaction(async (tx) => {
    const { row, allowed } = await lockFor(tx, actor, input.id, 'edit');
    if (!allowed) throw conflict(row.status);
    checkStock(input.quantity, listingStock(row), subStock(row));
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
 * POST api/offers/{id}/counter: the side whose turn it is puts other terms on the table (quantity and/or price per
 * unit, with a message). The offer becomes `countered`, its round goes up and the turn passes to the other side; a
 * sixth round answers 409. The quantity must fit the stock still available, as an offer's does.
 */
export async function counterOffer(deps: Deps, actor: CompanyActor, input: CounterOfferInput) {
  await deps.db.transaction(async (tx) => {
    const { row, side, allowed } = await lockFor(tx, actor, input.id, 'counter');
    if (!allowed) throw conflict(row.status);
    if (row.round >= OFFER_MAX_ROUNDS) {
      throw new AppError('CONFLICT', { message: { code: 'offer.tooManyRounds', params: { max: OFFER_MAX_ROUNDS } } });
    }
    const quantity = input.quantity ?? row.quantity;
    const unit_price_minor = input.unit_price === undefined ? row.unit_price_minor : toMinor(input.unit_price);
    if (quantity === row.quantity && unit_price_minor === row.unit_price_minor) {
      throw new AppError('VALIDATION', { message: { code: 'offer.counterUnchanged' }, fields: { quantity: { code: 'offer.counterUnchanged' } } });
    }
    checkStock(quantity, listingStock(row), subStock(row));
    const round = row.round + 1;
    await repo.applyCounter(tx, row.id, { quantity, unit_price_minor, message: input.message, round, by: side });
    await repo.insertRound(tx, {
      offer_id: row.id,
      round,
      by: side,
      user_id: actor.user_id,
      quantity,
      unit_price_minor,
      currency: row.currency,
      message: input.message,
    });
    await deps.events.emit(tx, 'offer.countered', {
      ...eventOf(row),
      by: side,
      round,
      quantity,
      unit_price_minor,
      currency: row.currency,
      message: input.message,
    });
  });
  return getOffer(deps, actor, input);
}

/**
 * POST api/offers/review: the side whose turn it is accepts the terms on the table (a synergy with that quantity
 * and price and its chat start), or the listing's company rejects. Repeating the decision already taken answers
 * the same result; the other decision answers 409.
 */
export async function reviewOffer(deps: Deps, actor: CompanyActor, input: ReviewOfferInput) {
  const action = input.decision;
  const exchange_id = await deps.db.transaction(async (tx) => {
    // An acceptance reserves stock: the listing's stock is locked before the offer (the order deleting a listing
    // takes too), so concurrent acceptances of one listing's offers run one after the other and none over-commits.
    // An offer already decided never becomes open again, so a repeated click needs no stock and takes no lock.
    const seen = action === 'accept' ? await repo.offerHead(tx, input.id) : null;
    const stock = seen?.status === 'pending' || seen?.status === 'countered' ? await materials.lockStock(tx, seen.material_id) : null;
    const { row, side, allowed } = await lockFor(tx, actor, input.id, action);
    if (!allowed) {
      if (row.status === nextOfferStatus('pending', action)) return row.exchange_id;
      throw conflict(row.status);
    }
    if (action === 'reject') {
      await repo.closeOffer(tx, row.id, 'rejected', { user_id: actor.user_id, reason: input.reason ?? null });
      await deps.events.emit(tx, 'offer.rejected', { ...eventOf(row), reason: input.reason ?? null });
      return null;
    }
    if (!stock) throw new AppError('NOT_FOUND');
    const sub = row.sub_listing_id === null ? null : (stock.sub_listings.find((x) => x.id === row.sub_listing_id) ?? null);
    if (stockRefusal(row.quantity, stock, sub)) {
      throw new AppError('NOT_ENOUGH_STOCK', {
        message: { code: 'offer.acceptAboveAvailable', params: { quantity: row.quantity, available: availableFor(stock, sub) } },
      });
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
      unit_price_minor: row.unit_price_minor,
      price_currency: row.unit_price_minor === null ? null : row.currency,
    });
    await materials.refreshReservations(tx, row.material_id);
    await deps.events.emit(tx, 'offer.accepted', { ...eventOf(row), by: side, exchange_id: started.exchange_id, chat_id: started.chat_id });
    return started.exchange_id;
  });
  return { ...(await getOffer(deps, actor, input)), exchange_id };
}
