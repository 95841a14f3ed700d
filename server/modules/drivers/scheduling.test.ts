// Scheduling (docs/decisions/0177) and what trips tell the synergy's companies (docs/decisions/0178):
// - POST admin/trips and its edits refuse with 409 a driver or vehicle already on an open trip at an overlapping
//   time (start to start + estimated duration, else the same date and time), naming the other trip, and write
//   nothing; a driver or vehicle with open trips cannot be deleted (409).
// - Both companies' users get a `trips` notification, pushed live, when a trip of their synergy is scheduled,
//   changed, started, delivered or cancelled; the synergy answers its running trip.
// The races at the end need real Postgres (TEST_DATABASE_URL): PGlite runs one query at a time.
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers, notifications, trips, vehicles } from '../../../drizzle/schema';
import { renderMessage } from '../../lib/i18n';
import type { Actor } from '../../lib/actor';
import { createCompanyWithUsers, createDriver, startSynergy } from '../../test/factories';
import { copenhagen, tripBody } from '../../test/bodies';
import { restAs } from '../../test/rest-client';
import { onPostgres } from '../../test/postgres';
import { useTestWorld } from '../../test/suite';
import { withWideCallers, type WideCallers } from '../../test/wide';

const { t, admin } = useTestWorld();
const db = () => t.database.db;
const tag = () => Math.random().toString(36).slice(2, 8);

const synergy = () => startSynergy(t, { listing: { title: `Yeast ${tag()}` } });

const newDriver = () => createDriver(db(), { name: `Driver ${tag()}`, email: `d-${tag()}@fleet.example` });
const newVehicle = async () =>
  (
    await db()
      .insert(vehicles)
      .values({ vehicle_number: `V ${tag()}`, make: 'Volvo', model: 'FL' })
      .returning()
  )[0]!;

const tripCount = async () => (await db().select({ n: count() }).from(trips))[0]!.n;

