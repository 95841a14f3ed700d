// Logistics: drivers, vehicles, trips and trip documents (SPEC §3, §4, §5, §7).
// Administrators' inputs (admin/drivers, admin/vehicles, admin/trips) and the driver app's (api/driver/...).
import { DRIVER_STATUSES, TRIP_DOCUMENT_KINDS, TRIP_STATUSES } from '../constants/enums';
import { TRIP_PHASES } from '../machines/trip';
import { LIMITS } from '../constants/limits';
import { DEFAULT_KGCO2E_PER_KM } from '../lib/transport';
import { m } from '../messages';
import { deletedOutput, email, id, nullableText, pageNumber, pageOutput, pageSize, REQUIRED, requiredText, timestampFields } from './_primitives';
import { isValidDriverPhone } from './auth';
import { dataUrlFile } from './materials';
import { isoDateString } from './subscriptions';
import { z } from './_zod';

export const TRIP_MESSAGES = {
  invalidPhone: m('auth.invalidDriverPhone'),
  invalidTime: m('trip.invalidTime'),
  rangeTooLong: m('trip.rangeTooLong', { days: LIMITS.tripCalendarDaysMax }),
  rangeOrder: m('trip.rangeOrder'),
  documentTooLarge: m('trip.documentTooLarge'),
  documentUnreadable: m('trip.documentUnreadable'),
  tooManyDocuments: m('trip.tooManyDocuments', { max: LIMITS.driverDocumentsPerUpload }),
  latitude: m('trip.invalidLatitude'),
  longitude: m('trip.invalidLongitude'),
} as const;

export const latitude = z.coerce.number({ error: TRIP_MESSAGES.latitude }).min(-90, TRIP_MESSAGES.latitude).max(90, TRIP_MESSAGES.latitude);
export const longitude = z.coerce.number({ error: TRIP_MESSAGES.longitude }).min(-180, TRIP_MESSAGES.longitude).max(180, TRIP_MESSAGES.longitude);

// ---- drivers ----

const driverPhone = z
  .string()
  .trim()
  .min(1, { error: REQUIRED, abort: true })
  .max(40, TRIP_MESSAGES.invalidPhone)
  .refine(isValidDriverPhone, TRIP_MESSAGES.invalidPhone);

export const driverFields = z.object({
  name: requiredText(100),
  email,
  /** SPEC §5: 8 to 15 digits once spaces, hyphens and plus signs are stripped; stored as typed. */
  phone: driverPhone,
  status: z.enum(DRIVER_STATUSES).default('AVAILABLE'),
});
export const createDriverInput = driverFields;
export type CreateDriverInput = z.output<typeof createDriverInput>;
export const updateDriverInput = z.object({
  id,
  name: requiredText(100).optional(),
  email: email.optional(),
  phone: driverPhone.optional(),
  status: z.enum(DRIVER_STATUSES).optional(),
});
export type UpdateDriverInput = z.output<typeof updateDriverInput>;
export const listDriversInput = z
  .object({
    q: z.string().trim().max(100).optional(),
    status: z.enum(DRIVER_STATUSES).optional(),
    page: pageNumber,
    size: pageSize(),
  })
  .default({ page: 0, size: LIMITS.defaultPageSize });
export type ListDriversInput = z.output<typeof listDriversInput>;

// ---- vehicles ----

