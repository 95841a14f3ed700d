// Demo impact history: completed, successful synergies of the demo company (Øresund Brewing Group) in
// each of the four calendar months its dashboard shows, both directions (what it provided and what it received),
// each from an accepted offer, with its chat and an impact record computed by the function that ending a synergy
// calls (the listing's mapping and the Defra factors in the database), so the demo follows the method in force
// whenever it is seeded. Called at the end of the demo seed (index.ts), in its transaction.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { companies, exchanges, materials, offers, users } from '../../drizzle/schema';
import { monthStart } from '../../shared/lib/stats';
import type { Tx } from '../db/client';
import { seedSynergyChat, seedSynergyImpact } from './synergies';
import { DAY_MS, daysFrom, must } from './common';

const OERESUND = 'Øresund Brewing Group A/S';

interface HistoryItem {
  /** Months from now: 0 is this month, -3 the oldest the dashboard shows. */
  month: 0 | -1 | -2 | -3;
  /** Day of the month it ended (clamped to now in the current month). */
  day: number;
  provider: string;
  requester: string;
  listing: string;
  quantity: number;
  /** Major units, in the demo company's currency (it ends them). */
  earnings: number;
  savings: number;
  request: string;
  chat: [from: 'provider' | 'requester', body: string][];
}

const HISTORY: HistoryItem[] = [
  {
    month: -3,
    day: 6,
    provider: OERESUND,
    requester: 'Aarhus Malt & Feed ApS',
    listing: "Brewer's spent grain",
    quantity: 10_000,
    earnings: 5_000,
    savings: 3_800,
    request: 'Ten tonnes for the autumn feeding season, collected on Mondays.',
    chat: [
      ['requester', 'We can send the tipper on Monday at 7:00.'],
      ['provider', 'The silo will be full, see you then.'],
    ],
  },
  {
    month: -3,
    day: 19,
    provider: 'Aarhus Malt & Feed ApS',
    requester: OERESUND,
    listing: 'Used jute sacks',
    quantity: 400,
    earnings: 600,
    savings: 1_100,
    request: 'Your jute sacks would replace new ones for our hop deliveries to the craft line.',
    chat: [
      ['provider', 'Four bales of sacks are ready at the port.'],
      ['requester', 'Collected, thank you. They are in good shape.'],
    ],
  },
  {
    month: -2,
    day: 4,
    provider: OERESUND,
    requester: 'Aarhus Malt & Feed ApS',
    listing: "Brewer's spent grain",
    quantity: 12_500,
    earnings: 6_250,
    savings: 4_700,
    request: 'The same weekly volume again, plus one extra load before the holiday.',
    chat: [
      ['provider', 'The extra load is ready on Thursday.'],
      ['requester', 'Perfect, we will take it.'],
    ],
  },
  {
    month: -2,
    day: 22,
    provider: 'Carpathia Plastics Recycling S.R.L.',
    requester: OERESUND,
    listing: 'HDPE regrind, sorted by colour',
    quantity: 1_500,
    earnings: 9_000,
    savings: 4_200,
    request: 'We are trialling recycled HDPE for our returnable crates; natural grade please.',
    chat: [
      ['requester', 'Could you confirm the melt flow index of the natural grade?'],
      ['provider', 'MFI 0.7 g/10 min; the certificate is on its way.'],
    ],
  },
  {
    month: -1,
    day: 9,
    provider: OERESUND,
    requester: 'Klang Valley Beverages Sdn Bhd',
    listing: 'Brewery wastewater reuse know-how',
    quantity: 24,
    earnings: 14_400,
    savings: 0,
    request: 'Our Kuala Lumpur plant wants to cut water use per litre; three days of remote workshops.',
    chat: [
      ['requester', 'The team has sent the water balance of the bottling line.'],
      ['provider', 'Thanks, the first workshop is on Tuesday.'],
    ],
  },
  {
    month: -1,
    day: 16,
    provider: 'Gulf Industrial Advisory FZE',
    requester: OERESUND,
    listing: 'CSRD sustainability reporting support',
    quantity: 30,
    earnings: 27_000,
    savings: 0,
    request: 'Help with the double materiality assessment for our first CSRD report.',
    chat: [
      ['provider', 'The materiality workshop is booked for the 16th.'],
      ['requester', 'Great, the finance team will join.'],
    ],
  },
  {
    month: -1,
    day: 12,
    provider: 'Northern Timber & Pallets Ltd',
    requester: OERESUND,
    listing: 'Used wooden pallets',
    quantity: 2_000,
    earnings: 3_000,
    savings: 4_600,
    request: 'Two tonnes of repaired EUR pallets before the Christmas brew.',
    chat: [
      ['provider', 'Two truckloads are graded and ready.'],
      ['requester', 'Received in Valby, thank you.'],
    ],
  },
  {
    month: -1,
    day: 23,
    provider: OERESUND,
    requester: 'Aarhus Malt & Feed ApS',
    listing: "Brewer's spent grain",
    quantity: 11_000,
    earnings: 5_500,
    savings: 4_100,
    request: 'Eleven tonnes this month, same schedule.',
    chat: [
      ['requester', 'Same schedule as always?'],
      ['provider', 'Yes, Mondays at 7:00.'],
    ],
  },
  {
    month: 0,
    day: 3,
    provider: 'Northern Timber & Pallets Ltd',
    requester: OERESUND,
    listing: 'Used wooden pallets',
    quantity: 1_000,
    earnings: 1_500,
    savings: 2_400,
    request: 'One tonne of repaired EUR pallets for the Valby warehouse.',
    chat: [
      ['requester', 'Can you deliver to Valby with the next Copenhagen run?'],
      ['provider', 'Yes, they arrive on the 3rd.'],
    ],
  },
  {
    month: 0,
    day: 5,
    provider: OERESUND,
    requester: 'Aarhus Malt & Feed ApS',
    listing: "Brewer's spent grain",
    quantity: 6_000,
    earnings: 3_000,
    savings: 2_300,
    request: 'Six tonnes for the first week of the month.',
    chat: [
      ['requester', 'First load of the month collected.'],
      ['provider', 'Thank you, see you next week.'],
    ],
  },
];

