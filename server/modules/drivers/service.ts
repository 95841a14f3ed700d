// Logistics: administrators keep drivers and vehicles and schedule trips for synergies; a driver
// carries a trip ASSIGNED → ON_ROUTE → ARRIVED → delivery → COMPLETED on the phone; administrators may cancel.
// The rules are the table in shared/machines/trip.ts; a driver sees only its own trips (another's answers 404
// like a missing one); documents are private files (folder `trips`, files.ts); side effects and live positions
// are domain events (events.ts). The synergy's transport figures are read by the exchanges module through
// transportOfExchange, never from these tables directly.
import type { TripStatus } from '../../../shared/constants/enums';
import { LIMITS } from '../../../shared/constants/limits';
import { haversineKm, type LatLng } from '../../../shared/lib/geo';
import { DEFAULT_KGCO2E_PER_KM, roundKm, sumTransport, transportCo2eKg, wholeMinutes } from '../../../shared/lib/transport';
import {
  STATUS_REQUEST_ACTION,
  isActivePhase,
  isClosedStatus,
  tripActions,
  tripMachine,
  tripPhase,
  type TripPhase,
} from '../../../shared/machines/trip';
import type { Message, MessageCode } from '../../../shared/messages';
import { slotEndTime, slotsOverlap, type TripSlot } from '../../../shared/lib/schedule';
import { normalizeDriverPhone } from '../../../shared/schemas/auth';
import { pageOf } from '../../../shared/schemas/_primitives';
import type {
  CreateDriverInput,
  CreateTripInput,
  CreateVehicleInput,
  DriverLocationInput,
  DriverTripsInput,
  ListDriversInput,
  ListTripsInput,
  ListVehiclesInput,
  SchedulableInput,
  StartDeliveryInput,
  TripAddressInput,
  TripRouteInput,
  TripStatusInput,
  UpdateDriverInput,
  UpdateTripInput,
  UpdateVehicleInput,
  UploadTripDocumentsInput,
} from '../../../shared/schemas/drivers';
import { isUniqueViolation, violatedConstraint } from '../../db/errors';
import type { DbOrTx, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { AdminActor, CompanyActor, DriverActor } from '../../lib/actor';
import type { TripChange } from '../../lib/events';
import { AppError, fieldError } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
import { RouteError, StraightLineRouter, type Route, type RouteFailure } from '../../lib/routing';
import { removeStoredFiles, storeAllOrNone } from '../../lib/uploads';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

// ---- views ----

type Trip = repo.TripRow;
type Material = Awaited<ReturnType<typeof repo.materialsOf>>[number];
type Document = Awaited<ReturnType<typeof repo.documentsOf>>[number];

/** SPEC §3: address, city, country and the coordinates "in either naming" (latitude/longitude and lat/lng). */
function addressView(address: string | null, city: string | null, country: string | null, lat: number | null, lng: number | null) {
  if (address === null && lat === null) return null;
  return { address: address ?? '', city: city ?? '', country: country ?? '', latitude: lat, longitude: lng, lat, lng };
}

const point = (lat: number | null, lng: number | null) => (lat === null || lng === null ? null : { lat, lng });

function companyPhone(phone: string | null, callingCode: string | null) {
  if (!phone) return null;
  return callingCode && !phone.startsWith('+') ? `${callingCode} ${phone}` : phone;
}

function documentView(d: Document) {
  return {
    id: d.id,
    name: d.name,
    url: fileUrl(d.storage_key),
    mime_type: d.mime_type,
    size_bytes: d.size_bytes,
    kind: d.kind,
    created_at: d.created_at,
  };
}

function tripView(row: Trip, mats: Material[], docs: Document[], viewer: 'driver' | 'admin' | 'company') {
  const phase = tripPhase(row.status, row.delivery_started_at);
  const hazardous = mats.some((m) => m.hazardous);
  const hasNote = docs.some((d) => d.kind === 'waste_transfer_note');
  return {
    id: row.id,
    status: row.status,
    /** ARRIVED with the delivery begun reads DELIVERING (shared/machines/trip.ts). */
    phase,
    delivery_in_progress: phase === 'DELIVERING',
    delivery_started_at: row.delivery_started_at,
    completed_at: row.completed_at,
    cancelled_at: row.cancelled_at,
    exchange_id: row.exchange_id,
    calendar_event: {
      company: {
        id: row.company_id,
        name: row.company_name,
        phone: row.contact_phone ?? companyPhone(row.company_contact_phone, row.company_calling_code),
      },
      contact_person: row.contact_person,
      pickup_address: addressView(row.pickup_address, row.pickup_city, row.pickup_country, row.pickup_lat, row.pickup_lng),
      dropoff_address: addressView(row.dropoff_address, row.dropoff_city, row.dropoff_country, row.dropoff_lat, row.dropoff_lng),
      event_date: row.event_date,
      start_time: row.start_time,
      materials: mats.map((m) => ({ id: m.id, title: m.title, material_group_code: m.material_group_code, hazardous: m.hazardous })),
      notes: row.notes,
    },
    driver: row.driver_id === null ? null : { id: row.driver_id, name: row.driver_name, email: row.driver_email, phone: row.driver_phone },
    vehicle:
      row.vehicle_id === null
        ? null
        : {
            id: row.vehicle_id,
            vehicle_number: row.vehicle_number,
            make: row.vehicle_make,
            model: row.vehicle_model,
            kgco2e_per_km: row.vehicle_kgco2e_per_km,
          },
    start_location: point(row.start_lat, row.start_lng),
    end_location: point(row.end_lat, row.end_lng),
    estimated_distance: row.estimated_distance,
    estimated_duration: row.estimated_duration,
    /** The estimate is the straight-line guess, not a routed distance (PRODUCT.md "Logistics"). */
    estimate_is_straight_line: row.estimate_is_straight_line,
    actual_duration: row.actual_duration,
    actual_distance: row.actual_distance,
    transport_co2e_kg: row.transport_co2e_kg,
    /** Complete Delivery's distance from the drop-off, and whether the driver confirmed completing far from it. */
    completed_km_from_dropoff: row.completed_km_from_dropoff,
    completed_far_confirmed: row.completed_far_confirmed,
    /** The driver's last reported position while the trip is on the way (the synergy's companies follow it); else null. */
    driver_position:
      isActivePhase(phase) && row.driver_lat !== null && row.driver_lng !== null
        ? { lat: row.driver_lat, lng: row.driver_lng, at: row.driver_located_at }
        : null,
    notes: row.notes,
    /** A material of the trip is a hazardous (`*`) entry of the list of waste: it needs a waste transfer note to start. */
    hazardous,
    has_waste_transfer_note: hasNote,
    documents_count: docs.length,
    /** What the viewer may do now (the buttons a screen shows). */
    actions: viewer === 'company' ? [] : tripActions(phase, viewer),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
export type TripView = ReturnType<typeof tripView>;

async function viewsOf(db: DbOrTx, rows: Trip[], viewer: 'driver' | 'admin' | 'company') {
  const ids = rows.map((r) => r.id);
  const [mats, docs] = await Promise.all([repo.materialsOf(db, ids), repo.documentsOf(db, ids)]);
  return rows.map((r) =>
    tripView(
      r,
      mats.filter((m) => m.trip_id === r.id),
      docs.filter((d) => d.trip_id === r.id),
      viewer,
    ),
  );
}

const conflict = (code: MessageCode, params?: Record<string, string | number>) => new AppError('CONFLICT', { message: { code, params } });

/** Runs the save; a unique violation that `duplicate` recognises is thrown as the error it names instead. */
async function unlessDuplicate<T>(save: Promise<T>, duplicate: (err: unknown) => AppError | null): Promise<T> {
  try {
    return await save;
  } catch (err) {
    throw duplicate(err) ?? err;
  }
}

// ---- drivers (administrators) ----

function driverDuplicate(err: unknown): AppError | null {
  if (isUniqueViolation(err) && violatedConstraint(err) === 'drivers_email_unique') return fieldError('email', 'driver.emailTaken');
  return null;
}

export async function listDrivers(deps: Deps, _actor: AdminActor, input: ListDriversInput) {
  const { items, total } = await repo.listDrivers(deps.db, input);
  return pageOf(items, total, input.page, input.size);
}

export async function getDriver(deps: Deps, _actor: AdminActor, input: { id: number }) {
  const row = await repo.findDriverForAdmin(deps.db, input.id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function createDriver(deps: Deps, actor: AdminActor, input: CreateDriverInput) {
  const id = await unlessDuplicate(
    deps.db.transaction(async (tx) => {
      const driverId = await repo.insertDriver(tx, { ...input, phone_digits: normalizeDriverPhone(input.phone) });
      await recordAudit(tx, actor, { action: 'driver.create', entity: 'driver', entity_id: driverId, after: { ...input } });
      return driverId;
    }),
    driverDuplicate,
  );
  return getDriver(deps, actor, { id });
}

/** A new email or phone ends the driver's sessions: the old credentials no longer log in, nor stay logged in. */
export async function updateDriver(deps: Deps, actor: AdminActor, input: UpdateDriverInput) {
  const { id, ...changes } = input;
  await unlessDuplicate(
    deps.db.transaction(async (tx) => {
      const before = await repo.lockDriver(tx, id);
      if (!before?.is_active) throw new AppError('NOT_FOUND');
      const current = await repo.findDriverForAdmin(tx, id);
      const values = { ...changes, ...(changes.phone !== undefined ? { phone_digits: normalizeDriverPhone(changes.phone) } : {}) };
      const credentialsChanged =
        (changes.email !== undefined && changes.email !== current?.email.toLowerCase()) ||
        (changes.phone !== undefined && normalizeDriverPhone(changes.phone) !== normalizeDriverPhone(current?.phone ?? ''));
      await repo.updateDriver(tx, id, values, { endSessions: credentialsChanged });
      await recordAudit(tx, actor, {
        action: 'driver.update',
        entity: 'driver',
        entity_id: id,
        before: current ? { name: current.name, email: current.email, phone: current.phone, status: current.status } : null,
        after: { ...(current ? { name: current.name, email: current.email, phone: current.phone, status: current.status } : {}), ...changes },
      });
    }),
    driverDuplicate,
  );
  return getDriver(deps, actor, { id });
}

/** DELETE admin/drivers/{id}: refused while the driver has trips not yet completed (reassign or cancel them first). */
export async function deleteDriver(deps: Deps, actor: AdminActor, input: { id: number }) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockDriver(tx, input.id);
    if (!row?.is_active) throw new AppError('NOT_FOUND');
    if ((await repo.countOpenTripsOf(tx, input.id)) > 0) throw conflict('driver.hasOpenTrips');
    const before = await repo.findDriverForAdmin(tx, input.id);
    await repo.deactivateDriver(tx, input.id);
    await recordAudit(tx, actor, {
      action: 'driver.delete',
      entity: 'driver',
      entity_id: input.id,
      before: before ? { name: before.name, email: before.email, phone: before.phone, status: before.status } : null,
    });
  });
  return { success: true as const, id: input.id };
}

// ---- vehicles (administrators) ----

function vehicleDuplicate(err: unknown): AppError | null {
  if (isUniqueViolation(err) && (violatedConstraint(err) ?? '').startsWith('vehicles_vehicle_number'))
    return fieldError('vehicle_number', 'vehicle.numberTaken');
  return null;
}

export async function listVehicles(deps: Deps, _actor: AdminActor, input: ListVehiclesInput) {
  const { items, total } = await repo.listVehicles(deps.db, input);
  return pageOf(items, total, input.page, input.size);
}

export async function getVehicle(deps: Deps, _actor: AdminActor, input: { id: number }) {
  const row = await repo.findVehicle(deps.db, input.id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function createVehicle(deps: Deps, actor: AdminActor, input: CreateVehicleInput) {
  const id = await unlessDuplicate(
    deps.db.transaction(async (tx) => {
      const vehicleId = await repo.insertVehicle(tx, { ...input, capacity_kg: input.capacity_kg ?? null });
      await recordAudit(tx, actor, { action: 'vehicle.create', entity: 'vehicle', entity_id: vehicleId, after: { ...input } });
      return vehicleId;
    }),
    vehicleDuplicate,
  );
  return getVehicle(deps, actor, { id });
}

export async function updateVehicle(deps: Deps, actor: AdminActor, input: UpdateVehicleInput) {
  const { id, ...changes } = input;
  await unlessDuplicate(
    deps.db.transaction(async (tx) => {
      const before = await repo.findVehicle(tx, id);
      if (!before) throw new AppError('NOT_FOUND');
      await repo.updateVehicle(tx, id, changes);
      await recordAudit(tx, actor, { action: 'vehicle.update', entity: 'vehicle', entity_id: id, before, after: { ...before, ...changes } });
    }),
    vehicleDuplicate,
  );
  return getVehicle(deps, actor, { id });
}

/**
 * Trips keep showing a deleted vehicle; new trips cannot pick it. Refused while the vehicle has trips not yet
 * completed (reassign or cancel them first); the row lock orders it with schedulings of the same vehicle.
 */
export async function deleteVehicle(deps: Deps, actor: AdminActor, input: { id: number }) {
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockVehicle(tx, input.id);
    if (!locked?.is_active) throw new AppError('NOT_FOUND');
    if ((await repo.countOpenTripsOfVehicle(tx, input.id)) > 0) throw conflict('vehicle.hasOpenTrips');
    const before = await repo.findVehicle(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND');
    await repo.deactivateVehicle(tx, input.id);
    await recordAudit(tx, actor, { action: 'vehicle.delete', entity: 'vehicle', entity_id: input.id, before });
  });
  return { success: true as const, id: input.id };
}

// ---- routes ----

const FAILURE_CODE: Record<RouteFailure, MessageCode> = {
  REQUEST_DENIED: 'route.denied',
  ZERO_RESULTS: 'route.noRoute',
  UNAVAILABLE: 'route.unavailable',
};

/** A route, or why there is none (SPEC §8 route errors), as data: a missing route is not a failed request. */
async function routeOrError(deps: Deps, from: LatLng, to: LatLng): Promise<{ route: Route | null; error: MessageCode | null }> {
  try {
    return { route: await deps.routing.route(from, to), error: null };
  } catch (err) {
    if (!(err instanceof RouteError)) throw err;
    deps.logger.warn({ err: err.message, failure: err.failure }, 'route not available');
    return { route: null, error: FAILURE_CODE[err.failure] };
  }
}

/** A trip's estimate: the router's, or the straight-line guess when the router has none (flagged as such). */
async function estimate(deps: Deps, pickup: TripAddressInput, dropoff: TripAddressInput) {
  const from = { lat: pickup.latitude, lng: pickup.longitude };
  const to = { lat: dropoff.latitude, lng: dropoff.longitude };
  const route = (await routeOrError(deps, from, to)).route ?? (await new StraightLineRouter().route(from, to));
  return {
    estimated_distance: roundKm(route.distance_km),
    estimated_duration: wholeMinutes(route.duration_min),
    estimate_is_straight_line: route.is_estimate,
  };
}

const addressColumns = (prefix: 'pickup' | 'dropoff', a: TripAddressInput) => ({
  [`${prefix}_address`]: a.address,
  [`${prefix}_city`]: a.city,
  [`${prefix}_country`]: a.country,
  [`${prefix}_lat`]: a.latitude,
  [`${prefix}_lng`]: a.longitude,
});

// ---- trips (administrators) ----

async function loadTrip(db: DbOrTx, id: number) {
  const row = await repo.findTrip(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getTripForAdmin(deps: Deps, _actor: AdminActor, input: { id: number }) {
  const row = await loadTrip(deps.db, input.id);
  const [view] = await viewsOf(deps.db, [row], 'admin');
  const documents = (await repo.documentsOf(deps.db, [row.id])).map(documentView);
  return { ...view!, documents };
}

/** GET admin/trips?from&to: the calendar, every status. */
export async function listTrips(deps: Deps, _actor: AdminActor, input: ListTripsInput) {
  const rows = await repo.tripsBetween(deps.db, input);
  return { items: await viewsOf(deps.db, rows, 'admin'), from: input.from, to: input.to };
}

/** In-progress synergies to schedule from, with their companies' primary addresses to prefill the form. */
export async function schedulable(deps: Deps, _actor: AdminActor, input: SchedulableInput) {
  const rows = await repo.schedulableExchanges(deps.db, input);
  const addresses = await repo.primaryAddresses(
    deps.db,
    rows.flatMap((r) => [r.provider_company_id, r.requester_company_id]),
  );
  const addressOf = (companyId: number) => {
    const a = addresses.find((x) => x.company_id === companyId);
    return a ? { address: a.address, city: a.city, country: a.country, latitude: a.latitude, longitude: a.longitude } : null;
  };
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      material_id: r.material_id,
      quantity: r.quantity,
      quantity_unit: r.quantity_unit,
      providing_company: { id: r.provider_company_id, name: r.provider_company_name, address: addressOf(r.provider_company_id) },
      requesting_company: { id: r.requester_company_id, name: r.requester_company_name, address: addressOf(r.requester_company_id) },
      created_at: r.created_at,
      trips: r.trips,
    })),
  };
}

async function checkDriver(db: DbOrTx, id: number) {
  if (!(await repo.findDriverForAdmin(db, id))) throw fieldError('driver_id', 'trip.unknownDriver');
}

async function checkVehicle(db: DbOrTx, id: number | null | undefined) {
  if (id != null && !(await repo.findVehicle(db, id))) throw fieldError('vehicle_id', 'trip.unknownVehicle');
}

/**
 * Holds the driver and the vehicle of a slot for the rest of the transaction and refuses (409, naming the other
 * trip) a slot that overlaps an open trip of either (docs/decisions/0177). The rows are locked in one order
 * everywhere (the trip, then its driver, then its vehicle): schedulings of one driver or vehicle run one after the
 * other and each sees the trips the one before wrote; a delete of the driver or vehicle waits for them, and one that
 * committed first makes them unknown (a trip never lands on a deleted driver or vehicle).
 */
async function holdSchedule(tx: Tx, slot: TripSlot, driverId: number | null, vehicleId: number | null, exceptTripId: number | null) {
  const driver = driverId === null ? null : await repo.lockDriver(tx, driverId);
  if (driverId !== null && !driver?.is_active) throw fieldError('driver_id', 'trip.unknownDriver');
  const vehicle = vehicleId === null ? null : await repo.lockVehicle(tx, vehicleId);
  if (vehicleId !== null && !vehicle?.is_active) throw fieldError('vehicle_id', 'trip.unknownVehicle');
  const others = await repo.openTripsOf(tx, { driver_id: driverId, vehicle_id: vehicleId }, exceptTripId);
  const other = (o: (typeof others)[number]) => ({
    trip: o.id,
    title: o.title,
    date: o.event_date ?? '',
    time: o.start_time ?? '',
    until: slotEndTime(o) ?? '',
  });
  const byDriver = driver && others.find((o) => o.driver_id === driver.id && slotsOverlap(slot, o));
  if (byDriver) {
    const message: Message = { code: 'trip.driverOverlap', params: { driver: driver.name, ...other(byDriver) } };
    throw new AppError('CONFLICT', { message, fields: { driver_id: message } });
  }
  const byVehicle = vehicle && others.find((o) => o.vehicle_id === vehicle.id && slotsOverlap(slot, o));
  if (byVehicle) {
    const message: Message = { code: 'trip.vehicleOverlap', params: { vehicle: vehicle.vehicle_number, ...other(byVehicle) } };
    throw new AppError('CONFLICT', { message, fields: { vehicle_id: message } });
  }
}

async function checkMaterials(db: DbOrTx, ids: readonly number[], companyIds: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = await repo.materialsOfCompanies(db, unique, companyIds);
  if (found.length !== unique.length) throw fieldError('materials', 'trip.unknownMaterial');
  return unique;
}

/** POST admin/trips: a pickup for an in-progress synergy, ASSIGNED to a driver, with the router's estimate. */
export async function createTrip(deps: Deps, actor: AdminActor, input: CreateTripInput) {
  const exchange = await repo.findExchangeForTrip(deps.db, input.exchange_id);
  if (!exchange) throw fieldError('exchange_id', 'trip.unknownSynergy');
  if (exchange.level_of_completion !== 'IN_PROGRESS') throw conflict('trip.synergyEnded');
  await checkDriver(deps.db, input.driver_id);
  await checkVehicle(deps.db, input.vehicle_id);
  const materialIds = await checkMaterials(deps.db, input.materials, [exchange.provider_company_id, exchange.requester_company_id]);
  const estimates = await estimate(deps, input.pickup_address, input.dropoff_address);
  const id = await deps.db.transaction(async (tx) => {
    const slot = { event_date: input.event_date, start_time: input.start_time, estimated_duration: estimates.estimated_duration };
    await holdSchedule(tx, slot, input.driver_id, input.vehicle_id ?? null, null);
    const tripId = await repo.insertTrip(tx, {
      exchange_id: exchange.id,
      driver_id: input.driver_id,
      vehicle_id: input.vehicle_id ?? null,
      status: 'ASSIGNED',
      // The pickup is at the providing company (SPEC §3 calendar_event.company: name and phone).
      company_id: exchange.provider_company_id,
      contact_person: input.contact_person,
      contact_phone: companyPhone(exchange.provider_contact_phone, exchange.provider_calling_code),
      ...addressColumns('pickup', input.pickup_address),
      ...addressColumns('dropoff', input.dropoff_address),
      event_date: input.event_date,
      start_time: input.start_time,
      notes: input.notes ?? null,
      ...estimates,
      created_by_user_id: actor.user_id,
    });
    await repo.setTripMaterials(tx, tripId, materialIds);
    const row = await loadTrip(tx, tripId);
    await recordAudit(tx, actor, { action: 'trip.create', entity: 'trip', entity_id: tripId, after: { ...input, status: 'ASSIGNED' } });
    await emitChanged(deps, tx, row, 'scheduled');
    return tripId;
  });
  return getTripForAdmin(deps, actor, { id });
}

/**
 * PUT admin/trips/{id}: reassign (driver, vehicle) or reschedule (date, time, addresses, materials, contact,
 * notes) while the trip is ASSIGNED; `status: CANCELLED` cancels it at any point before it is completed.
 */
export async function updateTrip(deps: Deps, actor: AdminActor, input: UpdateTripInput) {
  const { id, status, ...changes } = input;
  const changing = Object.values(changes).some((v) => v !== undefined);
  if (!status && !changing) throw new AppError('BAD_REQUEST');
  // Estimates need the router, outside the transaction; the addresses are re-read inside it.
  const before = await loadTrip(deps.db, id);
  const addressesChange = changes.pickup_address !== undefined || changes.dropoff_address !== undefined;
  const estimates: Partial<Awaited<ReturnType<typeof estimate>>> =
    !status && addressesChange
      ? await estimate(deps, changes.pickup_address ?? storedAddress(before, 'pickup'), changes.dropoff_address ?? storedAddress(before, 'dropoff'))
      : {};
  await deps.db.transaction(async (tx) => {
    if (!(await repo.lockTrip(tx, id))) throw new AppError('NOT_FOUND');
    const row = await loadTrip(tx, id);
    const phase = tripPhase(row.status, row.delivery_started_at);
    let change: TripChange = 'edited';
    if (status === 'CANCELLED') {
      if (!tripMachine.can(phase, 'cancel')) throw conflict('trip.closed', { status: row.status });
      await repo.updateTrip(tx, id, { status: 'CANCELLED', cancelled_at: new Date() });
      change = 'cancelled';
      if (row.driver_id !== null && isActivePhase(phase)) await repo.setDriverStatus(tx, row.driver_id, 'AVAILABLE');
      await recordAudit(tx, actor, {
        action: 'trip.cancel',
        entity: 'trip',
        entity_id: id,
        before: { status: row.status },
        after: { status: 'CANCELLED' },
      });
    } else {
      if (!tripMachine.can(phase, 'edit')) throw conflict(isClosedStatus(row.status) ? 'trip.closed' : 'trip.notEditable', { status: row.status });
      const slot = {
        event_date: changes.event_date ?? row.event_date,
        start_time: changes.start_time ?? row.start_time,
        estimated_duration: estimates.estimated_duration ?? row.estimated_duration,
      };
      await holdSchedule(
        tx,
        slot,
        changes.driver_id !== undefined ? changes.driver_id : row.driver_id,
        changes.vehicle_id !== undefined ? changes.vehicle_id : row.vehicle_id,
        id,
      );
      const materialIds =
        changes.materials === undefined
          ? undefined
          : await checkMaterials(
              tx,
              changes.materials,
              [row.exchange_provider_company_id, row.exchange_requester_company_id].filter((x): x is number => x !== null),
            );
      await repo.updateTrip(tx, id, {
        ...(changes.driver_id !== undefined ? { driver_id: changes.driver_id } : {}),
        ...(changes.vehicle_id !== undefined ? { vehicle_id: changes.vehicle_id } : {}),
        ...(changes.contact_person !== undefined ? { contact_person: changes.contact_person } : {}),
        ...(changes.event_date !== undefined ? { event_date: changes.event_date } : {}),
        ...(changes.start_time !== undefined ? { start_time: changes.start_time } : {}),
        ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
        ...(changes.pickup_address ? addressColumns('pickup', changes.pickup_address) : {}),
        ...(changes.dropoff_address ? addressColumns('dropoff', changes.dropoff_address) : {}),
        ...estimates,
      });
      if (materialIds) await repo.setTripMaterials(tx, id, materialIds);
      const stored = tripAuditFields(row);
      await recordAudit(tx, actor, {
        action: 'trip.update',
        entity: 'trip',
        entity_id: id,
        before: stored,
        after: { ...stored, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) },
      });
    }
    await emitChanged(deps, tx, await loadTrip(tx, id), change);
  });
  return getTripForAdmin(deps, actor, { id });
}