describe('overlapping trips', () => {
  it('refuses a driver already on a trip that overlaps, naming that trip, and writes nothing', async () => {
    const api = restAs(t, admin.adminActor);
    const s = await synergy();
    const driver = await newDriver();
    const first = await api.post('/admin/trips').send(tripBody(s, { driver_id: driver.id }));
    expect(first.status).toBe(201);
    const until = first.body.estimated_duration as number;
    expect(until).toBeGreaterThan(10);
    const before = await tripCount();

    const clash = await api.post('/admin/trips').send(tripBody(s, { driver_id: driver.id, start_time: '09:40' }));
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({
      code: 'CONFLICT',
      message_code: 'trip.driverOverlap',
      params: { driver: driver.name, trip: first.body.id, title: s.material.title, date: '2030-05-14', time: '09:30' },
      field_codes: { driver_id: { code: 'trip.driverOverlap' } },
    });
    expect(clash.body.error.message).toBe(
      `Driver ${driver.name} already has trip #${first.body.id} (“${s.material.title}”) on 2030-05-14, 09:30–${clash.body.error.params.until}. Choose another time or driver.`,
    );
    expect(await tripCount()).toBe(before);

    // Starting as the other ends, another day, or with another driver: fine.
    const end = new Date(Date.UTC(2030, 4, 14, 9, 30 + until)).toISOString().slice(11, 16);
    expect((await api.post('/admin/trips').send(tripBody(s, { driver_id: driver.id, start_time: end }))).status).toBe(201);
    expect((await api.post('/admin/trips').send(tripBody(s, { driver_id: driver.id, event_date: '2030-05-15' }))).status).toBe(201);
    expect((await api.post('/admin/trips').send(tripBody(s, { driver_id: (await newDriver()).id }))).status).toBe(201);
  });

  it('refuses a vehicle already on an overlapping trip of another driver', async () => {
    const api = restAs(t, admin.adminActor);
    const s = await synergy();
    const vehicle = await newVehicle();
    const first = await api.post('/admin/trips').send(tripBody(s, { driver_id: (await newDriver()).id, vehicle_id: vehicle.id }));
    const clash = await api
      .post('/admin/trips')
      .send(tripBody(s, { driver_id: (await newDriver()).id, vehicle_id: vehicle.id, start_time: '09:35' }));
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({
      message_code: 'trip.vehicleOverlap',
      params: { vehicle: vehicle.vehicle_number, trip: first.body.id },
      field_codes: { vehicle_id: { code: 'trip.vehicleOverlap' } },
    });
  });

  it('without a duration (pickup at the drop-off), clashes on the same date and time only', async () => {
    const api = restAs(t, admin.adminActor);
    const s = await synergy();
    const driver = await newDriver();
    const here = tripBody(s, { driver_id: driver.id, dropoff_address: copenhagen, start_time: '11:00' });
    const first = await api.post('/admin/trips').send(here);
    expect([first.status, first.body.estimated_duration]).toEqual([201, 0]);
    expect((await api.post('/admin/trips').send({ ...here, start_time: '11:01' })).status).toBe(201);
    const same = await api.post('/admin/trips').send(here);
    expect([same.status, same.body.error.message_code]).toEqual([409, 'trip.driverOverlap']);
  });

  it('refuses an edit that moves a trip onto another, or hands it to a busy driver, and leaves it as it was', async () => {
    const api = restAs(t, admin.adminActor);
    const s = await synergy();
    const busy = await newDriver();
    const other = await newDriver();
    const a = await api.post('/admin/trips').send(tripBody(s, { driver_id: busy.id, start_time: '09:30' }));
    const b = await api.post('/admin/trips').send(tripBody(s, { driver_id: busy.id, start_time: '13:00' }));
    const c = await api.post('/admin/trips').send(tripBody(s, { driver_id: other.id, start_time: '09:35' }));

    const moved = await api.put(`/admin/trips/${b.body.id}`).send({ start_time: '09:40' });
    expect([moved.status, moved.body.error.message_code, moved.body.error.params.trip]).toEqual([409, 'trip.driverOverlap', a.body.id]);
    const handed = await api.put(`/admin/trips/${c.body.id}`).send({ driver_id: busy.id });
    expect([handed.status, handed.body.error.params.trip]).toEqual([409, a.body.id]);
    const [bRow, cRow] = await Promise.all([
      db().select().from(trips).where(eq(trips.id, b.body.id)),
      db().select().from(trips).where(eq(trips.id, c.body.id)),
    ]);
    expect([bRow[0]!.start_time, cRow[0]!.driver_id]).toEqual(['13:00', other.id]);
    // Its own slot is no clash: editing a trip's notes keeps its time.
    expect((await api.put(`/admin/trips/${a.body.id}`).send({ notes: 'Gate code 1234' })).status).toBe(200);
  });

  it('lets a cancelled or completed trip free its slot', async () => {
    const api = restAs(t, admin.adminActor);
    const s = await synergy();
    const driver = await newDriver();
    const a = await api.post('/admin/trips').send(tripBody(s, { driver_id: driver.id }));
    expect((await api.put(`/admin/trips/${a.body.id}`).send({ status: 'CANCELLED' })).status).toBe(200);
    expect((await api.post('/admin/trips').send(tripBody(s, { driver_id: driver.id }))).status).toBe(201);
  });
});

