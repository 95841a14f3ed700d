import { describe, expect, it } from 'vitest';
import { decodeMessage } from '@shared/messages';
import { offerFormSchema } from './offer';

const codeOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  decodeMessage(r.error?.issues.find((i) => i.path[0] === field)?.message);

describe('offer form', () => {
  const schema = offerFormSchema(500);

  it('accepts a whole quantity up to the listing and a trimmed message', () => {
    expect(schema.parse({ quantity: '500', message: '  Weekly pickup ' })).toEqual({ quantity: 500, message: 'Weekly pickup' });
  });

  it('refuses more than the listing holds, naming the maximum', () => {
    expect(codeOf(schema.safeParse({ quantity: '501', message: 'x' }), 'quantity')).toEqual({
      code: 'offer.quantityAboveListing',
      params: { max: 500 },
    });
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
