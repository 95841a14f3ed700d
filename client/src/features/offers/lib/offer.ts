// The offer forms on the shared schemas. Only the forms' own chunks import this module, so the pages that show
// offers load zod when a form opens. "Make an offer": the shared offer rules plus the listing's own ceiling, known
// on the listing's page: what accepted offers have left of the listing, or of the sub-listing the offer names
// (shared/lib/stock.ts).
import { stockRefusal, type Stock } from '@shared/lib/stock';
import { m } from '@shared/messages';
import { createOfferInput, reviewOfferInput } from '@shared/schemas/offers';

export interface OfferStockSource extends Stock {
  sub_listings: (Stock & { id: number })[];
}

/** Quantity, message and the optional sub-listing as the shared schema checks them, and no more than is available. */
export function offerFormSchema(listing: OfferStockSource) {
  return createOfferInput.omit({ material_id: true }).superRefine((v, ctx) => {
    const sub = v.sub_listing_id === undefined ? null : (listing.sub_listings.find((s) => s.id === v.sub_listing_id) ?? null);
    const refusal = stockRefusal(v.quantity, listing, sub);
    if (!refusal) return;
    ctx.addIssue({
      code: 'custom',
      path: ['quantity'],
      message:
        refusal.reason === 'above_listed'
          ? m('offer.quantityAboveListing', { max: refusal.max })
          : m('offer.quantityAboveAvailable', { available: refusal.available }),
    });
  });
}

/** Reject dialog: the optional reason. */
export const rejectFormSchema = reviewOfferInput.pick({ reason: true });
