// What the synergies screen derives from a synergy as the server sends it (exchanges.list / exchanges.get),
// and the end and rate forms on the shared schemas.
import { m } from '@shared/messages';
import { endExchangeInput, rateExchangeInput } from '@shared/schemas/exchanges';
import { reviewOfferInput } from '@shared/schemas/offers';
import { z } from '@shared/schemas/_zod';
import type { RouterOutputs } from '@/lib/types';

export type Synergy = RouterOutputs['exchanges']['list']['items'][number];
export type Offer = RouterOutputs['offers']['list']['items'][number];

type Company = { id: number; name: string };

/** The caller's company and the other one (an administrator reads as the providing side). */
export function companiesOf(x: Pick<Synergy, 'side' | 'providing_company' | 'requesting_company'>): { ours: Company; theirs: Company } {
  return x.side === 'requester'
    ? { ours: x.requesting_company, theirs: x.providing_company }
    : { ours: x.providing_company, theirs: x.requesting_company };
}

/** Our company's rating of the synergy and the other company's, each null until given. */
export function ratingsOf(x: Pick<Synergy, 'side' | 'providing_company' | 'requesting_company' | 'ratings'>) {
  const { ours, theirs } = companiesOf(x);
  return { ours: x.ratings.find((r) => r.company_id === ours.id) ?? null, theirs: x.ratings.find((r) => r.company_id === theirs.id) ?? null };
}

/** The other company of an offer: who made it (received) or whose listing it is (made). */
export const otherCompanyOfOffer = (o: Pick<Offer, 'direction' | 'offering_company' | 'listing_company'>): Company =>
  o.direction === 'received' ? o.offering_company : o.listing_company;

/** An empty box means "not given" (the shared money rule reads '' as a missing number). */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** End dialog: successful yes/no (a choice must be made), earnings and savings as typed (optional). */
export const endFormSchema = z.object({
  successful: z.enum(['yes', 'no'], { error: m('field.required') }),
  earnings: z.preprocess(blankToUndefined, endExchangeInput.shape.earnings),
  savings: z.preprocess(blankToUndefined, endExchangeInput.shape.savings),
});
export type EndFormIn = z.input<typeof endFormSchema>;

export function endPayload(id: number, values: z.output<typeof endFormSchema>) {
  return {
    id,
    level_of_completion: 'COMPLETED' as const,
    successful: values.successful === 'yes',
    earnings: values.earnings,
    savings: values.savings,
  };
}

/** Rate dialog: 1 to 5 stars and an optional review (250 characters). */
export const rateFormSchema = rateExchangeInput.omit({ id: true });

/** Reject dialog: the optional reason. */
export const rejectFormSchema = reviewOfferInput.pick({ reason: true });
