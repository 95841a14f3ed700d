// Listing (offering / donation) inputs shared by the tRPC procedures, the REST adapters and the client
// forms (SPEC §3 fields, §5 rules, §9 limits). Messages are codes (shared/messages.ts).
import { z } from './_zod';
import {
  FREQUENCIES,
  LISTING_CATEGORIES,
  LISTING_KINDS,
  LISTING_STATUSES,
  PROXIMITIES,
  SEARCH_SORTS,
  type MaterialGroupKind,
  type Proximity,
  type QuantityUnit,
} from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { id, pageInput, queryBoolean } from './_primitives';
import { LISTING_ACTIONS, type ListingAction } from '../machines/listing';

export const MATERIAL_MESSAGES = {
  required: m('field.required'),
  titleTooLong: m('listing.titleTooLong', { max: LIMITS.titleMax }),
  descriptionTooLong: m('listing.descriptionTooLong', { max: LIMITS.descriptionMax }),
  quantityNotInteger: m('listing.quantityNotInteger'),
  quantityNegative: m('listing.quantityNegative'),
  tooManyPhotos: m('listing.tooManyPhotos', { max: LIMITS.listingPhotosMax }),
  photoTooLarge: m('listing.photoTooLarge', { mb: LIMITS.listingPhotoBytes / (1024 * 1024) }),
  photoNotDataUrl: m('listing.photoUnreadable'),
} as const;

const M = MATERIAL_MESSAGES;
/** Free-text fields SPEC does not bound get a generous cap so a form cannot post megabytes. */
const SHORT_TEXT_MAX = 100;

/**
 * Taxonomy codes are stored compact: EWC "02 07 04" is "020704" (levels "02", "0207"); knowledge and space
 * codes look like "K-FIN-1.2.3". Spaced EWC codes are accepted and compacted.
 */
export function normalizeMaterialCode(code: string): string {
  const c = code.trim();
  return /^[\d\s]+$/.test(c) ? c.replace(/\s+/g, '') : c;
}
const materialCode = z.string().trim().max(32).transform(normalizeMaterialCode);

const requiredText = (max: number, tooLong?: string) => z.string().trim().min(1, { error: M.required, abort: true }).max(max, tooLong);

/** SPEC: "quantity not negative and parsed as an integer": "12" and 12 pass; "1.5", "-1", "" fail. */
export const quantity = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? M.required : M.quantityNotInteger) })
    .int(M.quantityNotInteger)
    .min(0, M.quantityNegative)
    .max(2_147_483_647, M.quantityNotInteger),
);

const DATA_URL_RE = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?(;[a-z0-9-]+=[^;,]*)*;base64,([A-Za-z0-9+/]*={0,2})$/i;

