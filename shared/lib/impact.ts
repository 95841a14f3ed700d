// CO2e avoided by a successful synergy (PRODUCT.md "Impact"), from DESNZ/Defra 2023 factors in kg CO2e per tonne,
// by the mapping of the listing's material (the most specific one on its taxonomy chain, else its group's):
//   like_for_like: kg / 1000 x [max(0, route - re-use disposal) + (primary production - (re-used, else closed-loop source, else 0))]
//   disposal_only: kg / 1000 x max(0, route - re-use disposal)
//   none:          0 (knowledge and space)
// Pure: the caller passes the factor rows and the mapping, so the same code serves the server, the seed, the tests
// and the method the public API describes.

import type { QuantityUnit } from '../constants/enums';
import type { Message, MessageCode } from '../messages';
export const DEFRA_FACTOR_SET = 'DESNZ/Defra GHG Conversion Factors 2023 v1.1';
export const DEFRA_FACTOR_VERSION = '2023 v1.1';
/** What a listing without a mapped Defra material counts as (PRODUCT.md: "Unmapped"). */
export const UNMAPPED_DEFRA_MATERIAL = 'Commercial and industrial waste';

/** How a factor set reads on a page: its short name with the version once ("DESNZ/Defra 2023 v1.1"). */
const FACTOR_SET_LABELS: Readonly<Record<string, string>> = { [DEFRA_FACTOR_SET]: 'DESNZ/Defra 2023 v1.1' };
export function factorSetLabel(factorSet: string, factorVersion: string): string {
  return FACTOR_SET_LABELS[factorSet] ?? (factorSet.includes(factorVersion) ? factorSet : `${factorSet} ${factorVersion}`);
}

/** like_for_like: the thing is that Defra material re-used as such; disposal_only: avoided disposal only; none: no CO2e. */
export const IMPACT_BASES = ['like_for_like', 'disposal_only', 'none'] as const;
export type ImpactBasis = (typeof IMPACT_BASES)[number];

/** Defra's waste-disposal routes a material may otherwise take (column names of the 2023 table). */
export const COUNTERFACTUAL_ROUTES = ['Landfill', 'Anaerobic digestion', 'Composting', 'Combustion', 'Open-loop', 'Closed-loop'] as const;
export type CounterfactualRoute = (typeof COUNTERFACTUAL_ROUTES)[number];
export const DEFAULT_ROUTE: CounterfactualRoute = 'Landfill';

/** Where a mapping sits on the taxonomy: a material group or a first-, second- or third-level subcategory. */
export const MAPPING_LEVELS = ['group', 'first', 'second', 'third'] as const;
export type MappingLevel = (typeof MAPPING_LEVELS)[number];

export const ROUTE = {
  reuseDisposal: 'Re-use',
  primaryProduction: 'Primary material production',
  reused: 'Re-used',
  closedLoopSource: 'Closed-loop source',
} as const;

/** A mapping as stored: a Defra material, a basis and a counterfactual route (both null for basis none). */
export interface ImpactMapping {
  defra_material: string | null;
  basis: ImpactBasis;
  counterfactual_route: CounterfactualRoute | null;
}

/** PRODUCT.md: a material without a mapping counts as commercial and industrial waste, avoided disposal only. */
export const UNMAPPED_MAPPING: ImpactMapping = {
  defra_material: UNMAPPED_DEFRA_MATERIAL,
  basis: 'disposal_only',
  counterfactual_route: DEFAULT_ROUTE,
};
const NO_CO2E: ImpactMapping = { defra_material: null, basis: 'none', counterfactual_route: null };

export interface DefraFactorRow {
  table_name: 'material_use' | 'waste_disposal' | 'freighting_goods';
  material: string;
  route_or_source: string;
  kgco2e: number;
  /** Defra's file, version and factor ID, where the caller has it (the database rows do). */
  source?: string;
}

/** One published factor the formula used: stored with the impact record so an auditor can find it in Defra's file. */
export interface FactorUsed {
  table_name: DefraFactorRow['table_name'];
  material: string;
  route_or_source: string;
  kgco2e: number;
  source: string | null;
}