const kgco2ePerKm = z.coerce.number().min(0).max(10);
export const vehicleFields = z.object({
  vehicle_number: requiredText(20),
  make: requiredText(60),
  model: requiredText(60),
  capacity_kg: z.coerce.number().int().min(0).max(100_000).nullable().optional(),
  /** kg CO2e per km; the DESNZ/Defra 2023 average-laden diesel HGV factor when not given (shared/lib/transport.ts). */
  kgco2e_per_km: kgco2ePerKm.default(DEFAULT_KGCO2E_PER_KM),
});
export const createVehicleInput = vehicleFields;
export type CreateVehicleInput = z.output<typeof createVehicleInput>;
export const updateVehicleInput = z.object({
  id,
  vehicle_number: requiredText(20).optional(),
  make: requiredText(60).optional(),
  model: requiredText(60).optional(),
  capacity_kg: z.coerce.number().int().min(0).max(100_000).nullable().optional(),
  kgco2e_per_km: kgco2ePerKm.optional(),
});
export type UpdateVehicleInput = z.output<typeof updateVehicleInput>;
export const listVehiclesInput = z
  .object({ q: z.string().trim().max(100).optional(), page: pageNumber, size: pageSize() })
  .default({ page: 0, size: LIMITS.defaultPageSize });
export type ListVehiclesInput = z.output<typeof listVehiclesInput>;

export const idInput = z.object({ id });

// ---- trips ----

/** SPEC §3: each address with address, city, country and latitude/longitude "in either naming" (lat/lng too). */
export const tripAddress = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = { ...(v as Record<string, unknown>) };
    if (o.latitude === undefined && o.lat !== undefined) o.latitude = o.lat;
    if (o.longitude === undefined && o.lng !== undefined) o.longitude = o.lng;
    delete o.lat;
    delete o.lng;
    return o;
  },
  z.object({
    address: requiredText(300),
    city: requiredText(100),
    country: requiredText(60),
    latitude,
    longitude,
  }),
);
export type TripAddressInput = z.output<typeof tripAddress>;

/** "09:30": 24-hour hours and minutes. */
export const startTime = z
  .string()
  .trim()
  .min(1, { error: REQUIRED, abort: true })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TRIP_MESSAGES.invalidTime);

const materialIds = z.array(id).min(1).max(20);

/** POST admin/trips: schedule a pickup for a synergy. */
export const createTripInput = z.object({
  exchange_id: id,
  driver_id: id,
  vehicle_id: id.nullable().optional(),
  contact_person: requiredText(100),
  pickup_address: tripAddress,
  dropoff_address: tripAddress,
  event_date: isoDateString,
  start_time: startTime,
  materials: materialIds,
  notes: nullableText(1000),
});
export type CreateTripInput = z.output<typeof createTripInput>;

/** PUT admin/trips/{id}: reassign or reschedule (while ASSIGNED), or cancel (status CANCELLED, until completed). */
export const updateTripInput = z.object({
  id,
  driver_id: id.optional(),
  vehicle_id: id.nullable().optional(),
  contact_person: requiredText(100).optional(),
  pickup_address: tripAddress.optional(),
  dropoff_address: tripAddress.optional(),
  event_date: isoDateString.optional(),
  start_time: startTime.optional(),
  materials: materialIds.optional(),
  notes: nullableText(1000),
  status: z.literal('CANCELLED').optional(),
});
export type UpdateTripInput = z.output<typeof updateTripInput>;

