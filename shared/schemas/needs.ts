// Wanted listings ("needs") and their answers: the inputs shared by the tRPC procedures, the REST adapters and the
// client forms. Field rules follow the listing editor's (SPEC §5: title 50, description 500, quantity a whole number).
import { z } from './_zod';
import { LISTING_STATUSES, QUANTITY_UNITS } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { deletedOutput, id, pageInput, pageOutput, pageSize, searchText } from './_primitives';
import { isoDateString } from './subscriptions';
import { MATERIAL_MESSAGES as M, normalizeMaterialCode, quantity } from './materials';

/** Proximities a supplier looks for needs in (the listing search's, without "above 40 km"). */
export const NEED_PROXIMITIES = ['5', '20', '40', 'any'] as const;
export type NeedProximity = (typeof NEED_PROXIMITIES)[number];
/** A need reaches at most half the way round the earth: any distance is within it. */
export const NEED_MAX_DISTANCE_KM = 20_000;

const requiredText = /* @__NO_SIDE_EFFECTS__ */ (max: number, tooLong: string) =>
  z.string().trim().min(1, { error: M.required, abort: true }).max(max, tooLong);
const optionalText = z
  .string()
  .trim()
  .max(LIMITS.messageMax, m('field.tooLong', { max: LIMITS.messageMax }))
  .optional()
  .nullable()
  .transform((v) => v || null);

/** The need editor's fields; either a material group or a code (a group's or a subcategory's) names what is wanted. */
export const needFields = z.object({
  title: requiredText(LIMITS.titleMax, M.titleTooLong),
  description: requiredText(LIMITS.descriptionMax, M.descriptionTooLong),
  material_group_id: id.optional().nullable(),
  material_group_code: z
    .string()
    .trim()
    .max(32)
    .transform(normalizeMaterialCode)
    .optional()
    .nullable()
    .transform((v) => v || null),
  quantity,
  unit: z.enum(QUANTITY_UNITS),
  max_distance_km: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? M.required : m('field.wholeNumber')) })
      .int(m('field.wholeNumber'))
      .min(1, m('field.tooSmall', { min: 1 }))
      .max(NEED_MAX_DISTANCE_KM, m('field.tooLarge', { max: NEED_MAX_DISTANCE_KM })),
  ),
  /** Open through this day; none: until removed. */
  until: z
    .union([isoDateString, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
});

const groupOrCode = <T extends { material_group_id?: number | null; material_group_code?: string | null }>(v: T, ctx: z.RefinementCtx) => {
  if (!v.material_group_id && !v.material_group_code) ctx.addIssue({ code: 'custom', path: ['material_group_id'], message: M.required });
};

export const createNeedInput = needFields.superRefine(groupOrCode);
export type CreateNeedInput = z.output<typeof createNeedInput>;
export const updateNeedInput = needFields.extend({ id }).superRefine(groupOrCode);
export type UpdateNeedInput = z.output<typeof updateNeedInput>;
export const needIdInput = z.object({ id });

export const ownNeedsInput = pageInput.extend({ size: pageSize(LIMITS.listingPageSize) }).default({ page: 0, size: LIMITS.listingPageSize });
export type OwnNeedsInput = z.output<typeof ownNeedsInput>;

/** GET api/v2/needs: open needs of other companies near the caller, nearest first, paged as the listing search. */
export const searchNeedsInput = z
  .object({
    proximity: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.enum(NEED_PROXIMITIES)).default('40'),
    page: z.coerce.number().int().min(0).max(LIMITS.searchCountCap).default(0),
    size: pageSize(LIMITS.listingPageSize),
    /** The code itself and everything below it, or a material group's code. */
    material_group_code: z.string().trim().min(1).max(32).transform(normalizeMaterialCode).optional(),
    q: searchText,
  })
  .default({ proximity: '40', page: 0, size: LIMITS.listingPageSize });
export type SearchNeedsInput = z.output<typeof searchNeedsInput>;

/** A supplier answers a need with one of its active listings. */
export const answerNeedInput = z.object({ id, material_id: id, message: optionalText });
export type AnswerNeedInput = z.output<typeof answerNeedInput>;

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** needs.delete */
export const deleteOutput = deletedOutput;
/** A need as the lists and its own page answer it. */
export const needOutput = z.object({
  id: z.number().int(),
  uuid: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  title: z.string(),
  description: z.string(),
  material_group_id: z.number().int(),
  material_group_name: z.string(),
  material_group_code: z.string().nullable(),
  quantity: z.number(),
  unit: z.enum(QUANTITY_UNITS),
  max_distance_km: z.number(),
  until: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  is_open: z.boolean(),
  city: z.string().nullable(),
  distance_km: z.number().nullable(),
  match_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
/** needs.mine */
export const mineOutput = pageOutput(needOutput);
/** needs.search */
export const searchOutput = pageOutput(needOutput).extend({ total_capped: z.boolean() });
/** needs.create: the need with its matches (listings that fit it, or that a supplier answered it with). */
export const createOutput = needOutput.extend({
  is_own: z.boolean(),
  matches: z.array(
    z.object({
      distance_km: z.number().nullable(),
      created_at: z.string(),
      material_id: z.number().int(),
      title: z.string(),
      quantity: z.number(),
      quantity_unit: z.enum(QUANTITY_UNITS),
      status: z.enum(LISTING_STATUSES),
      material_group_code: z.string().nullable(),
      company_id: z.number().int(),
      company_name: z.string(),
      source: z.enum(['matched', 'answered']),
      message: z.string().nullable(),
    }),
  ),
});
/** needs.get */
export const getOutput = createOutput;
/** needs.update */
export const updateOutput = createOutput;
/** needs.answer */
export const answerOutput = createOutput;