export type ImpactKind = 'material' | 'knowledge' | 'space';

/**
 * The terms of the formula, as stored with each record. Records stored before per-material mappings carry the
 * earlier shape (method 'landfill_and_production' or 'landfill_only', `landfill` for the route factor); readers
 * use `method` and `kgco2e_per_tonne`, which both shapes have.
 */
export interface ImpactBreakdown {
  method: ImpactBasis | 'landfill_and_production' | 'landfill_only';
  basis?: ImpactBasis;
  counterfactual_route?: CounterfactualRoute | null;
  /** Material name looked up in the waste_disposal table. */
  disposal_material: string | null;
  /** Material name looked up in the material_use table (null: no production credit). */
  use_material: string | null;
  /** The counterfactual route's disposal factor (earlier records: `landfill`). */
  route_factor?: number;
  landfill?: number;
  reuse_disposal: number;
  /** max(0, route factor - re-use disposal). */
  avoided_disposal?: number;
  primary_production: number;
  /** Re-used factor, or the closed-loop source factor where Defra publishes no re-used one, else 0. */
  secondary_source: number;
  secondary_route: typeof ROUTE.reused | typeof ROUTE.closedLoopSource | null;
  /** primary production - secondary source; 0 without a primary production factor or for disposal_only. */
  production_credit?: number;
  kgco2e_per_tonne: number;
  /** Factors the formula wanted but Defra does not publish; each counted as 0. */
  missing: string[];
}

export interface ImpactInput {
  kg: number;
  mapping: ImpactMapping;
  factors: readonly DefraFactorRow[];
  factor_set?: string;
}

export interface ImpactResult {
  co2e_kg: number;
  breakdown: ImpactBreakdown;
  factor_set: string;
  /** The published factors behind the figure, in the order the formula reads them. */
  factors_used: FactorUsed[];
}

// The two Defra tables name some materials differently (data/README.md). Keys are material_use names.
// "Electrical items - IT" has no WEEE twin; IT equipment is collected as mixed WEEE, so that is its disposal row.
// Batteries: three chemistries in material_use, one "Batteries" row in waste_disposal, so the reverse is ambiguous.
const USE_TO_DISPOSAL: Readonly<Record<string, string>> = {
  'Electrical items - fridges and freezers': 'WEEE - fridges and freezers',
  'Electrical items - large': 'WEEE - large',
  'Electrical items - small': 'WEEE - small',
  'Electrical items - IT': 'WEEE - mixed',
  'Batteries - Alkaline': 'Batteries',
  'Batteries - Li ion': 'Batteries',
  'Batteries - NiMh': 'Batteries',
  'Food and drink': 'Organic: food and drink waste',
};

const DISPOSAL_TO_USE: Readonly<Record<string, string>> = {
  'WEEE - fridges and freezers': 'Electrical items - fridges and freezers',
  'WEEE - large': 'Electrical items - large',
  'WEEE - small': 'Electrical items - small',
  'Organic: food and drink waste': 'Food and drink',
};

/** The names under which one material appears in each Defra table. */
export function defraMaterialNames(material: string): { waste_disposal: string; material_use: string } {
  return {
    waste_disposal: USE_TO_DISPOSAL[material] ?? material,
    material_use: DISPOSAL_TO_USE[material] ?? material,
  };
}

function findRow(factors: readonly DefraFactorRow[], table: DefraFactorRow['table_name'], material: string, route: string) {
  return factors.find((f) => f.table_name === table && f.material === material && f.route_or_source === route) ?? null;
}

/** The counterfactual routes Defra publishes a disposal factor for, for this material (under either table's name). */
export function publishedRoutes(material: string, factors: readonly DefraFactorRow[]): CounterfactualRoute[] {
  const name = defraMaterialNames(material).waste_disposal;
  return COUNTERFACTUAL_ROUTES.filter((route) => findRow(factors, 'waste_disposal', name, route) !== null);
}

