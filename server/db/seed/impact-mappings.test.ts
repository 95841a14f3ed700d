// The default impact mappings (impact-mappings.ts, docs/decisions/0170) against the taxonomy they name and the
// DESNZ/Defra 2023 table itself: every figure is recomputed here by hand from data/defra-2023-material-waste.csv.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSharedReferenceData, REPO_ROOT, SHARED_DATA_DIR } from '../../../scripts/import-reference-data';
import { defraMaterialNames, mappingProblem, perTonne, type ImpactMapping } from '../../../shared/lib/impact';
import { DEFAULT_IMPACT_MAPPINGS } from './impact-mappings';
import { buildTaxonomy, MATERIAL_GROUPS } from './material-taxonomy';
import { DEFRA_ROWS, EWC_ROWS, type DefraRow } from './reference';

const csvPath = path.join(SHARED_DATA_DIR, 'defra-2023-material-waste.csv');
const fromCsv = existsSync(csvPath);
// ../shared/data is beside every clone the project runs in; the checked-in snapshot equals it (reference-snapshot.test.ts).
const rows: DefraRow[] = fromCsv ? (await readSharedReferenceData()).defra : DEFRA_ROWS;

/** PRODUCT.md's formula, written out again on the CSV rows, per tonne. */
function byHand(m: ImpactMapping): number {
  if (m.basis === 'none') return 0;
  const names = defraMaterialNames(m.defra_material!);
  const factor = (table: string, material: string, route: string) =>
    rows.find((r) => r.table_name === table && r.material === material && r.route_or_source === route)?.kgco2e;
  const avoided = Math.max(
    0,
    (factor('waste_disposal', names.waste_disposal, m.counterfactual_route!) ?? 0) - (factor('waste_disposal', names.waste_disposal, 'Re-use') ?? 0),
  );
  if (m.basis === 'disposal_only') return avoided;
  const primary = factor('material_use', names.material_use, 'Primary material production');
  if (primary === undefined) return avoided;
  const secondary = factor('material_use', names.material_use, 'Re-used') ?? factor('material_use', names.material_use, 'Closed-loop source') ?? 0;
  return avoided + primary - secondary;
}

const all = DEFAULT_IMPACT_MAPPINGS.flatMap((g) => [
  { group: g.group, level: 'group' as const, code: null as string | null, mapping: g.mapping, reason: g.reason },
  ...g.exceptions.map((x) => ({ group: g.group, level: x.level, code: x.code as string | null, mapping: x.mapping, reason: x.reason })),
]);

describe(`default impact mappings, recomputed from ${fromCsv ? 'data/defra-2023-material-waste.csv' : 'the reference snapshot (../shared/data is missing)'}`, () => {
  for (const d of all) {
    const label = `${d.group}${d.code ? ` ${d.level} ${d.code}` : ''}: ${d.mapping.defra_material ?? '-'} / ${d.mapping.basis} / ${d.mapping.counterfactual_route ?? '-'}`;
    it(label, () => {
      expect(mappingProblem(d.mapping, rows), 'a material and route Defra publishes').toBeNull();
      expect(perTonne(d.mapping, rows)).toBeCloseTo(byHand(d.mapping), 9);
      if (d.mapping.basis !== 'none') expect(byHand(d.mapping)).toBeGreaterThan(0);
      expect(d.reason.length).toBeGreaterThan(20);
    });
  }

  it('gives the figures PRODUCT.md and the issue name: wood pallets 1,199.3, food residues 8.9 (anaerobic digestion), textile fibres 496.7', () => {
    const at = (code: string) => all.find((d) => d.code === code)!.mapping;
    const group = (slug: string) => all.find((d) => d.group === slug && d.level === 'group')!.mapping;
    expect(Math.round(byHand(at('150103')) * 10) / 10).toBe(1199.3);
    expect(byHand(group('food-by-products'))).toBeCloseTo(8.91242, 9);
    expect(byHand(group('textile-by-products'))).toBeCloseTo(496.68331, 9);
    expect(byHand(at('200110'))).toBeCloseTo(496.68331 + 22310 - 152.25, 9);
  });
});

describe('the default table', () => {
  const taxonomy = buildTaxonomy(EWC_ROWS);

  it('covers every group once, knowledge and space with basis none', () => {
    expect(DEFAULT_IMPACT_MAPPINGS.map((g) => g.group).sort()).toEqual(MATERIAL_GROUPS.map((g) => g.slug).sort());
    for (const g of MATERIAL_GROUPS) {
      const d = DEFAULT_IMPACT_MAPPINGS.find((x) => x.group === g.slug)!;
      expect(d.mapping.basis === 'none', g.slug).toBe(g.kind !== 'material');
    }
  });

  it('names only subcategories that exist in their group, each once, each differing from what it would inherit', () => {
    for (const g of DEFAULT_IMPACT_MAPPINGS) {
      const group = taxonomy.find((t) => t.slug === g.group)!;
      const seen = new Set<string>();
      for (const x of g.exceptions) {
        expect(seen.has(`${x.level}${x.code}`), `${g.group} ${x.code} listed twice`).toBe(false);
        seen.add(`${x.level}${x.code}`);
        const l1 = group.children.find((c) =>
          x.level === 'first'
            ? c.code === x.code
            : c.children.some((l2) => (x.level === 'second' ? l2.code === x.code : l2.children.some((l) => l.code === x.code))),
        );
        expect(l1, `${g.group} has ${x.level} ${x.code}`).toBeDefined();
        // What the node would count by without its own mapping: the nearest listed level above it, else the group.
        const l2 = l1!.children.find((c) => c.code === x.code || c.children.some((l) => l.code === x.code));
        const above =
          (x.level === 'third' ? g.exceptions.find((e) => e.level === 'second' && e.code === l2?.code) : undefined) ??
          (x.level !== 'first' ? g.exceptions.find((e) => e.level === 'first' && e.code === l1!.code) : undefined);
        expect(x.mapping, `${g.group} ${x.code} differs from what it inherits`).not.toEqual(above?.mapping ?? g.mapping);
      }
    }
  });

  it('is written down in docs/decisions/0170 with the same figure for every row', () => {
    const record = readFileSync(path.join(REPO_ROOT, 'docs/decisions/0170-default-impact-mappings.md'), 'utf8');
    const lines = record.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Group') && !l.startsWith('| ---'));
    const cells = lines.map((l) => l.split('|').map((c) => c.trim()));
    expect(cells).toHaveLength(all.length);
    for (const d of all) {
      const row = cells.find((c) => c[1] === `\`${d.group}\`` && c[2] === (d.code ? `${d.level} ${d.code}` : 'group'));
      expect(row, `${d.group} ${d.code ?? 'group'} in the record`).toBeDefined();
      expect(row!.slice(3, 7)).toEqual([
        d.mapping.defra_material ?? '-',
        d.mapping.basis,
        d.mapping.counterfactual_route ?? '-',
        byHand(d.mapping).toFixed(2),
      ]);
    }
  });
});