/** The fields an administrator may change, as stored, for the audit trail. */
function tripAuditFields(row: Trip): Record<string, unknown> {
  return {
    driver_id: row.driver_id,
    vehicle_id: row.vehicle_id,
    contact_person: row.contact_person,
    event_date: row.event_date,
    start_time: row.start_time,
    notes: row.notes,
    pickup_address: storedAddress(row, 'pickup'),
    dropoff_address: storedAddress(row, 'dropoff'),
  };
}

function storedAddress(row: Trip, prefix: 'pickup' | 'dropoff'): TripAddressInput {
  const p = prefix === 'pickup';
  return {
    address: (p ? row.pickup_address : row.dropoff_address) ?? '',
    city: (p ? row.pickup_city : row.dropoff_city) ?? '',
    country: (p ? row.pickup_country : row.dropoff_country) ?? '',
    latitude: (p ? row.pickup_lat : row.dropoff_lat) ?? 0,
    longitude: (p ? row.pickup_lng : row.dropoff_lng) ?? 0,
  };
}

/** The admin trip view's map: pickup to drop-off. */
export async function tripRouteForAdmin(deps: Deps, _actor: AdminActor, input: { id: number }) {
  const row = await loadTrip(deps.db, input.id);
  const from = point(row.pickup_lat, row.pickup_lng);
  const to = point(row.dropoff_lat, row.dropoff_lng);
  if (!from || !to) return { route: null, error: 'route.noRoute' as MessageCode };
  return routeOrError(deps, from, to);
}