/** A mapping may name a material only through a disposal route Defra publishes for it (else it would count 0). */
export function mappingProblem(mapping: ImpactMapping, factors: readonly DefraFactorRow[]): 'material' | 'route' | null {
  if (mapping.basis === 'none') return null;
  const known = new Set(factors.filter((f) => f.table_name !== 'freighting_goods').map((f) => f.material));
  if (!mapping.defra_material || !known.has(mapping.defra_material)) return 'material';
  const route = mapping.counterfactual_route;
  if (!route || !publishedRoutes(mapping.defra_material, factors).includes(route)) return 'route';
  return null;
}

export function computeCo2eAvoided(input: ImpactInput): ImpactResult {
  const { kg, factors, mapping } = input;
  if (!Number.isFinite(kg) || kg < 0) throw new RangeError(`kg must be a finite, non-negative number (got ${kg})`);
  const factor_set = input.factor_set ?? DEFRA_FACTOR_SET;

  if (mapping.basis === 'none') {
    return {
      co2e_kg: 0,
      factor_set,
      factors_used: [],
      breakdown: {
        method: 'none',
        basis: 'none',
        counterfactual_route: null,
        disposal_material: null,
        use_material: null,
        route_factor: 0,
        reuse_disposal: 0,
        avoided_disposal: 0,
        primary_production: 0,
        secondary_source: 0,
        secondary_route: null,
        production_credit: 0,
        kgco2e_per_tonne: 0,
        missing: [],
      },
    };
  }

  const missing: string[] = [];
  const factors_used: FactorUsed[] = [];
  const lookup = (table: DefraFactorRow['table_name'], material: string, route: string): number | null => {
    const row = findRow(factors, table, material, route);
    if (!row) return null;
    factors_used.push({ table_name: table, material, route_or_source: route, kgco2e: row.kgco2e, source: row.source ?? null });
    return row.kgco2e;
  };
  const need = (table: DefraFactorRow['table_name'], material: string, route: string): number => {
    const v = lookup(table, material, route);
    if (v === null) {
      missing.push(`${table}: ${material} / ${route}`);
      return 0;
    }
    return v;
  };

  const names = defraMaterialNames(mapping.defra_material ?? UNMAPPED_DEFRA_MATERIAL);
  const route = mapping.counterfactual_route ?? DEFAULT_ROUTE;
  const route_factor = need('waste_disposal', names.waste_disposal, route);
  const reuse_disposal = need('waste_disposal', names.waste_disposal, ROUTE.reuseDisposal);
  const avoided_disposal = Math.max(0, route_factor - reuse_disposal);

  let primary_production = 0;
  let secondary_source = 0;
  let secondary_route: ImpactBreakdown['secondary_route'] = null;
  let production_credit = 0;
  if (mapping.basis === 'like_for_like') {
    // Without a primary production factor there is no avoided production to credit, so the secondary factor is not
    // subtracted either (Soils publish only a closed-loop source: subtracting it would go negative).
    const primary = need('material_use', names.material_use, ROUTE.primaryProduction);
    if (primary > 0) {
      primary_production = primary;
      const reused = lookup('material_use', names.material_use, ROUTE.reused);
      const closedLoop = reused === null ? lookup('material_use', names.material_use, ROUTE.closedLoopSource) : null;
      if (reused !== null) {
        secondary_source = reused;
        secondary_route = ROUTE.reused;
      } else if (closedLoop !== null) {
        secondary_source = closedLoop;
        secondary_route = ROUTE.closedLoopSource;
      } else {
        missing.push(`material_use: ${names.material_use} / ${ROUTE.reused} or ${ROUTE.closedLoopSource}`);
      }
      production_credit = primary_production - secondary_source;
    }
  }

  const kgco2e_per_tonne = avoided_disposal + production_credit;
  return {
    co2e_kg: (kg / 1000) * kgco2e_per_tonne,
    factor_set,
    factors_used,
    breakdown: {
      method: mapping.basis,
      basis: mapping.basis,
      counterfactual_route: route,
      disposal_material: names.waste_disposal,
      use_material: mapping.basis === 'like_for_like' ? names.material_use : null,
      route_factor,
      reuse_disposal,
      avoided_disposal,
      primary_production,
      secondary_source,
      secondary_route,
      production_credit,
      kgco2e_per_tonne,
      missing,
    },
  };
}

