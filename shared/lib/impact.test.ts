import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeCo2eAvoided,
  DEFRA_FACTOR_SET,
  defraMaterialNames,
  factorSetLabel,
  IMPACT_BASES,
  impactRecordFor,
  mappingProblem,
  publishedRoutes,
  recordBasis,
  resolveMapping,
  type ChainNode,
  type DefraFactorRow,
  type ImpactBasis,
  type ImpactMapping,
} from './impact';

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
  row('waste_disposal', 'Organic: food and drink waste', 'Anaerobic digestion', 8.91242),
  row('waste_disposal', 'Clothing', 'Landfill', 496.68331),
  row('material_use', 'Clothing', 'Primary material production', 22310),
  row('material_use', 'Clothing', 'Re-used', 152.25),
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
/** Any 2023 Defra material on any basis, the domain the properties below hold over. */
const anyMaterial = fc.constantFrom(...materialNames);
const anyBasis = fc.constantFrom(...IMPACT_BASES);
const kgUpTo = (max: number) => fc.double({ min: 0, max, noNaN: true });

const map = (
  defra_material: string | null,
  basis: ImpactBasis,
  counterfactual_route: ImpactMapping['counterfactual_route'] = 'Landfill',
): ImpactMapping => ({
  defra_material,
  basis,
  counterfactual_route,
});
const co2e = (kg: number, mapping: ImpactMapping) => computeCo2eAvoided({ kg, mapping, factors });

describe('computeCo2eAvoided', () => {
  it('like for like reproduces the worked wood example of data/README.md (about 1,199 kg CO2e per tonne)', () => {
    const r = co2e(1000, map('Wood', 'like_for_like'));
    expect(r.co2e_kg).toBeCloseTo(925.2445 - 0 + (312.61178 - 38.54288), 6);
    expect(Math.round(r.co2e_kg * 10) / 10).toBe(1199.3);
    expect(r.breakdown).toMatchObject({
      method: 'like_for_like',
      counterfactual_route: 'Landfill',
      route_factor: 925.2445,
      reuse_disposal: 0,
      avoided_disposal: 925.2445,
      primary_production: 312.61178,
      secondary_source: 38.54288,
      secondary_route: 'Re-used',
    });
    expect(r.breakdown.production_credit).toBeCloseTo(312.61178 - 38.54288, 6);
    expect(r.breakdown.missing).toEqual(['waste_disposal: Wood / Re-use']);
    expect(r.factor_set).toBe(DEFRA_FACTOR_SET);
  });

  it('disposal only credits the avoided disposal and never a production credit', () => {
    const r = co2e(1000, map('Wood', 'disposal_only'));
    expect(r.co2e_kg).toBeCloseTo(925.2445, 6);
    expect(r.breakdown).toMatchObject({ method: 'disposal_only', primary_production: 0, production_credit: 0, use_material: null });
    expect(r.factors_used.map((f) => f.table_name)).toEqual(['waste_disposal']);
    // Jute sacks (textile by-products): clothing's disposal factor, not 22,310 kg CO2e of new clothing per tonne.
    expect(co2e(400, map('Clothing', 'disposal_only')).co2e_kg).toBeCloseTo(0.4 * 496.68331, 6);
    expect(co2e(400, map('Clothing', 'like_for_like')).co2e_kg).toBeCloseTo(0.4 * (496.68331 + 22310 - 152.25), 6);
  });

  it('reads the counterfactual route the mapping names (anaerobic digestion for food residues)', () => {
    const r = co2e(1000, map('Food and drink', 'disposal_only', 'Anaerobic digestion'));
    expect(r.breakdown).toMatchObject({
      disposal_material: 'Organic: food and drink waste',
      counterfactual_route: 'Anaerobic digestion',
      route_factor: 8.91242,
    });
    expect(r.co2e_kg).toBeCloseTo(8.91242, 6);
  });

  it('scales by kg / 1000', () => {
    expect(co2e(250, map('Wood', 'like_for_like')).co2e_kg).toBeCloseTo(1199.3134 / 4, 3);
  });

  it('falls back to the closed-loop source where Defra publishes no re-used factor', () => {
    const r = co2e(1000, map('Glass', 'like_for_like'));
    expect(r.breakdown.secondary_route).toBe('Closed-loop source');
    expect(r.co2e_kg).toBeCloseTo(8.88413 + (1402.76667 - 823.18954), 6);
  });

  it('counts nothing for basis none', () => {
    const r = co2e(5000, map('Wood', 'none'));
    expect(r.co2e_kg).toBe(0);
    expect(r.breakdown.method).toBe('none');
    expect(r.factors_used).toEqual([]);
  });

  it('never counts avoided disposal below 0', () => {
    const withReuse = [...factors, row('waste_disposal', 'Glass', 'Re-use', 50)];
    const r = computeCo2eAvoided({ kg: 1000, mapping: map('Glass', 'disposal_only'), factors: withReuse });
    expect(r.breakdown).toMatchObject({ route_factor: 8.88413, reuse_disposal: 50, avoided_disposal: 0 });
    expect(r.co2e_kg).toBe(0);
  });

  it('finds both tables through the alias map (food, WEEE, batteries)', () => {
    const food = co2e(1000, map('Food and drink', 'like_for_like'));
    expect(food.breakdown.disposal_material).toBe('Organic: food and drink waste');
    expect(food.co2e_kg).toBeCloseTo(700.20988 + 3701.40359, 5);
    const weee = co2e(1000, map('WEEE - small', 'like_for_like'));
    expect(weee.breakdown.use_material).toBe('Electrical items - small');
    expect(weee.co2e_kg).toBeCloseTo(8.88413 + 5647.94563, 5);
    expect(defraMaterialNames('Batteries - Li ion')).toEqual({ waste_disposal: 'Batteries', material_use: 'Batteries - Li ion' });
  });

  it('treats unpublished factors as 0 and reports them as missing', () => {
    const r = co2e(1000, map('Mineral oil', 'like_for_like'));
    expect(r.breakdown.route_factor).toBe(0);
    expect(r.breakdown.missing).toContain('waste_disposal: Mineral oil / Landfill');
    expect(r.co2e_kg).toBeCloseTo(1401 - 676, 6);
    const unknown = co2e(1000, map('Unobtainium', 'like_for_like'));
    expect(unknown.co2e_kg).toBe(0);
    expect(unknown.breakdown.missing.length).toBeGreaterThan(0);
    expect(computeCo2eAvoided({ kg: 1000, mapping: map('Wood', 'like_for_like'), factors: [] }).co2e_kg).toBe(0);
  });

  it('credits no production part where Defra publishes no primary production factor', () => {
    const r = co2e(1000, map('Soils', 'like_for_like'));
    expect(r.breakdown).toMatchObject({ primary_production: 0, secondary_source: 0, secondary_route: null, production_credit: 0 });
    expect(r.co2e_kg).toBeCloseTo(19.51734, 6);
  });

  it('refuses a negative or non-finite quantity', () => {
    expect(() => co2e(-1, map('Wood', 'like_for_like'))).toThrow(RangeError);
    expect(() => co2e(Number.NaN, map('Wood', 'like_for_like'))).toThrow(RangeError);
  });

  it('is never negative, and disposal only never exceeds like for like, for these 2023 Defra materials', () => {
    fc.assert(
      fc.property(anyMaterial, anyBasis, kgUpTo(1e7), (material, basis, kg) => {
        expect(co2e(kg, map(material, basis)).co2e_kg).toBeGreaterThanOrEqual(0);
        expect(co2e(kg, map(material, 'disposal_only')).co2e_kg).toBeLessThanOrEqual(co2e(kg, map(material, 'like_for_like')).co2e_kg);
      }),
    );
  });

  it('is linear in kg', () => {
    fc.assert(
      fc.property(anyMaterial, anyBasis, kgUpTo(1e6), kgUpTo(1e6), (material, basis, a, b) => {
        const f = (kg: number) => co2e(kg, map(material, basis)).co2e_kg;
        expect(f(a + b)).toBeCloseTo(f(a) + f(b), 3);
      }),
    );
  });
});