describe('deleting a driver or a vehicle with open trips', () => {
  it('answers 409 while trips are open and deletes once they are closed', async () => {
    const api = restAs(t, admin.adminActor);
    const s = await synergy();
    const driver = await newDriver();
    const vehicle = await newVehicle();
    const trip = await api.post('/admin/trips').send(tripBody(s, { driver_id: driver.id, vehicle_id: vehicle.id }));
    const noVehicle = await api.delete(`/admin/vehicles/${vehicle.id}`);
    expect([noVehicle.status, noVehicle.body.error.message_code]).toEqual([409, 'vehicle.hasOpenTrips']);
    expect(noVehicle.body.error.message).toBe('This vehicle is booked for trips that are not completed. Reassign or cancel them first.');
    const noDriver = await api.delete(`/admin/drivers/${driver.id}`);
    expect([noDriver.status, noDriver.body.error.message_code]).toEqual([409, 'driver.hasOpenTrips']);
    expect((await db().select({ a: vehicles.is_active }).from(vehicles).where(eq(vehicles.id, vehicle.id)))[0]!.a).toBe(true);

    await api.put(`/admin/trips/${trip.body.id}`).send({ status: 'CANCELLED' });
    expect((await api.delete(`/admin/vehicles/${vehicle.id}`)).status).toBe(200);
    expect((await api.delete(`/admin/drivers/${driver.id}`)).status).toBe(200);
    // A deleted driver or vehicle cannot be scheduled.
    const again = await api.post('/admin/trips').send(tripBody(s, { driver_id: driver.id }));
    expect([again.status, again.body.error.field_codes.driver_id.code]).toEqual([400, 'trip.unknownDriver']);
  });
});