/** kg CO2e per tonne a mapping gives: what the method page and the default table's tests show. */
export function perTonne(mapping: ImpactMapping, factors: readonly DefraFactorRow[]): number {
  return computeCo2eAvoided({ kg: 1000, mapping, factors }).co2e_kg;
}

/** One node of a listing's taxonomy chain with its own mapping fields (null where it has none). */
export interface ChainNode {
  level: MappingLevel;
  id: number;
  code: string | null;
  name: string;
  defra_material: string | null;
  basis: ImpactBasis | null;
  counterfactual_route: CounterfactualRoute | null;
}

/** Where a record's mapping came from: the node that carries it. */
export interface MappingSource {
  level: MappingLevel;
  id: number;
  code: string | null;
  name: string;
}

export interface ResolvedMapping extends ImpactMapping {
  source: MappingSource;
}

/**
 * A group's mapping as it counts: a material group without a Defra material is unmapped (commercial and industrial
 * waste, disposal only); one with a material but no basis or route counts disposal only via landfill ("where in
 * doubt"). Knowledge and space count no CO2e whatever is stored.
 */
export function groupMapping(kind: ImpactKind, g: Pick<ChainNode, 'defra_material' | 'basis' | 'counterfactual_route'>): ImpactMapping {
  if (kind !== 'material') return NO_CO2E;
  if (g.basis === 'none') return NO_CO2E;
  if (!g.defra_material) return UNMAPPED_MAPPING;
  return { defra_material: g.defra_material, basis: g.basis ?? 'disposal_only', counterfactual_route: g.counterfactual_route ?? DEFAULT_ROUTE };
}

const ownMapping = (n: ChainNode): ImpactMapping | null =>
  n.basis === null
    ? null
    : n.basis === 'none'
      ? NO_CO2E
      : { defra_material: n.defra_material, basis: n.basis, counterfactual_route: n.counterfactual_route };

/**
 * The mapping a listing uses: the most specific own mapping on its chain (third, second, first level), else its
 * group's. `chain` is group first; a node without its own mapping inherits.
 */
export function resolveMapping(kind: ImpactKind, chain: readonly ChainNode[]): ResolvedMapping | null {
  const group = chain.find((n) => n.level === 'group');
  if (!group) return null;
  const source = (n: ChainNode): MappingSource => ({ level: n.level, id: n.id, code: n.code, name: n.name });
  if (kind === 'material') {
    for (const level of ['third', 'second', 'first'] as const) {
      const node = chain.find((n) => n.level === level);
      const own = node ? ownMapping(node) : null;
      if (node && own) return { ...own, source: source(node) };
    }
  }
  return { ...groupMapping(kind, group), source: source(group) };
}

export interface ImpactRecordInput {
  /** The synergy's quantity and its unit (kg for material listings, hours for knowledge, m2 for space). */
  quantity: number;
  quantity_unit: QuantityUnit;
  /** The listing's material group at the time the synergy ended; null when the listing is gone. */
  group: { name: string; kind: ImpactKind } | null;
  /** The mapping the listing's chain resolves to (resolveMapping); null when the listing is gone. */
  mapping: ResolvedMapping | null;
  factors: readonly DefraFactorRow[];
}

/**
 * What an impact record stores (PRODUCT.md "Impact"): kilograms or hours, the group and Defra material, the basis,
 * counterfactual route and the mapping they came from, the factor set and version, the published factors used and
 * the CO2e they give. Computed once, when the synergy ends; later changes to the factor table or a mapping never
 * touch a stored record. A listing that no longer exists counts by its unit: hours as knowledge, kilograms as
 * unmapped material.
 */
