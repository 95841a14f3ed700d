// The material taxonomy: people-readable material groups, each holding the EWC entries a person would look
// for there (levels 1/2 = EWC chapter / sub-chapter, level 3 = the entry), plus the product's own knowledge
// and space groups. Pure data and one pure builder; reference.ts writes the result to the database.
//
// How an EWC entry finds its group:
// 1. ENTRY_GROUP (entry code) wins, else SUBCHAPTER_GROUP (sub-chapter code). Mixed sub-chapters are split by
//    material (15 01 packaging, 17 02, 19 12 sorted fractions, 20 01 separately collected fractions, ...) so a
//    listing lands where its material is and its CO2e uses that material's Defra factors.
// 2. A hazardous entry then moves to "Hazardous waste" unless its group is one whose trade handles hazardous
//    material as a matter of course (chemicals, oils and fuels, healthcare, e-waste): a person with waste
//    hydraulic oil looks under oils, one with asbestos sheeting or contaminated wood under hazardous waste.
//    Every leaf keeps its `hazardous` flag either way.
// How each group and entry counts CO2e is the impact mapping's business (impact-mappings.ts).
/** One row of the EWC list of waste snapshot (data/ewc.json). */
export interface EwcRow {
  code: string;
  level: 1 | 2 | 3;
  parent_code: string | null;
  description: string;
  hazardous: boolean;
}

export type GroupKind = 'material' | 'knowledge' | 'space';

export interface MaterialGroupDef {
  slug: string;
  /** Prefix of the group's own first-level codes ("K-FIN" → "K-FIN-1"); EWC chapters under it keep their codes. */
  code: string;
  name: string;
  kind: GroupKind;
  description: string;
}

export interface TaxonomyLeaf {
  name: string;
  code: string | null;
  hazardous: boolean;
}
export interface TaxonomyNode<C> {
  name: string;
  code: string | null;
  children: C[];
}
export type TaxonomyLevel2 = TaxonomyNode<TaxonomyLeaf>;
export type TaxonomyLevel1 = TaxonomyNode<TaxonomyLevel2>;
export interface TaxonomyGroup extends MaterialGroupDef {
  sort_order: number;
  children: TaxonomyLevel1[];
}