/** Drivers' last known positions and the trip each is on: the admin live map (then `driverLocation` events). */
export async function livePositions(deps: Deps, _actor: AdminActor) {
  const rows = await repo.livePositions(deps.db);
  return {
    items: rows.map((r) => ({
      driver_id: r.driver_id,
      name: r.name,
      status: r.status,
      lat: r.lat!,
      lng: r.lng!,
      at: r.at,
      trip_id: r.trip_id,
      trip_phase: r.trip_status ? tripPhase(r.trip_status, r.trip_delivery_started_at) : null,
    })),
  };
}

// ---- the driver app ----

/** The driver's own trip; another driver's trip answers exactly like a missing one (404). */
async function ownTrip(db: DbOrTx, actor: DriverActor, id: number) {
  const row = await repo.findTrip(db, id);
  if (!row || row.driver_id !== actor.driver_id) throw new AppError('NOT_FOUND');
  return row;
}

export async function me(deps: Deps, actor: DriverActor) {
  const driver = await repo.findDriver(deps.db, actor.driver_id);
  if (!driver) throw new AppError('UNAUTHENTICATED');
  return { driver };
}

/** GET api/driver/trips: open trips (the app's tabs: on the way first, then by date), or all of them. */
export async function myTrips(deps: Deps, actor: DriverActor, input: DriverTripsInput) {
  const rows = await repo.driverTrips(deps.db, actor.driver_id, input.scope);
  return { items: await viewsOf(deps.db, rows, 'driver') };
}

