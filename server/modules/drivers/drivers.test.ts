// Logistics end to end on the service and REST layers: administrators' drivers, vehicles
// and trips; the driver's steps in order and every wrong order refused with nothing written; the hazardous gate;
// documents (30 hostile uploads refused); who may read them; the synergy's transport; live events to admins.
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audit_log, drivers, third_level_subcategories, trip_documents, trips } from '../../../drizzle/schema';
import { straightLineEstimate } from '../../../shared/lib/geo';
import { HGV_FACTOR } from '../../../shared/lib/transport';
import type { Actor } from '../../lib/actor';
import { createCompanyWithUsers, createDriver, createListing, startSynergy } from '../../test/factories';
import { copenhagen, tripBody } from '../../test/bodies';
import { request, restAs, restWithAuth } from '../../test/rest-client';
import { useTestWorld } from '../../test/suite';

const { t, admin } = useTestWorld();
const db = () => t.database.db;
const tag = () => Math.random().toString(36).slice(2, 8);

/** Valby as a client may also send a place: lat and lng for latitude and longitude. */
const valby = { address: 'Gammel Køge Landevej 55', city: 'Valby', country: 'DK', lat: 55.657, lng: 12.505 };

/** A synergy in progress; `listing` may make its material hazardous. */
const synergy = (listing: Parameters<typeof createListing>[2] = {}) =>
  startSynergy(t, { listing: { title: 'Yeast slurry', ...listing }, provider: { contact_phone: '33 12 45 67', country_calling_code: '+45' } });

const driverActor = (id: number): Actor => ({ kind: 'driver', driver_id: id });
const driverRest = (driver: { id: number; token_version: number }) =>
  restWithAuth(t, `Bearer ${t.deps.tokens.signDriver({ sub: String(driver.id), tv: driver.token_version }, 3600)}`);

/** A synergy with a trip ASSIGNED to a new driver in a new vehicle. */
async function scheduled(o: { hazardous?: boolean; kgco2e_per_km?: number } = {}) {
  let third_level_subcategory_id: number | undefined;
  if (o.hazardous) {
    const [leaf] = await db()
      .select({ id: third_level_subcategories.id })
      .from(third_level_subcategories)
      .where(eq(third_level_subcategories.hazardous, true))
      .limit(1);
    third_level_subcategory_id = leaf!.id;
  }
  const s = await synergy(third_level_subcategory_id ? { third_level_subcategory_id, category: 'waste' } : {});
  const driver = await createDriver(db(), { email: `driver-${tag()}@fleet.example`, phone: `+45 ${String(Math.floor(1e7 + Math.random() * 8e7))}` });
  const vehicle = await t.caller(admin.adminActor).drivers.admin.createVehicle({
    vehicle_number: `V ${tag()}`,
    make: 'Volvo',
    model: 'FL',
    ...(o.kgco2e_per_km ? { kgco2e_per_km: o.kgco2e_per_km } : {}),
  });
  const trip = await t
    .caller(admin.adminActor)
    .drivers.admin.createTrip(tripBody(s, { driver_id: driver.id, vehicle_id: vehicle.id, dropoff_address: valby, notes: 'Forklift on site' }));
  return { ...s, driver, vehicle, trip, as: t.caller(driverActor(driver.id)) };
}

const stored = async (id: number) => (await db().select().from(trips).where(eq(trips.id, id)))[0]!;

