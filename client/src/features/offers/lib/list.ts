// What the offer lists derive from an offer as the server sends it (offers.list / offers.pending). The forms'
// schemas are in ./offer.ts, loaded with the forms that use them.
import type { RouterOutputs } from '@/lib/types';

export type Offer = RouterOutputs['offers']['list']['items'][number];

type Company = { id: number; name: string };

/** The other company of an offer: who made it (received) or whose listing it is (made). */
export const otherCompanyOfOffer = (o: Pick<Offer, 'direction' | 'offering_company' | 'listing_company'>): Company =>
  o.direction === 'received' ? o.offering_company : o.listing_company;
