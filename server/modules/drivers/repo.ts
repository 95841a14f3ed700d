// Drivers, vehicles, trips and trip documents: the queries of the drivers module (fn(db | tx, params)).
import { aliasedTable, and, asc, count, desc, eq, gte, inArray, isNotNull, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  companies,
  company_addresses,
  drivers,
  exchanges,
  materials,
  third_level_subcategories,
  trip_documents,
  trip_materials,
  trips,
  vehicles,
} from '../../../drizzle/schema';
import type { DriverStatus, TripDocumentKind, TripStatus } from '../../../shared/constants/enums';
import type { DbOrTx, Tx } from '../../db/client';
import { firstRow, hasRow } from '../../db/rows';
import { anyContains } from '../../db/like';

// ---- drivers ----

export const driverColumns = {
  id: drivers.id,
  name: drivers.name,
  email: drivers.email,
  phone: drivers.phone,
  status: drivers.status,
  current_lat: drivers.current_lat,
  current_lng: drivers.current_lng,
  location_updated_at: drivers.location_updated_at,
  created_at: drivers.created_at,
  updated_at: drivers.updated_at,
};

/** The profile a driver sees of itself. */
export async function findDriver(db: DbOrTx, id: number) {
  return firstRow(
    db
      .select({ id: drivers.id, name: drivers.name, email: drivers.email, phone: drivers.phone, status: drivers.status })
      .from(drivers)
      .where(and(eq(drivers.id, id), eq(drivers.is_active, true))),
  );
}

/** An active driver as administrators see it. */
export async function findDriverForAdmin(db: DbOrTx, id: number) {
  return firstRow(
    db
      .select(driverColumns)
      .from(drivers)
      .where(and(eq(drivers.id, id), eq(drivers.is_active, true))),
  );
}

export async function lockDriver(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: drivers.id, name: drivers.name, status: drivers.status, is_active: drivers.is_active })
    .from(drivers)
    .where(eq(drivers.id, id))
    .for('update');
  return row ?? null;
}

function driversWhere(input: { q?: string; status?: DriverStatus }): SQL {
  const parts: SQL[] = [eq(drivers.is_active, true)];
  if (input.status) parts.push(eq(drivers.status, input.status));
  if (input.q) parts.push(anyContains(input.q, drivers.name, drivers.email, drivers.phone));
  return and(...parts)!;
}