describe('administrators: drivers and vehicles', () => {
  it('creates, lists, changes and removes a driver over REST; email unique, phone as SPEC §5', async () => {
    const api = restAs(t, admin.adminActor);
    const email = `Lars.${tag()}@Fleet.example`;
    const created = await api.post('/admin/drivers').send({ name: 'Lars Nielsen', email, phone: '+45 12-34 56 78' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Lars Nielsen', email: email.toLowerCase(), phone: '+45 12-34 56 78', status: 'AVAILABLE' });
    const id = created.body.id as number;
    const dup = await api.post('/admin/drivers').send({ name: 'Other', email: email.toUpperCase(), phone: '12345678' });
    expect(dup.status).toBe(400);
    expect(dup.body.error.fields).toEqual({ email: 'A driver with this email already exists.' });
    for (const phone of ['1234567', '1234567890123456', '12 34 ab 56']) {
      const bad = await api.post('/admin/drivers').send({ name: 'X', email: `x.${tag()}@fleet.example`, phone });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.phone).toBe('Invalid phone number (8-15 digits)');
    }
    const listed = await api.get('/admin/drivers').query({ q: 'Lars' });
    expect(listed.body.items.map((d: { id: number }) => d.id)).toContain(id);
    const changed = await api.put(`/admin/drivers/${id}`).send({ status: 'OFF_DUTY', phone: '+45 87 65 43 21' });
    expect(changed.body).toMatchObject({ status: 'OFF_DUTY', phone: '+45 87 65 43 21' });
    // The new phone logs in; the old one does not.
    expect((await t.caller().auth.driverLogin({ email, phone: '4587654321' })).driver.id).toBe(id);
    await expect(t.caller().auth.driverLogin({ email, phone: '+45 12 34 56 78' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await api.delete(`/admin/drivers/${id}`)).status).toBe(200);
    expect((await api.get(`/admin/drivers/${id}`)).status).toBe(404);
    await expect(t.caller().auth.driverLogin({ email, phone: '4587654321' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses to remove a driver with open trips', async () => {
    const { driver } = await scheduled();
    const res = await restAs(t, admin.adminActor).delete(`/admin/drivers/${driver.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This driver has trips that are not completed. Reassign or cancel them first.');
  });

  it('gives a new vehicle the DESNZ/Defra 2023 HGV factor by default and keeps numbers unique', async () => {
    const api = restAs(t, admin.adminActor);
    const number = `AB ${tag()}`;
    const created = await api.post('/admin/vehicles').send({ vehicle_number: number, make: 'Mercedes-Benz', model: 'Actros' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ vehicle_number: number, kgco2e_per_km: HGV_FACTOR.kgco2e });
    const dup = await api.post('/admin/vehicles').send({ vehicle_number: number, make: 'X', model: 'Y' });
    expect(dup.body.error.fields).toEqual({ vehicle_number: 'A vehicle with this number already exists.' });
    const changed = await api.put(`/admin/vehicles/${created.body.id}`).send({ kgco2e_per_km: 0.1 });
    expect(changed.body.kgco2e_per_km).toBe(0.1);
    expect((await api.delete(`/admin/vehicles/${created.body.id}`)).status).toBe(200);
    // The number is free again once the vehicle is gone.
    expect((await api.post('/admin/vehicles').send({ vehicle_number: number, make: 'X', model: 'Y' })).status).toBe(201);
  });
});

describe('administrators: scheduling', () => {
  it('POST admin/trips answers 201 with an ASSIGNED trip, the straight-line estimate and the SPEC trip shape', async () => {
    const s = await synergy();
    const driver = await createDriver(db(), { email: `d-${tag()}@fleet.example` });
    const res = await restAs(t, admin.adminActor)
      .post('/admin/trips')
      .send(tripBody(s, { driver_id: driver.id, dropoff_address: valby }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'ASSIGNED',
      exchange_id: s.id,
      estimate_is_straight_line: true,
      vehicle: null,
      calendar_event: {
        company: { id: s.provider.company.id, name: s.provider.company.name, phone: '+45 33 12 45 67' },
        contact_person: 'Mette Jensen',
        pickup_address: { address: 'Refshalevej 163A', city: 'København K', country: 'DK', latitude: 55.6925, lng: 12.6105 },
        dropoff_address: { address: 'Gammel Køge Landevej 55', latitude: 55.657, longitude: 12.505 },
        event_date: '2030-05-14',
        start_time: '09:30',
        materials: [{ id: s.material.id, title: 'Yeast slurry', hazardous: false }],
      },
      actions: ['edit', 'cancel'],
    });
    // haversine x 1.3 at 40 km/h, kept as km with one decimal and whole minutes.
    const guess = straightLineEstimate({ lat: 55.6925, lng: 12.6105 }, { lat: 55.657, lng: 12.505 });
    expect(guess.distance_km).toBeCloseTo(10.01, 2);
    expect(res.body.estimated_distance).toBe(Math.round(guess.distance_km * 10) / 10);
    expect(res.body.estimated_duration).toBe(Math.round(guess.duration_min));
    const cal = await restAs(t, admin.adminActor).get('/admin/trips').query({ from: '2030-05-11', to: '2030-05-17' });
    expect(cal.body.items.map((x: { id: number }) => x.id)).toContain(res.body.id);
  });

  it('refuses unknown drivers, vehicles, synergies and foreign materials as field errors, and an ended synergy with 409', async () => {
    const s = await synergy();
    const other = await createListing(db(), (await createCompanyWithUsers(db())).company.id);
    const driver = await createDriver(db(), { email: `d-${tag()}@fleet.example` });
    const base = tripBody(s, { driver_id: driver.id, contact_person: 'A', dropoff_address: valby });
    const api = restAs(t, admin.adminActor);
    const field = async (body: object) => (await api.post('/admin/trips').send(body)).body.error.fields;
    expect(await field({ ...base, driver_id: 1_999_999 })).toEqual({ driver_id: 'Unknown driver' });
    expect(await field({ ...base, vehicle_id: 1_999_999 })).toEqual({ vehicle_id: 'Unknown vehicle' });
    expect(await field({ ...base, exchange_id: 1_999_999 })).toEqual({ exchange_id: 'Unknown synergy' });
    expect(await field({ ...base, materials: [other.id] })).toEqual({ materials: 'This listing is not part of the synergy' });
    expect(await field({ ...base, start_time: '9.30' })).toEqual({ start_time: 'Enter a time as HH:MM (24-hour clock)' });
    expect(await field({ ...base, pickup_address: { ...copenhagen, latitude: 91 } })).toEqual({
      'pickup_address.latitude': 'Latitude must be between -90 and 90',
    });
    await t.caller(s.provider.managerActor).exchanges.end({ id: s.id, level_of_completion: 'COMPLETED', successful: true });
    const ended = await api.post('/admin/trips').send(base);
    expect(ended.status).toBe(409);
    expect(ended.body.error.message).toBe('This synergy has ended, so no pickup can be scheduled for it.');
  });

  it('reassigns and reschedules only while ASSIGNED, cancels until completed', async () => {
    const { trip, as, driver } = await scheduled();
    const other = await createDriver(db(), { email: `d-${tag()}@fleet.example` });
    const api = restAs(t, admin.adminActor);
    const moved = await api.put(`/admin/trips/${trip.id}`).send({ driver_id: other.id, event_date: '2030-06-01', start_time: '14:00' });
    expect(moved.body).toMatchObject({ driver: { id: other.id }, calendar_event: { event_date: '2030-06-01', start_time: '14:00' } });
    // The first driver no longer sees it.
    await expect(as.driver.trip({ id: trip.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await api.put(`/admin/trips/${trip.id}`).send({ driver_id: driver.id });
    await as.driver.setStatus({ id: trip.id, status: 'ON_ROUTE' });
    const late = await api.put(`/admin/trips/${trip.id}`).send({ start_time: '15:00' });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('A trip can be reassigned or rescheduled only before it starts. Cancel it instead.');
    const cancelled = await api.put(`/admin/trips/${trip.id}`).send({ status: 'CANCELLED' });
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', actions: [] });
    expect((await db().select({ status: drivers.status }).from(drivers).where(eq(drivers.id, driver.id)))[0]!.status).toBe('AVAILABLE');
    expect((await api.put(`/admin/trips/${trip.id}`).send({ status: 'CANCELLED' })).status).toBe(409);
    await expect(as.driver.setStatus({ id: trip.id, status: 'ARRIVED' })).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('the audit trail of administrators’ logistics changes', () => {
  it('records who created, changed, rescheduled and cancelled, with only the changed fields', async () => {
    const { trip, vehicle, driver } = await scheduled();
    const api = t.caller(admin.adminActor).drivers.admin;
    await api.updateDriver({ id: driver.id, status: 'OFF_DUTY' });
    await api.updateVehicle({ id: vehicle.id, model: 'FH' });
    await api.updateTrip({ id: trip.id, start_time: '11:15' });
    await api.updateTrip({ id: trip.id, status: 'CANCELLED' });
    const entries = async (entity: string, id: number) =>
      (
        await db()
          .select()
          .from(audit_log)
          .where(and(eq(audit_log.entity, entity), eq(audit_log.entity_id, id)))
      ).map((e) => ({
        action: e.action,
        before: e.before,
        after: e.after,
        actor: e.actor_user_id,
      }));
    expect(await entries('driver', driver.id)).toEqual([
      { action: 'driver.update', before: { status: 'AVAILABLE' }, after: { status: 'OFF_DUTY' }, actor: admin.admin.id },
    ]);
    expect((await entries('vehicle', vehicle.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['vehicle.create', null, expect.objectContaining({ make: 'Volvo', model: 'FL' })],
      ['vehicle.update', { model: 'FL' }, { model: 'FH' }],
    ]);
    expect((await entries('trip', trip.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['trip.create', null, expect.objectContaining({ status: 'ASSIGNED', start_time: '09:30' })],
      ['trip.update', { start_time: '09:30' }, { start_time: '11:15' }],
      ['trip.cancel', { status: 'ASSIGNED' }, { status: 'CANCELLED' }],
    ]);
  });

  it('writes no entry when the change is refused', async () => {
    const { trip, as } = await scheduled();
    await as.driver.setStatus({ id: trip.id, status: 'ON_ROUTE' });
    await expect(t.caller(admin.adminActor).drivers.admin.updateTrip({ id: trip.id, start_time: '12:00' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const rows = await db()
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'trip'), eq(audit_log.entity_id, trip.id)));
    expect(rows.map((r) => r.action)).toEqual(['trip.create']);
  });
});

describe('the driver: one step at a time', () => {
  it('goes ASSIGNED → ON_ROUTE → ARRIVED → delivery → COMPLETED over REST and records km, minutes and CO2e on the synergy', async () => {
    const s = await scheduled({ kgco2e_per_km: 0.5 });
    const api = driverRest(s.driver);
    const list = await api.get('/api/driver/trips');
    expect(list.body.items.map((x: { id: number }) => x.id)).toEqual([s.trip.id]);
    expect((await api.put(`/api/driver/trips/${s.trip.id}/status`).send({ status: 'ON_ROUTE' })).body).toMatchObject({
      status: 'ON_ROUTE',
      actions: ['arrive'],
    });
    expect((await db().select({ status: drivers.status }).from(drivers).where(eq(drivers.id, s.driver.id)))[0]!.status).toBe('BUSY');
    expect((await api.put('/api/driver/location').send({ lat: 55.6925, lng: 12.6105 })).status).toBe(200);
    expect((await api.put(`/api/driver/trips/${s.trip.id}/status`).send({ status: 'ARRIVED' })).body).toMatchObject({
      status: 'ARRIVED',
      phase: 'ARRIVED',
    });
    const started = await api.post(`/api/driver/trips/${s.trip.id}/start-delivery`).send({ estimated_distance: 9.87, estimated_duration: 21.4 });
    expect(started.body).toMatchObject({
      status: 'ARRIVED',
      phase: 'DELIVERING',
      delivery_in_progress: true,
      estimated_distance: 9.9,
      estimated_duration: 21,
      start_location: { lat: 55.6925, lng: 12.6105 },
      actions: ['complete'],
    });
    await api.put('/api/driver/location').send({ lat: 55.657, lng: 12.505 });
    const done = await api.put(`/api/driver/trips/${s.trip.id}/status`).send({ status: 'COMPLETED', actual_duration: 0, actual_distance: 2.04 });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'COMPLETED',
      actual_distance: 2,
      actual_duration: 0,
      transport_co2e_kg: 1,
      end_location: { lat: 55.657, lng: 12.505 },
    });
    expect((await db().select({ status: drivers.status }).from(drivers).where(eq(drivers.id, s.driver.id)))[0]!.status).toBe('AVAILABLE');
    // Done trips leave the tabs but stay readable.
    expect((await api.get('/api/driver/trips')).body.items).toEqual([]);
    expect((await api.get('/api/driver/trips').query({ scope: 'all' })).body.items[0]).toMatchObject({ id: s.trip.id, status: 'COMPLETED' });
    const synergyView = await restAs(t, s.requester.memberActor).get(`/api/exchanges/${s.id}`);
    expect(synergyView.body.transport).toEqual({ trips: 1, actual_distance_km: 2, actual_duration_min: 0, co2e_kg: 1 });
    const listed = await t.caller(s.provider.memberActor).exchanges.list({ page: 0, size: 50 });
    expect(listed.items.find((x) => x.id === s.id)?.transport).toEqual({ trips: 1, actual_distance_km: 2, actual_duration_min: 0, co2e_kg: 1 });
  });

  it('refuses every wrong order with 409 and a message, writing nothing', async () => {
    const s = await scheduled();
    const api = driverRest(s.driver);
    const tryStatus = async (status: string, body: object = {}) => api.put(`/api/driver/trips/${s.trip.id}/status`).send({ status, ...body });
    const unchanged = async () => {
      const row = await stored(s.trip.id);
      return { status: row.status, delivery_started_at: row.delivery_started_at, completed_at: row.completed_at, updated_at: row.updated_at };
    };
    let before = await unchanged();
    for (const [status, message] of [
      [
        'ARRIVED',
        'This trip is ASSIGNED, so it cannot change to ARRIVED. A trip goes ASSIGNED, ON_ROUTE, ARRIVED, delivery, COMPLETED, one step at a time.',
      ],
      [
        'COMPLETED',
        'This trip is ASSIGNED, so it cannot change to COMPLETED. A trip goes ASSIGNED, ON_ROUTE, ARRIVED, delivery, COMPLETED, one step at a time.',
      ],
      [
        'ASSIGNED',
        'This trip is ASSIGNED, so it cannot change to ASSIGNED. A trip goes ASSIGNED, ON_ROUTE, ARRIVED, delivery, COMPLETED, one step at a time.',
      ],
      ['CANCELLED', 'Only an administrator can cancel a trip.'],
    ] as const) {
      const res = await tryStatus(status);
      expect(res.status, status).toBe(409);
      expect(res.body.error.message).toBe(message);
    }
    const early = await api.post(`/api/driver/trips/${s.trip.id}/start-delivery`).send({});
    expect(early.status).toBe(409);
    expect(await unchanged()).toEqual(before);

    await tryStatus('ON_ROUTE');
    before = await unchanged();
    expect((await tryStatus('ON_ROUTE')).status).toBe(409);
    expect((await tryStatus('COMPLETED')).status).toBe(409);
    expect((await api.post(`/api/driver/trips/${s.trip.id}/start-delivery`).send({})).status).toBe(409);
    expect(await unchanged()).toEqual(before);

    await tryStatus('ARRIVED');
    before = await unchanged();
    const notStarted = await tryStatus('COMPLETED', { actual_distance: 1, actual_duration: 1 });
    expect(notStarted.body.error.message).toBe('Begin the delivery before completing it.');
    expect(await unchanged()).toEqual(before);

    await api.post(`/api/driver/trips/${s.trip.id}/start-delivery`).send({});
    before = await unchanged();
    const again = await api.post(`/api/driver/trips/${s.trip.id}/start-delivery`).send({});
    expect(again.body.error.message).toBe('The delivery of this trip has already started.');
    // The app's timer cannot claim more time than has passed since Begin Delivery.
    const tooLong = await tryStatus('COMPLETED', { actual_distance: 1, actual_duration: 90 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields.actual_duration).toBe('The delivery has lasted 0 minutes so far');
    expect(await unchanged()).toEqual(before);

    await tryStatus('COMPLETED', { actual_distance: 1.26, actual_duration: 1 });
    before = await unchanged();
    for (const status of ['ON_ROUTE', 'ARRIVED', 'COMPLETED', 'CANCELLED']) {
      const res = await tryStatus(status);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('This trip is COMPLETED and can no longer be changed.');
    }
    expect(await unchanged()).toEqual(before);
    expect((await stored(s.trip.id)).actual_distance).toBe(1.3);
  });

  it('lets a driver have one trip on the way at a time', async () => {
    const a = await scheduled();
    const b = await scheduled();
    // Later the same day: the same slot would clash (scheduling.test.ts).
    await t.caller(admin.adminActor).drivers.admin.updateTrip({ id: b.trip.id, driver_id: a.driver.id, start_time: '14:00' });
    await a.as.driver.setStatus({ id: a.trip.id, status: 'ON_ROUTE' });
    await expect(a.as.driver.setStatus({ id: b.trip.id, status: 'ON_ROUTE' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This driver already has a trip on the way. Complete it first.',
    });
    expect((await stored(b.trip.id)).status).toBe('ASSIGNED');
  });
});

describe('the hazardous waste gate', () => {
  it('keeps a trip with a hazardous (*) EWC entry from starting until a waste transfer note is attached', async () => {
    const s = await scheduled({ hazardous: true });
    const view = await s.as.driver.trip({ id: s.trip.id });
    expect(view).toMatchObject({ hazardous: true, has_waste_transfer_note: false, calendar_event: { materials: [{ hazardous: true }] } });
    const refused = await driverRest(s.driver).put(`/api/driver/trips/${s.trip.id}/status`).send({ status: 'ON_ROUTE' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This trip carries hazardous waste. Attach the waste transfer note before starting the trip.');
    expect((await stored(s.trip.id)).status).toBe('ASSIGNED');
    // A photo is not the note.
    await s.as.driver.uploadDocuments({ id: s.trip.id, documents: [{ name: 'load.png', body: dataUrl(PNG, 'image/png') }] });
    await expect(s.as.driver.setStatus({ id: s.trip.id, status: 'ON_ROUTE' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await s.as.driver.uploadDocuments({
      id: s.trip.id,
      documents: [{ name: 'wtn.pdf', body: dataUrl(PDF, 'application/pdf'), kind: 'waste_transfer_note' }],
    });
    await expect(s.as.driver.setStatus({ id: s.trip.id, status: 'ON_ROUTE' })).resolves.toMatchObject({
      status: 'ON_ROUTE',
      has_waste_transfer_note: true,
    });
  });

  it('lets a trip without hazardous entries start with no note', async () => {
    const s = await scheduled();
    expect((await s.as.driver.trip({ id: s.trip.id })).hazardous).toBe(false);
    await expect(s.as.driver.setStatus({ id: s.trip.id, status: 'ON_ROUTE' })).resolves.toMatchObject({ status: 'ON_ROUTE' });
  });
});

// ---- documents ----

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const dataUrl = (body: Buffer | string, mime = 'application/octet-stream') => `data:${mime};base64,${Buffer.from(body).toString('base64')}`;
const bytes = (...b: number[]) => Buffer.from(b);
const pad = (head: Buffer | string, n = 256) => Buffer.concat([Buffer.from(head), Buffer.alloc(n)]);

/** Thirty uploads a driver app must never get stored: wrong content under any name, too large, not a file at all. */
const HOSTILE: { name: string; body: string; status: number }[] = [
  { name: 'invoice.pdf', body: dataUrl(pad('MZ'), 'application/pdf'), status: 415 },
  { name: 'run.exe', body: dataUrl(pad('MZ')), status: 415 },
  { name: 'tool', body: dataUrl(pad(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0))), status: 415 },
  { name: 'photo.png', body: dataUrl('<!doctype html><script>alert(document.cookie)</script>', 'image/png'), status: 415 },
  { name: 'logo.svg', body: dataUrl('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'), status: 415 },
  { name: 'note.xml', body: dataUrl('<?xml version="1.0"?><x><![CDATA[<script>alert(1)</script>]]></x>', 'application/xml'), status: 415 },
  { name: 'app.js', body: dataUrl('fetch("/api/auth/me").then(r => r.text()).then(alert)', 'text/javascript'), status: 415 },
  { name: 'shell.php', body: dataUrl('<?php system($_GET["c"]); ?>', 'application/x-php'), status: 415 },
  { name: 'x.sh', body: dataUrl('#!/bin/sh\nrm -rf /\n', 'text/x-sh'), status: 415 },
  { name: 'notes.txt', body: dataUrl('plain text pretending to be a document', 'text/plain'), status: 415 },
  { name: 'archive.docx', body: dataUrl(pad(bytes(0x50, 0x4b, 5, 6), 18)), status: 415 },
  { name: 'backup.gz', body: dataUrl(pad(bytes(0x1f, 0x8b, 8, 0))), status: 415 },
  { name: 'files.rar', body: dataUrl(pad(bytes(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00))), status: 415 },
  { name: 'files.7z', body: dataUrl(pad(bytes(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4))), status: 415 },
  {
    name: 'image.webp',
    body: dataUrl(pad(Buffer.concat([Buffer.from('RIFF'), bytes(0x24, 0, 0, 0), Buffer.from('WEBPVP8 ')])), 'image/webp'),
    status: 415,
  },
  { name: 'scan.bmp', body: dataUrl(pad(bytes(0x42, 0x4d, 0x3a, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0, 0))), status: 415 },
  { name: 'scan.tiff', body: dataUrl(pad(bytes(0x49, 0x49, 0x2a, 0, 8, 0, 0, 0))), status: 415 },
  { name: 'favicon.ico', body: dataUrl(pad(bytes(0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0x68, 4, 0, 0, 0x16, 0, 0, 0))), status: 415 },
  { name: 'voice.wav', body: dataUrl(pad(Buffer.concat([Buffer.from('RIFF'), bytes(0x24, 0, 0, 0), Buffer.from('WAVEfmt ')]))), status: 415 },
  { name: 'clip.mp4', body: dataUrl(pad(Buffer.concat([bytes(0, 0, 0, 0x18), Buffer.from('ftypisom')]))), status: 415 },
  { name: 'db.sqlite', body: dataUrl(pad('SQLite format 3\x00')), status: 415 },
  { name: 'slides.ppt', body: dataUrl(pad(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 600)), status: 415 },
  { name: 'Main.class', body: dataUrl(pad(bytes(0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 0x34))), status: 415 },
  { name: 'mod.wasm', body: dataUrl(pad(bytes(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0))), status: 415 },
  { name: 'bin', body: dataUrl(pad(bytes(0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1))), status: 415 },
  { name: 'letter.rtf', body: dataUrl('{\\rtf1\\ansi hello}', 'application/rtf'), status: 415 },
  { name: 'huge.pdf', body: dataUrl(Buffer.concat([PDF, Buffer.alloc(11_534_336 + 1 - PDF.length)]), 'application/pdf'), status: 400 },
  { name: 'empty.pdf', body: 'data:application/pdf;base64,', status: 400 },
  { name: 'not-a-data-url.pdf', body: 'https://attacker.example/evil.pdf', status: 400 },
  { name: 'broken.pdf', body: 'data:application/pdf;base64,JVBERi0x@@@@', status: 400 },
];

describe('trip documents', () => {
  it('stores real PDF, Word, Excel and image documents from ASSIGNED on, lists them newest first with their count', async () => {
    const s = await scheduled();
    const api = driverRest(s.driver);
    const up = await api.post(`/api/driver/trips/${s.trip.id}/documents`).send({
      documents: [
        { name: '../../etc/delivery note.pdf', body: dataUrl(PDF, 'application/pdf') },
        { name: 'photo.jpg', body: dataUrl(PNG, 'image/jpeg') },
      ],
    });
    expect(up.status).toBe(201);
    expect(up.body.count).toBe(2);
    const list = await api.get(`/api/driver/trips/${s.trip.id}/documents`);
    expect(list.body.count).toBe(2);
    for (const d of list.body.items) {
      expect(d.url).toMatch(/^\/files\/trips\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(pdf|png)$/);
      expect(d.name).not.toContain('/');
      expect(d.created_at).toBeTruthy();
    }
    // The sniffed type wins over the claimed one: the "jpg" is stored as the PNG it is.
    expect(list.body.items.map((d: { mime_type: string }) => d.mime_type).sort()).toEqual(['application/pdf', 'image/png']);
  });

  it('refuses 30 hostile uploads, each with the right status and message, storing nothing', async () => {
    expect(HOSTILE).toHaveLength(30);
    const s = await scheduled();
    const api = driverRest(s.driver);
    const dir = path.join(t.env.dataDir, 'uploads', 'trips');
    const filesOnDisk = () => (existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')).length : 0);
    const before = filesOnDisk();
    for (const h of HOSTILE) {
      const res = await api.post(`/api/driver/trips/${s.trip.id}/documents`).send({ documents: [{ name: h.name, body: h.body }] });
      expect(res.status, h.name).toBe(h.status);
      const field = res.body.error.fields?.['documents.0.body'];
      if (h.status === 415) expect(field, h.name).toBe('Unsupported file type. Use JPEG, PNG, GIF, PDF, Word or Excel files.');
      else if (h.name === 'huge.pdf') expect(field).toBe('File exceeds the 11MB limit');
      else expect(field, h.name).toBe('The file could not be read');
    }
    // One good file beside a bad one: the whole request is refused and the good one is not kept either.
    const mixed = await api.post(`/api/driver/trips/${s.trip.id}/documents`).send({
      documents: [
        { name: 'ok.pdf', body: dataUrl(PDF, 'application/pdf') },
        { name: 'bad.pdf', body: dataUrl(pad('MZ'), 'application/pdf') },
      ],
    });
    expect(mixed.status).toBe(415);
    expect(mixed.body.error.fields).toEqual({ 'documents.1.body': 'Unsupported file type. Use JPEG, PNG, GIF, PDF, Word or Excel files.' });
    const [{ n }] = (await db().select({ n: count() }).from(trip_documents).where(eq(trip_documents.trip_id, s.trip.id))) as [{ n: number }];
    expect(Number(n)).toBe(0);
    expect(filesOnDisk()).toBe(before);
  });

  it('serves a document to its driver, the administrators and the synergy’s two companies only (404 for the rest)', async () => {
    const s = await scheduled();
    const other = await scheduled();
    const { items } = await s.as.driver.uploadDocuments({ id: s.trip.id, documents: [{ name: 'cmr.pdf', body: dataUrl(PDF, 'application/pdf') }] });
    const url = items[0]!.url!;
    const third = await createCompanyWithUsers(db());
    expect((await driverRest(s.driver).get(url)).status).toBe(200);
    expect((await restAs(t, admin.adminActor).get(url)).status).toBe(200);
    expect((await restAs(t, s.provider.memberActor).get(url)).status).toBe(200);
    expect((await restAs(t, s.requester.managerActor).get(url)).status).toBe(200);
    expect((await driverRest(other.driver).get(url)).status).toBe(404);
    expect((await restAs(t, third.memberActor).get(url)).status).toBe(404);
    expect((await request(t.app()).get(url)).status).toBe(404);
    // Companies see the synergy's trips and documents through their own procedure.
    const seen = await t.caller(s.requester.memberActor).drivers.exchangeTrips({ exchange_id: s.id });
    expect(seen.items[0]).toMatchObject({ id: s.trip.id, actions: [], documents: [{ name: 'cmr.pdf' }] });
    await expect(t.caller(third.memberActor).drivers.exchangeTrips({ exchange_id: s.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('driver A and driver B', () => {
  it('answers B on A’s trip exactly as on a missing one, on every driver path, and changes nothing', async () => {
    const a = await scheduled();
    const b = await scheduled();
    const api = driverRest(b.driver);
    const paths = (id: number | string) => [
      () => api.get(`/api/driver/trips/${id}`),
      () => api.put(`/api/driver/trips/${id}/status`).send({ status: 'ON_ROUTE' }),
      () => api.post(`/api/driver/trips/${id}/start-delivery`).send({}),
      () => api.get(`/api/driver/trips/${id}/documents`),
      () => api.post(`/api/driver/trips/${id}/documents`).send({ documents: [{ name: 'x.pdf', body: dataUrl(PDF, 'application/pdf') }] }),
    ];
    const theirs = paths(a.trip.id);
    const missing = paths(1_999_999_999);
    for (let i = 0; i < theirs.length; i++) {
      const [x, y] = [await theirs[i]!(), await missing[i]!()];
      expect(x.status).toBe(404);
      const { request_id: _a, ...theirError } = x.body.error;
      const { request_id: _b, ...missingError } = y.body.error;
      expect(theirError).toEqual(missingError);
    }
    expect((await api.get('/api/driver/trips')).body.items.map((x: { id: number }) => x.id)).toEqual([b.trip.id]);
    expect((await stored(a.trip.id)).status).toBe('ASSIGNED');
    const [{ n }] = (await db().select({ n: count() }).from(trip_documents).where(eq(trip_documents.trip_id, a.trip.id))) as [{ n: number }];
    expect(Number(n)).toBe(0);
  });
});

describe('live positions', () => {
  it('pushes a driver’s position and its trip’s steps to administrators only', async () => {
    const s = await scheduled();
    // The scheduling's own pushes go first, so only what follows is looked at.
    await t.flush();
    const before = t.sent.length;
    await s.as.driver.setStatus({ id: s.trip.id, status: 'ON_ROUTE' });
    await s.as.driver.updateLocation({ lat: 55.68, lng: 12.59 });
    await t.flush();
    const pushed = t.sent.slice(before);
    const location = pushed.find((e) => e.event === 'driverLocation');
    expect(location).toMatchObject({ user_ids: [admin.admin.id], data: { driver_id: s.driver.id, trip_id: s.trip.id, lat: 55.68, lng: 12.59 } });
    expect(pushed.find((e) => e.event === 'tripChanged')).toMatchObject({ data: { trip_id: s.trip.id, status: 'ON_ROUTE', phase: 'ON_ROUTE' } });
    const companyUsers = [s.provider.member.id, s.provider.manager.id, s.requester.member.id, s.requester.manager.id];
    expect(
      pushed
        .filter((e) => e.event === 'driverLocation' || e.event === 'tripChanged')
        .flatMap((e) => e.user_ids)
        .some((id) => companyUsers.includes(id)),
    ).toBe(false);
    const live = await t.caller(admin.adminActor).drivers.admin.livePositions();
    expect(live.items.find((x) => x.driver_id === s.driver.id)).toMatchObject({ lat: 55.68, lng: 12.59, trip_id: s.trip.id, trip_phase: 'ON_ROUTE' });
  });
});

describe('completing away from the drop-off', () => {
  /** A trip with its delivery begun (pickup Refshalevej, drop-off Valby, 7.7 km apart). */
  async function delivering() {
    const s = await scheduled();
    await s.as.driver.setStatus({ id: s.trip.id, status: 'ON_ROUTE' });
    await s.as.driver.setStatus({ id: s.trip.id, status: 'ARRIVED' });
    await s.as.driver.startDelivery({ id: s.trip.id });
    return s;
  }

  it('asks the driver to confirm more than 1 km away, writes nothing until then, and records the yes for the administrator', async () => {
    const s = await delivering();
    await s.as.driver.updateLocation({ lat: copenhagen.latitude, lng: copenhagen.longitude });
    const api = driverRest(s.driver);
    const refused = await api.put(`/api/driver/trips/${s.trip.id}/status`).send({ status: 'COMPLETED', actual_distance: 0.2 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('You are 7.7 km from the drop-off. Complete the delivery here anyway?');
    expect(await stored(s.trip.id)).toMatchObject({
      status: 'ARRIVED',
      completed_at: null,
      completed_far_confirmed: false,
      completed_km_from_dropoff: null,
    });

    const done = await api
      .put(`/api/driver/trips/${s.trip.id}/status`)
      .send({ status: 'COMPLETED', actual_distance: 0.2, confirm_far_from_dropoff: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'COMPLETED',
      completed_far_confirmed: true,
      end_location: { lat: copenhagen.latitude, lng: copenhagen.longitude },
    });
    expect(done.body.completed_km_from_dropoff).toBeCloseTo(7.7, 1);
    const seen = await t.caller(admin.adminActor).drivers.admin.trip({ id: s.trip.id });
    expect(seen).toMatchObject({ completed_far_confirmed: true });
    expect(seen.completed_km_from_dropoff).toBeCloseTo(7.7, 1);
  });

  it('takes the phone’s fix sent with Complete Delivery over the last position it reported', async () => {
    const s = await delivering();
    await s.as.driver.updateLocation({ lat: copenhagen.latitude, lng: copenhagen.longitude });
    // 300 m north of the drop-off: near enough, no question.
    const done = await s.as.driver.setStatus({ id: s.trip.id, status: 'COMPLETED', position: { lat: valby.lat + 0.0027, lng: valby.lng } });
    expect(done).toMatchObject({ status: 'COMPLETED', completed_far_confirmed: false, end_location: { lat: valby.lat + 0.0027, lng: valby.lng } });
    expect(done.completed_km_from_dropoff).toBeCloseTo(0.3, 2);
  });

  it('completes without a question when no position is known, and says so', async () => {
    const s = await delivering();
    const done = await s.as.driver.setStatus({ id: s.trip.id, status: 'COMPLETED', confirm_far_from_dropoff: true });
    expect(done).toMatchObject({ status: 'COMPLETED', completed_km_from_dropoff: null, completed_far_confirmed: false, end_location: null });
  });
});

describe('the synergy’s companies and the driver’s position', () => {
  it('see the driver’s last position only while the trip is on the way', async () => {
    const s = await scheduled();
    const trips = async () => (await t.caller(s.requester.memberActor).drivers.exchangeTrips({ exchange_id: s.id })).items[0]!;
    await s.as.driver.updateLocation({ lat: 55.68, lng: 12.59 });
    expect((await trips()).driver_position).toBeNull();
    await s.as.driver.setStatus({ id: s.trip.id, status: 'ON_ROUTE' });
    await s.as.driver.updateLocation({ lat: 55.681, lng: 12.591 });
    expect((await trips()).driver_position).toMatchObject({ lat: 55.681, lng: 12.591 });
    expect((await t.caller(s.provider.managerActor).drivers.exchangeTrips({ exchange_id: s.id })).items[0]!.driver_position).toMatchObject({
      lat: 55.681,
    });
    await s.as.driver.setStatus({ id: s.trip.id, status: 'ARRIVED' });
    await s.as.driver.startDelivery({ id: s.trip.id });
    await s.as.driver.setStatus({ id: s.trip.id, status: 'COMPLETED', position: { lat: valby.lat, lng: valby.lng } });
    expect((await trips()).driver_position).toBeNull();
  });
});
