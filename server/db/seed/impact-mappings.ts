// The default impact mappings (PRODUCT.md "Impact"; reasons in docs/decisions/0170): each material group's Defra
// material, basis and counterfactual route, and each subcategory whose material differs from its group's. The
// reference seed writes them onto the taxonomy wherever an administrator has not set a mapping of their own.
// Rules the table follows:
// - like_for_like only where the entry is the Defra material re-used as such (PRODUCT.md's list); where in doubt,
//   disposal_only. Knowledge and space: none.
// - Route: where the material usually goes in the signup countries when nobody re-uses it. Landfill where that is
//   the usual route or where the countries differ (PRODUCT.md's default); Anaerobic digestion for organic residues;
//   Combustion where the material is burnt for energy or must be incinerated or treated (liquids may not be
//   landfilled in the EU); Closed-loop where it is collected for recycling nearly everywhere (paper and board);
//   Open-loop for construction and demolition waste recovered as aggregate.
import type { CounterfactualRoute, ImpactBasis, ImpactMapping } from '../../../shared/lib/impact';

export interface DefaultMapping extends ImpactMapping {
  counterfactual_route: CounterfactualRoute | null;
}

export interface DefaultException {
  /** first and second: the compact EWC chapter / sub-chapter code under this group ("03", "0301"); third: the leaf code. */
  level: 'first' | 'second' | 'third';
  code: string;
  mapping: DefaultMapping;
  reason: string;
}

export interface GroupDefault {
  /** The material group's slug (material-taxonomy.ts). */
  group: string;
  mapping: DefaultMapping;
  reason: string;
  exceptions: readonly DefaultException[];
}

const m = (defra_material: string | null, basis: ImpactBasis, counterfactual_route: CounterfactualRoute | null): DefaultMapping => ({
  defra_material,
  basis,
  counterfactual_route,
});
const NONE = m(null, 'none', null);
const CI = 'Commercial and industrial waste';
const KNOWLEDGE = 'Knowledge and space move no material: no CO2e (PRODUCT.md).';

