// Demo donations: donation tags and donations in every state (pending, approved, denied, handed over),
// the demo company's (Øresund Brewing Group) and other donors', so the manager's donations tab, the administrators'
// /admin/donations and the donations dashboard (the demo manager has donations_dashboard_access) show them at once.
// Each donation is a listing of kind 'donation' plus its donation row (docs/decisions/0090), written as the
// donations module writes them; handed-over ones carry the impact computed from the Defra factors in the database
// exactly as a hand-over computes it, spread over the months the dashboard shows. Called from index.ts, in its transaction.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { companies, company_addresses, donation_tags, donations, material_groups, materials, users } from '../../drizzle/schema';
import type { DonationStatus } from '../../shared/constants/enums';
import { monthStart } from '../../shared/lib/stats';
import { LISTING_STATUS_OF_DONATION } from '../../shared/machines/donation';
import { handOverImpact } from '../modules/donations/service';
import { listingImpact } from '../modules/stats/service';
import type { Tx } from '../db/client';
import { DAY_MS, daysFrom, must } from './common';

export const DEMO_DONATION_TAGS = [
  { name: 'Food bank', description: 'Food and drink for food banks and community kitchens' },
  { name: 'Education', description: 'Equipment and materials for schools and training' },
  { name: 'Community workshop', description: 'Materials for repair cafés, makerspaces and crafts' },
  { name: 'Shelter', description: 'Furniture, bedding and clothing for shelters' },
] as const;
type TagName = (typeof DEMO_DONATION_TAGS)[number]['name'];

interface DemoDonation {
  company: string;
  group: string;
  tag: TagName | null;
  status: DonationStatus;
  /** Days before now it was submitted; decided a day later; `handed_over_days_ago` for handed-over ones. */
  days_ago: number;
  handed_over_days_ago?: number;
  title: string;
  description: string;
  purpose: string;
  item_count: number;
  quantity_kg: number | null;
  /** Major units in the donor's currency. */
  total_value: number | null;
  boxes: number | null;
  approver?: string;
  deny_reason?: string;
  received_by?: string;
}

const OERESUND = 'Øresund Brewing Group A/S';