export async function myTrip(deps: Deps, actor: DriverActor, input: { id: number }) {
  const row = await ownTrip(deps.db, actor, input.id);
  const [view] = await viewsOf(deps.db, [row], 'driver');
  return view!;
}

/** Refuses a step the table does not allow from here, with the message that says why (409, nothing written). */
function refuse(row: Trip, phase: TripPhase, target: TripStatus | 'delivery'): never {
  if (isClosedStatus(row.status)) throw conflict('trip.closed', { status: row.status });
  if (target === 'COMPLETED' && phase === 'ARRIVED') throw conflict('trip.deliveryNotStarted');
  if (target === 'delivery' && phase === 'DELIVERING') throw conflict('trip.deliveryAlreadyStarted');
  throw conflict('trip.wrongOrder', { status: phase === 'DELIVERING' ? 'ARRIVED (delivery started)' : row.status, target });
}

/**
 * PUT api/driver/trips/{id}/status: ON_ROUTE (Start Trip to Pickup), ARRIVED (Arrived at Pickup) or COMPLETED
 * (Complete Delivery, after start-delivery, with whole minutes and km). Only ever the next step; CANCELLED is
 * the administrators'. A hazardous trip starts only with its waste transfer note attached.
 */
export async function setTripStatus(deps: Deps, actor: DriverActor, input: TripStatusInput) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.lockTrip(tx, input.id))) throw new AppError('NOT_FOUND');
    const row = await ownTrip(tx, actor, input.id);
    const phase = tripPhase(row.status, row.delivery_started_at);
    if (input.status === 'CANCELLED' && !isClosedStatus(row.status)) throw conflict('trip.onlyAdminCancels');
    const action = STATUS_REQUEST_ACTION[input.status];
    if (!action || !tripMachine.can(phase, action)) refuse(row, phase, input.status);
    const now = new Date();
    if (action === 'start') await startTrip(tx, actor, row);
    else if (action === 'arrive') await repo.updateTrip(tx, row.id, { status: 'ARRIVED' });
    else await completeTrip(tx, actor, row, input, now);
    await emitChanged(deps, tx, await loadTrip(tx, row.id), action === 'start' ? 'started' : action === 'arrive' ? 'arrived' : 'delivered');
  });
  return myTrip(deps, actor, input);
}