/** Bytes a base64 data-URL decodes to, or null when it is not a base64 data-URL. */
export function dataUrlByteLength(dataUrl: string): number | null {
  const m = DATA_URL_RE.exec(dataUrl);
  if (!m) return null;
  const b64 = m[3]!;
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

/** A photo already stored for this listing, kept as it is. */
export const existingImage = z.object({ url: z.string().trim().min(1, M.required).max(2048) });
/** A new photo: the file name and its content as a base64 data-URL (SPEC §3 "name and body"). */
export const newImage = z.object({
  name: z.string().trim().min(1, M.required).max(200),
  body: z.string().superRefine((body, ctx) => {
    const bytes = dataUrlByteLength(body);
    if (bytes === null || bytes === 0) ctx.addIssue({ code: 'custom', message: M.photoNotDataUrl });
    else if (bytes > LIMITS.listingPhotoBytes) ctx.addIssue({ code: 'custom', message: M.photoTooLarge });
  }),
});
/** A plain string is read as an existing URL, the shape older clients send. */
export const listingImage = z.union([
  z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .transform((url) => ({ url })),
  existingImage,
  newImage,
]);
export type ListingImageInput = z.output<typeof listingImage>;

export const subListingInput = z.object({
  title: requiredText(LIMITS.titleMax, M.titleTooLong),
  description: z.string().trim().max(LIMITS.descriptionMax, M.descriptionTooLong).optional().nullable(),
  quantity,
});
export type SubListingInput = z.output<typeof subListingInput>;

export const SUB_LISTINGS_MAX = 20;

/** The listing editor's fields (SPEC §3). Used for create; update adds id (and optionally uuid). */
export const listingFields = z.object({
  kind: z.enum(LISTING_KINDS).default('offering'),
  title: requiredText(LIMITS.titleMax, M.titleTooLong),
  description: requiredText(LIMITS.descriptionMax, M.descriptionTooLong),
  category: z.enum(LISTING_CATEGORIES),
  material_group_id: id.optional().nullable(),
  first_level_subcategory_id: id.optional().nullable(),
  second_level_subcategory_id: id.optional().nullable(),
  third_level_subcategory_id: id.optional().nullable(),
  material_group_code: materialCode.optional().nullable(),
  frequency: z.enum(FREQUENCIES),
  /** One of the company's addresses; the primary address when left out. */
  address_id: id.optional().nullable(),
  quantity,
  condition: requiredText(SHORT_TEXT_MAX),
  type: requiredText(SHORT_TEXT_MAX),
  final_use: requiredText(SHORT_TEXT_MAX),
  sdg_goals: z.array(z.coerce.number().int().min(1).max(17)).max(17).default([]),
  images: z.array(listingImage).max(LIMITS.listingPhotosMax, M.tooManyPhotos).default([]),
  sub_listings: z.array(subListingInput).max(SUB_LISTINGS_MAX).default([]),
});

/** `company_id` (SPEC §7 query parameter) must be the caller's own company when given. */
export const createMaterialInput = listingFields.extend({ company_id: id.optional() });
export type CreateMaterialInput = z.output<typeof createMaterialInput>;

export const updateMaterialInput = listingFields.extend({
  id,
  company_id: id.optional(),
  /** SPEC §7 PUT carries the listing's uuid; when given it must match the listing. */
  uuid: z.uuid().optional(),
});
export type UpdateMaterialInput = z.output<typeof updateMaterialInput>;

export const materialIdInput = z.object({ id });

/** The listing status actions; shared/machines/listing.ts says what each one does. */
export const STATUS_ACTIONS = LISTING_ACTIONS;
export type StatusAction = ListingAction;
export const setMaterialStatusInput = z.object({ id, action: z.enum(STATUS_ACTIONS) });

// ---- search (GET api/v2/materials) -------------------------------------------------------------------------

// The proximity and sort values live in constants/enums.ts, so the client reads them without loading zod.
export { PROXIMITIES, SEARCH_SORTS, type Proximity };

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z.array(item).min(1),
    )
    .optional();

export const searchMaterialsInput = z
  .object({
    proximity: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.enum(PROXIMITIES)).default(String(LIMITS.defaultProximityKm) as '40'),
    /** Results stop at the capped total (searchCountCap), so no page lies beyond it; the server never walks an OFFSET. */
    page: z.coerce.number().int().min(0).max(LIMITS.searchCountCap).default(0),
    size: z.coerce.number().int().min(1).max(100).default(LIMITS.listingPageSize),
    sort: z.enum(SEARCH_SORTS).default('distance'),
    category: oneOrMany(z.enum(LISTING_CATEGORIES)),
    frequency: oneOrMany(z.enum(FREQUENCIES)),
    kind: z.enum([...LISTING_KINDS, 'all']).default('offering'),
    material_group_id: id.optional(),
    first_level_subcategory_id: id.optional(),
    second_level_subcategory_id: id.optional(),
    third_level_subcategory_id: id.optional(),
    /** Matches the code itself and everything below it ("02 01" finds "02 01 03"). */
    material_group_code: z.string().trim().min(1).max(32).transform(normalizeMaterialCode).optional(),
    q: z
      .string()
      .trim()
      .max(100)
      .transform((v) => v || undefined)
      .optional(),
    /** The caller's own listings are left out unless asked for. */
    include_own: queryBoolean.default(false),
    /** Only this company's listings (the public company page; with proximity `any`). */
    company_id: id.optional(),
  })
  .default({
    proximity: '40',
    page: 0,
    size: LIMITS.listingPageSize,
    sort: 'distance',
    kind: 'offering',
    include_own: false,
  });