export async function listDrivers(db: DbOrTx, input: { q?: string; status?: DriverStatus; page: number; size: number }) {
  const where = driversWhere(input);
  const [items, [total]] = await Promise.all([
    db
      .select(driverColumns)
      .from(drivers)
      .where(where)
      .orderBy(asc(drivers.name), asc(drivers.id))
      .limit(input.size)
      .offset(input.page * input.size),
    db.select({ n: count() }).from(drivers).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

export async function insertDriver(tx: DbOrTx, values: { name: string; email: string; phone: string; phone_digits: string; status: DriverStatus }) {
  const [row] = await tx.insert(drivers).values(values).returning({ id: drivers.id });
  return row!.id;
}

export async function updateDriver(
  tx: DbOrTx,
  id: number,
  values: Partial<{ name: string; email: string; phone: string; phone_digits: string; status: DriverStatus }>,
  opts: { endSessions?: boolean } = {},
) {
  if (!Object.keys(values).length && !opts.endSessions) return;
  await tx
    .update(drivers)
    .set({ ...values, ...(opts.endSessions ? { token_version: sql`${drivers.token_version} + 1` } : {}) })
    .where(eq(drivers.id, id));
}

/** Deleting keeps the row (trips point at it) but ends the driver's sessions and hides it everywhere. */
export async function deactivateDriver(tx: DbOrTx, id: number) {
  await tx
    .update(drivers)
    .set({ is_active: false, status: 'OFF_DUTY', token_version: sql`${drivers.token_version} + 1` })
    .where(eq(drivers.id, id));
}

export async function setDriverStatus(tx: DbOrTx, id: number, status: DriverStatus) {
  await tx.update(drivers).set({ status }).where(eq(drivers.id, id));
}

export async function setDriverLocation(tx: DbOrTx, id: number, lat: number, lng: number, at: Date) {
  await tx.update(drivers).set({ current_lat: lat, current_lng: lng, location_updated_at: at }).where(eq(drivers.id, id));
}

/** Drivers with a known position and the trip they are on, if any: the admin live map. */
export async function livePositions(db: DbOrTx) {
  return db
    .select({
      driver_id: drivers.id,
      name: drivers.name,
      status: drivers.status,
      lat: drivers.current_lat,
      lng: drivers.current_lng,
      at: drivers.location_updated_at,
      trip_id: trips.id,
      trip_status: trips.status,
      trip_delivery_started_at: trips.delivery_started_at,
    })
    .from(drivers)
    .leftJoin(trips, and(eq(trips.driver_id, drivers.id), inArray(trips.status, ['ON_ROUTE', 'ARRIVED'])))
    .where(and(eq(drivers.is_active, true), isNotNull(drivers.current_lat), isNotNull(drivers.current_lng)))
    .orderBy(asc(drivers.name));
}

// ---- vehicles ----

const vehicleColumns = {
  id: vehicles.id,
  vehicle_number: vehicles.vehicle_number,
  make: vehicles.make,
  model: vehicles.model,
  capacity_kg: vehicles.capacity_kg,
  kgco2e_per_km: vehicles.kgco2e_per_km,
  created_at: vehicles.created_at,
  updated_at: vehicles.updated_at,
};

export async function findVehicle(db: DbOrTx, id: number) {
  return firstRow(
    db
      .select(vehicleColumns)
      .from(vehicles)
      .where(and(eq(vehicles.id, id), eq(vehicles.is_active, true))),
  );
}

export async function listVehicles(db: DbOrTx, input: { q?: string; page: number; size: number }) {
  const parts: SQL[] = [eq(vehicles.is_active, true)];
  if (input.q) parts.push(anyContains(input.q, vehicles.vehicle_number, vehicles.make, vehicles.model));
  const where = and(...parts);
  const [items, [total]] = await Promise.all([
    db
      .select(vehicleColumns)
      .from(vehicles)
      .where(where)
      .orderBy(asc(vehicles.vehicle_number))
      .limit(input.size)
      .offset(input.page * input.size),
    db.select({ n: count() }).from(vehicles).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

type VehicleValues = { vehicle_number: string; make: string; model: string; capacity_kg: number | null; kgco2e_per_km: number };

export async function insertVehicle(tx: DbOrTx, values: VehicleValues) {
  const [row] = await tx.insert(vehicles).values(values).returning({ id: vehicles.id });
  return row!.id;
}

export async function updateVehicle(tx: DbOrTx, id: number, values: Partial<VehicleValues>) {
  // An edit that names no field (an empty PUT) changes nothing; drizzle refuses an empty SET.
  if (!Object.keys(values).length) return;
  await tx.update(vehicles).set(values).where(eq(vehicles.id, id));
}

/** Locks the vehicle's row: scheduling and deleting one vehicle run one after the other (docs/decisions/0177). */
export async function lockVehicle(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: vehicles.id, vehicle_number: vehicles.vehicle_number, is_active: vehicles.is_active })
    .from(vehicles)
    .where(eq(vehicles.id, id))
    .for('update');
  return row ?? null;
}

/**
 * A deleted vehicle keeps its row (trips show it) but frees its number for a new one: the number gets the
 * row's id appended, so the unique number stays unique.
 */
export async function deactivateVehicle(tx: DbOrTx, id: number) {
  await tx
    .update(vehicles)
    .set({ is_active: false, vehicle_number: sql`${vehicles.vehicle_number} || ' #' || ${vehicles.id}::text` })
    .where(eq(vehicles.id, id));
}

// ---- trips ----

const pickupCompany = aliasedTable(companies, 'pickup_company');

const tripColumns = {
  id: trips.id,
  status: trips.status,
  exchange_id: trips.exchange_id,
  driver_id: trips.driver_id,
  driver_name: drivers.name,
  driver_email: drivers.email,
  driver_phone: drivers.phone,
  vehicle_id: trips.vehicle_id,
  vehicle_number: vehicles.vehicle_number,
  vehicle_make: vehicles.make,
  vehicle_model: vehicles.model,
  vehicle_kgco2e_per_km: vehicles.kgco2e_per_km,
  company_id: trips.company_id,
  company_name: pickupCompany.name,
  company_contact_phone: pickupCompany.contact_phone,
  company_calling_code: pickupCompany.country_calling_code,
  contact_person: trips.contact_person,
  contact_phone: trips.contact_phone,
  pickup_address: trips.pickup_address,
  pickup_city: trips.pickup_city,
  pickup_country: trips.pickup_country,
  pickup_lat: trips.pickup_lat,
  pickup_lng: trips.pickup_lng,
  dropoff_address: trips.dropoff_address,
  dropoff_city: trips.dropoff_city,
  dropoff_country: trips.dropoff_country,
  dropoff_lat: trips.dropoff_lat,
  dropoff_lng: trips.dropoff_lng,
  event_date: trips.event_date,
  start_time: trips.start_time,
  notes: trips.notes,
  estimated_distance: trips.estimated_distance,
  estimated_duration: trips.estimated_duration,
  estimate_is_straight_line: trips.estimate_is_straight_line,
  actual_duration: trips.actual_duration,
  actual_distance: trips.actual_distance,
  start_lat: trips.start_lat,
  start_lng: trips.start_lng,
  end_lat: trips.end_lat,
  end_lng: trips.end_lng,
  delivery_started_at: trips.delivery_started_at,
  completed_at: trips.completed_at,
  cancelled_at: trips.cancelled_at,
  kgco2e_per_km: trips.kgco2e_per_km,
  transport_co2e_kg: trips.transport_co2e_kg,
  completed_km_from_dropoff: trips.completed_km_from_dropoff,
  completed_far_confirmed: trips.completed_far_confirmed,
  driver_lat: drivers.current_lat,
  driver_lng: drivers.current_lng,
  driver_located_at: drivers.location_updated_at,
  exchange_provider_company_id: exchanges.provider_company_id,
  exchange_requester_company_id: exchanges.requester_company_id,
  exchange_level: exchanges.level_of_completion,
  exchange_title: exchanges.item_requested,
  created_at: trips.created_at,
  updated_at: trips.updated_at,
};

function tripQuery(db: DbOrTx) {
  return db
    .select(tripColumns)
    .from(trips)
    .leftJoin(drivers, eq(drivers.id, trips.driver_id))
    .leftJoin(vehicles, eq(vehicles.id, trips.vehicle_id))
    .leftJoin(pickupCompany, eq(pickupCompany.id, trips.company_id))
    .leftJoin(exchanges, eq(exchanges.id, trips.exchange_id));
}
export type TripRow = Awaited<ReturnType<ReturnType<typeof tripQuery>['execute']>>[number];

export async function findTrip(db: DbOrTx, id: number): Promise<TripRow | null> {
  return firstRow(tripQuery(db).where(eq(trips.id, id)));
}

/** Locks the trip row for the rest of the transaction: two actions on one trip run one after the other. */
export async function lockTrip(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: trips.id }).from(trips).where(eq(trips.id, id)).for('update');
  return rows.length > 0;
}

const OPEN: TripStatus[] = ['ASSIGNED', 'ON_ROUTE', 'ARRIVED'];

/** A driver's trips: open ones (the app's tabs) on the way first, then by date and time; or all, newest first. */
export async function driverTrips(db: DbOrTx, driverId: number, scope: 'open' | 'all') {
  if (scope === 'open') {
    return tripQuery(db)
      .where(and(eq(trips.driver_id, driverId), inArray(trips.status, OPEN)))
      .orderBy(
        sql`case when ${trips.status} in ('ON_ROUTE', 'ARRIVED') then 0 else 1 end`,
        asc(trips.event_date),
        asc(trips.start_time),
        asc(trips.id),
      )
      .limit(100);
  }
  return tripQuery(db).where(eq(trips.driver_id, driverId)).orderBy(desc(trips.event_date), desc(trips.start_time), desc(trips.id)).limit(100);
}

/** Trips whose date falls in [from, to], for the admin calendar. */
export async function tripsBetween(db: DbOrTx, input: { from: string; to: string; driver_id?: number }) {
  const parts: SQL[] = [gte(trips.event_date, input.from), lte(trips.event_date, input.to)];
  if (input.driver_id) parts.push(eq(trips.driver_id, input.driver_id));
  return tripQuery(db)
    .where(and(...parts))
    .orderBy(asc(trips.event_date), asc(trips.start_time), asc(trips.id))
    .limit(1000);
}

/** The other trip on the way of this driver, if any (ON_ROUTE or ARRIVED). */
export async function activeTripOf(db: DbOrTx, driverId: number, exceptTripId?: number) {
  const parts: SQL[] = [eq(trips.driver_id, driverId), inArray(trips.status, ['ON_ROUTE', 'ARRIVED'])];
  if (exceptTripId) parts.push(ne(trips.id, exceptTripId));
  const [row] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(and(...parts))
    .limit(1);
  return row?.id ?? null;
}

export async function countOpenTripsOf(db: DbOrTx, driverId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(trips)
    .where(and(eq(trips.driver_id, driverId), inArray(trips.status, OPEN)));
  return Number(row?.n ?? 0);
}

export async function countOpenTripsOfVehicle(db: DbOrTx, vehicleId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(trips)
    .where(and(eq(trips.vehicle_id, vehicleId), inArray(trips.status, OPEN)));
  return Number(row?.n ?? 0);
}

/**
 * The open trips (not completed or cancelled) of this driver or this vehicle, other than `exceptTripId`: what a
 * new slot may clash with. Few per driver and vehicle, read through trips_driver_idx and trips_vehicle_idx.
 */
export async function openTripsOf(db: DbOrTx, by: { driver_id: number | null; vehicle_id: number | null }, exceptTripId: number | null) {
  const who: SQL[] = [];
  if (by.driver_id !== null) who.push(eq(trips.driver_id, by.driver_id));
  if (by.vehicle_id !== null) who.push(eq(trips.vehicle_id, by.vehicle_id));
  if (!who.length) return [];
  return db
    .select({
      id: trips.id,
      driver_id: trips.driver_id,
      vehicle_id: trips.vehicle_id,
      event_date: trips.event_date,
      start_time: trips.start_time,
      estimated_duration: trips.estimated_duration,
      title: sql<string>`coalesce(${exchanges.item_requested}, ${pickupCompany.name}, '')`,
    })
    .from(trips)
    .leftJoin(exchanges, eq(exchanges.id, trips.exchange_id))
    .leftJoin(pickupCompany, eq(pickupCompany.id, trips.company_id))
    .where(and(or(...who), inArray(trips.status, OPEN), exceptTripId === null ? undefined : ne(trips.id, exceptTripId)))
    .orderBy(asc(trips.event_date), asc(trips.start_time), asc(trips.id));
}

export type TripValues = Partial<typeof trips.$inferInsert>;

export async function insertTrip(tx: DbOrTx, values: typeof trips.$inferInsert) {
  const [row] = await tx.insert(trips).values(values).returning({ id: trips.id });
  return row!.id;
}

export async function updateTrip(tx: DbOrTx, id: number, values: TripValues) {
  if (!Object.keys(values).length) return;
  await tx.update(trips).set(values).where(eq(trips.id, id));
}

export async function setTripMaterials(tx: DbOrTx, tripId: number, materialIds: readonly number[]) {
  await tx.delete(trip_materials).where(and(eq(trip_materials.trip_id, tripId), notInArray(trip_materials.material_id, [...materialIds])));
  if (materialIds.length) {
    await tx
      .insert(trip_materials)
      .values(materialIds.map((material_id) => ({ trip_id: tripId, material_id })))
      .onConflictDoNothing();
  }
}

/** Materials of these trips with their EWC hazardous flag (the `*` entries of the list of waste). */
export async function materialsOf(db: DbOrTx, tripIds: readonly number[]) {
  if (!tripIds.length) return [];
  return db
    .select({
      trip_id: trip_materials.trip_id,
      id: materials.id,
      title: materials.title,
      material_group_code: materials.material_group_code,
      hazardous: sql<boolean>`coalesce(${third_level_subcategories.hazardous}, false)`,
    })
    .from(trip_materials)
    .innerJoin(materials, eq(materials.id, trip_materials.material_id))
    .leftJoin(third_level_subcategories, eq(third_level_subcategories.id, materials.third_level_subcategory_id))
    .where(inArray(trip_materials.trip_id, [...tripIds]))
    .orderBy(asc(materials.title));
}

/** Listings that may ride on a synergy's trip: those of its two companies. */
export async function materialsOfCompanies(db: DbOrTx, ids: readonly number[], companyIds: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: materials.id })
    .from(materials)
    .where(and(inArray(materials.id, [...ids]), inArray(materials.company_id, [...companyIds])));
}