export const DEMO_DONATIONS: DemoDonation[] = [
  // The demo company's: one in each state, and a history of hand-overs for the dashboard.
  {
    company: OERESUND,
    group: 'food-by-products',
    tag: 'Food bank',
    status: 'approved',
    days_ago: 12,
    title: 'Soft drinks for the food bank',
    description: 'Short-dated cans of lemonade and cola from our Valby warehouse, best before in eight weeks.',
    purpose: 'Support Fødevarebanken’s Copenhagen kitchens with drinks for their evening meals.',
    item_count: 1200,
    quantity_kg: 420,
    total_value: 9000,
    boxes: 50,
    approver: 'Sofie Andersen',
  },
  {
    company: OERESUND,
    group: 'wood',
    tag: 'Community workshop',
    status: 'pending',
    days_ago: 2,
    title: 'Oak barrel staves for a makerspace',
    description: 'Sixty retired oak barrel staves, cleaned and dried, about 90 cm long.',
    purpose: 'Let Copenhagen Makerspace run furniture and craft workshops with reclaimed oak.',
    item_count: 60,
    quantity_kg: 150,
    total_value: 3000,
    boxes: 6,
  },
  {
    company: OERESUND,
    group: 'food-by-products',
    tag: 'Food bank',
    status: 'denied',
    days_ago: 20,
    title: 'Expired malt extract',
    description: 'Malt extract past its best-before date, sealed tins.',
    purpose: 'Baking classes at a community centre.',
    item_count: 80,
    quantity_kg: 96,
    total_value: null,
    boxes: 4,
    deny_reason: 'Food past its best-before date cannot be passed on to food banks. Edit the donation with in-date stock to send it again.',
  },
  {
    company: OERESUND,
    group: 'food-by-products',
    tag: 'Food bank',
    status: 'handed_over',
    days_ago: 150,
    handed_over_days_ago: 140,
    title: 'Alcohol-free beer for a shelter',
    description: 'Pallet of alcohol-free lager, best before in three months.',
    purpose: 'Drinks for the residents of a Copenhagen homeless shelter over the winter.',
    item_count: 960,
    quantity_kg: 360,
    total_value: 7200,
    boxes: 40,
    approver: 'Sofie Andersen',
    received_by: 'Kirkens Korshær, Vesterbro',
  },
  {
    company: OERESUND,
    group: 'paper-and-cardboard',
    tag: 'Education',
    status: 'handed_over',
    days_ago: 70,
    handed_over_days_ago: 62,
    title: 'Cardboard for school art classes',
    description: 'Flat-packed clean cardboard sheets and tubes from our packaging line.',
    purpose: 'Art and design lessons at three primary schools in Valby.',
    item_count: 400,
    quantity_kg: 180,
    total_value: 900,
    boxes: 20,
    approver: 'Mikkel Lund',
    received_by: 'Valby Skole',
  },
  {
    company: OERESUND,
    group: 'wood',
    tag: 'Community workshop',
    status: 'handed_over',
    days_ago: 12,
    handed_over_days_ago: 5,
    title: 'Pallet wood for a repair café',
    description: 'Fifty heat-treated EUR pallets, dismantled into boards.',
    purpose: 'Raised garden beds and benches built by the Nørrebro repair café.',
    item_count: 50,
    quantity_kg: 1000,
    total_value: 2500,
    boxes: null,
    approver: 'Sofie Andersen',
    received_by: 'Nørrebro Repair Café',
  },
  // Other donors, so top donors has a ranking and the administrators a queue.
  {
    company: 'Spree Electronics Refurb GmbH',
    group: 'electronics-e-waste',
    tag: 'Education',
    status: 'pending',
    days_ago: 4,
    title: 'Refurbished laptops for schools',
    description: 'Forty refurbished 14-inch laptops with fresh batteries and Linux installed.',
    purpose: 'Equip a Berlin secondary school’s coding club with laptops pupils can take home.',
    item_count: 40,
    quantity_kg: 80,
    total_value: 12000,
    boxes: 8,
  },
  {
    company: 'Spree Electronics Refurb GmbH',
    group: 'electronics-e-waste',
    tag: 'Education',
    status: 'handed_over',
    days_ago: 110,
    handed_over_days_ago: 100,
    title: 'Tablets for a language school',
    description: 'Thirty refurbished tablets with cases and chargers.',
    purpose: 'German lessons for newly arrived families in Neukölln.',
    item_count: 30,
    quantity_kg: 24,
    total_value: 4500,
    boxes: 3,
    approver: 'Mikkel Lund',
    received_by: 'Sprachcafé Neukölln',
  },
  {
    company: 'Thames Textile Recovery Ltd',
    group: 'textile-by-products',
    tag: 'Shelter',
    status: 'handed_over',
    days_ago: 40,
    handed_over_days_ago: 33,
    title: 'Winter coats for a night shelter',
    description: 'Two hundred sorted, cleaned winter coats in adult sizes.',
    purpose: 'Coats for guests of a London night shelter.',
    item_count: 200,
    quantity_kg: 300,
    total_value: 4000,
    boxes: 25,
    approver: 'Sofie Andersen',
    received_by: 'Shelter Southwark',
  },
  {
    company: 'Northern Timber & Pallets Ltd',
    group: 'wood',
    tag: 'Community workshop',
    status: 'handed_over',
    days_ago: 25,
    handed_over_days_ago: 18,
    title: 'Timber offcuts for a community workshop',
    description: 'Softwood offcuts, 30 to 120 cm, kiln dried.',
    purpose: 'Woodworking courses for young people in Leeds.',
    item_count: 300,
    quantity_kg: 2200,
    total_value: 1800,
    boxes: null,
    approver: 'Mikkel Lund',
    received_by: 'Leeds Community Woodshop',
  },
  {
    company: 'Klang Valley Beverages Sdn Bhd',
    group: 'food-by-products',
    tag: 'Food bank',
    status: 'approved',
    days_ago: 6,
    title: 'Bottled water for a food bank',
    description: 'Two pallets of 500 ml bottled water, best before in a year.',
    purpose: 'Water for Food Aid Foundation’s weekly distribution in Petaling Jaya.',
    item_count: 2400,
    quantity_kg: 1250,
    total_value: 2400,
    boxes: 100,
    approver: 'Sofie Andersen',
  },
  {
    company: 'Carpathia Plastics Recycling S.R.L.',
    group: 'plastics-and-rubber',
    tag: null,
    status: 'denied',
    days_ago: 9,
    title: 'Mixed plastic crates',
    description: 'Assorted used plastic crates, some cracked.',
    purpose: 'Storage for a community garden.',
    item_count: 150,
    quantity_kg: 300,
    total_value: null,
    boxes: null,
    deny_reason: 'Please sort out the cracked crates and say how many sound ones remain.',
  },
];

