// Request bodies as the API takes them (the factories insert rows; these are what a client would send).
import type { z } from 'zod';
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