// ---- the synergy a trip serves (the exchanges table is read here, never written) ----

const requesterCompany = aliasedTable(companies, 'requester_company');

/** A synergy as scheduling names it: what moves, how much, and between which two companies (joined as aliased). */
const synergyColumns = {
  id: exchanges.id,
  title: exchanges.item_requested,
  material_id: exchanges.material_id,
  quantity: exchanges.quantity,
  quantity_unit: exchanges.quantity_unit,
  provider_company_id: exchanges.provider_company_id,
  provider_company_name: pickupCompany.name,
  requester_company_id: exchanges.requester_company_id,
  requester_company_name: requesterCompany.name,
  created_at: exchanges.created_at,
};

export async function findExchangeForTrip(db: DbOrTx, id: number) {
  return firstRow(
    db
      .select({
        ...synergyColumns,
        level_of_completion: exchanges.level_of_completion,
        provider_contact_phone: pickupCompany.contact_phone,
        provider_calling_code: pickupCompany.country_calling_code,
      })
      .from(exchanges)
      .innerJoin(pickupCompany, eq(pickupCompany.id, exchanges.provider_company_id))
      .innerJoin(requesterCompany, eq(requesterCompany.id, exchanges.requester_company_id))
      .where(eq(exchanges.id, id)),
  );
}

