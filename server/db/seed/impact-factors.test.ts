import { describe, expect, it } from 'vitest';
import { computeCo2eAvoided } from '../../../shared/lib/impact';
import { MATERIAL_GROUPS } from './material-taxonomy';
import { DEFRA_ROWS } from './reference';

// The pure formula is unit-tested in shared/lib; this checks it against the real 2023 table and our mapping.
describe('CO2e of every material group with the 2023 Defra factors', () => {
  for (const group of MATERIAL_GROUPS) {
    it(`${group.name} (${group.defra_material ?? 'no Defra material'})`, () => {
      const r = computeCo2eAvoided({ kg: 1000, defra_material: group.defra_material, kind: group.kind, factors: DEFRA_ROWS });
      if (group.kind !== 'material') {
        expect(r.co2e_kg).toBe(0);
        return;
      }
      expect(r.co2e_kg).toBeGreaterThan(0);
      // Each mapped material is found in at least one table under its own or its aliased name.
      expect(r.breakdown.landfill + r.breakdown.primary_production).toBeGreaterThan(0);
    });
  }

  it('reproduces the README wood example from the full table', () => {
    expect(Math.round(computeCo2eAvoided({ kg: 1000, defra_material: 'Wood', factors: DEFRA_ROWS }).co2e_kg)).toBe(1199);
  });
});
