// Synergies, each from an accepted offer with a chat (successful ones get their impact computed once), and the
// offers that did not become synergies, with their negotiation rounds.
import { exchanges, offer_rounds, offers, reviews, sub_listings } from '../../drizzle/schema';
import { quantityUnitFor } from '../../shared/schemas/materials';
import type { Tx } from '../db/client';
import { seedSynergyChat, seedSynergyImpact } from './synergies';
import { daysFrom, must } from './common';
import type { DemoContext } from './context';
import { DEMO_EXCHANGES, DEMO_OFFERS } from './data/exchanges';
import type { DemoExchange } from './types';

/** Seeds every synergy; answers the synergy id by its listing's key. */
export async function seedExchanges(tx: Tx, ctx: DemoContext): Promise<Map<string, number>> {
  const exchangeId = new Map<string, number>();
  for (const x of DEMO_EXCHANGES) exchangeId.set(x.listing, await seedExchange(tx, ctx, x));
  return exchangeId;
}

async function seedExchange(tx: Tx, ctx: DemoContext, x: DemoExchange): Promise<number> {
  const { ago, cid, lid, managerOf, companyOf } = ctx;
  const listing = ctx.listingOf(x.listing);
  const provider = listing.company;
  const unit = quantityUnitFor(listing.category, must(ctx.leaves.get(listing.code), listing.code).group_kind);
  const started = ago(x.started_days_ago);
  const [offer] = await tx
    .insert(offers)
    .values({
      material_id: lid(x.listing),
      company_id: cid(x.requester),
      user_id: managerOf(x.requester).id,
      message: x.message,
      quantity: x.quantity,
      status: 'accepted',
      reviewed_by_user_id: managerOf(provider).id,
      reviewed_at: started,
      created_at: ago(x.started_days_ago + 1),
    })
    .returning({ id: offers.id });
  const completedAt = x.completed_days_ago === null ? null : ago(x.completed_days_ago);
  const [exchange] = await tx
    .insert(exchanges)
    .values({
      offer_id: must(offer, 'offer').id,
      material_id: lid(x.listing),
      provider_company_id: cid(provider),
      requester_company_id: cid(x.requester),
      request_message: x.message,
      item_requested: listing.title,
      quantity: x.quantity,
      quantity_unit: unit,
      level_of_completion: completedAt ? 'COMPLETED' : 'IN_PROGRESS',
      successful: completedAt ? (x.successful ?? false) : null,
      earnings_minor: x.earnings_minor ?? null,
      savings_minor: x.savings_minor ?? null,
      currency: x.earnings_minor === undefined ? null : companyOf(provider).currency,
      completed_at: completedAt,
      created_at: started,
    })
    .returning({ id: exchanges.id });
  const exId = must(exchange, 'exchange').id;
  await seedExchangeChat(tx, ctx, x, exId, completedAt);
  if (completedAt && x.successful)
    await seedSynergyImpact(tx, exId, { material_id: lid(x.listing), quantity: x.quantity, quantity_unit: unit }, completedAt);
  for (const r of x.reviews ?? []) {
    const reviewer = r.by === 'provider' ? provider : x.requester;
    const reviewed = r.by === 'provider' ? x.requester : provider;
    await tx.insert(reviews).values({
      exchange_id: exId,
      reviewer_company_id: cid(reviewer),
      reviewed_company_id: cid(reviewed),
      reviewer_user_id: managerOf(reviewer).id,
      rating: r.rating,
      feedback: r.feedback,
      created_at: daysFrom(completedAt ?? ctx.now, 1),
    });
  }
  return exId;
}

async function seedExchangeChat(tx: Tx, ctx: DemoContext, x: DemoExchange, exId: number, completedAt: Date | null): Promise<void> {
  const { ago, cid, managerOf } = ctx;
  const provider = ctx.listingOf(x.listing).company;
  const started = ago(x.started_days_ago);
  await seedSynergyChat(tx, {
    exchange_id: exId,
    provider_id: cid(provider),
    requester_id: cid(x.requester),
    created_at: started,
    last_message_at: ago(x.started_days_ago - x.chat.length),
    messages: x.chat.map((m, i) => ({
      sender_user_id: managerOf(m.from === 'provider' ? provider : x.requester).id,
      sender_company_id: cid(m.from === 'provider' ? provider : x.requester),
      body: m.body,
      created_at: ago(x.started_days_ago - i - 1),
    })),
    readers: ctx.userRows.filter((u) => u.company_id === cid(provider) || u.company_id === cid(x.requester)),
    // Ended synergies' chats have been read by everyone; in a running one each side has read up to its own last
    // message, so the demo company sees the other side's newest message as unread.
    readAll: completedAt !== null,
  });
}

/** Offers that did not become synergies, each with its thread: its own move, and the counter where there is one. */
export async function seedOpenOffers(tx: Tx, ctx: DemoContext): Promise<void> {
  const { ago, cid, lid, managerOf, listingOf } = ctx;
  const subRows = await tx.select({ id: sub_listings.id, material_id: sub_listings.material_id, title: sub_listings.title }).from(sub_listings);
  const subOf = (listing: string, title: string) =>
    must(
      subRows.find((r) => r.material_id === lid(listing) && r.title === title),
      `sub-listing ${title}`,
    ).id;
  const openOffers = await tx
    .insert(offers)
    .values(
      DEMO_OFFERS.map((o) => {
        const owner = managerOf(listingOf(o.listing).company);
        return {
          material_id: lid(o.listing),
          sub_listing_id: o.sub_listing ? subOf(o.listing, o.sub_listing) : null,
          company_id: cid(o.requester),
          user_id: managerOf(o.requester).id,
          message: o.message,
          quantity: o.counter?.quantity ?? o.quantity,
          unit_price_minor: o.counter?.unit_price_minor ?? o.unit_price_minor ?? null,
          currency: 'EUR',
          round: o.counter ? 2 : 1,
          last_move_by: o.counter ? ('owner' as const) : ('offerer' as const),
          status: o.counter ? ('countered' as const) : o.status,
          review_reason: o.reason ?? null,
          reviewed_by_user_id: o.status === 'rejected' ? owner.id : o.status === 'withdrawn' ? managerOf(o.requester).id : null,
          reviewed_at: o.status === 'pending' ? null : ago(o.days_ago - 1),
          created_at: ago(o.days_ago),
        };
      }),
    )
    .returning({ id: offers.id });
  // GET api/offers/{id} answers these rounds.
  await tx.insert(offer_rounds).values(
    DEMO_OFFERS.flatMap((o, i) => {
      const first = {
        offer_id: openOffers[i]!.id,
        round: 1,
        by: 'offerer' as 'offerer' | 'owner',
        user_id: managerOf(o.requester).id,
        quantity: o.quantity,
        unit_price_minor: o.unit_price_minor ?? null,
        currency: 'EUR',
        message: o.message,
        created_at: ago(o.days_ago),
      };
      if (!o.counter) return [first];
      const c = o.counter;
      const second = {
        ...first,
        round: 2,
        by: 'owner' as const,
        user_id: managerOf(listingOf(o.listing).company).id,
        quantity: c.quantity,
        unit_price_minor: c.unit_price_minor,
        message: c.message,
        created_at: ago(c.days_ago),
      };
      return [first, second];
    }),
  );
}
