// Demo logistics: the demo driver (driver@example.com, phone +45 12 34 56 78) with trips in every
// status, a second driver so the map shows two trucks on the way, three diesel HGVs, and the figures a completed
// trip leaves on its synergy (km, minutes, transport CO2e). A driver has one trip on the way at a time, so the
// demo driver's trip is ON_ROUTE and the second driver's is ARRIVED (docs/decisions/0111). The running synergy's
// company has the `trips` notifications its pickups gave (docs/decisions/0178).
import { eq, sql } from 'drizzle-orm';
import { drivers, notifications, trip_materials, trips, vehicles } from '../../drizzle/schema';
import type { TripStatus } from '../../shared/constants/enums';
import { straightLineEstimate } from '../../shared/lib/geo';
import { isoDate } from '../../shared/lib/subscription';
import { DEFAULT_KGCO2E_PER_KM, roundKm, transportCo2eKg, wholeMinutes } from '../../shared/lib/transport';
import { normalizeDriverPhone } from '../../shared/schemas/auth';
import type { Tx } from '../db/client';
import { DAY_MS, daysFrom } from './common';
const hhmm = (d: Date) => d.toISOString().slice(11, 16);

export interface DemoPlace {
  address: string;
  city: string;
  country: string;
  latitude: number;
  longitude: number;
}

/** One synergy a trip serves: its id, the listing carried, where it is picked up and dropped off, and the contact. */
export interface DemoTripSynergy {
  exchangeId: number;
  listingId: number;
  pickup: DemoPlace;
  dropoff: DemoPlace;
  /** The providing company: the pickup is at its site. */
  companyId: number;
  companyName: string;
  contactPerson: string;
  contactPhone: string;
}

export interface DemoTripsInput {
  /** The synergy in progress (weekly yeast collection): open trips. */
  running: DemoTripSynergy;
  /** A completed synergy: the demo driver's completed trip and its transport figures. */
  completed: DemoTripSynergy & { completedDaysAgo: number };
  /** Users of the running synergy's company who got its trips' notifications, and the item they name. */
  notify: { user_ids: number[]; title: string };
  adminId: number;
  now: Date;
}

const DEMO_DRIVERS = [
  { name: 'Lars Nielsen', email: 'driver@example.com', phone: '+45 12 34 56 78' },
  { name: 'Amira Haddad', email: 'amira.haddad@example.com', phone: '+45 23 45 67 89' },
] as const;

/** Diesel rigid and articulated HGVs: the DESNZ/Defra average-laden HGV factor fits them (shared/lib/transport.ts). */
const DEMO_VEHICLES = [
  { vehicle_number: 'DK 92 771', make: 'Volvo', model: 'FL 250 rigid', capacity_kg: 6000 },
  { vehicle_number: 'CX 48 213', make: 'Scania', model: 'P 280 rigid', capacity_kg: 9000 },
  { vehicle_number: 'AB 31 905', make: 'DAF', model: 'XF 480 articulated', capacity_kg: 24000 },
] as const;

/** The two demo drivers and three trucks; answers their ids. */
async function seedFleet(tx: Tx): Promise<{ lars: number; amira: number; volvo: number; scania: number; daf: number }> {
  const driverIds: number[] = [];
  for (const d of DEMO_DRIVERS) {
    await tx
      .insert(drivers)
      .values({ ...d, phone_digits: normalizeDriverPhone(d.phone), status: 'AVAILABLE' })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: drivers.id })
      .from(drivers)
      .where(sql`lower(${drivers.email}) = ${d.email}`);
    driverIds.push(row!.id);
  }
  const [lars, amira] = driverIds as [number, number];
  await tx
    .insert(vehicles)
    .values(DEMO_VEHICLES.map((v) => ({ ...v, kgco2e_per_km: DEFAULT_KGCO2E_PER_KM })))
    .onConflictDoNothing();
  const vehicleId = async (n: string) => (await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.vehicle_number, n)))[0]!.id;
  const [volvo, scania, daf] = [await vehicleId('DK 92 771'), await vehicleId('CX 48 213'), await vehicleId('AB 31 905')];
  return { lars, amira, volvo, scania, daf };
}

interface DemoTrip {
  driver: number;
  vehicle: number;
  status: TripStatus;
  when: Date;
  notes: string;
  delivery_started_at?: Date;
  completed?: { at: Date; speedKmh: number };
  cancelled_at?: Date;
}

