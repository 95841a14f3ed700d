import { describe, expect, it } from 'vitest';
import { decodeMessage } from '@shared/messages';
import { offerFormSchema } from './offer';

const codeOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  decodeMessage(r.error?.issues.find((i) => i.path[0] === field)?.message);

describe('offer form', () => {
  const schema = offerFormSchema({ quantity: 500, reserved_quantity: 0, sub_listings: [] });

  it('accepts a whole quantity up to the listing and a trimmed message', () => {
    expect(schema.parse({ quantity: '500', message: '  Weekly pickup ' })).toEqual({ quantity: 500, message: 'Weekly pickup' });
  });

  it('refuses more than the listing holds, naming the maximum', () => {
    expect(codeOf(schema.safeParse({ quantity: '501', message: 'x' }), 'quantity')).toEqual({
      code: 'offer.quantityAboveListing',
      params: { max: 500 },
    });
  });

  it('refuses more than accepted offers have left, naming what is available', () => {
    const reserved = offerFormSchema({ quantity: 500, reserved_quantity: 420, sub_listings: [] });
    expect(reserved.safeParse({ quantity: '80', message: 'x' }).success).toBe(true);
    expect(codeOf(reserved.safeParse({ quantity: '81', message: 'x' }), 'quantity')).toEqual({
      code: 'offer.quantityAboveAvailable',
      params: { available: 80 },
    });
  });

  it('measures an offer on a sub-listing against the sub-listing and the listing', () => {
    const bays = offerFormSchema({ quantity: 250, reserved_quantity: 100, sub_listings: [{ id: 7, quantity: 150, reserved_quantity: 100 }] });
    expect(bays.parse({ quantity: '50', message: 'x', sub_listing_id: 7 })).toEqual({ quantity: 50, message: 'x', sub_listing_id: 7 });
    expect(codeOf(bays.safeParse({ quantity: '51', message: 'x', sub_listing_id: 7 }), 'quantity')).toEqual({
      code: 'offer.quantityAboveAvailable',
      params: { available: 50 },
    });
    expect(bays.safeParse({ quantity: '150', message: 'x', sub_listing_id: '' }).success).toBe(true);
  });

  it('refuses zero, fractions and an empty quantity with the shared codes', () => {
    expect(codeOf(schema.safeParse({ quantity: '0', message: 'x' }), 'quantity')?.code).toBe('offer.quantityTooSmall');
    expect(codeOf(schema.safeParse({ quantity: '1.5', message: 'x' }), 'quantity')?.code).toBe('field.wholeNumber');
    expect(codeOf(schema.safeParse({ quantity: '', message: 'x' }), 'quantity')?.code).toBe('field.required');
  });

  it('refuses an empty or blank message and one over 250 characters', () => {
    expect(codeOf(schema.safeParse({ quantity: '1', message: '   ' }), 'message')?.code).toBe('field.required');
    expect(codeOf(schema.safeParse({ quantity: '1', message: 'a'.repeat(251) }), 'message')?.code).toBe('field.tooLong');
    expect(schema.safeParse({ quantity: '1', message: 'a'.repeat(250) }).success).toBe(true);
  });
});