describe('what both companies hear about a trip', () => {
  const notesOf = async (userIds: number[], since: number) =>
    (await db().select().from(notifications).where(inArray(notifications.user_id, userIds)).orderBy(notifications.id))
      .filter((n) => n.id > since)
      .map((n) => ({ user_id: n.user_id, type: n.type, code: n.code, params: n.params, link: n.link }));
  const lastId = async () => (await db().select({ id: notifications.id }).from(notifications)).reduce((m, r) => Math.max(m, r.id), 0);

  it('notifies both companies (type trips, live) when a trip is scheduled, changed, started, delivered or cancelled, not on the driver’s other steps', async () => {
    const s = await synergy();
    const driver = await newDriver();
    const users = [s.provider.manager.id, s.provider.member.id, s.requester.manager.id, s.requester.member.id];
    const since = await lastId();
    await t.flush();
    t.sent.length = 0;
    const admins = t.caller(admin.adminActor).drivers.admin;
    const trip = await admins.createTrip(tripBody(s, { driver_id: driver.id }));

    const scheduled = await notesOf(users, since);
    expect(scheduled).toHaveLength(4);
    expect(scheduled[0]).toEqual({
      user_id: expect.any(Number),
      type: 'trips',
      code: 'notification.tripScheduled',
      params: { title: s.material.title, date: '2030-05-14', time: '09:30', driver: driver.name },
      link: `/synergies?exchange=${s.id}`,
    });
    await t.flush();
    const live = t.sent.filter((e) => e.event === 'newNotification');
    expect(new Set(live.flatMap((e) => e.user_ids))).toEqual(new Set(users));
    expect(live.every((e) => (e.data as { type: string }).type === 'trips')).toBe(true);

    const as = t.caller({ kind: 'driver', driver_id: driver.id } as Actor);
    await admins.updateTrip({ id: trip.id, start_time: '10:00' });
    await as.driver.setStatus({ id: trip.id, status: 'ON_ROUTE' });
    await as.driver.setStatus({ id: trip.id, status: 'ARRIVED' });
    await as.driver.startDelivery({ id: trip.id });
    await as.driver.setStatus({ id: trip.id, status: 'COMPLETED', actual_distance: 9, actual_duration: 0 });
    const codes = (await notesOf([s.requester.member.id], since)).map((n) => n.code);
    expect(codes).toEqual(['notification.tripScheduled', 'notification.tripChanged', 'notification.tripStarted', 'notification.tripDelivered']);

    const other = await admins.createTrip(tripBody(s, { driver_id: driver.id, start_time: '15:00' }));
    await admins.updateTrip({ id: other.id, status: 'CANCELLED' });
    expect((await notesOf([s.provider.manager.id], since)).map((n) => n.code).slice(-2)).toEqual([
      'notification.tripScheduled',
      'notification.tripCancelled',
    ]);
    // Read in each user's language (a Danish user's client renders the same code from its catalog).
    const message = { code: 'notification.tripScheduled' as const, params: scheduled[0]!.params };
    expect(renderMessage('dk', message)).not.toBe(renderMessage('en', message));
    expect(renderMessage('my', message)).not.toBe(renderMessage('en', message));
  });

  it('answers the synergy with its running trip (status, date, driver) while it runs, and none once it is completed', async () => {
    const s = await synergy();
    const driver = await newDriver();
    const admins = t.caller(admin.adminActor).drivers.admin;
    expect(await t.caller(s.requester.memberActor).exchanges.get({ id: s.id })).toMatchObject({ trip: null, open_trips: 0 });
    const trip = await admins.createTrip(tripBody(s, { driver_id: driver.id }));
    const next = await admins.createTrip(tripBody(s, { driver_id: driver.id, event_date: '2030-05-21' }));
    const running = await t.caller(s.provider.memberActor).exchanges.list({ page: 0, size: 50 });
    expect(running.items.find((x) => x.id === s.id)).toMatchObject({
      open_trips: 2,
      trip: {
        id: trip.id,
        status: 'ASSIGNED',
        phase: 'ASSIGNED',
        event_date: '2030-05-14',
        start_time: '09:30',
        driver: { id: driver.id, name: driver.name },
      },
    });
    const as = t.caller({ kind: 'driver', driver_id: driver.id } as Actor);
    await as.driver.setStatus({ id: trip.id, status: 'ON_ROUTE' });
    expect((await t.caller(s.requester.memberActor).exchanges.get({ id: s.id })).trip).toMatchObject({ id: trip.id, status: 'ON_ROUTE' });
    await as.driver.setStatus({ id: trip.id, status: 'ARRIVED' });
    await as.driver.startDelivery({ id: trip.id });
    await as.driver.setStatus({ id: trip.id, status: 'COMPLETED', actual_distance: 9, actual_duration: 0 });
    expect(await t.caller(s.requester.memberActor).exchanges.get({ id: s.id })).toMatchObject({ open_trips: 1, trip: { id: next.id } });
    await admins.updateTrip({ id: next.id, status: 'CANCELLED' });
    expect(await t.caller(s.requester.memberActor).exchanges.get({ id: s.id })).toMatchObject({ open_trips: 0, trip: null });
    const third = await createCompanyWithUsers(db());
    await expect(t.caller(third.memberActor).exchanges.get({ id: s.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe.skipIf(!onPostgres)('scheduling races (real Postgres)', () => {
  /** Administrator callers on a pool as large as a server's, so the calls really run side by side. */
  const asAdminSideBySide = <T>(body: (caller: ReturnType<WideCallers['as']>) => Promise<T>) =>
    withWideCallers(t, 20, 'schedule-race', (wide) => body(wide.as(admin.adminActor)));
  const outcome = (r: PromiseSettledResult<unknown>) =>
    r.status === 'fulfilled' ? 'ok' : ((r.reason as { cause?: { code?: string } }).cause?.code ?? (r.reason as Error).message);

  it('20 overlapping trips for one driver at once (starts within 10 minutes of each other, 15 minutes each): one is scheduled, 19 answer 409', async () => {
    const s = await synergy();
    const driver = await newDriver();
    await asAdminSideBySide(async (caller) => {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          caller.drivers.admin.createTrip(tripBody(s, { driver_id: driver.id, start_time: `09:${30 + (i % 10)}` })),
        ),
      );
      expect(results.map(outcome).sort()).toEqual(['ok', ...Array<string>(19).fill('CONFLICT')].sort());
      expect((await db().select({ n: count() }).from(trips).where(eq(trips.driver_id, driver.id)))[0]!.n).toBe(1);
    });
  }, 60_000);

  it('20 overlapping trips with one vehicle and 20 drivers at once: one is scheduled', async () => {
    const s = await synergy();
    const vehicle = await newVehicle();
    const ds = await Promise.all(Array.from({ length: 20 }, () => newDriver()));
    await asAdminSideBySide(async (caller) => {
      const results = await Promise.allSettled(
        ds.map((d) => caller.drivers.admin.createTrip(tripBody(s, { driver_id: d.id, vehicle_id: vehicle.id }))),
      );
      expect(results.filter((r) => outcome(r) === 'ok')).toHaveLength(1);
      expect((await db().select({ n: count() }).from(trips).where(eq(trips.vehicle_id, vehicle.id)))[0]!.n).toBe(1);
    });
  }, 60_000);

  it('two trips rescheduled onto one new slot at once: one moves, the other answers 409', async () => {
    const s = await synergy();
    const driver = await newDriver();
    await asAdminSideBySide(async (caller) => {
      const a = await caller.drivers.admin.createTrip(tripBody(s, { driver_id: driver.id, start_time: '08:00' }));
      const b = await caller.drivers.admin.createTrip(tripBody(s, { driver_id: driver.id, start_time: '12:00' }));
      for (let round = 0; round < 10; round++) {
        await caller.drivers.admin.updateTrip({ id: a.id, start_time: '08:00' });
        await caller.drivers.admin.updateTrip({ id: b.id, start_time: '12:00' });
        const results = await Promise.allSettled([
          caller.drivers.admin.updateTrip({ id: a.id, start_time: '15:00' }),
          caller.drivers.admin.updateTrip({ id: b.id, start_time: '15:00' }),
        ]);
        expect(results.map(outcome).sort()).toEqual(['CONFLICT', 'ok']);
        const rows = await db()
          .select({ start_time: trips.start_time })
          .from(trips)
          .where(inArray(trips.id, [a.id, b.id]));
        expect(rows.filter((r) => r.start_time === '15:00')).toHaveLength(1);
      }
    });
  }, 120_000);

  it('deleting a driver or a vehicle while a trip is scheduled for it, 24 rounds each: never an open trip on a deleted one', async () => {
    const s = await synergy();
    const tally: Record<string, number> = {};
    await asAdminSideBySide(async (caller) => {
      for (let round = 0; round < 24; round++) {
        const driver = await newDriver();
        const vehicle = await newVehicle();
        // The deletes set off 0 to 69 ms after the scheduling, so that rounds meet it at every step: before its
        // checks, between them and its insert, and after it committed.
        const later = <T>(ms: number, call: () => Promise<T>) =>
          new Promise<T>((resolve, reject) => setTimeout(() => call().then(resolve, reject), ms));
        const [created, deletedDriver, deletedVehicle] = await Promise.allSettled([
          caller.drivers.admin.createTrip(tripBody(s, { driver_id: driver.id, vehicle_id: vehicle.id })),
          later(round * 3, () => caller.drivers.admin.deleteDriver({ id: driver.id })),
          later(round * 3, () => caller.drivers.admin.deleteVehicle({ id: vehicle.id })),
        ]);
        const key = [created, deletedDriver, deletedVehicle].map(outcome).join('/');
        tally[key] = (tally[key] ?? 0) + 1;
        const [d] = await db().select({ active: drivers.is_active }).from(drivers).where(eq(drivers.id, driver.id));
        const [v] = await db().select({ active: vehicles.is_active }).from(vehicles).where(eq(vehicles.id, vehicle.id));
        const open = await db()
          .select({ id: trips.id })
          .from(trips)
          .where(and(eq(trips.driver_id, driver.id), inArray(trips.status, ['ASSIGNED', 'ON_ROUTE', 'ARRIVED'])));
        // Either the trip exists and both deletes were refused, or it was refused and nothing holds a deleted row.
        if (created.status === 'fulfilled') {
          expect(open).toHaveLength(1);
          expect([d!.active, v!.active, outcome(deletedDriver), outcome(deletedVehicle)]).toEqual([true, true, 'CONFLICT', 'CONFLICT']);
        } else {
          expect(open).toHaveLength(0);
          expect(d!.active && v!.active).toBe(false);
        }
      }
      console.log(`delete vs schedule, 24 rounds: ${JSON.stringify(tally)}`);
    });
  }, 180_000);
});