async function startTrip(tx: Tx, actor: DriverActor, row: Trip) {
  const mats = await repo.materialsOf(tx, [row.id]);
  if (mats.some((m) => m.hazardous) && !(await repo.hasWasteTransferNote(tx, row.id))) throw conflict('trip.hazardousNeedsNote');
  // One trip on the way per driver: the driver row lock orders two starts; the partial unique index holds it anyway.
  await repo.lockDriver(tx, actor.driver_id);
  if ((await repo.activeTripOf(tx, actor.driver_id, row.id)) !== null) throw conflict('trip.driverBusy');
  try {
    await tx.transaction(async (sp) => repo.updateTrip(sp, row.id, { status: 'ON_ROUTE' }));
  } catch (err) {
    if (isUniqueViolation(err) && violatedConstraint(err) === 'trips_one_active_per_driver') throw conflict('trip.driverBusy');
    throw err;
  }
  await repo.setDriverStatus(tx, actor.driver_id, 'BUSY');
}

async function completeTrip(tx: Tx, actor: DriverActor, row: Trip, input: TripStatusInput, now: Date) {
  const startedAt = new Date(row.delivery_started_at!);
  const elapsedMin = Math.max(0, (now.getTime() - startedAt.getTime()) / 60_000);
  const actual_duration = wholeMinutes(input.actual_duration ?? elapsedMin);
  // The app's timer runs from Begin Delivery; a figure beyond the server's own clock (plus a minute of slack) is refused.
  if (actual_duration > Math.ceil(elapsedMin) + 1) throw fieldError('actual_duration', 'trip.durationTooLong', { max: Math.floor(elapsedMin) });
  const actual_distance = roundKm(input.actual_distance ?? 0);
  const factor = row.vehicle_kgco2e_per_km ?? DEFAULT_KGCO2E_PER_KM;
  const driver = await repo.findDriverForAdmin(tx, actor.driver_id);
  // Where the truck is: the phone's fix sent with the request, else the last one it reported.
  const at = input.position ?? point(driver?.current_lat ?? null, driver?.current_lng ?? null);
  const dropoff = point(row.dropoff_lat, row.dropoff_lng);
  const fromDropoff = at && dropoff ? haversineKm(at, dropoff) : null;
  const far = fromDropoff !== null && fromDropoff > LIMITS.completeNearDropoffKm;
  // Far from the drop-off, the driver says it is meant (a wrong tap, or a drop-off moved on the day); nothing is written before.
  if (far && !input.confirm_far_from_dropoff) throw conflict('trip.farFromDropoff', { km: roundKm(fromDropoff) });
  await repo.updateTrip(tx, row.id, {
    status: 'COMPLETED',
    completed_at: now,
    actual_duration,
    actual_distance,
    kgco2e_per_km: factor,
    transport_co2e_kg: transportCo2eKg(actual_distance, factor),
    end_lat: at?.lat ?? null,
    end_lng: at?.lng ?? null,
    completed_km_from_dropoff: fromDropoff === null ? null : Math.round(fromDropoff * 1000) / 1000,
    completed_far_confirmed: far,
  });
  await repo.setDriverStatus(tx, actor.driver_id, 'AVAILABLE');
}