/** Synergies in progress, newest first, by company name or listing title: what an administrator may schedule. */
export async function schedulableExchanges(db: DbOrTx, input: { q?: string; exchange_id?: number }) {
  const parts: SQL[] = [eq(exchanges.level_of_completion, 'IN_PROGRESS')];
  if (input.exchange_id) parts.push(eq(exchanges.id, input.exchange_id));
  if (input.q) parts.push(anyContains(input.q, exchanges.item_requested, pickupCompany.name, requesterCompany.name));
  return db
    .select({
      ...synergyColumns,
      trips: sql<number>`(select count(*)::int from ${trips} where ${trips.exchange_id} = ${exchanges.id} and ${trips.status} <> 'CANCELLED')`,
    })
    .from(exchanges)
    .innerJoin(pickupCompany, eq(pickupCompany.id, exchanges.provider_company_id))
    .innerJoin(requesterCompany, eq(requesterCompany.id, exchanges.requester_company_id))
    .where(and(...parts))
    .orderBy(desc(exchanges.created_at))
    .limit(20);
}

/** The companies' primary addresses, to prefill a pickup or drop-off. */
export async function primaryAddresses(db: DbOrTx, companyIds: readonly number[]) {
  if (!companyIds.length) return [];
  return db
    .select({
      company_id: company_addresses.company_id,
      address: company_addresses.address,
      city: company_addresses.city,
      country: company_addresses.country,
      latitude: company_addresses.latitude,
      longitude: company_addresses.longitude,
    })
    .from(company_addresses)
    .where(and(inArray(company_addresses.company_id, [...companyIds]), eq(company_addresses.is_primary, true)));
}