export function impactRecordFor(input: ImpactRecordInput) {
  const kind: ImpactKind = input.group?.kind ?? (input.quantity_unit === 'hours' ? 'knowledge' : input.quantity_unit === 'm2' ? 'space' : 'material');
  const mapping: ImpactMapping = kind !== 'material' ? NO_CO2E : (input.mapping ?? UNMAPPED_MAPPING);
  // Space counts square metres (PRODUCT.md): no kilograms diverted, no CO2e.
  const kg = kind === 'material' && input.quantity_unit === 'kg' ? input.quantity : 0;
  const hours = input.quantity_unit === 'hours' ? input.quantity : 0;
  const impact = computeCo2eAvoided({ kg, mapping, factors: input.factors });
  return {
    kg,
    hours,
    co2e_kg: impact.co2e_kg,
    material_group: input.group?.name ?? null,
    // The material whose factors were read.
    defra_material: mapping.basis === 'none' ? null : (mapping.defra_material ?? UNMAPPED_DEFRA_MATERIAL),
    basis: mapping.basis,
    counterfactual_route: mapping.basis === 'none' ? null : (mapping.counterfactual_route ?? DEFAULT_ROUTE),
    mapping: input.mapping?.source ?? null,
    factor_set: impact.factor_set,
    factor_version: DEFRA_FACTOR_VERSION,
    breakdown: impact.breakdown,
    factors: impact.factors_used,
  };
}
export type ImpactRecordValues = ReturnType<typeof impactRecordFor>;

/**
 * The basis and route of a stored record. Records stored before mappings had them derive them from their method:
 * the earlier formula credited every mapped group as like for like via landfill, an unmapped one disposal only.
 */
export function recordBasis(r: { basis: string | null; counterfactual_route: string | null; breakdown: Pick<ImpactBreakdown, 'method'> | null }): {
  basis: ImpactBasis | null;
  counterfactual_route: CounterfactualRoute | null;
} {
  if (r.basis) return { basis: r.basis as ImpactBasis, counterfactual_route: (r.counterfactual_route as CounterfactualRoute | null) ?? null };
  switch (r.breakdown?.method) {
    case 'landfill_and_production':
      return { basis: 'like_for_like', counterfactual_route: 'Landfill' };
    case 'landfill_only':
      return { basis: 'disposal_only', counterfactual_route: 'Landfill' };
    case 'none':
      return { basis: 'none', counterfactual_route: null };
    default:
      return { basis: null, counterfactual_route: null };
  }
}

/** The formula as the public method page states it. */
export const IMPACT_FORMULA =
  'kg CO2e avoided = kg / 1000 x per-tonne figure, by the basis of the most specific mapping on the listing\u2019s taxonomy chain: ' +
  'like_for_like = max(0, counterfactual route disposal - re-use disposal) + (primary material production - re-used, else closed-loop source, else 0); ' +
  'disposal_only = max(0, counterfactual route disposal - re-use disposal); none = 0. Factors in kg CO2e per tonne; a factor Defra does not publish counts as 0; ' +
  'a primary production factor Defra does not publish gives no production credit. Transport actually driven is reported beside it and netted off.';

/** The words for a basis (shared/messages.ts), for the certificate, the public check and the screens. */
export const BASIS_MESSAGE: Readonly<Record<ImpactBasis, MessageCode>> = {
  like_for_like: 'impact.basis.like_for_like',
  disposal_only: 'impact.basis.disposal_only',
  none: 'impact.basis.none',
};

/** The words for a counterfactual route. */
export const ROUTE_MESSAGE: Readonly<Record<CounterfactualRoute, MessageCode>> = {
  Landfill: 'impact.route.landfill',
  'Anaerobic digestion': 'impact.route.anaerobic_digestion',
  Composting: 'impact.route.composting',
  Combustion: 'impact.route.combustion',
  'Open-loop': 'impact.route.open_loop',
  'Closed-loop': 'impact.route.closed_loop',
};

/** Which taxonomy node a record's mapping came from, as words ("Third level 150103 Wooden packaging"). */
export function mappingSourceMessage(source: MappingSource): Message {
  return { code: `impact.level.${source.level}`, params: { code: source.code ?? '', name: source.name } };
}