describe('mappings', () => {
  const node = (level: ChainNode['level'], id: number, own: Partial<ChainNode> = {}): ChainNode => ({
    level,
    id,
    code: `C${id}`,
    name: `N${id}`,
    defra_material: null,
    basis: null,
    counterfactual_route: null,
    ...own,
  });
  const wood = node('group', 1, { defra_material: 'Wood', basis: 'disposal_only', counterfactual_route: 'Landfill' });

  it('uses the most specific own mapping on the chain, else the group’s', () => {
    const pallets = node('third', 4, { defra_material: 'Wood', basis: 'like_for_like', counterfactual_route: 'Landfill' });
    const mill = node('first', 2, { defra_material: 'Wood', basis: 'disposal_only', counterfactual_route: 'Combustion' });
    expect(resolveMapping('material', [wood, mill, node('second', 3), pallets])).toMatchObject({
      basis: 'like_for_like',
      source: { level: 'third', id: 4 },
    });
    expect(resolveMapping('material', [wood, mill, node('second', 3), node('third', 5)])).toMatchObject({
      counterfactual_route: 'Combustion',
      source: { level: 'first', id: 2 },
    });
    expect(resolveMapping('material', [wood, node('first', 6), node('second', 7), node('third', 8)])).toMatchObject({
      defra_material: 'Wood',
      basis: 'disposal_only',
      source: { level: 'group', id: 1 },
    });
    expect(resolveMapping('material', [])).toBeNull();
  });

  it('counts a group without a Defra material as unmapped: commercial and industrial waste, disposal only via landfill', () => {
    expect(resolveMapping('material', [node('group', 9)])).toMatchObject({
      defra_material: 'Commercial and industrial waste',
      basis: 'disposal_only',
      counterfactual_route: 'Landfill',
    });
    // A material with no basis or route yet: where in doubt, disposal only, via landfill.
    expect(resolveMapping('material', [node('group', 9, { defra_material: 'Glass' })])).toMatchObject({
      basis: 'disposal_only',
      counterfactual_route: 'Landfill',
    });
  });

  it('counts knowledge and space as none whatever a node says', () => {
    const own = node('third', 4, { defra_material: 'Wood', basis: 'like_for_like', counterfactual_route: 'Landfill' });
    for (const kind of ['knowledge', 'space'] as const)
      expect(resolveMapping(kind, [wood, own])).toMatchObject({ basis: 'none', defra_material: null });
  });

  it('refuses a material outside the factor set or a route Defra publishes no factor for with it', () => {
    expect(mappingProblem(map('Moon rock', 'disposal_only'), factors)).toBe('material');
    expect(mappingProblem(map('Glass', 'disposal_only', 'Anaerobic digestion'), factors)).toBe('route');
    expect(mappingProblem(map('Food and drink', 'disposal_only', 'Anaerobic digestion'), factors)).toBeNull();
    expect(mappingProblem(map(null, 'none', null), factors)).toBeNull();
    expect(publishedRoutes('Food and drink', factors)).toEqual(['Landfill', 'Anaerobic digestion', 'Composting']);
  });

  it('reads a record stored before mappings by its method', () => {
    expect(recordBasis({ basis: null, counterfactual_route: null, breakdown: { method: 'landfill_and_production' } })).toEqual({
      basis: 'like_for_like',
      counterfactual_route: 'Landfill',
    });
    expect(recordBasis({ basis: null, counterfactual_route: null, breakdown: { method: 'landfill_only' } })).toMatchObject({
      basis: 'disposal_only',
    });
    expect(recordBasis({ basis: 'disposal_only', counterfactual_route: 'Combustion', breakdown: null })).toEqual({
      basis: 'disposal_only',
      counterfactual_route: 'Combustion',
    });
  });

  it('names the factor set with its version once', () => {
    expect(factorSetLabel(DEFRA_FACTOR_SET, '2023 v1.1')).toBe('DESNZ/Defra 2023 v1.1');
    expect(factorSetLabel('Other set 2025 v2', '2025 v2')).toBe('Other set 2025 v2');
    expect(factorSetLabel('Other set', '2025 v2')).toBe('Other set 2025 v2');
  });
});

