// The race suite: races two users (or a double click) can cause, on real Postgres.
// PGlite runs one query at a time and hides them, so on PGlite this file is skipped (the reason is in the
// describe name). Each case fires the same change many times at once and checks the one outcome.
//
// Races that live beside their module's other tests (run on Postgres in CI too), not repeated here:
// - server/modules/offers/offers.test.ts: 100 offers x 50 interleaved concurrent accepts -> exactly 100
//   synergies and 100 chats.
// - server/modules/subscriptions/subscriptions.test.ts: three start_now then two after_current assignments at
//   once -> one live plan, renewals queued one after the other.
// - server/modules/donations/donations.test.ts: approve and deny at once (one decision), 20 approvals at once
//   (1 x 200, 19 x 409), 20 hand-over confirmations at once (one hand-over, impact stored once).
// - server/modules/exchanges/*.test.ts: ten concurrent ends of one synergy (ended once).
// - server/modules/offers/stock.test.ts: 50 offers of 8 kg on a 100 kg listing accepted at once -> 12 accepted,
//   38 x 409 NOT_ENOUGH_STOCK, 96 kg reserved (docs/decisions/0175).
// - server/modules/drivers/scheduling.test.ts: 20 overlapping trips of one driver, and of one vehicle, at once -> 1
//   each; two trips moved onto one slot at once -> one moves; deleting a driver and a vehicle while a trip is
//   scheduled for them, 24 rounds -> never an open trip on a deleted one (docs/decisions/0177).
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { createMaterialInput } from '../../shared/schemas/materials';
import { bulk_upload_access_requests, company_subscriptions, offers, password_reset_tokens, subscription_plans, trips } from '../../drizzle/schema';
import type { Actor } from '../lib/actor';
import { AppError } from '../lib/errors';
import { createAdmin, createCompanyWithUsers, createDriver, createListing } from '../test/factories';
import { useTestContext } from '../test/suite';
import { onPostgres } from '../test/postgres';

const t = useTestContext();

const N = 50;
/** A listing as materials.create (and, with `id`, materials.update) takes it. */
const listing = (o: Partial<z.input<typeof createMaterialInput>> = {}): z.input<typeof createMaterialInput> => ({
  title: 'Pallets',
  description: 'Wooden pallets',
  category: 'surplus',
  frequency: 'weekly',
  quantity: 40,
  condition: 'Used',
  type: 'Wood',
  final_use: 'Reuse',
  ...o,
});
/** Runs every call at once; returns 'ok' or the error code of each. */
const settle = async (calls: (() => Promise<unknown>)[]) =>
  (await Promise.allSettled(calls.map((c) => c()))).map((r) =>
    r.status === 'fulfilled' ? 'ok' : r.reason instanceof AppError ? r.reason.code : `${(r.reason as { code?: string }).code ?? 'thrown'}`,
  );
const tally = (outcomes: string[]) => outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {});

