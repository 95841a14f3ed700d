// Impact: company stats, impact records, certificates, the ESG export, portfolio and platform totals.
import { LANGUAGES } from '../constants/enums';
import { COUNTERFACTUAL_ROUTES, IMPACT_BASES, MAPPING_LEVELS } from '../lib/impact';
import { ADMIN_STATS_MAX_MONTHS, monthsBetween, type StatsField } from '../lib/stats';
import { isIsoDate } from '../lib/subscription';
import { m } from '../messages';
import { id, idNameOutput, pageInput, requiredText, uuidCode } from './_primitives';
import { isoDateString } from './subscriptions';
import { z } from './_zod';

/** GET api/companies/{id}/stats */
export const companyStatsInput = z.object({ id });

/** A period of days, both inclusive ('YYYY-MM-DD', UTC); defaults are chosen by the service. */
const periodShape = { id, from: isoDateString.optional(), to: isoDateString.optional() };
const fromNotAfterTo = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const FROM_AFTER_TO = { message: m('stats.fromAfterTo'), path: ['to'] };

/** The company's impact records (successful synergies) ended in a period: the dashboard's "how this is computed". */
export const impactRecordsInput = z.object(periodShape).refine(fromNotAfterTo, FROM_AFTER_TO);
export type ImpactRecordsInput = z.output<typeof impactRecordsInput>;

export const EXPORT_FORMATS = ['csv', 'pdf'] as const;
/** GET api/companies/{id}/impact-export?from&to&format=csv|pdf */
export const impactExportInput = z.object({ ...periodShape, format: z.enum(EXPORT_FORMATS).default('csv') }).refine(fromNotAfterTo, FROM_AFTER_TO);
export type ImpactExportInput = z.output<typeof impactExportInput>;

/** GET api/exchanges/{id}/certificate: the impact certificate (PDF) of a successful synergy, in the reader's language. */
export const certificateInput = z.object({ id, language: z.enum(LANGUAGES).default('en') });
export type CertificateInput = z.output<typeof certificateInput>;

/** GET api/verify/impact/{code}: the public check of a certificate; codes are random UUIDs. */
export const verifyImpactInput = z.object({
  code: uuidCode(m('stats.invalidCode')),
});

/**
 * The administrators' statistics period (GET admin/exchanges/stats, admin/materials/stats,
 * admin/total-recommendations-clicks): inclusive UTC days; defaults in shared/lib/stats.ts resolveStatsPeriod.
 */
export const adminStatsInput = z
  .object({ from: isoDateString.optional(), to: isoDateString.optional() })
  .refine(fromNotAfterTo, FROM_AFTER_TO)
  // Object refinements run even when a field failed: count months only between two real dates.
  .refine(
    (v) =>
      !v.from ||
      !isIsoDate(v.from) ||
      (v.to !== undefined && !isIsoDate(v.to)) ||
      monthsBetween(v.from, v.to ?? new Date().toISOString().slice(0, 10)).length <= ADMIN_STATS_MAX_MONTHS,
    {
      message: m('stats.rangeTooLong', { months: ADMIN_STATS_MAX_MONTHS }),
      path: ['from'],
    },
  )
  .default({});
export type AdminStatsInput = z.output<typeof adminStatsInput>;

// ---- impact mappings (PRODUCT.md "Impact"; docs/decisions/0171) ----

export const mappingLevel = z.enum(MAPPING_LEVELS);
const basis = z.enum(IMPACT_BASES);
const route = z.enum(COUNTERFACTUAL_ROUTES, { message: m('impact.unknownRoute') });

/**
 * PUT admin/impact/mappings {level, id, defra_material, basis, counterfactual_route}: a Defra material and a route
 * for like_for_like and disposal_only; neither for none (anything sent is dropped).
 */
export const setImpactMappingInput = z
  .object({
    level: mappingLevel,
    id,
    basis,
    defra_material: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((v) => v || null),
    counterfactual_route: route.nullish().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.basis === 'none') return;
    if (!v.defra_material) ctx.addIssue({ code: 'custom', path: ['defra_material'], message: m('impact.materialRequired') });
    if (!v.counterfactual_route) ctx.addIssue({ code: 'custom', path: ['counterfactual_route'], message: m('impact.routeRequired') });
  })
  .transform((v) => (v.basis === 'none' ? { ...v, defra_material: null, counterfactual_route: null } : v));
