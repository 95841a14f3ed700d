// The demo marketplace: believable companies across the signup countries, their people, listings, offers,
// synergies with impact, subscriptions, donations (donations.ts: every state), logistics (trips.ts: drivers,
// vehicles, trips in every status) and the rest of a lived-in workspace. Seeded into an empty database only
// (embedded demo, SEED_DEMO=true), in one transaction; reference data must already be in place. Listing photos
// (listing-photos.ts) and registration history (registrations.ts) are seeded after it, each behind its own marker.
import { eq, sql } from 'drizzle-orm';
import { companies, offers } from '../../drizzle/schema';
import type { Db, Tx } from '../db/client';
import { hashPassword } from '../lib/password';
import { refreshReservations } from '../modules/materials/service';
import { seedDemoAdmin } from './admin';
import { daysFrom, must } from './common';
import { seedCompanies, seedPendingInvitation, seedPendingRegistration, seedPeople } from './companies';
import type { DemoContext } from './context';
import { seedDemoDonations } from './donations';
import { seedExchanges, seedOpenOffers } from './exchanges';
import { seedDemoImpact } from './impact';
import { seedDemoIntegrations } from './integrations';
import { seedListings } from './listings';
import { seedDemoTypedNames } from './names';
import { seedDemoNeeds } from './needs';
import { seedManagerNotifications } from './notifications';
import { seedSubscriptions } from './subscriptions';
import { seedDemoTrips } from './trips';
import type { CompanyKey } from './types';
import { seedDemoWorkspace } from './workspace';

export { DEMO_COMPANIES } from './data/companies';

/** Same lock space as the reference seed, another key: two instances starting together seed once. */
const DEMO_LOCK_KEY = 727_001_2024;

/**
 * Seeds the demo marketplace when the companies table is empty; otherwise does nothing.
 * The password is hashed once and shared by every demo account (argon2 costs ~50-100 ms a hash).
 */
export async function seedDemo(db: Db, opts: { password: string }): Promise<{ seeded: boolean }> {
  const [any] = await db.select({ id: companies.id }).from(companies).limit(1);
  if (any) return { seeded: false };
  const passwordHash = await hashPassword(opts.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(DEMO_LOCK_KEY))})`);
    const [again] = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (again) return { seeded: false };
    await seedInto(tx, passwordHash, new Date());
    return { seeded: true };
  });
}

async function seedInto(tx: Tx, passwordHash: string, now: Date): Promise<void> {
  const companiesOf = await seedCompanies(tx, now);
  const people = await seedPeople(tx, companiesOf, passwordHash, now);
  const listings = await seedListings(tx, companiesOf, people, now);
  const ctx: DemoContext = { ...companiesOf, ...people, ...listings, now, ago: (days) => daysFrom(now, -days) };
  const { cid, managerOf, adminId } = ctx;

  const exchangeId = await seedExchanges(tx, ctx);
  await seedOpenOffers(tx, ctx);
  await seedPendingInvitation(tx, companiesOf, people, now);
  await seedSubscriptions(tx, cid, adminId, now);
  await seedDemoDonations(tx, now, adminId);
  await seedTrips(tx, ctx, exchangeId);
  await seedPendingRegistration(tx, passwordHash, now);
  await seedDemoImpact(tx, now);
  await seedDemoWorkspace(tx, now, passwordHash);
  await seedDemoAdmin(tx, { adminId, now });
  await seedDemoTypedNames(tx);
  const demoUserIds = ctx.userRows.filter((u) => u.company_id === cid('oresund')).map((u) => u.id);
  await seedDemoNeeds(tx, {
    now,
    demo: { company_id: cid('oresund'), manager_id: managerOf('oresund').id, user_ids: demoUserIds },
    neighbour: { company_id: cid('brygge'), manager_id: managerOf('brygge').id },
  });

  // What the accepted offers of every part of the demo reserve, computed as each acceptance and end does
  // (docs/decisions/0175): the demo company's yeast is fully reserved by its running synergy, its spent grain partly
  // by the one that ended.
  const reserving = await tx.selectDistinct({ id: offers.material_id }).from(offers).where(eq(offers.status, 'accepted'));
  for (const r of reserving) await refreshReservations(tx, r.id);

  const manager = must(ctx.userByEmail.get('manager@example.com'), 'manager');
  await seedDemoIntegrations(tx, { companyId: cid('oresund'), managerId: manager.id, now });
  await seedManagerNotifications(tx, ctx, manager.id, exchangeId);
}

/** A running and a completed pickup of the demo company's synergies with Aarhus. */
async function seedTrips(tx: Tx, ctx: DemoContext, exchangeId: Map<string, number>): Promise<void> {
  const { cid, companyOf, addressOf, listingOf, managerOf } = ctx;
  const tripSynergy = (listing: string, requester: CompanyKey) => {
    const provider = companyOf(listingOf(listing).company);
    return {
      exchangeId: must(exchangeId.get(listing), `${listing} synergy`),
      listingId: ctx.lid(listing),
      pickup: { ...addressOf(provider.key, listingOf(listing).address ?? 0), country: provider.country },
      dropoff: { ...addressOf(requester), country: companyOf(requester).country },
      companyId: cid(provider.key),
      companyName: provider.name,
      contactPerson: [managerOf(provider.key).first_name, managerOf(provider.key).last_name].filter(Boolean).join(' '),
      contactPhone: `${provider.calling_code} ${provider.contact_phone}`,
    };
  };
  await seedDemoTrips(tx, {
    running: tripSynergy('yeast', 'aarhus'),
    // The demo company hears about its running pickups as every company does (type trips, docs/decisions/0178).
    notify: { user_ids: ctx.userRows.filter((u) => u.company_id === cid('oresund')).map((u) => u.id), title: listingOf('yeast').title },
    completed: { ...tripSynergy('spent-grain', 'aarhus'), completedDaysAgo: 75 },
    adminId: ctx.adminId,
    now: ctx.now,
  });
}