export const DEFAULT_IMPACT_MAPPINGS: readonly GroupDefault[] = [
  {
    group: 'food-by-products',
    mapping: m('Food and drink', 'disposal_only', 'Anaerobic digestion'),
    reason:
      'Processing residues, sludges and "materials unsuitable for consumption or processing": none is food fit for people, so no food production is avoided. Organic residues of the food industry otherwise go to anaerobic digestion.',
    exceptions: [],
  },
  {
    group: 'agriculture-and-forestry',
    mapping: m('Organic: garden waste', 'disposal_only', 'Anaerobic digestion'),
    reason:
      'Plant and animal tissue, manure, forestry and park waste, compost and digestate are residues, not a Defra material re-used as such. Organic residues otherwise go to anaerobic digestion.',
    exceptions: [
      {
        level: 'third',
        code: '020109',
        mapping: m(CI, 'disposal_only', 'Combustion'),
        reason: 'Agrochemical waste is a chemical, not organic matter; it is incinerated.',
      },
      {
        level: 'third',
        code: '200202',
        mapping: m('Soils', 'disposal_only', 'Landfill'),
        reason: 'Soil and stones are soil, not garden waste; Defra publishes a landfill factor for soils.',
      },
      {
        level: 'third',
        code: '200203',
        mapping: m(CI, 'disposal_only', 'Combustion'),
        reason: 'Non-biodegradable garden and park waste is mixed residual waste: incinerated with it, and no organic factor fits.',
      },
    ],
  },
  {
    group: 'textile-by-products',
    mapping: m('Clothing', 'disposal_only', 'Landfill'),
    reason:
      'Fibres, yarn, offcuts, sacks and mixed textiles are not clothing for re-wear, so no clothing production is avoided. Clothing is the only textile in Defra\u2019s disposal table; landfill, as the signup countries differ.',
    exceptions: [
      {
        level: 'third',
        code: '200110',
        mapping: m('Clothing', 'like_for_like', 'Landfill'),
        reason: 'Separately collected clothes are clothing for re-wear: what Defra\u2019s re-used clothing factor describes.',
      },
      {
        level: 'second',
        code: '0401',
        mapping: m(CI, 'disposal_only', 'Combustion'),
        reason:
          'Fleshings, liming waste, tanning liquors and tannery sludges are not textiles; liquids and sludges may not be landfilled, they are treated or burnt.',
      },
      {
        level: 'third',
        code: '040217',
        mapping: m(CI, 'disposal_only', 'Combustion'),
        reason: 'Dyestuffs and pigments are chemicals, not textiles; they are incinerated.',
      },
      {
        level: 'third',
        code: '040220',
        mapping: m(CI, 'disposal_only', 'Combustion'),
        reason: 'Effluent treatment sludge is not a textile; sludges are treated or burnt, not landfilled.',
      },
    ],
  },
  {
    group: 'wood',
    mapping: m('Wood', 'disposal_only', 'Landfill'),
    reason:
      'Offcuts, panels, demolition timber and mixed wood are recycled into board or burnt, not re-used as the same wood product. Landfill, as the signup countries differ.',
    exceptions: [
      {
        level: 'first',
        code: '03',
        mapping: m('Wood', 'disposal_only', 'Combustion'),
        reason: 'Bark, sawdust, shavings and offcuts from sawmills and panel plants are burnt for energy on site or sold as biomass.',
      },
      {
        level: 'third',
        code: '150103',
        mapping: m('Wood', 'like_for_like', 'Landfill'),
        reason: 'Pallets and crates are re-used as pallets and crates: wood re-used as such (PRODUCT.md\u2019s worked example).',
      },
    ],
  },
  {
    group: 'paper-and-cardboard',
    mapping: m('Paper and board: mixed', 'disposal_only', 'Closed-loop'),
    reason:
      'Sorted paper fractions are recycled, not re-used as such. Paper and board are collected for recycling nearly everywhere, so recycling, not landfill, is what they would otherwise undergo.',
    exceptions: [
      {
        level: 'third',
        code: '150101',
        mapping: m('Paper and board: board', 'like_for_like', 'Closed-loop'),
        reason: 'Cartons and boxes are re-used as packaging: board re-used as such; without re-use they would be recycled.',
      },
      {
        level: 'first',
        code: '03',
        mapping: m(CI, 'disposal_only', 'Combustion'),
        reason: 'Green liquor and de-inking sludges, lime mud and pulping rejects are not paper; mills burn them or send them to cement kilns.',
      },
    ],
  },
  {
    group: 'plastics-and-rubber',
    mapping: m('Plastics: average plastics', 'disposal_only', 'Landfill'),
    reason:
      'The entries name no polymer, and collected, shredded or mixed plastics are recycled into other products; like for like needs the polymer (an administrator may add a subcategory per polymer). Landfill, as the signup countries differ; it is also the lowest plastics route.',
    exceptions: [
      {
        level: 'third',
        code: '160103',
        mapping: m('Tyres', 'disposal_only', 'Closed-loop'),
        reason: 'End-of-life tyres are tyres, which may not be landfilled in the EU; Defra publishes only a closed-loop route for them.',
      },
    ],
  },
  {
    group: 'metals',
    mapping: m('Metal: scrap metal', 'disposal_only', 'Landfill'),
    reason:
      'Most entries are metallurgy residues: slag, dross, dust, sludge, filter cake and cooling-water waste. They are not scrap metal re-used as such.',
    exceptions: [
      ...['020110', '120101', '120103', '150104', '160117', '160118', '191001', '191002', '191202', '191203', '200140'].map((code) => ({
        level: 'third' as const,
        code,
        mapping: m('Metal: scrap metal', 'like_for_like', 'Landfill'),
        reason: 'Sorted metal, turnings and metal packaging go back into metal making: scrap metal as such.',
      })),
      {
        level: 'second',
        code: '1704',
        mapping: m('Metal: scrap metal', 'like_for_like', 'Landfill'),
        reason: 'Copper, aluminium, lead, zinc, iron, steel, tin and mixed metals from construction and demolition are scrap metal as such.',
      },
      {
        level: 'third',
        code: '170411',
        mapping: m('Metal: scrap metal', 'disposal_only', 'Landfill'),
        reason: 'Cables are metal inside plastic insulation: not scrap metal as such until stripped.',
      },
    ],
  },
  {
    group: 'glass',
    mapping: m('Glass', 'like_for_like', 'Landfill'),
    reason: 'Bottles, jars, flat glass and cullet are glass re-used as such or remelted into glass (PRODUCT.md\u2019s list).',
    exceptions: [
      {
        level: 'second',
        code: '1011',
        mapping: m('Glass', 'disposal_only', 'Landfill'),
        reason: 'Glass fibre, dust, batch mixture and polishing sludge from glass making are residues, not glass as such.',
      },
      {
        level: 'third',
        code: '101112',
        mapping: m('Glass', 'like_for_like', 'Landfill'),
        reason: 'Waste glass from glass making is cullet, remelted as glass.',
      },
    ],
  },
  {
    group: 'construction-residues',
    mapping: m('Average construction', 'disposal_only', 'Open-loop'),
    reason:
      'Mixed construction and demolition waste, ceramics and cement residues are crushed into aggregate, not re-used as such; that open-loop recovery (the EU\u2019s 70 % target) is their usual route, and Defra publishes no landfill factor for average construction.',
    exceptions: [
      {
        level: 'third',
        code: '170102',
        mapping: m('Bricks', 'like_for_like', 'Open-loop'),
        reason: 'Reclaimed bricks are re-laid as bricks (PRODUCT.md\u2019s list); without re-use they would be crushed into aggregate.',
      },
      {
        level: 'third',
        code: '170101',
        mapping: m('Concrete', 'disposal_only', 'Open-loop'),
        reason: 'Concrete is crushed into aggregate, not re-used as concrete.',
      },
      {
        level: 'third',
        code: '170302',
        mapping: m('Asphalt', 'disposal_only', 'Open-loop'),
        reason: 'Bituminous mixtures are asphalt, recovered as aggregate or into new asphalt.',
      },
      {
        level: 'second',
        code: '1705',
        mapping: m('Soils', 'disposal_only', 'Landfill'),
        reason: 'Soil, stones, dredging spoil and track ballast are soils; excavated soil is the largest landfilled waste stream.',
      },
      {
        level: 'third',
        code: '170604',
        mapping: m('Insulation', 'disposal_only', 'Landfill'),
        reason: 'Insulation material has its own Defra factors.',
      },
      {
        level: 'third',
        code: '170802',
        mapping: m('Plasterboard', 'disposal_only', 'Landfill'),
        reason: 'Gypsum-based material is plasterboard in Defra\u2019s table.',
      },
    ],
  },
  {
    group: 'mining-and-minerals',
    mapping: m('Aggregates', 'disposal_only', 'Landfill'),
    reason: 'Tailings, drilling muds, ash, slag and sand are mineral residues, not aggregates re-used as such.',
    exceptions: [
      {
        level: 'third',
        code: '190102',
        mapping: m('Metal: scrap metal', 'disposal_only', 'Landfill'),
        reason: 'Ferrous metal picked from bottom ash is metal, not mineral; it needs cleaning before it is scrap as such.',
      },
    ],
  },
  {
    group: 'electronics-e-waste',
    mapping: m('Electrical items - small', 'disposal_only', 'Landfill'),
    reason:
      'Discarded equipment and components: whether an item works is not known from the entry, and only working electrical items are like for like. Where in doubt, disposal only.',
    exceptions: [
      ...[
        ['second', '1606'],
        ['third', '200133'],
        ['third', '200134'],
      ].map(([level, code]) => ({
        level: level as 'second' | 'third',
        code: code!,
        mapping: m('Batteries', 'disposal_only', 'Landfill'),
        reason: 'Batteries and accumulators have their own Defra disposal factors.',
      })),
    ],
  },
  {
    group: 'chemicals',
    mapping: m(CI, 'disposal_only', 'Combustion'),
    reason:
      'No Defra material fits acids, solvents, paints or reaction residues. Liquid and hazardous chemical waste may not be landfilled in the EU; it is incinerated or treated.',
    exceptions: [],
  },
  {
    group: 'oils-and-fuels',
    mapping: m('Mineral oil', 'disposal_only', 'Combustion'),
    reason:
      'Used oils, fuels, tars and oily sludges are re-refined or burnt as fuel, not re-used as such; Defra publishes no landfill factor for mineral oil.',
    exceptions: [],
  },
  {
    group: 'packaging',
    mapping: m(CI, 'disposal_only', 'Landfill'),
    reason:
      'Composite and mixed packaging has no Defra material: commercial and industrial waste, as PRODUCT.md counts the unmapped. Landfill, as the signup countries differ.',
    exceptions: [
      {
        level: 'second',
        code: '1502',
        mapping: m(CI, 'disposal_only', 'Combustion'),
        reason: 'Used absorbents, filters, wiping cloths and protective clothing are soiled and incinerated.',
      },
    ],
  },
  {
    group: 'healthcare-waste',
    mapping: m(CI, 'disposal_only', 'Combustion'),
    reason: 'Clinical waste and medicines must be incinerated or sterilised; no Defra material fits.',
    exceptions: [],
  },
  {
    group: 'municipal-and-mixed-waste',
    mapping: m('Household residual waste', 'disposal_only', 'Landfill'),
    reason: 'Mixed municipal and commercial waste is residual waste; landfill, as the signup countries differ.',
    exceptions: [
      {
        level: 'third',
        code: '191210',
        mapping: m('Household residual waste', 'disposal_only', 'Combustion'),
        reason: 'Refuse-derived fuel is made to be burnt.',
      },
    ],
  },
  {
    group: 'water-and-sludge',
    mapping: m(CI, 'disposal_only', 'Combustion'),
    reason:
      'Sludges, leachate and aqueous wastes have no Defra material; liquids may not be landfilled in the EU, so they are treated, digested or burnt.',
    exceptions: [],
  },
  {
    group: 'hazardous-waste',
    mapping: m(CI, 'disposal_only', 'Combustion'),
    reason: 'Contaminated material of every kind: never like for like, and hazardous waste is mostly incinerated or treated before any landfill.',
    exceptions: [
      ...['101309', '170601', '170605'].map((code) => ({
        level: 'third' as const,
        code,
        mapping: m('Asbestos', 'disposal_only', 'Landfill'),
        reason: 'Asbestos waste is landfilled in dedicated cells; Defra publishes an asbestos landfill factor.',
      })),
    ],
  },
  ...['industrial-and-logistics-space', 'finance', 'legal', 'hr', 'technology', 'engineering', 'sustainability-and-esg', 'marketing-and-sales'].map(
    (group) => ({ group, mapping: NONE, reason: KNOWLEDGE, exceptions: [] }),
  ),
];