export type SetImpactMappingInput = z.output<typeof setImpactMappingInput>;

/** DELETE admin/impact/mappings/{level}/{id}: a subcategory's own mapping goes; it inherits again. */
export const deleteImpactMappingInput = z.object({ level: mappingLevel, id });
export type DeleteImpactMappingInput = z.output<typeof deleteImpactMappingInput>;

/** The administrators' mapping screen: the groups (no parent) or one level under its parent. */
export const impactMappingLevelInput = z
  .object({ level: mappingLevel, parent_id: id.optional() })
  .refine((v) => v.level === 'group' || v.parent_id !== undefined, { message: m('field.required'), path: ['parent_id'] });
export type ImpactMappingLevelInput = z.output<typeof impactMappingLevelInput>;

/** Find a taxonomy node by name or code on the mapping screen. */
export const searchImpactMappingsInput = pageInput.extend({ q: requiredText(100) });
export type SearchImpactMappingsInput = z.output<typeof searchImpactMappingsInput>;

// ---- outputs of the procedures behind the REST paths above (the OpenAPI document describes them) ----

/** A taxonomy node a mapping belongs to: a group or a subcategory of one of the three levels. */
const mappingRef = z.object({ level: mappingLevel, id: z.number().int(), code: z.string().nullable(), name: z.string() });
const mappingFields = {
  ...mappingRef.shape,
  defra_material: z.string().nullable(),
  basis,
  counterfactual_route: z.enum(COUNTERFACTUAL_ROUTES).nullable(),
};

/** One mapping of the public method: a group's (always) or a subcategory's own, with what a tonne under it counts. */
export const impactMethodMapping = z.object({
  ...mappingFields,
  kgco2e_per_tonne: z.number().describe('kg CO2e avoided per tonne under this mapping, from the factor set'),
});

/** GET api/impact/method */
export const impactMethodOutput = z.object({
  factor_set: z.string(),
  factor_version: z.string(),
  formula: z.string(),
  mappings: z.array(impactMethodMapping),
});
export type ImpactMethod = z.output<typeof impactMethodOutput>;

