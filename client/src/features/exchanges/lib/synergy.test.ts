import { describe, expect, it } from 'vitest';
import { decodeMessage } from '@shared/messages';
import { endFormSchema, endPayload, rateFormSchema } from './forms';
import { companiesOf, ratingsOf } from './synergy';

const provider = { id: 1, name: 'Øresund' };
const requester = { id: 2, name: 'Aarhus Malt' };
const base = { providing_company: provider, requesting_company: requester };
const issue = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  decodeMessage(r.error?.issues.find((i) => i.path[0] === field)?.message);

describe('synergy sides', () => {
  it('puts our company first on either side', () => {
    expect(companiesOf({ ...base, side: 'provider' })).toEqual({ ours: provider, theirs: requester });
    expect(companiesOf({ ...base, side: 'requester' })).toEqual({ ours: requester, theirs: provider });
  });

  it('splits the ratings into ours and theirs, null while missing', () => {
    const theirs = { company_id: 2, rating: 4, review: 'Good', created_at: new Date('2026-01-01') };
    expect(ratingsOf({ ...base, side: 'provider', ratings: [theirs] })).toEqual({ ours: null, theirs });
    expect(ratingsOf({ ...base, side: 'requester', ratings: [theirs] })).toEqual({ ours: theirs, theirs: null });
  });
});

describe('end form', () => {
  it('needs the successful choice and sends COMPLETED with the money as numbers', () => {
    expect(issue(endFormSchema.safeParse({ successful: undefined, earnings: '', savings: '' }), 'successful')?.code).toBe('field.required');
    const values = endFormSchema.parse({ successful: 'yes', earnings: '', savings: '1250.50' });
    expect(endPayload(7, values)).toEqual({ id: 7, level_of_completion: 'COMPLETED', successful: true, earnings: undefined, savings: 1250.5 });
    expect(endPayload(7, endFormSchema.parse({ successful: 'no' })).successful).toBe(false);
  });

  it('refuses negative and over-precise amounts with the shared codes', () => {
    expect(issue(endFormSchema.safeParse({ successful: 'yes', earnings: '-1' }), 'earnings')?.code).toBe('exchange.moneyNegative');
    expect(issue(endFormSchema.safeParse({ successful: 'yes', savings: '1.234' }), 'savings')?.code).toBe('exchange.moneyInvalid');
  });
});

describe('rate form', () => {
  it('needs 1 to 5 stars and keeps the review to 250 characters', () => {
    expect(issue(rateFormSchema.safeParse({ rating: undefined, review: '' }), 'rating')?.code).toBe('exchange.ratingRange');
    expect(issue(rateFormSchema.safeParse({ rating: '6', review: '' }), 'rating')?.code).toBe('exchange.ratingRange');
    expect(rateFormSchema.parse({ rating: '5', review: ' Great ' })).toEqual({ rating: 5, review: 'Great' });
    expect(issue(rateFormSchema.safeParse({ rating: '3', review: 'a'.repeat(251) }), 'review')?.code).toBe('field.tooLong');
  });
});