describe.skipIf(!onPostgres)('races on Postgres (skipped on PGlite: it runs one query at a time, so nothing can race)', () => {
  it(`${N} concurrent bulk-upload access requests of one company leave exactly one pending request`, async () => {
    const { company, managerActor } = await createCompanyWithUsers(t.database.db);
    const outcomes = await settle(Array.from({ length: N }, () => () => t.caller(managerActor).materials.requestBulkAccess()));
    expect(tally(outcomes)).toEqual({ ok: N });
    const rows = await t.database.db.select().from(bulk_upload_access_requests).where(eq(bulk_upload_access_requests.company_id, company.id));
    expect(rows).toHaveLength(1);
  });

  it(`${N} concurrent reset links for one user leave exactly one usable link`, async () => {
    const { adminActor } = await createAdmin(t.database.db);
    const { member } = await createCompanyWithUsers(t.database.db);
    const outcomes = await settle(Array.from({ length: N }, () => () => t.caller(adminActor).auth.admin.createResetLink({ user_id: member.id })));
    expect(tally(outcomes)).toEqual({ ok: N });
    const usable = await t.database.db
      .select()
      .from(password_reset_tokens)
      .where(and(eq(password_reset_tokens.user_id, member.id), isNull(password_reset_tokens.used_at)));
    expect(usable).toHaveLength(1);
  });

  it(`${N} concurrent deletes of one listing: one succeeds, the others answer 404`, async () => {
    const { memberActor } = await createCompanyWithUsers(t.database.db);
    const created = await t.caller(memberActor).materials.create(listing());
    const outcomes = await settle(Array.from({ length: N }, () => () => t.caller(memberActor).materials.delete({ id: created.id })));
    expect(tally(outcomes)).toEqual({ ok: 1, NOT_FOUND: N - 1 });
  });

  it('concurrent edits and a delete of one listing with sub-listings: each edit succeeds or answers 404, never 500', async () => {
    const { memberActor, company } = await createCompanyWithUsers(t.database.db);
    const actor: Actor = memberActor;
    const created = await t.caller(actor).materials.create(listing({ sub_listings: [{ title: 'Lot A', quantity: 5 }] }));
    const edit = (i: number) => () =>
      t.caller(actor).materials.update({
        ...listing({ title: `Pallets ${i}`, sub_listings: [{ title: `Lot ${i}`, quantity: i + 1 }] }),
        id: created.id,
        uuid: created.uuid,
        company_id: company.id,
      });
    const calls: (() => Promise<unknown>)[] = Array.from({ length: N }, (_, i) => edit(i));
    calls.splice(N / 2, 0, () => t.caller(actor).materials.delete({ id: created.id }));
    const outcomes = tally(await settle(calls));
    expect(Object.keys(outcomes).sort()).toEqual(
      Object.keys(outcomes)
        .filter((k) => k === 'ok' || k === 'NOT_FOUND')
        .sort(),
    );
    expect((outcomes.ok ?? 0) + (outcomes.NOT_FOUND ?? 0)).toBe(N + 1);
    await expect(t.caller(actor).materials.get({ id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it(`${N / 5} trips of one driver started at once: exactly one goes ON_ROUTE, the others answer 409`, async () => {
    const db = t.database.db;
    const { adminActor } = await createAdmin(db);
    const provider = await createCompanyWithUsers(db);
    const requester = await createCompanyWithUsers(db);
    const material = await createListing(db, provider.company.id, { quantity: 5000 });
    const offer = await t.caller(requester.memberActor).offers.create({ material_id: material.id, quantity: 10, message: 'Race' });
    const { exchange_id } = await t.caller(provider.managerActor).offers.review({ id: offer.id, decision: 'accept' });
    const driver = await createDriver(db, { email: `race-${Date.now()}@fleet.example` });
    const place = { address: 'A 1', city: 'Copenhagen', country: 'DK', latitude: 55.68, longitude: 12.57 };
    const ids: number[] = [];
    for (let i = 0; i < N / 5; i++) {
      const trip = await t.caller(adminActor).drivers.admin.createTrip({
        exchange_id: exchange_id!,
        driver_id: driver.id,
        contact_person: 'Race',
        pickup_address: place,
        dropoff_address: { ...place, latitude: 55.7 },
        event_date: '2030-01-01',
        // One an hour: one driver cannot be booked twice for the same time.
        start_time: `${String(8 + i).padStart(2, '0')}:00`,
        materials: [material.id],
      });
      ids.push(trip.id);
    }
    const as = t.caller({ kind: 'driver', driver_id: driver.id });
    const outcomes = await settle(ids.map((id) => () => as.driver.setStatus({ id, status: 'ON_ROUTE' })));
    expect(tally(outcomes)).toEqual({ ok: 1, CONFLICT: N / 5 - 1 });
    const onRoute = await db
      .select({ id: trips.id })
      .from(trips)
      .where(and(eq(trips.driver_id, driver.id), eq(trips.status, 'ON_ROUTE')));
    expect(onRoute).toHaveLength(1);

    // Completing and cancelling the same trip at once: one of the two wins, the other answers 409.
    const [active] = onRoute;
    await as.driver.setStatus({ id: active!.id, status: 'ARRIVED' });
    await as.driver.startDelivery({ id: active!.id });
    const both = await settle([
      () => as.driver.setStatus({ id: active!.id, status: 'COMPLETED', actual_distance: 1, actual_duration: 0 }),
      () => t.caller(adminActor).drivers.admin.updateTrip({ id: active!.id, status: 'CANCELLED' }),
    ]);
    expect(tally(both)).toEqual({ ok: 1, CONFLICT: 1 });
  });

  it(`${N} concurrent offers of one company on one listing: one pending offer, the others refused, none 500`, async () => {
    const db = t.database.db;
    const provider = await createCompanyWithUsers(db);
    const requester = await createCompanyWithUsers(db);
    const material = await createListing(db, provider.company.id, { quantity: 5000 });
    const outcomes = tally(
      await settle(
        Array.from(
          { length: N },
          (_, i) => () =>
            t
              .caller(i % 2 ? requester.memberActor : requester.managerActor)
              .offers.create({ material_id: material.id, quantity: 5, message: `Race ${i}` }),
        ),
      ),
    );
    expect(outcomes.ok).toBe(1);
    expect(Object.keys(outcomes).filter((k) => k !== 'ok' && k !== 'CONFLICT')).toEqual([]);
    const pending = await db
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.material_id, material.id), eq(offers.status, 'pending')));
    expect(pending).toHaveLength(1);
  });

  it(`${N / 2} concurrent plan assignments to one company, start_now and after_current mixed: live plans never overlap`, async () => {
    const db = t.database.db;
    const { adminActor } = await createAdmin(db);
    const { company } = await createCompanyWithUsers(db);
    const [plan] = await db
      .select({ id: subscription_plans.id })
      .from(subscription_plans)
      .where(and(eq(subscription_plans.is_builtin, true), eq(subscription_plans.kind, 'initial')));
    const outcomes = tally(
      await settle(
        Array.from(
          { length: N / 2 },
          (_, i) => () =>
            t
              .caller(adminActor)
              .subscriptions.admin.assign({ company_id: company.id, subscription_plan_id: plan!.id, mode: i % 3 ? 'after_current' : 'start_now' }),
        ),
      ),
    );
    expect(Object.keys(outcomes).filter((k) => k !== 'ok' && k !== 'CONFLICT')).toEqual([]);
    const live = (await db.select().from(company_subscriptions).where(eq(company_subscriptions.company_id, company.id)))
      .filter((s) => !s.cancelled_at)
      .sort((a, b) => a.activation_date.localeCompare(b.activation_date));
    expect(live.length).toBeGreaterThan(0);
    // end_date is the last day of allowance and the next plan starts on it (docs/decisions/0017): never earlier.
    for (let i = 1; i < live.length; i++) expect(live[i]!.activation_date >= live[i - 1]!.end_date).toBe(true);
  });
});
