// The names the product authored reach the translation catalogs: the generated client catalog is current
// and holds every material group, the hand-written chapter names, the knowledge and space subcategories and the plans.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFERENCE_CATALOG_FILE, referenceTexts, renderReferenceCatalog } from '../../../scripts/reference-catalog';
import { CHAPTER_NAMES, MATERIAL_GROUPS, OWN_SUBCATEGORIES } from './material-taxonomy';
import { BUILTIN_PLANS } from './reference';

describe('reference-data catalog', () => {
  it('is generated from the current reference data (node --import tsx scripts/reference-catalog.ts)', () => {
    expect(readFileSync(REFERENCE_CATALOG_FILE, 'utf8')).toBe(renderReferenceCatalog());
  });

  it('holds every group, chapter, own subcategory and built-in plan name', () => {
    const texts = new Set(referenceTexts());
    const wanted = [
      ...MATERIAL_GROUPS.map((g) => g.name),
      ...Object.values(CHAPTER_NAMES),
      ...Object.values(OWN_SUBCATEGORIES).flatMap((o) => o.tree.flatMap(([l1, l2s]) => [l1, ...l2s.flatMap(([l2, leaves]) => [l2, ...leaves])])),
      ...BUILTIN_PLANS.map((p) => p.name),
    ];
    expect(wanted.filter((t) => !texts.has(t))).toEqual([]);
  });
});