/** Listed in display order; sort_order follows it. */
export const MATERIAL_GROUPS: readonly MaterialGroupDef[] = [
  {
    slug: 'food-by-products',
    code: 'M-FOOD',
    name: 'Food by-products',
    kind: 'material',
    description:
      'Residues and surplus from food and drink processing: spent grain, whey, peels, pulp, off-spec batches, canteen waste and edible oils.',
  },
  {
    slug: 'agriculture-and-forestry',
    code: 'M-AGRI',
    name: 'Agriculture and forestry',
    kind: 'material',
    description: 'Plant and animal residues from farms, forestry, horticulture and fishing; garden and park waste; compost and digestate.',
  },
  {
    slug: 'textile-by-products',
    code: 'M-TEXT',
    name: 'Textile by-products',
    kind: 'material',
    description: 'Fibres, yarn, offcuts and finished textiles, leather and fur residues, used clothing and textile packaging.',
  },
  {
    slug: 'wood',
    code: 'M-WOOD',
    name: 'Wood',
    kind: 'material',
    description: 'Sawdust, shavings, offcuts, panels, bark, pallets and other wooden packaging, and clean demolition timber.',
  },
  {
    slug: 'paper-and-cardboard',
    code: 'M-PAPER',
    name: 'Paper and cardboard',
    kind: 'material',
    description: 'Paper and cardboard packaging, office paper, paper-mill rejects and sorted paper fractions.',
  },
  {
    slug: 'plastics-and-rubber',
    code: 'M-PLAST',
    name: 'Plastics and rubber',
    kind: 'material',
    description: 'Plastic packaging, shavings, film, rigid plastics, synthetic rubber, tyres and production residues of polymers.',
  },
  {
    slug: 'metals',
    code: 'M-METAL',
    name: 'Metals',
    kind: 'material',
    description: 'Ferrous and non-ferrous scrap, filings and turnings, cables, metallic packaging, end-of-life vehicles and metallurgy residues.',
  },
  {
    slug: 'glass',
    code: 'M-GLASS',
    name: 'Glass',
    kind: 'material',
    description: 'Flat and container glass, cullet, glass fibre and glass-making residues.',
  },
  {
    slug: 'construction-residues',
    code: 'M-CONST',
    name: 'Construction residues',
    kind: 'material',
    description: 'Concrete, bricks, tiles, ceramics, plaster, insulation, soil and stones, bitumen and mixed demolition waste.',
  },
  {
    slug: 'mining-and-minerals',
    code: 'M-MIN',
    name: 'Mining and minerals',
    kind: 'material',
    description: 'Mining and quarrying residues, drilling muds, ash and slag from combustion and incineration, sand and stones.',
  },
  {
    slug: 'electronics-e-waste',
    code: 'M-EWASTE',
    name: 'Electronics e-waste',
    kind: 'material',
    description: 'Discarded electrical and electronic equipment, its components, batteries and accumulators, lamps.',
  },
  {
    slug: 'chemicals',
    code: 'M-CHEM',
    name: 'Chemicals',
    kind: 'material',
    description: 'Acids, bases, salts, solvents, paints, inks, adhesives, catalysts, off-spec and discarded chemicals.',
  },
  {
    slug: 'oils-and-fuels',
    code: 'M-OIL',
    name: 'Oils and fuels',
    kind: 'material',
    description: 'Used hydraulic, engine and machining oils, bilge oil, liquid fuels and residues from refining and oil regeneration.',
  },
  {
    slug: 'packaging',
    code: 'M-PACK',
    name: 'Packaging',
    kind: 'material',
    description:
      'Composite and mixed packaging, absorbents, filter materials, wiping cloths and protective clothing. Single-material packaging sits with its material.',
  },
  {
    slug: 'healthcare-waste',
    code: 'M-HEALTH',
    name: 'Healthcare waste',
    kind: 'material',
    description: 'Waste from human and animal health care and research, and discarded medicines.',
  },
  {
    slug: 'municipal-and-mixed-waste',
    code: 'M-MUNI',
    name: 'Municipal and mixed waste',
    kind: 'material',
    description: 'Mixed municipal and commercial waste, bulky waste, market and street-cleaning waste, refuse-derived fuel.',
  },
  {
    slug: 'water-and-sludge',
    code: 'M-WATER',
    name: 'Water and sludge',
    kind: 'material',
    description: 'Waste water treatment sludge, leachate, aqueous liquid wastes, water-treatment residues and remediation waste.',
  },
  {
    slug: 'hazardous-waste',
    code: 'M-HAZ',
    name: 'Hazardous waste',
    kind: 'material',
    description:
      'Hazardous entries of the European List of Waste outside the chemical, oil, healthcare and e-waste trades: contaminated material, asbestos, slags and dusts with heavy metals.',
  },
  {
    slug: 'industrial-and-logistics-space',
    code: 'S-SPACE',
    name: 'Industrial and logistics space',
    kind: 'space',
    description: 'Spare warehouse, production, yard, cold-storage and office space, and shared transport capacity.',
  },
  {
    slug: 'finance',
    code: 'K-FIN',
    name: 'Finance',
    kind: 'knowledge',
    description: 'Green finance, funding and grants, accounting and sustainability reporting.',
  },
  {
    slug: 'legal',
    code: 'K-LEG',
    name: 'Legal',
    kind: 'knowledge',
    description: 'Waste and environmental law, permits, contracts and compliance.',
  },
  {
    slug: 'hr',
    code: 'K-HR',
    name: 'HR',
    kind: 'knowledge',
    description: 'Recruitment, training, health and safety culture and shared staff.',
  },
  {
    slug: 'technology',
    code: 'K-TECH',
    name: 'Technology',
    kind: 'knowledge',
    description: 'Software, data, IoT and automation for resource tracking and efficiency.',
  },
  {
    slug: 'engineering',
    code: 'K-ENG',
    name: 'Engineering',
    kind: 'knowledge',
    description: 'Process, mechanical, energy and materials engineering for reuse and recycling.',
  },
  {
    slug: 'sustainability-and-esg',
    code: 'K-ESG',
    name: 'Sustainability and ESG',
    kind: 'knowledge',
    description: 'Carbon accounting, certification, life-cycle assessment and circular design.',
  },
  {
    slug: 'marketing-and-sales',
    code: 'K-MKT',
    name: 'Marketing and sales',
    kind: 'knowledge',
    description: 'Market access for secondary materials, branding of circular products and export.',
  },
];

