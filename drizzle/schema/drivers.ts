import { boolean, date, doublePrecision, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { DriverStatus, TripDocumentKind, TripStatus } from '../../shared/constants/enums';
import { DEFAULT_KGCO2E_PER_KM } from '../../shared/lib/transport';
import { createdAt, ownedBy, timestamps, ts } from './_columns';
import { companies } from './companies';
import { exchanges } from './exchanges';
import { materialId } from './materials';
import { users } from './users';

export const drivers = pgTable(
  'drivers',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    /** Phone with spaces, hyphens and plus signs removed: what login compares. */
    phone_digits: text().notNull(),
    status: text().$type<DriverStatus>().notNull().default('AVAILABLE'),
    current_lat: doublePrecision(),
    current_lng: doublePrecision(),
    location_updated_at: ts(),
    token_version: integer().notNull().default(0),
    is_active: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('drivers_email_unique').on(sql`lower(${t.email})`)],
);

export const vehicles = pgTable('vehicles', {
  id: serial().primaryKey(),
  vehicle_number: text().notNull().unique(),
  make: text().notNull(),
  model: text().notNull(),
  capacity_kg: integer(),
  /** Transport CO2e per km driven; defaults to the DESNZ/Defra 2023 average-laden diesel HGV factor (docs/decisions/0110). */
  kgco2e_per_km: doublePrecision().notNull().default(DEFAULT_KGCO2E_PER_KM),
  is_active: boolean().notNull().default(true),
  ...timestamps(),
});

export const trips = pgTable(
  'trips',
  {
    id: serial().primaryKey(),
    exchange_id: integer().references(() => exchanges.id, { onDelete: 'set null' }),
    driver_id: integer().references(() => drivers.id, { onDelete: 'set null' }),
    vehicle_id: integer().references(() => vehicles.id, { onDelete: 'set null' }),
    status: text().$type<TripStatus>().notNull().default('ASSIGNED'),
    company_id: integer().references(() => companies.id, { onDelete: 'set null' }),
    contact_person: text(),
    contact_phone: text(),
    pickup_address: text(),
    pickup_city: text(),
    pickup_country: text(),
    pickup_lat: doublePrecision(),
    pickup_lng: doublePrecision(),
    dropoff_address: text(),
    dropoff_city: text(),
    dropoff_country: text(),
    dropoff_lat: doublePrecision(),
    dropoff_lng: doublePrecision(),
    event_date: date({ mode: 'string' }),
    start_time: text(),
    notes: text(),
    estimated_distance: doublePrecision(),
    estimated_duration: doublePrecision(),
    estimate_is_straight_line: boolean().notNull().default(false),
    actual_duration: integer(),
    actual_distance: doublePrecision(),
    start_lat: doublePrecision(),
    start_lng: doublePrecision(),
    end_lat: doublePrecision(),
    end_lng: doublePrecision(),
    delivery_started_at: ts(),
    completed_at: ts(),
    cancelled_at: ts(),
    /** The vehicle's factor when the trip was completed, and the CO2e it gave (actual_distance x factor). */
    kgco2e_per_km: doublePrecision(),
    transport_co2e_kg: doublePrecision(),
    /** How far from the drop-off the driver's position was at Complete Delivery (km; null: no position known). */
    completed_km_from_dropoff: doublePrecision(),
    /** The driver completed more than 1 km from the drop-off and confirmed it was meant (docs/decisions/0203). */
    completed_far_confirmed: boolean().notNull().default(false),
    created_by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('trips_driver_idx').on(t.driver_id, t.status),
    // Scheduling reads a vehicle's open trips for the overlap check, and deleting a vehicle counts them.
    index('trips_vehicle_idx').on(t.vehicle_id, t.status),
    index('trips_exchange_idx').on(t.exchange_id),
    index('trips_event_date_idx').on(t.event_date),
    // A driver has at most one trip on the way (ON_ROUTE or ARRIVED), also when two starts race (docs/decisions/0111).
    uniqueIndex('trips_one_active_per_driver')
      .on(t.driver_id)
      .where(sql`${t.status} in ('ON_ROUTE', 'ARRIVED')`),
  ],
);

export const trip_materials = pgTable(
  'trip_materials',
  {
    trip_id: ownedBy(() => trips.id),
    material_id: materialId(),
  },
  (t) => [primaryKey({ columns: [t.trip_id, t.material_id] })],
);

export const trip_documents = pgTable(
  'trip_documents',
  {
    id: serial().primaryKey(),
    trip_id: ownedBy(() => trips.id),
    name: text().notNull(),
    /** Storage key of a private file (folder `trips`). */
    storage_key: text().notNull(),
    mime_type: text().notNull(),
    size_bytes: integer().notNull(),
    /** What the document is: a waste transfer note opens the hazardous gate (docs/decisions/0112). */
    kind: text().$type<TripDocumentKind>().notNull().default('other'),
    created_at: createdAt(),
  },
  (t) => [index('trip_documents_trip_idx').on(t.trip_id, t.created_at), uniqueIndex('trip_documents_storage_key_unique').on(t.storage_key)],
);