export async function seedDemoDonations(tx: Tx, now: Date, adminId: number | null): Promise<void> {
  await tx
    .insert(donation_tags)
    .values(DEMO_DONATION_TAGS.map((t) => ({ ...t })))
    .onConflictDoNothing();
  const tags = await tx.select({ id: donation_tags.id, name: donation_tags.name }).from(donation_tags);
  const tagId = (name: TagName | null) => (name === null ? null : must(tags.find((t) => t.name === name)?.id, `tag ${name}`));

  const names = [...new Set(DEMO_DONATIONS.map((d) => d.company))];
  const companyRows = await tx
    .select({ id: companies.id, name: companies.name, currency: companies.preferred_currency })
    .from(companies)
    .where(inArray(companies.name, names));
  const companyOf = (name: string) =>
    must(
      companyRows.find((c) => c.name === name),
      name,
    );
  const ids = companyRows.map((c) => c.id);
  const managers = await tx
    .select({ id: users.id, company_id: users.company_id })
    .from(users)
    .where(and(inArray(users.company_id, ids), eq(users.role, 'MANAGER')))
    .orderBy(asc(users.id));
  const addresses = await tx
    .select({ id: company_addresses.id, company_id: company_addresses.company_id, lat: company_addresses.latitude, lng: company_addresses.longitude })
    .from(company_addresses)
    .where(and(inArray(company_addresses.company_id, ids), eq(company_addresses.is_primary, true)));
  const groups = await tx
    .select({
      id: material_groups.id,
      slug: material_groups.slug,
      name: material_groups.name,
      kind: material_groups.kind,
    })
    .from(material_groups);

  // Hand-overs are kept inside the dashboard's six months, and never in the future.
  const earliest = monthStart(now, -5).getTime() + DAY_MS;
  const at = (daysAgo: number) => new Date(Math.max(earliest, now.getTime() - daysAgo * DAY_MS));
  const lookups: DonationLookups = { now, adminId, at, tagId, companyOf, managers, addresses, groups };
  for (const d of DEMO_DONATIONS) await seedDonation(tx, lookups, d);
}

interface DonationLookups {
  now: Date;
  adminId: number | null;
  /** The hand-over moment `daysAgo` days back, kept inside the dashboard's months. */
  at: (daysAgo: number) => Date;
  tagId: (name: TagName | null) => number | null;
  companyOf: (name: string) => { id: number; currency: string | null };
  managers: { id: number; company_id: number | null }[];
  addresses: { id: number; company_id: number; lat: number; lng: number }[];
  groups: { id: number; slug: string }[];
}

/** One donation: its listing (kind donation) and the donation row, with the impact a hand-over records. */
async function seedDonation(
  tx: Tx,
  { now, adminId, at, tagId, companyOf, managers, addresses, groups }: DonationLookups,
  d: (typeof DEMO_DONATIONS)[number],
): Promise<void> {
  const company = companyOf(d.company);
  const group = must(
    groups.find((g) => g.slug === d.group),
    `group ${d.group}`,
  );
  const address = must(
    addresses.find((a) => a.company_id === company.id),
    `address of ${d.company}`,
  );
  const submitted = daysFrom(now, -d.days_ago);
  const decided = d.status === 'pending' ? null : daysFrom(submitted, 1);
  const handedOver = d.status === 'handed_over' ? at(must(d.handed_over_days_ago, `hand-over day of ${d.title}`)) : null;
  const [listing] = await tx
    .insert(materials)
    .values({
      kind: 'donation',
      company_id: company.id,
      created_by_user_id: managers.find((m) => m.company_id === company.id)?.id ?? null,
      title: d.title,
      description: d.description,
      category: 'surplus',
      material_group_id: group.id,
      frequency: 'one-off',
      address_id: address.id,
      latitude: address.lat,
      longitude: address.lng,
      quantity: Math.round(d.quantity_kg ?? 0),
      quantity_unit: 'kg',
      condition: 'As described',
      type: 'Donation',
      final_use: d.purpose.slice(0, 100),
      status: LISTING_STATUS_OF_DONATION[d.status],
      created_at: submitted,
      updated_at: handedOver ?? decided ?? submitted,
    })
    .returning({ id: materials.id });
  // The same function the hand-over calls: the listing's mapping and the factors in the database.
  const impact = handedOver
    ? await listingImpact(tx, { material_id: must(listing, 'donation listing').id, quantity: d.quantity_kg ?? 0, quantity_unit: 'kg' })
    : null;
  await tx.insert(donations).values({
    material_id: must(listing, 'donation listing').id,
    purpose: d.purpose,
    item_count: d.item_count,
    quantity_kg: d.quantity_kg,
    total_value_minor: d.total_value === null ? null : Math.round(d.total_value * 100),
    currency: d.total_value === null ? null : (company.currency ?? 'EUR'),
    boxes_count: d.boxes,
    donation_tag_id: tagId(d.tag),
    status: d.status,
    approver_name: d.approver ?? null,
    deny_reason: d.deny_reason ?? null,
    reviewed_by_user_id: decided ? adminId : null,
    reviewed_at: decided,
    handed_over_at: handedOver,
    received_by: d.received_by ?? null,
    ...(impact ? handOverImpact(impact) : {}),
    created_at: submitted,
    updated_at: handedOver ?? decided ?? submitted,
  });
}