/** GET admin/trips?from&to: the calendar's days, both included. */
export const listTripsInput = z
  .object({
    from: isoDateString,
    to: isoDateString,
    driver_id: id.optional(),
  })
  .refine((v) => v.from <= v.to, { message: TRIP_MESSAGES.rangeOrder, path: ['to'] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < LIMITS.tripCalendarDaysMax, {
    message: TRIP_MESSAGES.rangeTooLong,
    path: ['to'],
  });
export type ListTripsInput = z.output<typeof listTripsInput>;

/** Synergies an administrator can schedule a pickup for (in progress), by company or listing title. */
export const schedulableInput = z.object({ q: z.string().trim().max(100).optional(), exchange_id: id.optional() }).default({});
export type SchedulableInput = z.output<typeof schedulableInput>;

// ---- the driver app ----

export const driverTripsInput = z.object({ scope: z.enum(['open', 'all']).default('open') }).default({ scope: 'open' });
export type DriverTripsInput = z.output<typeof driverTripsInput>;

/** PUT api/driver/trips/{id}/status: the next status; COMPLETED carries whole minutes and km (1 decimal kept). */
export const tripStatusInput = z.object({
  id,
  status: z.enum(TRIP_STATUSES),
  actual_duration: z.coerce.number().min(0).max(100_000).optional(),
  actual_distance: z.coerce.number().min(0).max(100_000).optional(),
  /** COMPLETED: where the phone is now (else the last position it sent) and, when that is far from the drop-off, the driver's yes. */
  position: z.object({ lat: latitude, lng: longitude }).optional(),
  confirm_far_from_dropoff: z.boolean().optional(),
});
export type TripStatusInput = z.output<typeof tripStatusInput>;

/** POST api/driver/trips/{id}/start-delivery: the drop-off leg's estimate as the app's router gave it. */
export const startDeliveryInput = z.object({
  id,
  estimated_distance: z.coerce.number().min(0).max(100_000).optional(),
  estimated_duration: z.coerce.number().min(0).max(100_000).optional(),
});
export type StartDeliveryInput = z.output<typeof startDeliveryInput>;

/** PUT api/driver/location. */
export const driverLocationInput = z.object({ lat: latitude, lng: longitude });
export type DriverLocationInput = z.output<typeof driverLocationInput>;

/** One document: file name and content as a base64 data URL; the server checks the real content type. */
export const tripDocumentInput = dataUrlFile(LIMITS.driverDocumentBytes, {
  unreadable: TRIP_MESSAGES.documentUnreadable,
  tooLarge: TRIP_MESSAGES.documentTooLarge,
}).extend({
  /** A waste transfer note opens the hazardous gate (docs/decisions/0112); anything else is `other`. */
  kind: z.enum(TRIP_DOCUMENT_KINDS).default('other'),
});
export type TripDocumentInput = z.output<typeof tripDocumentInput>;

/** POST api/driver/trips/{id}/documents {documents: [{name, body}]}. */
export const uploadTripDocumentsInput = z.object({
  id,
  documents: z.array(tripDocumentInput).min(1).max(LIMITS.driverDocumentsPerUpload, TRIP_MESSAGES.tooManyDocuments),
});
export type UploadTripDocumentsInput = z.output<typeof uploadTripDocumentsInput>;

/** The map's route for one leg: from the driver's position (or the pickup) to the pickup or the drop-off. */
export const tripRouteInput = z.object({
  id,
  leg: z.enum(['pickup', 'dropoff']),
  from: z.object({ lat: latitude, lng: longitude }).optional(),
});
export type TripRouteInput = z.output<typeof tripRouteInput>;

/** Company users: the trips of one of their synergies (status and documents). */
export const exchangeTripsInput = z.object({ exchange_id: id });

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** drivers.admin.deleteDriver */
export const adminDeleteDriverOutput = deletedOutput;
/** drivers.admin.deleteVehicle */
export const adminDeleteVehicleOutput = adminDeleteDriverOutput;
/** driver.updateLocation */
export const driverUpdateLocationOutput = z.object({
  success: z.literal(true),
  lat: z.number(),
  lng: z.number(),
  at: z.date(),
  trip_id: z.number().int().nullable(),
});
/** drivers.admin.createVehicle */
export const adminCreateVehicleOutput = z.object({
  id: z.number().int(),
  vehicle_number: z.string(),
  make: z.string(),
  model: z.string(),
  capacity_kg: z.number().nullable(),
  kgco2e_per_km: z.number(),
  ...timestampFields,
});
/** drivers.admin.vehicle */
export const adminVehicleOutput = adminCreateVehicleOutput;
/** drivers.admin.updateVehicle */
export const adminUpdateVehicleOutput = adminCreateVehicleOutput;
/** A trip document as answers list it. */
export const tripDocumentOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  kind: z.enum(TRIP_DOCUMENT_KINDS),
  created_at: z.date(),
});
/** driver.documents */
export const driverDocumentsOutput = z.object({ items: z.array(tripDocumentOutput), count: z.number().int() });
/** driver.uploadDocuments */
export const driverUploadDocumentsOutput = driverDocumentsOutput.extend({ success: z.literal(true) });
/** drivers.admin.createDriver */
export const adminCreateDriverOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.enum(DRIVER_STATUSES),
  current_lat: z.number().nullable(),
  current_lng: z.number().nullable(),
  location_updated_at: z.date().nullable(),
  ...timestampFields,
});
/** drivers.admin.driver */
export const adminDriverOutput = adminCreateDriverOutput;
/** drivers.admin.updateDriver */
export const adminUpdateDriverOutput = adminCreateDriverOutput;
/** drivers.admin.vehicles */
export const adminVehiclesOutput = pageOutput(adminUpdateVehicleOutput);
/** drivers.admin.drivers */
export const adminDriversOutput = pageOutput(adminUpdateDriverOutput);
/** A trip's pickup or drop-off as answers carry it (`lat`/`lng` repeat the coordinates for map components). */
export const tripAddressOutput = z
  .object({
    address: z.string(),
    city: z.string(),
    country: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  })
  .nullable();
