import { describe, expect, it } from 'vitest';
import { otherCompanyOfOffer } from './list';

const provider = { id: 1, name: 'Øresund' };
const requester = { id: 2, name: 'Aarhus Malt' };

describe('offer sides', () => {
  it('names the other company of an offer by its direction', () => {
    const o = { offering_company: requester, listing_company: provider };
    expect(otherCompanyOfOffer({ ...o, direction: 'received' })).toBe(requester);
    expect(otherCompanyOfOffer({ ...o, direction: 'made' })).toBe(provider);
  });
});