export type SearchMaterialsInput = z.output<typeof searchMaterialsInput>;

/** The caller company's own listings (GET api/v2/materials/offerings|donations|offerings-and-donations). */
export const ownMaterialsInput = pageInput
  .extend({
    size: z.coerce.number().int().min(1).max(100).default(LIMITS.listingPageSize),
    status: z.enum(LISTING_STATUSES).optional(),
    kind: z.enum([...LISTING_KINDS, 'all']).default('all'),
  })
  .default({ page: 0, size: LIMITS.listingPageSize, kind: 'all' });
export type OwnMaterialsInput = z.output<typeof ownMaterialsInput>;

export const adminMaterialsInput = pageInput
  .extend({
    status: z.enum(LISTING_STATUSES).optional(),
    kind: z.enum(LISTING_KINDS).optional(),
    category: z.enum(LISTING_CATEGORIES).optional(),
    company_id: id.optional(),
    q: z
      .string()
      .trim()
      .max(100)
      .transform((v) => v || undefined)
      .optional(),
  })
  .default({ page: 0, size: LIMITS.defaultPageSize });
export type AdminMaterialsInput = z.output<typeof adminMaterialsInput>;

export const recommendationClickInput = z.object({ material_id: id });
export const recommendationDisplaysInput = pageInput.default({ page: 0, size: LIMITS.defaultPageSize });

// ---- bulk upload -------------------------------------------------------------------------------------------

export const BULK_DECISIONS = ['grant', 'deny'] as const;
export const reviewBulkAccessInput = z.object({ id, decision: z.enum(BULK_DECISIONS) });
export const bulkAccessRequestsInput = pageInput
  .extend({ status: z.enum(['pending', 'granted', 'denied']).optional() })
  .default({ page: 0, size: LIMITS.defaultPageSize });

/** Base64 of at most the form limit (9.5 MB) plus padding. */
const CSV_BASE64_MAX = Math.ceil(LIMITS.csvFormBytes / 3) * 4;
export const bulkUploadInput = z.object({
  file_name: z.string().trim().min(1).max(200),
  body_base64: z.string().max(CSV_BASE64_MAX, 'The file is too large.'),
});
export type BulkUploadInput = z.output<typeof bulkUploadInput>;

/** Columns of the bulk-upload CSV, in template order. */
export const CSV_COLUMNS = [
  'title',
  'description',
  'category',
  'material_group_code',
  'frequency',
  'quantity',
  'condition',
  'type',
  'final_use',
  'sdg_goals',
] as const;
export const CSV_REQUIRED_COLUMNS = ['title', 'description', 'category', 'frequency', 'quantity', 'condition', 'type', 'final_use'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/**
 * The quantity unit (PRODUCT.md): square metres for a listing in the industrial and logistics space group
 * (surplus capacity, whatever its category), hours for knowledge, kg otherwise.
 */
export function quantityUnitFor(category: (typeof LISTING_CATEGORIES)[number], groupKind?: MaterialGroupKind | null): QuantityUnit {
  if (groupKind === 'space') return 'm2';
  return category === 'knowledge' ? 'hours' : 'kg';
}

/** Proximity in km as a number, or null for `any`/`above40` (above40 is a lower bound of 40). */
export function proximityKm(p: Proximity): number | null {
  return p === 'any' || p === 'above40' ? null : Number(p);
}