/** Completed trips of a synergy: what its transport adds up (`transport`). */
export async function completedTripsOfExchanges(db: DbOrTx, exchangeIds: readonly number[]) {
  if (!exchangeIds.length) return [];
  return db
    .select({
      exchange_id: trips.exchange_id,
      actual_distance: trips.actual_distance,
      actual_duration: trips.actual_duration,
      transport_co2e_kg: trips.transport_co2e_kg,
    })
    .from(trips)
    .where(and(inArray(trips.exchange_id, [...exchangeIds]), eq(trips.status, 'COMPLETED')));
}

/** Open trips of these synergies: on the way first, then by date and time (the synergy card shows the first). */
export async function openTripsOfExchanges(db: DbOrTx, exchangeIds: readonly number[]) {
  if (!exchangeIds.length) return [];
  return tripQuery(db)
    .where(and(inArray(trips.exchange_id, [...exchangeIds]), inArray(trips.status, OPEN)))
    .orderBy(
      sql`case when ${trips.status} in ('ON_ROUTE', 'ARRIVED') then 0 else 1 end`,
      asc(trips.event_date),
      asc(trips.start_time),
      asc(trips.id),
    );
}

export async function tripsOfExchange(db: DbOrTx, exchangeId: number) {
  return tripQuery(db).where(eq(trips.exchange_id, exchangeId)).orderBy(desc(trips.event_date), desc(trips.id)).limit(50);
}