describe('impactRecordFor', () => {
  const woodPallets = {
    defra_material: 'Wood',
    basis: 'like_for_like' as const,
    counterfactual_route: 'Landfill' as const,
    source: { level: 'third' as const, id: 7, code: '150103', name: 'Wooden packaging' },
  };

  it('keeps the factors used, in formula order, with their sources, and the mapping it used', () => {
    const withSource = factors.map((f) => ({ ...f, source: `ID ${f.material}/${f.route_or_source}` }));
    const r = impactRecordFor({
      quantity: 1000,
      quantity_unit: 'kg',
      group: { name: 'Wood', kind: 'material' },
      mapping: woodPallets,
      factors: withSource,
    });
    expect(r).toMatchObject({
      kg: 1000,
      hours: 0,
      material_group: 'Wood',
      defra_material: 'Wood',
      basis: 'like_for_like',
      counterfactual_route: 'Landfill',
      mapping: { level: 'third', id: 7, code: '150103' },
      factor_version: '2023 v1.1',
    });
    expect(r.factors.map((f) => [f.route_or_source, f.kgco2e, f.source])).toEqual([
      ['Landfill', 925.2445, 'ID Wood/Landfill'],
      ['Primary material production', 312.61178, 'ID Wood/Primary material production'],
      ['Re-used', 38.54288, 'ID Wood/Re-used'],
    ]);
  });

  it('counts space as neither kilograms nor CO2e, and a listing that is gone by its unit', () => {
    expect(
      impactRecordFor({ quantity: 400, quantity_unit: 'kg', group: { name: 'Space', kind: 'space' }, mapping: woodPallets, factors }),
    ).toMatchObject({
      kg: 0,
      hours: 0,
      co2e_kg: 0,
      defra_material: null,
      basis: 'none',
    });
    expect(impactRecordFor({ quantity: 12, quantity_unit: 'hours', group: null, mapping: null, factors })).toMatchObject({
      kg: 0,
      hours: 12,
      co2e_kg: 0,
      material_group: null,
      mapping: null,
    });
    const gone = impactRecordFor({ quantity: 2000, quantity_unit: 'kg', group: null, mapping: null, factors });
    expect(gone).toMatchObject({ kg: 2000, defra_material: 'Commercial and industrial waste', basis: 'disposal_only', material_group: null });
    expect(gone.co2e_kg).toBeCloseTo(2 * 520.33474, 6);
  });
});
