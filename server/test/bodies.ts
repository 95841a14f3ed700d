// Request bodies as the API takes them (the factories insert rows; these are what a client would send).
import type { z } from 'zod';
import type { createTripInput } from '../../shared/schemas/drivers';
import type { createMaterialInput } from '../../shared/schemas/materials';

export type CreateListingBody = z.input<typeof createMaterialInput>;

/** A listing as materials.create and POST api/v2/materials (and, with `id`, the updates) take it. */
export function listingBody(o: Partial<CreateListingBody> = {}): CreateListingBody {
  return {
    title: 'Spent grain',
    description: 'Wet spent grain from brewing',
    category: 'by-product',
    frequency: 'weekly',
    quantity: 100,
    condition: 'Fresh',
    type: 'Organic',
    final_use: 'Animal feed',
    ...o,
  };
}

export type CreateTripBody = z.input<typeof createTripInput>;

/** Two places in Copenhagen, 10 km apart on the straight-line estimate (about 15 minutes). */
export const copenhagen = { address: 'Refshalevej 163A', city: 'København K', country: 'DK', latitude: 55.6925, longitude: 12.6105 };
export const valby = { address: 'Gammel Køge Landevej 55', city: 'Valby', country: 'DK', latitude: 55.657, longitude: 12.505 };

/** A trip of the synergy `s` as drivers.admin.createTrip and POST admin/trips take it: Copenhagen to Valby, all its material. */
export function tripBody(
  s: { id: number; material: { id: number } },
  o: Partial<CreateTripBody> & Pick<CreateTripBody, 'driver_id'>,
): CreateTripBody {
  return {
    exchange_id: s.id,
    contact_person: 'Mette Jensen',
    pickup_address: copenhagen,
    dropoff_address: valby,
    event_date: '2030-05-14',
    start_time: '09:30',
    materials: [s.material.id],
    ...o,
  };
}