/** Groups whose trade handles hazardous material as a matter of course: hazardous entries stay there. */
const HAZARD_NATIVE_GROUPS: ReadonlySet<string> = new Set(['chemicals', 'oils-and-fuels', 'healthcare-waste', 'electronics-e-waste']);
const HAZARDOUS_GROUP = 'hazardous-waste';

/** EWC sub-chapter (spaced code) → group slug. Every one of the 111 sub-chapters is listed. */
export const SUBCHAPTER_GROUP: Readonly<Record<string, string>> = {
  '01 01': 'mining-and-minerals',
  '01 03': 'mining-and-minerals',
  '01 04': 'mining-and-minerals',
  '01 05': 'mining-and-minerals',
  '02 01': 'agriculture-and-forestry',
  '02 02': 'food-by-products',
  '02 03': 'food-by-products',
  '02 04': 'food-by-products',
  '02 05': 'food-by-products',
  '02 06': 'food-by-products',
  '02 07': 'food-by-products',
  '03 01': 'wood',
  '03 02': 'wood',
  '03 03': 'paper-and-cardboard',
  '04 01': 'textile-by-products',
  '04 02': 'textile-by-products',
  '05 01': 'oils-and-fuels',
  '05 06': 'oils-and-fuels',
  '05 07': 'oils-and-fuels',
  '06 01': 'chemicals',
  '06 02': 'chemicals',
  '06 03': 'chemicals',
  '06 04': 'chemicals',
  '06 05': 'chemicals',
  '06 06': 'chemicals',
  '06 07': 'chemicals',
  '06 08': 'chemicals',
  '06 09': 'chemicals',
  '06 10': 'chemicals',
  '06 11': 'chemicals',
  '06 13': 'chemicals',
  '07 01': 'chemicals',
  '07 02': 'plastics-and-rubber',
  '07 03': 'chemicals',
  '07 04': 'chemicals',
  '07 05': 'chemicals',
  '07 06': 'chemicals',
  '07 07': 'chemicals',
  '08 01': 'chemicals',
  '08 02': 'chemicals',
  '08 03': 'chemicals',
  '08 04': 'chemicals',
  '08 05': 'chemicals',
  '09 01': 'chemicals',
  // Power-station ash and slag are sold as secondary aggregates; metallurgy residues go to the metal trade.
  '10 01': 'mining-and-minerals',
  '10 02': 'metals',
  '10 03': 'metals',
  '10 04': 'metals',
  '10 05': 'metals',
  '10 06': 'metals',
  '10 07': 'metals',
  '10 08': 'metals',
  '10 09': 'metals',
  '10 10': 'metals',
  '10 11': 'glass',
  '10 12': 'construction-residues',
  '10 13': 'construction-residues',
  '10 14': 'mining-and-minerals',
  '11 01': 'chemicals',
  '11 02': 'metals',
  '11 03': 'chemicals',
  '11 05': 'metals',
  '12 01': 'metals',
  '12 03': 'chemicals',
  '13 01': 'oils-and-fuels',
  '13 02': 'oils-and-fuels',
  '13 03': 'oils-and-fuels',
  '13 04': 'oils-and-fuels',
  '13 05': 'oils-and-fuels',
  '13 07': 'oils-and-fuels',
  '13 08': 'oils-and-fuels',
  '14 06': 'chemicals',
  '15 01': 'packaging',
  '15 02': 'packaging',
  '16 01': 'metals',
  '16 02': 'electronics-e-waste',
  '16 03': 'chemicals',
  '16 04': 'chemicals',
  '16 05': 'chemicals',
  '16 06': 'electronics-e-waste',
  '16 07': 'chemicals',
  '16 08': 'chemicals',
  '16 09': 'chemicals',
  '16 10': 'water-and-sludge',
  '16 11': 'construction-residues',
  '17 01': 'construction-residues',
  '17 02': 'construction-residues',
  '17 03': 'construction-residues',
  '17 04': 'metals',
  '17 05': 'construction-residues',
  '17 06': 'construction-residues',
  '17 08': 'construction-residues',
  '17 09': 'construction-residues',
  '18 01': 'healthcare-waste',
  '18 02': 'healthcare-waste',
  '19 01': 'mining-and-minerals',
  '19 02': 'chemicals',
  '19 03': 'mining-and-minerals',
  '19 04': 'mining-and-minerals',
  '19 05': 'agriculture-and-forestry',
  '19 06': 'agriculture-and-forestry',
  '19 07': 'water-and-sludge',
  '19 08': 'water-and-sludge',
  '19 09': 'water-and-sludge',
  '19 10': 'metals',
  '19 11': 'oils-and-fuels',
  '19 12': 'municipal-and-mixed-waste',
  '19 13': 'water-and-sludge',
  '20 01': 'municipal-and-mixed-waste',
  '20 02': 'agriculture-and-forestry',
  '20 03': 'municipal-and-mixed-waste',
};

