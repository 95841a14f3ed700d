import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCo2eAvoided, DEFRA_FACTOR_SET, defraMaterialNames, impactRecordFor, type DefraFactorRow } from './impact';

// Rows of DESNZ/Defra 2023 v1.1 (kg CO2e per tonne) the cases below need; the full table is checked against
// every material group in server/db/seed/impact-factors.test.ts.
const row = (table_name: DefraFactorRow['table_name'], material: string, route_or_source: string, kgco2e: number): DefraFactorRow => ({
  table_name,
  material,
  route_or_source,
  kgco2e,
});
const factors: DefraFactorRow[] = [
  row('material_use', 'Wood', 'Primary material production', 312.61178),
  row('material_use', 'Wood', 'Re-used', 38.54288),
  row('material_use', 'Wood', 'Closed-loop source', 112.96968),
  row('waste_disposal', 'Wood', 'Closed-loop', 21.28081),
  row('waste_disposal', 'Wood', 'Landfill', 925.2445),
  row('material_use', 'Glass', 'Primary material production', 1402.76667),
  row('material_use', 'Glass', 'Closed-loop source', 823.18954),
  row('waste_disposal', 'Glass', 'Landfill', 8.88413),
  row('material_use', 'Food and drink', 'Primary material production', 3701.40359),
  row('waste_disposal', 'Organic: food and drink waste', 'Landfill', 700.20988),
  row('waste_disposal', 'Organic: food and drink waste', 'Composting', 8.91242),
  row('material_use', 'Electrical items - small', 'Primary material production', 5647.94563),
  row('waste_disposal', 'WEEE - small', 'Landfill', 8.88413),
  row('material_use', 'Mineral oil', 'Primary material production', 1401),
  row('material_use', 'Mineral oil', 'Closed-loop source', 676),
  row('waste_disposal', 'Mineral oil', 'Combustion', 21.28081),
  row('waste_disposal', 'Commercial and industrial waste', 'Landfill', 520.33474),
  row('waste_disposal', 'Commercial and industrial waste', 'Combustion', 21.28081),
  row('material_use', 'Soils', 'Closed-loop source', 0.98491),
  row('waste_disposal', 'Soils', 'Landfill', 19.51734),
];
const materialNames = [...new Set(factors.map((f) => f.material))];

