// CO2e avoided by a successful synergy (PRODUCT.md "Impact"), from DESNZ/Defra 2023 factors in kg CO2e per tonne:
//   kg / 1000 x [(landfill - re-use disposal) + (primary production - re-used, else closed-loop source, else 0)]
// Pure: the caller passes the factor rows, so the same code serves the server, the seed and the dashboard text.

import type { QuantityUnit } from '../constants/enums';
export const DEFRA_FACTOR_SET = 'DESNZ/Defra GHG Conversion Factors 2023 v1.1';
export const DEFRA_FACTOR_VERSION = '2023 v1.1';
/** What a material group without its own Defra material counts as (landfill part only). */
export const UNMAPPED_DEFRA_MATERIAL = 'Commercial and industrial waste';

export const ROUTE = {
  landfill: 'Landfill',
  reuseDisposal: 'Re-use',
  primaryProduction: 'Primary material production',
  reused: 'Re-used',
  closedLoopSource: 'Closed-loop source',
} as const;

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

export interface ImpactInput {
  kg: number;
  /** The material group's Defra material, as named in either Defra table; null when the group has none. */
  defra_material: string | null;
  /** Knowledge and space exchanges divert no material and count no CO2e. */
  kind?: ImpactKind;
  factors: readonly DefraFactorRow[];
  factor_set?: string;
}

export interface ImpactBreakdown {
  method: 'landfill_and_production' | 'landfill_only' | 'none';
  /** Material name looked up in the waste_disposal table. */
  disposal_material: string | null;
  /** Material name looked up in the material_use table (null: landfill part only). */
  use_material: string | null;
  landfill: number;
  reuse_disposal: number;
  primary_production: number;
  /** Re-used factor, or the closed-loop source factor where Defra publishes no re-used one. */
  secondary_source: number;
  secondary_route: typeof ROUTE.reused | typeof ROUTE.closedLoopSource | null;
  kgco2e_per_tonne: number;
  /** Factors the formula wanted but Defra does not publish; each counted as 0. */
  missing: string[];
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

export function computeCo2eAvoided(input: ImpactInput): ImpactResult {
  const { kg, factors } = input;
  if (!Number.isFinite(kg) || kg < 0) throw new RangeError(`kg must be a finite, non-negative number (got ${kg})`);
  const factor_set = input.factor_set ?? DEFRA_FACTOR_SET;
  const kind = input.kind ?? 'material';

  if (kind !== 'material') {
    return {
      co2e_kg: 0,
      factor_set,
      factors_used: [],
      breakdown: {
        method: 'none',
        disposal_material: null,
        use_material: null,
        landfill: 0,
        reuse_disposal: 0,
        primary_production: 0,
        secondary_source: 0,
        secondary_route: null,
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

  const mapped = input.defra_material !== null;
  const names = mapped ? defraMaterialNames(input.defra_material as string) : { waste_disposal: UNMAPPED_DEFRA_MATERIAL, material_use: null };

  const landfill = need('waste_disposal', names.waste_disposal, ROUTE.landfill);
  const reuse_disposal = need('waste_disposal', names.waste_disposal, ROUTE.reuseDisposal);

  let primary_production = 0;
  let secondary_source = 0;
  let secondary_route: ImpactBreakdown['secondary_route'] = null;
  // Without a primary production factor there is no avoided production to credit, so the secondary
  // factor is not subtracted either (Soils publish only a closed-loop source: subtracting it would go negative).
  const useName = names.material_use;
  const primary = useName === null ? null : lookup('material_use', useName, ROUTE.primaryProduction);
  if (useName !== null && primary === null) missing.push(`material_use: ${useName} / ${ROUTE.primaryProduction}`);
  if (useName !== null && primary !== null) {
    primary_production = primary;
    const reused = lookup('material_use', useName, ROUTE.reused);
    const closedLoop = reused === null ? lookup('material_use', useName, ROUTE.closedLoopSource) : null;
    if (reused !== null) {
      secondary_source = reused;
      secondary_route = ROUTE.reused;
    } else if (closedLoop !== null) {
      secondary_source = closedLoop;
      secondary_route = ROUTE.closedLoopSource;
    } else {
      missing.push(`material_use: ${useName} / ${ROUTE.reused} or ${ROUTE.closedLoopSource}`);
    }
  }

  const kgco2e_per_tonne = landfill - reuse_disposal + (primary_production - secondary_source);
  return {
    co2e_kg: (kg / 1000) * kgco2e_per_tonne,
    factor_set,
    factors_used,
    breakdown: {
      method: mapped ? 'landfill_and_production' : 'landfill_only',
      disposal_material: names.waste_disposal,
      use_material: names.material_use,
      landfill,
      reuse_disposal,
      primary_production,
      secondary_source,
      secondary_route,
      kgco2e_per_tonne,
      missing,
    },
  };
}

export interface ImpactRecordInput {
  /** The synergy's quantity and its unit (kg for material listings, hours for knowledge, m2 for space). */
  quantity: number;
  quantity_unit: QuantityUnit;
  /** The listing's material group at the time the synergy ended; null when the listing is gone. */
  group: { name: string; kind: ImpactKind; defra_material: string | null } | null;
  factors: readonly DefraFactorRow[];
}

/**
 * What an impact record stores (PRODUCT.md "Impact"): kilograms or hours, the group and Defra material, the factor
 * set and version, the published factors used and the CO2e they give. Computed once, when the synergy ends; later
 * changes to the factor table or the group mapping never touch a stored record.
 * A listing that no longer exists counts by its unit: hours as knowledge, kilograms as an unmapped group.
 */
export function impactRecordFor(input: ImpactRecordInput) {
  const kind: ImpactKind = input.group?.kind ?? (input.quantity_unit === 'hours' ? 'knowledge' : input.quantity_unit === 'm2' ? 'space' : 'material');
  const defra_material = kind === 'material' ? (input.group?.defra_material ?? null) : null;
  // Space counts square metres (PRODUCT.md): no kilograms diverted, no CO2e.
  const kg = kind === 'material' && input.quantity_unit === 'kg' ? input.quantity : 0;
  const hours = input.quantity_unit === 'hours' ? input.quantity : 0;
  const impact = computeCo2eAvoided({ kg, defra_material, kind, factors: input.factors });
  return {
    kg,
    hours,
    co2e_kg: impact.co2e_kg,
    material_group: input.group?.name ?? null,
    // The material whose factors were read: an unmapped group counts as commercial and industrial waste.
    defra_material: kind === 'material' ? (defra_material ?? UNMAPPED_DEFRA_MATERIAL) : null,
    factor_set: impact.factor_set,
    factor_version: DEFRA_FACTOR_VERSION,
    breakdown: impact.breakdown,
    factors: impact.factors_used,
  };
}
export type ImpactRecordValues = ReturnType<typeof impactRecordFor>;