/** EWC entry (spaced code) → group slug, where an entry's material differs from its sub-chapter's. */
export const ENTRY_GROUP: Readonly<Record<string, string>> = {
  '02 01 04': 'plastics-and-rubber',
  '02 01 10': 'metals',
  '03 03 01': 'wood',
  '12 01 05': 'plastics-and-rubber',
  // Machining oils and emulsions are collected and re-refined with other used oils.
  '12 01 06': 'oils-and-fuels',
  '12 01 07': 'oils-and-fuels',
  '12 01 08': 'oils-and-fuels',
  '12 01 09': 'oils-and-fuels',
  '12 01 10': 'oils-and-fuels',
  '12 01 19': 'oils-and-fuels',
  '15 01 01': 'paper-and-cardboard',
  '15 01 02': 'plastics-and-rubber',
  '15 01 03': 'wood',
  '15 01 04': 'metals',
  '15 01 07': 'glass',
  '15 01 09': 'textile-by-products',
  '16 01 03': 'plastics-and-rubber',
  '16 01 13': 'chemicals',
  '16 01 14': 'chemicals',
  '16 01 15': 'chemicals',
  '16 01 19': 'plastics-and-rubber',
  '16 01 20': 'glass',
  '16 07 08': 'oils-and-fuels',
  '17 02 01': 'wood',
  '17 02 02': 'glass',
  '17 02 03': 'plastics-and-rubber',
  '19 12 01': 'paper-and-cardboard',
  '19 12 02': 'metals',
  '19 12 03': 'metals',
  '19 12 04': 'plastics-and-rubber',
  '19 12 05': 'glass',
  '19 12 06': 'wood',
  '19 12 07': 'wood',
  '19 12 08': 'textile-by-products',
  '19 12 09': 'mining-and-minerals',
  '20 01 01': 'paper-and-cardboard',
  '20 01 02': 'glass',
  '20 01 08': 'food-by-products',
  '20 01 10': 'textile-by-products',
  '20 01 11': 'textile-by-products',
  '20 01 13': 'chemicals',
  '20 01 14': 'chemicals',
  '20 01 15': 'chemicals',
  '20 01 17': 'chemicals',
  '20 01 19': 'chemicals',
  '20 01 21': 'electronics-e-waste',
  '20 01 23': 'electronics-e-waste',
  '20 01 25': 'food-by-products',
  '20 01 26': 'oils-and-fuels',
  '20 01 27': 'chemicals',
  '20 01 28': 'chemicals',
  '20 01 29': 'chemicals',
  '20 01 30': 'chemicals',
  '20 01 31': 'healthcare-waste',
  '20 01 32': 'healthcare-waste',
  '20 01 33': 'electronics-e-waste',
  '20 01 34': 'electronics-e-waste',
  '20 01 35': 'electronics-e-waste',
  '20 01 36': 'electronics-e-waste',
  '20 01 37': 'wood',
  '20 01 38': 'wood',
  '20 01 39': 'plastics-and-rubber',
  '20 01 40': 'metals',
  '20 03 04': 'water-and-sludge',
};