/** A node on the mapping screen and the answer to PUT/DELETE: its own mapping (if any) and the one it counts by. */
export const impactMappingNode = z.object({
  level: mappingLevel,
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  /** The group's kind: knowledge and space map to basis none only. */
  kind: z.enum(['material', 'knowledge', 'space']),
  own: z.object({ defra_material: z.string().nullable(), basis, counterfactual_route: z.enum(COUNTERFACTUAL_ROUTES).nullable() }).nullable(),
  effective: z.object({
    defra_material: z.string().nullable(),
    basis,
    counterfactual_route: z.enum(COUNTERFACTUAL_ROUTES).nullable(),
    kgco2e_per_tonne: z.number(),
    /** Where the effective mapping comes from: this node, or the level above it that carries it. */
    from: mappingRef,
  }),
  /** Whether an administrator set or removed this node's mapping (else it is the default table's). */
  customized: z.boolean(),
  children: z.number().int(),
});
export type ImpactMappingNode = z.output<typeof impactMappingNode>;

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** stats.certificate */
export const certificateOutput = z.object({ file_name: z.string(), content_type: z.string(), content_base64: z.string() });
/** stats.export */
export const exportOutput = z.union([
  z.object({ file_name: z.string(), content_type: z.string(), content: z.string(), encoding: z.literal('utf8') }),
  z.object({ file_name: z.string(), content_type: z.string(), content: z.string(), encoding: z.literal('base64') }),
]);
/** The named figures' changes in percent against the month before, as buildPeriods gives them, in the order named. */
/* @__NO_SIDE_EFFECTS__ */
function changePercentFields<F extends StatsField>(...fields: F[]) {
  return Object.fromEntries(fields.map((field) => [`${field}_change_percent`, z.number().nullable()])) as {
    [K in F as `${K}_change_percent`]: z.ZodNullable<z.ZodNumber>;
  };
}
/** stats.company */
export const companyOutput = z.object({
  company_id: z.number().int(),
  currency: z.string(),
  periods: z.array(
    z.object({
      kgs: z.number(),
      hours: z.number(),
      co2e_kg: z.number(),
      money_saved: z.number(),
      revenue_made: z.number(),
      other_currencies: z.array(z.object({ currency: z.string(), money_saved: z.number(), revenue_made: z.number() })),
      month: z.string(),
      completed_synergies: z.number(),
      ...changePercentFields('hours', 'co2e_kg', 'kgs', 'completed_synergies', 'money_saved', 'revenue_made'),
    }),
  ),
});
/** The platform's synergy counts over a span of time. */
const exchangeTotals = {
  offers: z.number(),
  synergies_started: z.number(),
  synergies_completed: z.number(),
  successful: z.number(),
  success_rate: z.number().nullable(),
  kgs: z.number(),
  hours: z.number(),
  co2e_kg: z.number(),
};
/** stats.admin.exchanges */
export const adminExchangesOutput = z.object({
  from: z.string(),
  to: z.string(),
  period: z.object(exchangeTotals),
  all_time: z.object(exchangeTotals),
  months: z.array(z.object({ month: z.string(), ...exchangeTotals })),
});
/** How a record's CO2e was worked out; records from before the current method keep their earlier method names. */
const recordedMethod = z.enum([...IMPACT_BASES, 'landfill_and_production', 'landfill_only']);
/** How a synergy's CO2e was worked out: the factors and the mapping it was counted by, kept with the record. */
const impactWorkingFields = {
  factor_set: z.string(),
  factor_version: z.string(),
  factor_set_label: z.string(),
  method: recordedMethod.nullable(),
  kgco2e_per_tonne: z.number().nullable(),
  factors: z.array(
    z.object({
      table_name: z.enum(['material_use', 'waste_disposal', 'freighting_goods']),
      material: z.string(),
      route_or_source: z.string(),
      kgco2e: z.number(),
      source: z.string().nullable(),
    }),
  ),
  basis: basis.nullable(),
  counterfactual_route: z.enum(COUNTERFACTUAL_ROUTES).nullable(),
  basis_text: z.string().nullable(),
  route_text: z.string().nullable(),
  mapping: mappingRef.nullable(),
};
/** stats.verify */
export const verifyOutput = z.object({
  kg: z.number(),
  hours: z.number(),
  co2e_kg: z.number(),
  ...impactWorkingFields,
  code: z.string(),
  valid: z.literal(true),
  completed_on: z.string(),
  providing_company: z.string(),
  receiving_company: z.string(),
  material_group: z.string().nullable(),
  defra_material: z.string().nullable(),
});
/** stats.records */
export const recordsOutput = z.object({
  company_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  items: z.array(
    z.object({
      ...impactWorkingFields,
      breakdown: z
        .object({
          method: recordedMethod,
          basis: basis.optional(),
          counterfactual_route: z.enum(COUNTERFACTUAL_ROUTES).nullable().optional(),
          disposal_material: z.string().nullable(),
          use_material: z.string().nullable(),
          route_factor: z.number().optional(),
          landfill: z.number().optional(),
          reuse_disposal: z.number(),
          avoided_disposal: z.number().optional(),
          primary_production: z.number(),
          secondary_source: z.number(),
          secondary_route: z.enum(['Re-used', 'Closed-loop source']).nullable(),
          production_credit: z.number().optional(),
          kgco2e_per_tonne: z.number(),
          missing: z.array(z.string()),
        })
        .nullable(),
      verification_code: z.string(),
      verify_url: z.string(),
      exchange_id: z.number().int(),
      title: z.string().nullable(),
      completed_at: z.date().nullable(),
      side: z.enum(['provider', 'requester']),
      partner: idNameOutput,
      material_group: z.string().nullable(),
      material_group_code: z.string().nullable(),
      hazardous: z.boolean().nullable(),
      kg: z.number(),
      hours: z.number(),
      co2e_kg: z.number(),
      defra_material: z.string().nullable(),
    }),
  ),
  totals: z.object({ synergies: z.number(), kgs: z.number(), hours: z.number(), co2e_kg: z.number() }),
});
