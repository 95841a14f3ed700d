// Pure rules: the shared listing schema (what the client form and the server both enforce), the status
// transition table, CSV cell neutralising and the recommendation score.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LISTING_STATUSES } from '../../../shared/constants/enums';
import {
  MATERIAL_MESSAGES,
  STATUS_ACTIONS,
  createMaterialInput,
  dataUrlByteLength,
  normalizeMaterialCode,
  searchMaterialsInput,
} from '../../../shared/schemas/materials';
import { isFormulaLike, nextStatus, neutraliseCell, recommendationScore, canWriteKind } from './policy';

const valid = {
  title: 'Spent grain',
  description: 'Wet spent grain',
  category: 'by-product',
  frequency: 'weekly',
  quantity: 5,
  condition: 'Fresh',
  type: 'Organic',
  final_use: 'Feed',
};
const errorsOf = (patch: Record<string, unknown>) => {
  const r = createMaterialInput.safeParse({ ...valid, ...patch });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe('listing schema (SPEC §5)', () => {
  it('accepts any non-blank title up to 50 characters and refuses longer ones with the message', () => {
    const title = fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim().length > 0 && s.trim() === s);
    fc.assert(fc.property(title, (t) => createMaterialInput.safeParse({ ...valid, title: t }).success));
    fc.assert(
      fc.property(
        fc.string({ minLength: 51, maxLength: 120 }).filter((s) => s.trim().length > 50),
        (t) => {
          expect(errorsOf({ title: t }).title).toBe(MATERIAL_MESSAGES.titleTooLong);
        },
      ),
    );
  });

  it('bounds the description at 500 characters', () => {
    expect(errorsOf({ description: 'x'.repeat(500) })).toEqual({});
    expect(errorsOf({ description: 'x'.repeat(501) }).description).toBe(MATERIAL_MESSAGES.descriptionTooLong);
  });

  it('requires title, description, frequency, quantity, condition, type and final use', () => {
    for (const field of ['title', 'description', 'frequency', 'quantity', 'condition', 'type', 'final_use']) {
      expect(errorsOf({ [field]: undefined })[field], field).toBe(MATERIAL_MESSAGES.required);
    }
    expect(errorsOf({ quantity: '' }).quantity).toBe(MATERIAL_MESSAGES.required);
  });

  it('parses quantity as a non-negative integer, from a number or a string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), (n) => {
        expect(createMaterialInput.parse({ ...valid, quantity: n }).quantity).toBe(n);
        expect(createMaterialInput.parse({ ...valid, quantity: String(n) }).quantity).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: -1 }), (n) => errorsOf({ quantity: n }).quantity === MATERIAL_MESSAGES.quantityNegative),
    );
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, min: 0.001, max: 1e6 }).filter((x) => !Number.isInteger(x)),
        (x) => errorsOf({ quantity: x }).quantity === MATERIAL_MESSAGES.quantityNotInteger,
      ),
    );
    expect(errorsOf({ quantity: 'ten' }).quantity).toBe(MATERIAL_MESSAGES.quantityNotInteger);
  });

  it('takes up to 3 photos, each at most 2 MB, new ones as base64 data-URLs', () => {
    expect(errorsOf({ images: [png(10), { url: '/files/a.png' }, '/files/b.png'] })).toEqual({});
    expect(errorsOf({ images: [png(10), png(10), png(10), png(10)].map((body) => ({ name: 'a.png', body })) }).images).toBe(
      MATERIAL_MESSAGES.tooManyPhotos,
    );
    expect(errorsOf({ images: [{ name: 'a.png', body: png(2 * 1024 * 1024) }] })).toEqual({});
    expect(errorsOf({ images: [{ name: 'a.png', body: png(2 * 1024 * 1024 + 1) }] })['images.0.body']).toBe(MATERIAL_MESSAGES.photoTooLarge);
    expect(errorsOf({ images: [{ name: 'a.png', body: 'not a data url' }] })['images.0.body']).toBe(MATERIAL_MESSAGES.photoNotDataUrl);
  });

  it('measures a data-URL body exactly', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 300 }), (bytes) => {
        expect(dataUrlByteLength(`data:image/png;base64,${Buffer.from(bytes).toString('base64')}`)).toBe(bytes.length);
      }),
    );
  });

  it('compacts spaced EWC codes and leaves the product codes alone', () => {
    expect(normalizeMaterialCode(' 02 07 04 ')).toBe('020704');
    expect(normalizeMaterialCode('K-FIN-1.2')).toBe('K-FIN-1.2');
  });

  it('defaults search to proximity 40, page 0, size 12, distance order, offerings', () => {
    expect(searchMaterialsInput.parse(undefined)).toMatchObject({ proximity: '40', page: 0, size: 12, sort: 'distance', kind: 'offering' });
    expect(searchMaterialsInput.parse({ proximity: 5 }).proximity).toBe('5');
    expect(searchMaterialsInput.parse({ proximity: 'above40' }).proximity).toBe('above40');
    expect(searchMaterialsInput.safeParse({ proximity: '7' }).success).toBe(false);
    expect(searchMaterialsInput.parse({ category: 'waste,knowledge' }).category).toEqual(['waste', 'knowledge']);
  });
});

describe('status transitions', () => {
  it('follows the table for every state and action', () => {
    const expected: Record<string, Record<string, string | null>> = {
      active: { archive: 'archived', deactivate: 'deactivated', reactivate: null },
      archived: { archive: null, deactivate: null, reactivate: 'active' },
      deactivated: { archive: 'archived', deactivate: null, reactivate: 'active' },
    };
    for (const s of LISTING_STATUSES) for (const a of STATUS_ACTIONS) expect(nextStatus(s, a), `${s} ${a}`).toBe(expected[s]![a]);
  });

  it('lets members write offerings and only managers write donations', () => {
    expect(canWriteKind('MEMBER', 'offering')).toBe(true);
    expect(canWriteKind('MEMBER', 'donation')).toBe(false);
    expect(canWriteKind('MANAGER', 'donation')).toBe(true);
  });
});

describe('CSV cell neutralising', () => {
  it('prefixes exactly the formula-looking cells and nothing else', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = neutraliseCell(s);
        if (/^[=+\-@\t\r]/.test(s)) expect(out).toBe(`'${s}`);
        else expect(out).toBe(s);
        expect(isFormulaLike(out)).toBe(false);
      }),
    );
  });
});

describe('recommendation score', () => {
  const arb = fc.record({ distance_km: fc.double({ min: 0, max: 20_000, noNaN: true }), age_days: fc.double({ min: 0, max: 3650, noNaN: true }) });
  it('never ranks a non-match above a match at the same distance and age', () => {
    fc.assert(fc.property(arb, (c) => recommendationScore({ ...c, matched: true }) > recommendationScore({ ...c, matched: false })));
  });
  it('prefers nearer and newer listings, all else equal', () => {
    fc.assert(
      fc.property(arb, fc.boolean(), fc.double({ min: 0.1, max: 1000, noNaN: true }), (c, matched, d) => {
        expect(recommendationScore({ ...c, matched })).toBeGreaterThan(recommendationScore({ ...c, matched, distance_km: c.distance_km + d }));
        expect(recommendationScore({ ...c, matched })).toBeGreaterThan(recommendationScore({ ...c, matched, age_days: c.age_days + d }));
      }),
    );
  });
});