/** Level-1 names: the EWC chapter titles, shortened by hand. */
export const CHAPTER_NAMES: Readonly<Record<string, string>> = {
  '01': 'Mining, quarrying and mineral processing',
  '02': 'Agriculture, forestry, fishing and food processing',
  '03': 'Wood processing, furniture, pulp and paper',
  '04': 'Leather, fur and textile industries',
  '05': 'Petroleum refining, natural gas and coal pyrolysis',
  '06': 'Inorganic chemical processes',
  '07': 'Organic chemical processes',
  '08': 'Paints, varnishes, adhesives, sealants and printing inks',
  '09': 'Photographic industry',
  '10': 'Thermal processes: power, metallurgy, glass, ceramics and cement',
  '11': 'Metal surface treatment and hydrometallurgy',
  '12': 'Shaping and surface treatment of metals and plastics',
  '13': 'Oil wastes and liquid fuels',
  '14': 'Organic solvents, refrigerants and propellants',
  '15': 'Packaging, absorbents, wiping cloths and protective clothing',
  '16': 'Vehicles, electrical equipment, batteries and other wastes',
  '17': 'Construction and demolition',
  '18': 'Human and animal health care',
  '19': 'Waste management and water treatment facilities',
  '20': 'Municipal and similar commercial waste',
};

/** Level-2 names where shortening the EWC text is not enough. */
export const SUBCHAPTER_NAMES: Readonly<Record<string, string>> = {
  // The source file repeats the 06 05 title here; its entries are the sulphur chemicals of Decision 2000/532/EC.
  '06 06': 'Manufacture and use of sulphur chemicals and desulphurisation',
  '08 05': 'Other coating and ink wastes',
  '02 03': 'Fruit, vegetables, cereals, edible oils, cocoa, coffee, tea and tobacco processing',
  '06 11': 'Manufacture of inorganic pigments and opacifiers',
  '18 01': 'Health care of humans: maternity, diagnosis, treatment and prevention',
  '18 02': 'Health care and research involving animals',
  '16 01': 'End-of-life vehicles, dismantling and vehicle maintenance',
  '11 01': 'Chemical surface treatment and coating of metals and other materials',
};

/** "Wastes from the mfsu of X (except 06 11)" → "Manufacture and use of X". */
export function shortenEwcTitle(description: string): string {
  const s = description
    .replace(
      /^Wastes? from (?:the )?(?:manufacture, formulation, supply and use \(mfsu\)|mfsu|msfu) and removal of /i,
      'Manufacture, use and removal of ',
    )
    .replace(/^Wastes? from (?:the )?(?:manufacture, formulation, supply and use \(mfsu\)|mfsu|msfu) of /i, 'Manufacture and use of ')
    .replace(/^Wastes? from (?:the )?/i, '')
    .replace(/\s*\((?:except|including|for example)[^)]*\)/gi, '')
    .trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const compact = (code: string) => code.replace(/ /g, '');