/** driver.trip */
export const driverTripOutput = z.object({
  id: z.number().int(),
  status: z.enum(TRIP_STATUSES),
  phase: z.enum(TRIP_PHASES),
  delivery_in_progress: z.boolean(),
  delivery_started_at: z.date().nullable(),
  completed_at: z.date().nullable(),
  cancelled_at: z.date().nullable(),
  exchange_id: z.number().int().nullable(),
  calendar_event: z.object({
    company: z.object({ id: z.number().int().nullable(), name: z.string().nullable(), phone: z.string().nullable() }),
    contact_person: z.string().nullable(),
    pickup_address: tripAddressOutput,
    dropoff_address: tripAddressOutput,
    event_date: z.string().nullable(),
    start_time: z.string().nullable(),
    materials: z.array(z.object({ id: z.number().int(), title: z.string(), material_group_code: z.string().nullable(), hazardous: z.boolean() })),
    notes: z.string().nullable(),
  }),
  driver: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  vehicle: z
    .object({
      id: z.number().int(),
      vehicle_number: z.string().nullable(),
      make: z.string().nullable(),
      model: z.string().nullable(),
      kgco2e_per_km: z.number().nullable(),
    })
    .nullable(),
  start_location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  end_location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  estimated_distance: z.number().nullable(),
  estimated_duration: z.number().nullable(),
  estimate_is_straight_line: z.boolean(),
  actual_duration: z.number().nullable(),
  actual_distance: z.number().nullable(),
  transport_co2e_kg: z.number().nullable(),
  completed_km_from_dropoff: z.number().nullable(),
  completed_far_confirmed: z.boolean(),
  driver_position: z.object({ lat: z.number(), lng: z.number(), at: z.date().nullable() }).nullable(),
  notes: z.string().nullable(),
  hazardous: z.boolean(),
  has_waste_transfer_note: z.boolean(),
  documents_count: z.number().int(),
  actions: z.array(z.enum(['edit', 'startDelivery', 'start', 'arrive', 'complete', 'cancel'])),
  ...timestampFields,
});
/** driver.setStatus */
export const driverSetStatusOutput = driverTripOutput;
/** driver.startDelivery */
export const driverStartDeliveryOutput = driverTripOutput;
/** driver.trips */
export const driverTripsOutput = z.object({ items: z.array(driverStartDeliveryOutput) });
/** drivers.admin.trips */
export const adminTripsOutput = z.object({ items: z.array(driverStartDeliveryOutput), from: z.string(), to: z.string() });
/** drivers.admin.createTrip: the trip as its driver reads it, with its documents. */
export const adminCreateTripOutput = driverTripOutput.extend({
  documents: z.array(tripDocumentOutput),
});
/** drivers.admin.trip */
export const adminTripOutput = adminCreateTripOutput;
/** drivers.admin.updateTrip */
export const adminUpdateTripOutput = adminCreateTripOutput;