// ---- documents ----

const documentColumns = {
  id: trip_documents.id,
  trip_id: trip_documents.trip_id,
  name: trip_documents.name,
  storage_key: trip_documents.storage_key,
  mime_type: trip_documents.mime_type,
  size_bytes: trip_documents.size_bytes,
  kind: trip_documents.kind,
  created_at: trip_documents.created_at,
};

export async function documentsOf(db: DbOrTx, tripIds: readonly number[]) {
  if (!tripIds.length) return [];
  return db
    .select(documentColumns)
    .from(trip_documents)
    .where(inArray(trip_documents.trip_id, [...tripIds]))
    .orderBy(desc(trip_documents.created_at), desc(trip_documents.id));
}

export async function insertDocuments(
  tx: DbOrTx,
  rows: { trip_id: number; name: string; storage_key: string; mime_type: string; size_bytes: number; kind: TripDocumentKind }[],
) {
  if (!rows.length) return [];
  return tx.insert(trip_documents).values(rows).returning(documentColumns);
}

export function hasWasteTransferNote(db: DbOrTx, tripId: number): Promise<boolean> {
  return hasRow(
    db
      .select({ id: trip_documents.id })
      .from(trip_documents)
      .where(and(eq(trip_documents.trip_id, tripId), eq(trip_documents.kind, 'waste_transfer_note'))),
  );
}

/** A stored document by its key, with who may read it: the trip's driver and the synergy's two companies. */
export async function findDocumentByKey(db: DbOrTx, key: string) {
  return firstRow(
    db
      .select({
        name: trip_documents.name,
        driver_id: trips.driver_id,
        provider_company_id: exchanges.provider_company_id,
        requester_company_id: exchanges.requester_company_id,
      })
      .from(trip_documents)
      .innerJoin(trips, eq(trips.id, trip_documents.trip_id))
      .leftJoin(exchanges, eq(exchanges.id, trips.exchange_id))
      .where(eq(trip_documents.storage_key, key)),
  );
}