export function groupForEwcEntry(entry: Pick<EwcRow, 'code' | 'parent_code' | 'hazardous'>): string {
  const bySubject = ENTRY_GROUP[entry.code] ?? (entry.parent_code ? SUBCHAPTER_GROUP[entry.parent_code] : undefined);
  if (!bySubject) throw new Error(`EWC entry ${entry.code} has no material group`);
  return entry.hazardous && !HAZARD_NATIVE_GROUPS.has(bySubject) ? HAZARDOUS_GROUP : bySubject;
}

type OwnTree = readonly (readonly [string, readonly (readonly [string, readonly string[]])[]])[];

/** Knowledge and space groups: level 1 → level 2 → level-3 names. Codes are derived: K-FIN-1, K-FIN-1.2, K-FIN-1.2.3. */
export const OWN_SUBCATEGORIES: Readonly<Record<string, { tree: OwnTree }>> = {
  'industrial-and-logistics-space': {
    tree: [
      [
        'Storage space',
        [
          ['Warehouse space', ['Ambient racking', 'Bulk floor storage', 'Mezzanine storage']],
          ['Temperature-controlled storage', ['Chilled storage', 'Frozen storage']],
          ['Outdoor space', ['Yard and hardstanding', 'Container storage']],
        ],
      ],
      [
        'Production and office space',
        [
          ['Production space', ['Light industrial unit', 'Workshop', 'Clean room']],
          ['Office and lab space', ['Desks and meeting rooms', 'Laboratory benches']],
        ],
      ],
      [
        'Transport capacity',
        [
          ['Shared loads', ['Empty return legs', 'Part loads']],
          ['Equipment sharing', ['Forklifts and handling equipment', 'Loading docks']],
        ],
      ],
    ],
  },
  finance: {
    tree: [
      [
        'Funding',
        [
          ['Green finance', ['Sustainability-linked loans', 'Green bonds advisory', 'Impact investment readiness']],
          ['Grants and subsidies', ['EU and national grant applications', 'Circular-economy programme funding']],
        ],
      ],
      [
        'Accounting and reporting',
        [
          ['Sustainability reporting', ['CSRD and ESRS reporting', 'EU Taxonomy alignment']],
          ['Cost accounting', ['Waste cost analysis', 'Material flow cost accounting']],
        ],
      ],
    ],
  },
  legal: {
    tree: [
      [
        'Environmental law',
        [
          ['Waste regulation', ['Waste classification and EWC coding', 'End-of-waste status', 'Transfrontier shipments of waste']],
          ['Permits', ['Environmental permit applications', 'By-product status assessments']],
        ],
      ],
      [
        'Contracts and compliance',
        [
          ['Commercial contracts', ['Offtake and supply agreements', 'Shared-space lease agreements']],
          ['Compliance', ['Extended producer responsibility', 'Chemicals regulation (REACH)']],
        ],
      ],
    ],
  },
  hr: {
    tree: [
      [
        'People development',
        [
          ['Training', ['Waste handling training', 'Circular-economy awareness workshops']],
          ['Recruitment', ['Green skills recruitment', 'Apprenticeships']],
        ],
      ],
      [
        'Workplace',
        [
          ['Health and safety', ['Hazardous material handling', 'Workplace risk assessment']],
          ['Shared staff', ['Seasonal workforce sharing', 'Secondments']],
        ],
      ],
    ],
  },
  technology: {
    tree: [
      [
        'Software and data',
        [
          ['Resource tracking', ['Waste and material flow dashboards', 'Inventory and surplus tracking']],
          ['Data and analytics', ['Carbon data management', 'Predictive maintenance analytics']],
        ],
      ],
      [
        'Automation and IoT',
        [
          ['Sensors', ['Fill-level sensors', 'Energy metering']],
          ['Automation', ['Sorting automation', 'Process control upgrades']],
        ],
      ],
    ],
  },
  engineering: {
    tree: [
      [
        'Process engineering',
        [
          ['Process optimisation', ['Yield improvement', 'Scrap and reject reduction', 'Water reuse systems']],
          ['Energy', ['Waste heat recovery', 'Energy audits']],
        ],
      ],
      [
        'Materials and design',
        [
          ['Materials engineering', ['Secondary raw material qualification', 'Material testing']],
          ['Mechanical engineering', ['Equipment refurbishment', 'Design for disassembly']],
        ],
      ],
    ],
  },
  'sustainability-and-esg': {
    tree: [
      [
        'Carbon and impact',
        [
          ['Carbon accounting', ['Scope 1-3 inventories', 'Product carbon footprints']],
          ['Life-cycle assessment', ['LCA studies', 'Environmental product declarations']],
        ],
      ],
      [
        'Management systems',
        [
          ['Certification', ['ISO 14001 audit coaching', 'ISO 50001 energy management', 'B Corp readiness']],
          ['Circular strategy', ['Circular business models', 'Industrial symbiosis mapping']],
        ],
      ],
    ],
  },
  'marketing-and-sales': {
    tree: [
      [
        'Market access',
        [
          ['Secondary materials trading', ['Buyer identification', 'Pricing of secondary materials']],
          ['Export', ['Export documentation', 'Market entry studies']],
        ],
      ],
      [
        'Communication',
        [
          ['Circular product branding', ['Eco-label guidance', 'Green claims review']],
          ['Stakeholder communication', ['Impact reports', 'Customer take-back campaigns']],
        ],
      ],
    ],
  },
};