describe('computeCo2eAvoided', () => {
  it('reproduces the worked wood example of data/README.md (about 1,199 kg CO2e per tonne)', () => {
    const r = computeCo2eAvoided({ kg: 1000, defra_material: 'Wood', factors });
    expect(r.co2e_kg).toBeCloseTo(925.2445 - 0 + (312.61178 - 38.54288), 6);
    expect(Math.round(r.co2e_kg)).toBe(1199);
    expect(r.breakdown).toMatchObject({
      method: 'landfill_and_production',
      landfill: 925.2445,
      reuse_disposal: 0,
      primary_production: 312.61178,
      secondary_source: 38.54288,
      secondary_route: 'Re-used',
    });
    expect(r.breakdown.missing).toEqual(['waste_disposal: Wood / Re-use']);
    expect(r.factor_set).toBe(DEFRA_FACTOR_SET);
  });

  it('scales by kg / 1000', () => {
    expect(computeCo2eAvoided({ kg: 250, defra_material: 'Wood', factors }).co2e_kg).toBeCloseTo(1199.3134 / 4, 3);
  });

  it('falls back to the closed-loop source where Defra publishes no re-used factor', () => {
    const r = computeCo2eAvoided({ kg: 1000, defra_material: 'Glass', factors });
    expect(r.breakdown.secondary_route).toBe('Closed-loop source');
    expect(r.co2e_kg).toBeCloseTo(8.88413 + (1402.76667 - 823.18954), 6);
  });

  it('counts nothing for knowledge and space exchanges', () => {
    for (const kind of ['knowledge', 'space'] as const) {
      const r = computeCo2eAvoided({ kg: 5000, defra_material: 'Wood', kind, factors });
      expect(r.co2e_kg).toBe(0);
      expect(r.breakdown.method).toBe('none');
    }
  });

  it('counts an unmapped group as commercial and industrial waste, landfill part only', () => {
    const r = computeCo2eAvoided({ kg: 2000, defra_material: null, factors });
    expect(r.breakdown).toMatchObject({ method: 'landfill_only', disposal_material: 'Commercial and industrial waste', use_material: null });
    expect(r.co2e_kg).toBeCloseTo(2 * 520.33474, 6);
  });

  it('finds both tables through the alias map (food, WEEE, batteries)', () => {
    const food = computeCo2eAvoided({ kg: 1000, defra_material: 'Food and drink', factors });
    expect(food.breakdown.disposal_material).toBe('Organic: food and drink waste');
    expect(food.co2e_kg).toBeCloseTo(700.20988 + 3701.40359, 5);
    const weee = computeCo2eAvoided({ kg: 1000, defra_material: 'WEEE - small', factors });
    expect(weee.breakdown.use_material).toBe('Electrical items - small');
    expect(weee.co2e_kg).toBeCloseTo(8.88413 + 5647.94563, 5);
    expect(defraMaterialNames('Batteries - Li ion')).toEqual({ waste_disposal: 'Batteries', material_use: 'Batteries - Li ion' });
  });

  it('treats unpublished factors as 0 and reports them as missing', () => {
    const r = computeCo2eAvoided({ kg: 1000, defra_material: 'Mineral oil', factors });
    expect(r.breakdown.landfill).toBe(0);
    expect(r.breakdown.missing).toContain('waste_disposal: Mineral oil / Landfill');
    expect(r.co2e_kg).toBeCloseTo(1401 - 676, 6);
    const unknown = computeCo2eAvoided({ kg: 1000, defra_material: 'Unobtainium', factors });
    expect(unknown.co2e_kg).toBe(0);
    expect(unknown.breakdown.missing.length).toBeGreaterThan(0);
    expect(computeCo2eAvoided({ kg: 1000, defra_material: 'Wood', factors: [] }).co2e_kg).toBe(0);
  });

  it('credits no production part where Defra publishes no primary production factor', () => {
    const r = computeCo2eAvoided({ kg: 1000, defra_material: 'Soils', factors });
    expect(r.breakdown).toMatchObject({ primary_production: 0, secondary_source: 0, secondary_route: null });
    expect(r.co2e_kg).toBeCloseTo(19.51734, 6);
  });

  it('refuses a negative or non-finite quantity', () => {
    expect(() => computeCo2eAvoided({ kg: -1, defra_material: 'Wood', factors })).toThrow(RangeError);
    expect(() => computeCo2eAvoided({ kg: Number.NaN, defra_material: 'Wood', factors })).toThrow(RangeError);
  });

  it('is never negative for these 2023 Defra materials', () => {
    fc.assert(
      fc.property(fc.constantFrom(...materialNames, null), fc.double({ min: 0, max: 1e7, noNaN: true }), (material, kg) => {
        expect(computeCo2eAvoided({ kg, defra_material: material, factors }).co2e_kg).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('is linear in kg', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...materialNames, null),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (material, a, b) => {
          const f = (kg: number) => computeCo2eAvoided({ kg, defra_material: material, factors }).co2e_kg;
          expect(f(a + b)).toBeCloseTo(f(a) + f(b), 3);
        },
      ),
    );
  });
});

describe('impactRecordFor', () => {
  it('keeps the factors used, in formula order, with their sources', () => {
    const withSource = factors.map((f) => ({ ...f, source: `ID ${f.material}/${f.route_or_source}` }));
    const r = impactRecordFor({
      quantity: 1000,
      quantity_unit: 'kg',
      group: { name: 'Wood', kind: 'material', defra_material: 'Wood' },
      factors: withSource,
    });
    expect(r).toMatchObject({ kg: 1000, hours: 0, material_group: 'Wood', defra_material: 'Wood', factor_version: '2023 v1.1' });
    expect(r.factors.map((f) => [f.route_or_source, f.kgco2e, f.source])).toEqual([
      ['Landfill', 925.2445, 'ID Wood/Landfill'],
      ['Primary material production', 312.61178, 'ID Wood/Primary material production'],
      ['Re-used', 38.54288, 'ID Wood/Re-used'],
    ]);
  });

  it('counts space as neither kilograms nor CO2e, and a listing that is gone by its unit', () => {
    expect(
      impactRecordFor({ quantity: 400, quantity_unit: 'kg', group: { name: 'Space', kind: 'space', defra_material: null }, factors }),
    ).toMatchObject({
      kg: 0,
      hours: 0,
      co2e_kg: 0,
      defra_material: null,
    });
    expect(impactRecordFor({ quantity: 12, quantity_unit: 'hours', group: null, factors })).toMatchObject({
      kg: 0,
      hours: 12,
      co2e_kg: 0,
      material_group: null,
    });
    const gone = impactRecordFor({ quantity: 2000, quantity_unit: 'kg', group: null, factors });
    expect(gone).toMatchObject({ kg: 2000, defra_material: 'Commercial and industrial waste', material_group: null });
    expect(gone.co2e_kg).toBeCloseTo(2 * 520.33474, 6);
  });
});
