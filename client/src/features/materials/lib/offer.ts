// The "Make an offer" form: the shared offer rules plus the listing's own ceiling, known on this page.
import { m } from '@shared/messages';
import { createOfferInput } from '@shared/schemas/offers';

/** Quantity and message as the shared schema checks them, and at most the quantity listed. */
export function offerFormSchema(listingQuantity: number) {
  return createOfferInput
    .omit({ material_id: true })
    .refine((v) => v.quantity <= listingQuantity, { path: ['quantity'], message: m('offer.quantityAboveListing', { max: listingQuantity }) });
}