/** POST api/driver/trips/{id}/start-delivery: Begin Delivery at ARRIVED; the app's drop-off estimate may replace the trip's. */
export async function startDelivery(deps: Deps, actor: DriverActor, input: StartDeliveryInput) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.lockTrip(tx, input.id))) throw new AppError('NOT_FOUND');
    const row = await ownTrip(tx, actor, input.id);
    const phase = tripPhase(row.status, row.delivery_started_at);
    if (!tripMachine.can(phase, 'startDelivery')) refuse(row, phase, 'delivery');
    const driver = await repo.findDriverForAdmin(tx, actor.driver_id);
    await repo.updateTrip(tx, row.id, {
      delivery_started_at: new Date(),
      start_lat: driver?.current_lat ?? row.pickup_lat,
      start_lng: driver?.current_lng ?? row.pickup_lng,
      ...(input.estimated_distance !== undefined ? { estimated_distance: roundKm(input.estimated_distance) } : {}),
      ...(input.estimated_duration !== undefined ? { estimated_duration: wholeMinutes(input.estimated_duration) } : {}),
    });
    await emitChanged(deps, tx, await loadTrip(tx, row.id), 'delivery_started');
  });
  return myTrip(deps, actor, input);
}

/** PUT api/driver/location: the driver's position, pushed live to administrators (driverLocation). */
export async function updateLocation(deps: Deps, actor: DriverActor, input: DriverLocationInput) {
  const at = new Date();
  const trip_id = await deps.db.transaction(async (tx) => {
    await repo.setDriverLocation(tx, actor.driver_id, input.lat, input.lng, at);
    const active = await repo.activeTripOf(tx, actor.driver_id);
    await deps.events.emit(tx, 'driver.located', {
      driver_id: actor.driver_id,
      trip_id: active,
      lat: input.lat,
      lng: input.lng,
      at: at.toISOString(),
    });
    return active;
  });
  return { success: true as const, lat: input.lat, lng: input.lng, at, trip_id };
}