function ownSubcategories(group: MaterialGroupDef): TaxonomyLevel1[] {
  const own = OWN_SUBCATEGORIES[group.slug];
  if (!own) throw new Error(`Group ${group.slug} has no subcategories`);
  const prefix = group.code;
  return own.tree.map(([l1, l2s], i) => ({
    name: l1,
    code: `${prefix}-${i + 1}`,
    children: l2s.map(([l2, leaves], j) => ({
      name: l2,
      code: `${prefix}-${i + 1}.${j + 1}`,
      children: leaves.map((leaf, k) => ({ name: leaf, code: `${prefix}-${i + 1}.${j + 1}.${k + 1}`, hazardous: false })),
    })),
  }));
}

/**
 * The whole taxonomy: every group with its levels. EWC entries keep EWC order inside a group; levels 1/2 carry
 * the compact chapter / sub-chapter code ("02", "0201"), leaves the 6-digit entry code ("020103").
 */
export function buildTaxonomy(ewc: readonly EwcRow[]): TaxonomyGroup[] {
  const byCode = new Map(ewc.map((r) => [r.code, r]));
  const groups = new Map<string, TaxonomyGroup>(MATERIAL_GROUPS.map((g, i) => [g.slug, { ...g, sort_order: (i + 1) * 10, children: [] }]));
  for (const entry of ewc) {
    if (entry.level !== 3) continue;
    const sub = entry.parent_code ? byCode.get(entry.parent_code) : undefined;
    const chapter = sub?.parent_code ? byCode.get(sub.parent_code) : undefined;
    if (!sub || !chapter) throw new Error(`EWC entry ${entry.code} has no sub-chapter or chapter`);
    const group = groups.get(groupForEwcEntry(entry));
    if (!group) throw new Error(`EWC entry ${entry.code} maps to an unknown group`);

    const l1Code = compact(chapter.code);
    let l1 = group.children.find((c) => c.code === l1Code);
    if (!l1) {
      l1 = { name: CHAPTER_NAMES[chapter.code] ?? shortenEwcTitle(chapter.description), code: l1Code, children: [] };
      group.children.push(l1);
    }
    const l2Code = compact(sub.code);
    let l2 = l1.children.find((c) => c.code === l2Code);
    if (!l2) {
      l2 = { name: SUBCHAPTER_NAMES[sub.code] ?? shortenEwcTitle(sub.description), code: l2Code, children: [] };
      l1.children.push(l2);
    }
    l2.children.push({ name: entry.description, code: compact(entry.code), hazardous: entry.hazardous });
  }
  for (const group of groups.values()) {
    if (group.kind !== 'material') group.children = ownSubcategories(group);
  }
  return [...groups.values()];
}