/** When an item ended: its day of the month, never later than just before now. */
function endedAt(now: Date, item: HistoryItem): Date {
  const start = monthStart(now, item.month);
  const wanted = new Date(start.getTime() + (item.day - 1) * DAY_MS + 10 * 3_600_000);
  if (item.month !== 0) return wanted;
  const latest = new Date(now.getTime() - 10 * 60_000);
  return new Date(Math.max(start.getTime() + 60_000, Math.min(wanted.getTime(), latest.getTime())));
}

export async function seedDemoImpact(tx: Tx, now: Date): Promise<void> {
  const names = [...new Set(HISTORY.flatMap((h) => [h.provider, h.requester]))];
  const companyRows = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.name, names));
  const companyId = (name: string) =>
    must(
      companyRows.find((c) => c.name === name),
      name,
    ).id;
  const ids = companyRows.map((c) => c.id);
  const people = await tx
    .select({ id: users.id, company_id: users.company_id, role: users.role })
    .from(users)
    .where(inArray(users.company_id, ids))
    .orderBy(asc(users.id));
  const managerOf = (id: number) =>
    must(
      people.find((u) => u.company_id === id && u.role === 'MANAGER'),
      `manager of company ${id}`,
    ).id;
  const listings = await tx
    .select({
      id: materials.id,
      company_id: materials.company_id,
      title: materials.title,
      quantity_unit: materials.quantity_unit,
    })
    .from(materials)
    .where(and(inArray(materials.company_id, ids), inArray(materials.title, [...new Set(HISTORY.map((h) => h.listing))])));
  const [demo] = await tx
    .select({ currency: companies.preferred_currency })
    .from(companies)
    .where(eq(companies.id, companyId(OERESUND)));

  const lookups: HistoryLookups = { now, companyId, managerOf, listings, people, currency: demo?.currency ?? 'DKK' };
  for (const item of HISTORY) await seedHistoryItem(tx, lookups, item);
}

interface HistoryLookups {
  now: Date;
  companyId: (name: string) => number;
  managerOf: (companyId: number) => number;
  listings: Pick<typeof materials.$inferSelect, 'id' | 'company_id' | 'title' | 'quantity_unit'>[];
  people: { id: number; company_id: number | null }[];
  currency: string;
}

/** One ended synergy of the history: its accepted offer, the synergy, a chat everyone has read, its impact. */
async function seedHistoryItem(
  tx: Tx,
  { now, companyId, managerOf, listings, people, currency }: HistoryLookups,
  item: (typeof HISTORY)[number],
): Promise<void> {
  const provider = companyId(item.provider);
  const requester = companyId(item.requester);
  const listing = must(
    listings.find((l) => l.company_id === provider && l.title === item.listing),
    `listing “${item.listing}”`,
  );
  const ended = endedAt(now, item);
  const started = daysFrom(ended, -9);
  const [offer] = await tx
    .insert(offers)
    .values({
      material_id: listing.id,
      company_id: requester,
      user_id: managerOf(requester),
      message: item.request,
      quantity: item.quantity,
      status: 'accepted',
      reviewed_by_user_id: managerOf(provider),
      reviewed_at: started,
      created_at: daysFrom(started, -1),
    })
    .returning({ id: offers.id });
  const [exchange] = await tx
    .insert(exchanges)
    .values({
      offer_id: must(offer, 'offer').id,
      material_id: listing.id,
      provider_company_id: provider,
      requester_company_id: requester,
      request_message: item.request,
      item_requested: listing.title,
      quantity: item.quantity,
      quantity_unit: listing.quantity_unit,
      level_of_completion: 'COMPLETED',
      successful: true,
      earnings_minor: Math.round(item.earnings * 100),
      savings_minor: Math.round(item.savings * 100),
      // The demo company ends these synergies, so the amounts are in its currency (decision 0050).
      currency,
      completed_at: ended,
      created_at: started,
      updated_at: ended,
    })
    .returning({ id: exchanges.id });
  const exchangeId = must(exchange, 'exchange').id;
  await seedSynergyChat(tx, {
    exchange_id: exchangeId,
    provider_id: provider,
    requester_id: requester,
    created_at: started,
    last_message_at: ended,
    messages: item.chat.map(([from, body], i) => {
      const company = from === 'provider' ? provider : requester;
      return {
        sender_user_id: managerOf(company),
        sender_company_id: company,
        body,
        created_at: daysFrom(started, i + 1),
      };
    }),
    readers: people.filter((u) => u.company_id === provider || u.company_id === requester),
    readAll: true,
  });
  await seedSynergyImpact(tx, exchangeId, { material_id: listing.id, quantity: item.quantity, quantity_unit: listing.quantity_unit }, ended);
}