/** The map's route for one leg of the driver's trip (SPEC §4 "Map routes"); a missing route is reported, not thrown. */
export async function myTripRoute(deps: Deps, actor: DriverActor, input: TripRouteInput) {
  const row = await ownTrip(deps.db, actor, input.id);
  const pickup = point(row.pickup_lat, row.pickup_lng);
  const dropoff = point(row.dropoff_lat, row.dropoff_lng);
  const to = input.leg === 'pickup' ? pickup : dropoff;
  let from: LatLng | null = input.from ?? null;
  if (!from) {
    const driver = await repo.findDriverForAdmin(deps.db, actor.driver_id);
    from = point(driver?.current_lat ?? null, driver?.current_lng ?? null);
  }
  if (!from && input.leg === 'dropoff') from = pickup;
  if (!to || !from) return { route: null, error: null };
  return routeOrError(deps, from, to);
}

// ---- documents ----

const DOCUMENT_FAILURES: Partial<Record<string, MessageCode>> = {
  UNSUPPORTED_MEDIA_TYPE: 'trip.documentType',
  PAYLOAD_TOO_LARGE: 'trip.documentTooLarge',
};

const storeDocuments = (deps: Deps, documents: UploadTripDocumentsInput['documents']) =>
  storeAllOrNone(deps, documents, { folder: 'trips', kind: 'document', maxBytes: LIMITS.driverDocumentBytes }, (err, i) => {
    const code = DOCUMENT_FAILURES[err.code];
    return code ? new AppError(err.code, { message: { code }, fields: { [`documents.${i}.body`]: { code } } }) : undefined;
  });

