// Synergies: started by an accepted offer (with their chat), ended once by either company, rated once by
// each. Only the two companies see one (administrators read them); any other company gets 404.
// The rules are shared/machines/exchange.ts; side effects are domain events (exchanges/events.ts).
import type { QuantityUnit } from '../../../shared/constants/enums';
import { canExchange } from '../../../shared/machines/exchange';
import { pageOf } from '../../../shared/schemas/_primitives';
import type { EndExchangeInput, ListExchangesInput, RateExchangeInput } from '../../../shared/schemas/exchanges';
import { isUniqueViolation } from '../../db/errors';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { CompanyActor, UserActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import * as chat from '../chat/service';
import * as stats from '../stats/service';
import * as drivers from '../drivers/service';
import * as materials from '../materials/service';
import * as repo from './repo';
import { toMajor, toMinor } from '../../../shared/lib/money';

type Side = 'provider' | 'requester';

/** The agreed price times the quantity, in minor units; null when no price was agreed. */
const agreedTotalMinor = (row: { unit_price_minor: number | null; quantity: number }) =>
  row.unit_price_minor === null ? null : row.unit_price_minor * row.quantity;

function sideOf(row: repo.ExchangeRow, companyId: number | null): Side | null {
  if (row.provider_company_id === companyId) return 'provider';
  if (row.requester_company_id === companyId) return 'requester';
  return null;
}

type Rating = Awaited<ReturnType<typeof repo.reviewsOf>>[number];

type Transport = Awaited<ReturnType<typeof drivers.transportOfExchange>>;
type Running = { trip: drivers.RunningTripView | null; open_trips: number };

function toView(row: repo.ExchangeRow, side: Side | null, ratings: Rating[], transport: Transport, running: Running) {
  const completed = row.level_of_completion === 'COMPLETED';
  const myCompany = side === 'provider' ? row.provider_company_id : side === 'requester' ? row.requester_company_id : null;
  const mine = ratings.find((r) => r.company_id === myCompany) ?? null;
  return {
    id: row.id,
    uuid: row.uuid,
    offer_id: row.offer_id,
    material: row.material_id === null ? null : { id: row.material_id, title: row.material_title },
    item_requested: row.item_requested,
    request_message: row.request_message,
    quantity: row.quantity,
    quantity_unit: row.quantity_unit,
    /** The price per unit agreed in the offer's negotiation, its currency and the agreed total (null: none named). */
    unit_price: toMajor(row.unit_price_minor),
    unit_price_minor: row.unit_price_minor,
    price_currency: row.price_currency,
    agreed_total: toMajor(agreedTotalMinor(row)),
    requesting_company: { id: row.requester_company_id, name: row.requester_company_name },
    providing_company: { id: row.provider_company_id, name: row.provider_company_name },
    /** SPEC "date submitted": when the synergy started. */
    created_at: row.created_at,
    completed_at: row.completed_at,
    status: !completed ? ('in_progress' as const) : row.successful ? ('successful' as const) : ('unsuccessful' as const),
    level_of_completion: row.level_of_completion,
    successful: row.successful,
    earnings: toMajor(row.earnings_minor),
    savings: toMajor(row.savings_minor),
    earnings_minor: row.earnings_minor,
    savings_minor: row.savings_minor,
    currency: row.currency,
    chat_id: row.chat_id,
    read_only: completed,
    ratings: ratings.map((r) => ({ company_id: r.company_id, rating: r.rating, review: r.review, created_at: r.created_at })),
    impact:
      row.impact_factor_set === null
        ? null
        : { kg: row.impact_kg, hours: row.impact_hours, co2e_kg: row.impact_co2e_kg, factor_set: row.impact_factor_set },
    /** Its completed trips: km driven, minutes and the transport CO2e (km x each vehicle's factor). */
    transport,
    /** The trip running for it now (on the way, else the next one scheduled) and how many are open. */
    trip: running.trip,
    open_trips: running.open_trips,
    /** The caller's side (null for administrators) and what it may do now. */
    side,
    can_end: side !== null && canExchange(row.level_of_completion, 'end'),
    can_rate: side !== null && canExchange(row.level_of_completion, 'rate') && mine === null,
  };
}
export type ExchangeView = ReturnType<typeof toView>;

/** A synergy for one of its companies or an administrator (read-only); anyone else gets 404. */
async function load(db: Deps['db'] | Tx, actor: UserActor, id: number) {
  const row = await repo.findExchange(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const side = sideOf(row, actor.company_id);
  if (!side && actor.role !== 'ADMIN') throw new AppError('NOT_FOUND');
  return { row, side };
}

/** Starts the synergy of an accepted offer and opens its chat, in the accepting transaction. */
export async function startFromOffer(
  tx: Tx,
  input: {
    offer_id: number;
    material_id: number;
    title: string;
    provider_company_id: number;
    requester_company_id: number;
    quantity: number;
    quantity_unit: QuantityUnit;
    request_message: string;
    /** The agreed price per unit (minor units of price_currency), when the negotiation named one. */
    unit_price_minor: number | null;
    price_currency: string | null;
  },
) {
  const exchange_id = await repo.insertExchange(tx, {
    offer_id: input.offer_id,
    material_id: input.material_id,
    provider_company_id: input.provider_company_id,
    requester_company_id: input.requester_company_id,
    request_message: input.request_message,
    item_requested: input.title,
    quantity: input.quantity,
    quantity_unit: input.quantity_unit,
    unit_price_minor: input.unit_price_minor,
    price_currency: input.price_currency,
  });
  const chat_id = await chat.openForExchange(tx, { exchange_id, company_ids: [input.provider_company_id, input.requester_company_id] });
  return { exchange_id, chat_id };
}

export async function getExchange(deps: Deps, actor: UserActor, input: { id: number }) {
  const { row, side } = await load(deps.db, actor, input.id);
  const [ratings, transport, running] = await Promise.all([
    repo.reviewsOf(deps.db, [row.id]),
    drivers.transportOfExchange(deps.db, row.id),
    drivers.runningTripsOfExchanges(deps.db, [row.id]),
  ]);
  return toView(row, side, ratings, transport, running.get(row.id)!);
}

export async function listExchanges(deps: Deps, actor: CompanyActor, input: ListExchangesInput) {
  const where = repo.companyWhere(actor.company_id, input.status);
  const [rows, total] = await Promise.all([repo.listPage(deps.db, where, input.page, input.size), repo.countWhere(deps.db, where)]);
  const ids = rows.map((r) => r.id);
  const [ratings, transport, running] = await Promise.all([
    repo.reviewsOf(deps.db, ids),
    drivers.transportOfExchanges(deps.db, ids),
    drivers.runningTripsOfExchanges(deps.db, ids),
  ]);
  const items = rows.map((r) =>
    toView(
      r,
      sideOf(r, actor.company_id),
      ratings.filter((x) => x.exchange_id === r.id),
      transport.get(r.id)!,
      running.get(r.id)!,
    ),
  );
  return pageOf(items, total, input.page, input.size);
}

/** Counts and achievements of the company's synergies (the synergies page header). */
export async function exchangeStats(deps: Deps, actor: CompanyActor) {
  const s = await repo.companyStats(deps.db, actor.company_id);
  const success_rate = s.completed > 0 ? Math.round((s.successful / s.completed) * 1000) / 10 : null;
  return { ...s, success_rate };
}

/** PUT api/exchanges/{id}: either company ends the synergy, once; a second end answers 409. */
export async function endExchange(deps: Deps, actor: CompanyActor, input: EndExchangeInput) {
  await deps.db.transaction(async (tx) => {
    // An unsuccessful end gives the synergy's quantity back to its listing: the listing's stock is locked first (the
    // order acceptances and deleting a listing take), then the synergy.
    const listingId = input.successful ? null : ((await repo.findExchange(tx, input.id))?.material_id ?? null);
    if (listingId !== null) await materials.lockStock(tx, listingId);
    if (!(await repo.lockExchange(tx, input.id, 'update'))) throw new AppError('NOT_FOUND');
    const { row, side } = await load(tx, actor, input.id);
    if (!side) throw new AppError('NOT_FOUND');
    if (!canExchange(row.level_of_completion, 'end')) throw new AppError('CONFLICT', { message: { code: 'exchange.alreadyCompleted' } });
    // Money typed at the end wins; a synergy ended without any takes its agreed price as the default for both the
    // provider's earnings and the requester's savings, in the agreed currency (docs/decisions/0226).
    const agreed = input.earnings === undefined && input.savings === undefined ? agreedTotalMinor(row) : null;
    const earnings_minor = agreed ?? (input.earnings === undefined ? null : toMinor(input.earnings));
    const savings_minor = agreed ?? (input.savings === undefined ? null : toMinor(input.savings));
    const currency =
      agreed !== null
        ? row.price_currency
        : earnings_minor === null && savings_minor === null
          ? null
          : ((await repo.companyCurrency(tx, actor.company_id)) ?? 'EUR');
    await repo.complete(tx, row.id, { successful: input.successful, earnings_minor, savings_minor, currency });
    // The listing's stock was locked above (a listing deleted meanwhile has no stock to give back to).
    if (!input.successful && row.material_id !== null) await materials.refreshReservations(tx, row.material_id);
    // The impact is stored once, in this transaction (PRODUCT.md "Impact"; the stats module owns the record).
    if (input.successful)
      await stats.recordImpact(tx, { exchange_id: row.id, material_id: row.material_id, quantity: row.quantity, quantity_unit: row.quantity_unit });
    const me =
      side === 'provider'
        ? { id: row.provider_company_id, name: row.provider_company_name }
        : { id: row.requester_company_id, name: row.requester_company_name };
    await deps.events.emit(tx, 'exchange.completed', {
      exchange_id: row.id,
      title: row.material_title ?? row.item_requested ?? '',
      by_company_id: me.id,
      by_company_name: me.name,
      other_company_id: side === 'provider' ? row.requester_company_id : row.provider_company_id,
      successful: input.successful,
    });
  });
  return getExchange(deps, actor, input);
}

/** POST api/exchanges/{id}/feedback: each company rates the other once, after the synergy has ended. */
export async function rateExchange(deps: Deps, actor: CompanyActor, input: RateExchangeInput) {
  try {
    await deps.db.transaction(async (tx) => {
      const { row, side } = await load(tx, actor, input.id);
      if (!side) throw new AppError('NOT_FOUND');
      if (!canExchange(row.level_of_completion, 'rate')) throw new AppError('CONFLICT', { message: { code: 'exchange.notCompleted' } });
      const other = side === 'provider' ? row.requester_company_id : row.provider_company_id;
      const me =
        side === 'provider'
          ? { id: row.provider_company_id, name: row.provider_company_name }
          : { id: row.requester_company_id, name: row.requester_company_name };
      await repo.insertReview(tx, {
        exchange_id: row.id,
        reviewer_company_id: me.id,
        reviewed_company_id: other,
        reviewer_user_id: actor.user_id,
        rating: input.rating,
        feedback: input.review || null,
        // SPEC §4: in demo mode the feedback is stored as demo.
        is_demo: deps.env.DEMO_MODE,
      });
      await deps.events.emit(tx, 'exchange.rated', {
        exchange_id: row.id,
        title: row.material_title ?? row.item_requested ?? '',
        by_company_id: me.id,
        by_company_name: me.name,
        other_company_id: other,
        rating: input.rating,
      });
    });
  } catch (err) {
    // One rating per company and synergy, held by a unique index also when two people rate at once.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', { message: { code: 'exchange.alreadyRated' } });
    throw err;
  }
  return getExchange(deps, actor, input);
}

/**
 * GET api/companies/{id}/sdg-exchanges: for each of the 17 SDGs, how many of the company's successful synergies
 * exchanged a listing that names it (docs/decisions/0066). Approved companies only, like the reviews.
 */
export async function companySdgExchanges(deps: Deps, _actor: UserActor, input: { id: number }) {
  if ((await repo.companyStatus(deps.db, input.id)) !== 'approved') throw new AppError('NOT_FOUND');
  return repo.sdgExchanges(deps.db, input.id);
}

/** GET api/companies/{id}/reviews: what other companies said about this one (SPEC §3 Company reviews). */
export async function companyReviews(deps: Deps, _actor: UserActor, input: { id: number; page: number; size: number }) {
  if ((await repo.companyStatus(deps.db, input.id)) !== 'approved') throw new AppError('NOT_FOUND');
  const [items, summary] = await Promise.all([
    repo.companyReviewsPage(deps.db, input.id, input.page, input.size),
    repo.companyRatingSummary(deps.db, input.id),
  ]);
  const average_rating = summary.average === null ? null : Math.round(summary.average * 100) / 100;
  return { average_rating, ...pageOf(items, summary.total, input.page, input.size) };
}