/** One trip of a synergy with the figures it leaves; answers its id and booked slot. */
async function insertTrip(tx: Tx, o: DemoTripsInput, s: DemoTripSynergy, t: DemoTrip): Promise<{ id: number; date: string; time: string }> {
  // No routing service at seed time: the straight-line estimate PRODUCT.md prescribes, flagged as such.
  const estimate = straightLineEstimate({ lat: s.pickup.latitude, lng: s.pickup.longitude }, { lat: s.dropoff.latitude, lng: s.dropoff.longitude });
  const actual_distance = t.completed ? roundKm(estimate.distance_km * 1.04) : null;
  const actual_duration = t.completed && actual_distance !== null ? wholeMinutes((actual_distance / t.completed.speedKmh) * 60) : null;
  const [row] = await tx
    .insert(trips)
    .values({
      exchange_id: s.exchangeId,
      driver_id: t.driver,
      vehicle_id: t.vehicle,
      status: t.status,
      company_id: s.companyId,
      contact_person: s.contactPerson,
      contact_phone: s.contactPhone,
      pickup_address: s.pickup.address,
      pickup_city: s.pickup.city,
      pickup_country: s.pickup.country,
      pickup_lat: s.pickup.latitude,
      pickup_lng: s.pickup.longitude,
      dropoff_address: s.dropoff.address,
      dropoff_city: s.dropoff.city,
      dropoff_country: s.dropoff.country,
      dropoff_lat: s.dropoff.latitude,
      dropoff_lng: s.dropoff.longitude,
      event_date: isoDate(t.when),
      start_time: hhmm(t.when),
      notes: t.notes,
      estimated_distance: roundKm(estimate.distance_km),
      estimated_duration: wholeMinutes(estimate.duration_min),
      estimate_is_straight_line: true,
      delivery_started_at: t.delivery_started_at ?? null,
      start_lat: t.delivery_started_at ? s.pickup.latitude : null,
      start_lng: t.delivery_started_at ? s.pickup.longitude : null,
      end_lat: t.completed ? s.dropoff.latitude : null,
      end_lng: t.completed ? s.dropoff.longitude : null,
      completed_at: t.completed?.at ?? null,
      cancelled_at: t.cancelled_at ?? null,
      actual_distance,
      actual_duration,
      kgco2e_per_km: t.completed ? DEFAULT_KGCO2E_PER_KM : null,
      transport_co2e_kg: actual_distance !== null ? transportCo2eKg(actual_distance, DEFAULT_KGCO2E_PER_KM) : null,
      created_by_user_id: o.adminId,
      created_at: daysFrom(o.now, -10),
    })
    .returning({ id: trips.id });
  await tx.insert(trip_materials).values({ trip_id: row!.id, material_id: s.listingId });
  return { id: row!.id, date: isoDate(t.when), time: hhmm(t.when) };
}

/** The `trips` notification a step of the running synergy's trip gave its company's users. */
function told(
  o: DemoTripsInput,
  code: 'notification.tripScheduled' | 'notification.tripStarted' | 'notification.tripCancelled',
  slot: { date: string; time: string },
  driver: string,
  created_at: Date,
  seen: boolean,
) {
  return o.notify.user_ids.map((user_id) => ({
    user_id,
    type: 'trips' as const,
    code,
    params: { title: o.notify.title, date: slot.date, time: slot.time, driver },
    link: `/synergies?exchange=${o.running.exchangeId}`,
    seen,
    created_at,
  }));
}

export async function seedDemoTrips(tx: Tx, o: DemoTripsInput): Promise<void> {
  const { lars, amira, volvo, scania, daf } = await seedFleet(tx);
  const at = (days: number, minutes = 0) => new Date(o.now.getTime() + days * DAY_MS + minutes * 60_000);
  // Trips not under way now are booked in working hours (UTC), as a dispatcher would book them.
  const bookedAt = (days: number, time: string) => new Date(`${isoDate(at(days))}T${time}:00Z`);
  const run = o.running;
  // The demo driver: on the way to the Valby pickup now, two more collections ahead, one done, one cancelled.
  const onRoute = await insertTrip(tx, o, run, {
    driver: lars,
    vehicle: volvo,
    status: 'ON_ROUTE',
    when: at(0, -25),
    notes: 'Two 1000 l IBC totes of yeast slurry. Forklift on site; keep chilled; call on arrival.',
  });
  const next = await insertTrip(tx, o, run, {
    driver: lars,
    vehicle: volvo,
    status: 'ASSIGNED',
    when: bookedAt(2, '09:30'),
    notes: `Weekly collection from ${run.companyName}: two IBC totes. Gate code at reception.`,
  });
  await insertTrip(tx, o, run, {
    driver: lars,
    vehicle: scania,
    status: 'ASSIGNED',
    when: bookedAt(9, '09:30'),
    notes: 'Weekly collection: three IBC totes this time.',
  });
  const cancelled = await insertTrip(tx, o, run, {
    driver: lars,
    vehicle: volvo,
    status: 'CANCELLED',
    when: bookedAt(-5, '10:00'),
    cancelled_at: bookedAt(-6, '15:40'),
    notes: 'Cancelled by the brewery: the totes were not ready. Moved to this week.',
  });
  const done = o.completed;
  await insertTrip(tx, o, done, {
    driver: lars,
    vehicle: daf,
    status: 'COMPLETED',
    when: bookedAt(-done.completedDaysAgo - 1, '07:30'),
    delivery_started_at: bookedAt(-done.completedDaysAgo - 1, '08:05'),
    completed: { at: bookedAt(-done.completedDaysAgo - 1, '11:10'), speedKmh: 68 },
    notes: 'Tipper load of wet spent grain; cover the load.',
  });
  // The second driver has arrived at the pickup with the second truck.
  await insertTrip(tx, o, run, {
    driver: amira,
    vehicle: scania,
    status: 'ARRIVED',
    when: at(0, -60),
    notes: 'Second truck for the extra tote; wait at dock 2.',
  });

  // What the running synergy's company heard: pickups scheduled, the cancelled one, and today's start (unread).
  const larsName = DEMO_DRIVERS[0].name;
  await tx
    .insert(notifications)
    .values([
      ...told(o, 'notification.tripScheduled', next, larsName, at(-10), true),
      ...told(o, 'notification.tripCancelled', cancelled, larsName, bookedAt(-6, '15:40'), true),
      ...told(o, 'notification.tripScheduled', onRoute, larsName, at(-3), true),
      ...told(o, 'notification.tripStarted', onRoute, larsName, at(0, -24), false),
    ]);

  // Last known positions: Lars a few kilometres out of Valby, Amira at the pickup.
  await tx
    .update(drivers)
    .set({ status: 'BUSY', current_lat: 55.6705, current_lng: 12.4562, location_updated_at: at(0, -2) })
    .where(eq(drivers.id, lars));
  await tx
    .update(drivers)
    .set({ status: 'BUSY', current_lat: run.pickup.latitude, current_lng: run.pickup.longitude, location_updated_at: at(0, -1) })
    .where(eq(drivers.id, amira));
}