/** GET api/driver/trips/{id}/documents: the trip's documents, newest first, with their count. */
export async function myDocuments(deps: Deps, actor: DriverActor, input: { id: number }) {
  const row = await ownTrip(deps.db, actor, input.id);
  const items = (await repo.documentsOf(deps.db, [row.id])).map(documentView);
  return { items, count: items.length };
}

/**
 * POST api/driver/trips/{id}/documents: each file at most 11 MB and really a JPEG, PNG, GIF, PDF, Word or Excel
 * file (read from its bytes); any refusal refuses the whole request and stores nothing. From ASSIGNED on.
 */
export async function uploadDocuments(deps: Deps, actor: DriverActor, input: UploadTripDocumentsInput) {
  const before = await ownTrip(deps.db, actor, input.id);
  if (before.status === 'CANCELLED') throw conflict('trip.closed', { status: before.status });
  const files = await storeDocuments(deps, input.documents);
  try {
    const rows = await deps.db.transaction(async (tx) => {
      if (!(await repo.lockTrip(tx, input.id))) throw new AppError('NOT_FOUND');
      const row = await ownTrip(tx, actor, input.id);
      if (row.status === 'CANCELLED') throw conflict('trip.closed', { status: row.status });
      const inserted = await repo.insertDocuments(
        tx,
        files.map((f, i) => ({
          trip_id: row.id,
          name: f.name,
          storage_key: f.key,
          mime_type: f.mime_type,
          size_bytes: f.size_bytes,
          kind: input.documents[i]!.kind,
        })),
      );
      await emitChanged(deps, tx, row, 'document');
      return inserted;
    });
    return { success: true as const, items: rows.map(documentView), count: (await repo.documentsOf(deps.db, [input.id])).length };
  } catch (err) {
    await removeStoredFiles(
      deps,
      files.map((f) => f.key),
    );
    throw err;
  }
}

// ---- the synergy's side ----

/** The synergy's transport: its completed trips added up; the exchanges module reads it through here. */
export async function transportOfExchange(db: DbOrTx, exchangeId: number) {
  return sumTransport(await repo.completedTripsOfExchanges(db, [exchangeId]));
}

/** The same for a page of synergies, in one query. */
export async function transportOfExchanges(db: DbOrTx, exchangeIds: readonly number[]) {
  const rows = await repo.completedTripsOfExchanges(db, exchangeIds);
  return new Map(exchangeIds.map((id) => [id, sumTransport(rows.filter((r) => r.exchange_id === id))]));
}

/** What a synergy's card shows of a trip while it runs: when, where, who drives, and how far it has come. */
function runningTripView(row: Trip) {
  const phase = tripPhase(row.status, row.delivery_started_at);
  return {
    id: row.id,
    status: row.status,
    phase,
    event_date: row.event_date,
    start_time: row.start_time,
    estimated_duration: row.estimated_duration,
    estimated_distance: row.estimated_distance,
    driver: row.driver_id === null ? null : { id: row.driver_id, name: row.driver_name },
    vehicle:
      row.vehicle_id === null ? null : { id: row.vehicle_id, vehicle_number: row.vehicle_number, make: row.vehicle_make, model: row.vehicle_model },
    pickup_address: addressView(row.pickup_address, row.pickup_city, row.pickup_country, row.pickup_lat, row.pickup_lng),
    dropoff_address: addressView(row.dropoff_address, row.dropoff_city, row.dropoff_country, row.dropoff_lat, row.dropoff_lng),
    delivery_started_at: row.delivery_started_at,
  };
}
export type RunningTripView = ReturnType<typeof runningTripView>;

/**
 * The trip each synergy has running (not completed or cancelled; the one on the way first, else the next by date)
 * and how many it has open: the synergy card's trip block. One query for a page of synergies.
 */
export async function runningTripsOfExchanges(db: DbOrTx, exchangeIds: readonly number[]) {
  const rows = await repo.openTripsOfExchanges(db, exchangeIds);
  return new Map(
    exchangeIds.map((id) => {
      const open = rows.filter((r) => r.exchange_id === id);
      return [id, { trip: open[0] ? runningTripView(open[0]) : null, open_trips: open.length }];
    }),
  );
}

/** A synergy's trips for one of its two companies (status, driver, figures and documents); anyone else gets 404. */
export async function exchangeTrips(deps: Deps, actor: CompanyActor, input: { exchange_id: number }) {
  const exchange = await repo.findExchangeForTrip(deps.db, input.exchange_id);
  if (!exchange || (exchange.provider_company_id !== actor.company_id && exchange.requester_company_id !== actor.company_id))
    throw new AppError('NOT_FOUND');
  const rows = await repo.tripsOfExchange(deps.db, exchange.id);
  const views = await viewsOf(deps.db, rows, 'company');
  const docs = await repo.documentsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    items: views.map((v) => ({ ...v, documents: docs.filter((d) => d.trip_id === v.id).map(documentView) })),
    transport: await transportOfExchange(deps.db, exchange.id),
  };
}

// ---- events ----

async function emitChanged(deps: Deps, tx: Tx, row: Trip, change: TripChange) {
  await deps.events.emit(tx, 'trip.changed', {
    trip_id: row.id,
    change,
    status: row.status,
    phase: tripPhase(row.status, row.delivery_started_at),
    driver_id: row.driver_id,
    driver_name: row.driver_name,
    exchange_id: row.exchange_id,
    title: row.exchange_title ?? row.company_name ?? '',
    provider_company_id: row.exchange_provider_company_id,
    requester_company_id: row.exchange_requester_company_id,
    event_date: row.event_date,
    start_time: row.start_time,
  });
}
