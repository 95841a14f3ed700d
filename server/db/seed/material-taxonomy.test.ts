import { describe, expect, it } from 'vitest';
import ewcJson from './data/ewc.json' with { type: 'json' };
import { buildTaxonomy, ENTRY_GROUP, groupForEwcEntry, MATERIAL_GROUPS, shortenEwcTitle, SUBCHAPTER_GROUP, type EwcRow } from './material-taxonomy';

const ewc = ewcJson as EwcRow[];
const entries = ewc.filter((r) => r.level === 3);
const slugs = new Set(MATERIAL_GROUPS.map((g) => g.slug));
const taxonomy = buildTaxonomy(ewc);
const leavesOf = (slug: string) => taxonomy.find((g) => g.slug === slug)!.children.flatMap((l1) => l1.children.flatMap((l2) => l2.children));

describe('material taxonomy', () => {
  it('maps exactly the 111 EWC sub-chapters, to known groups', () => {
    const subchapters = ewc.filter((r) => r.level === 2).map((r) => r.code);
    expect(Object.keys(SUBCHAPTER_GROUP).sort()).toEqual([...subchapters].sort());
    for (const slug of Object.values(SUBCHAPTER_GROUP)) expect(slugs).toContain(slug);
  });

  it('overrides only real EWC entries, to known groups', () => {
    const codes = new Set(entries.map((r) => r.code));
    for (const [code, slug] of Object.entries(ENTRY_GROUP)) {
      expect(codes, code).toContain(code);
      expect(slugs).toContain(slug);
    }
  });

  it('places every EWC entry exactly once, with its 6-digit code and hazardous flag', () => {
    const leaves = taxonomy.filter((g) => g.kind === 'material').flatMap((g) => g.children.flatMap((l1) => l1.children.flatMap((l2) => l2.children)));
    expect(leaves).toHaveLength(842);
    expect(new Set(leaves.map((l) => l.code)).size).toBe(842);
    const byCode = new Map(leaves.map((l) => [l.code, l]));
    for (const e of entries) {
      const leaf = byCode.get(e.code.replace(/ /g, ''));
      expect(leaf, e.code).toBeDefined();
      expect(leaf!.hazardous).toBe(e.hazardous);
      expect(leaf!.code).toMatch(/^\d{6}$/);
    }
  });

  it('puts materials where a person would look for them', () => {
    expect(groupForEwcEntry({ code: '15 01 03', parent_code: '15 01', hazardous: false })).toBe('wood');
    expect(groupForEwcEntry({ code: '02 07 01', parent_code: '02 07', hazardous: false })).toBe('food-by-products');
    expect(groupForEwcEntry({ code: '16 02 14', parent_code: '16 02', hazardous: false })).toBe('electronics-e-waste');
    expect(groupForEwcEntry({ code: '04 02 22', parent_code: '04 02', hazardous: false })).toBe('textile-by-products');
  });

  it('sends hazardous entries to "Hazardous waste" except in the trades that handle them', () => {
    expect(groupForEwcEntry({ code: '17 06 05', parent_code: '17 06', hazardous: true })).toBe('hazardous-waste');
    expect(groupForEwcEntry({ code: '13 01 10', parent_code: '13 01', hazardous: true })).toBe('oils-and-fuels');
    expect(groupForEwcEntry({ code: '16 02 13', parent_code: '16 02', hazardous: true })).toBe('electronics-e-waste');
    expect(leavesOf('hazardous-waste').every((l) => l.hazardous)).toBe(true);
    expect(leavesOf('wood').some((l) => l.hazardous)).toBe(false);
  });

  it('gives every group subcategories down to level 3, with unique codes', () => {
    for (const g of taxonomy) {
      expect(g.children.length, g.slug).toBeGreaterThan(0);
      for (const l1 of g.children) {
        expect(l1.children.length, `${g.slug} ${l1.code}`).toBeGreaterThan(0);
        for (const l2 of l1.children) expect(l2.children.length, `${g.slug} ${l2.code}`).toBeGreaterThan(0);
      }
    }
    const codes = taxonomy.flatMap((g) => g.children.flatMap((l1) => l1.children.flatMap((l2) => l2.children.map((l) => l.code))));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has knowledge and space groups beside the material ones', () => {
    expect(MATERIAL_GROUPS.some((g) => g.kind === 'space')).toBe(true);
    expect(MATERIAL_GROUPS.some((g) => g.kind === 'knowledge')).toBe(true);
  });

  it('shortens EWC titles to readable names', () => {
    expect(shortenEwcTitle('Wastes from the mfsu of pharmaceuticals')).toBe('Manufacture and use of pharmaceuticals');
    expect(shortenEwcTitle('Wastes from the manufacture, formulation, supply and use (mfsu) of acids')).toBe('Manufacture and use of acids');
    expect(shortenEwcTitle('Wastes from the mfsu of organic dyes and pigments (except 06 11)')).toBe(
      'Manufacture and use of organic dyes and pigments',
    );
    expect(shortenEwcTitle('Wastes from the dairy products industry')).toBe('Dairy products industry');
  });
});
