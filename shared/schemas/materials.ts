// Listing (offering / donation) inputs shared by the tRPC procedures, the REST adapters and the client
// forms (SPEC §3 fields, §5 rules, §9 limits). Messages are codes (shared/messages.ts).
import { z } from './_zod';
import {
  BULK_ACCESS_STATUSES,
  COMPANY_STATUSES,
  FREQUENCIES,
  LISTING_CATEGORIES,
  LISTING_KINDS,
  LISTING_STATUSES,
  PROXIMITIES,
  QUANTITY_UNITS,
  SEARCH_SORTS,
  type MaterialGroupKind,
  type Proximity,
  type QuantityUnit,
} from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { deletedOutput, id, pageInput, pageOutput, pageSize, queryBoolean, searchText } from './_primitives';
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

const requiredText = /* @__NO_SIDE_EFFECTS__ */ (max: number, tooLong?: string) =>
  z.string().trim().min(1, { error: M.required, abort: true }).max(max, tooLong);

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

/**
 * A file sent inline: its name and its content as a base64 data-URL of at most `maxBytes` (the server checks the
 * real content type by its bytes before storing it). `unreadable`: not a data-URL, or empty; `tooLarge`: over the limit.
 */
export const dataUrlFile = /* @__NO_SIDE_EFFECTS__ */ (maxBytes: number, messages: { unreadable: string; tooLarge: string }) =>
  z.object({
    name: z.string().trim().min(1, M.required).max(200),
    body: z.string().superRefine((body, ctx) => {
      const bytes = dataUrlByteLength(body);
      if (bytes === null || bytes === 0) ctx.addIssue({ code: 'custom', message: messages.unreadable });
      else if (bytes > maxBytes) ctx.addIssue({ code: 'custom', message: messages.tooLarge });
    }),
  });

/** A photo already stored for this listing, kept as it is. */
export const existingImage = z.object({ url: z.string().trim().min(1, M.required).max(2048) });
/** A new photo: the file name and its content as a base64 data-URL (SPEC §3 "name and body"). */
export const newImage = dataUrlFile(LIMITS.listingPhotoBytes, { unreadable: M.photoNotDataUrl, tooLarge: M.photoTooLarge });
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
  /** The sub-listing this entry keeps (its row stays, with the offers that name it); none: a new one. */
  id: id.optional(),
  title: requiredText(LIMITS.titleMax, M.titleTooLong),
  description: z.string().trim().max(LIMITS.descriptionMax, M.descriptionTooLong).optional().nullable(),
  quantity,
});
export type SubListingInput = z.output<typeof subListingInput>;

export const SUB_LISTINGS_MAX = 20;

/** A listing's place below its material group: one subcategory id per level, each read by `level`. */
/* @__NO_SIDE_EFFECTS__ */
function subcategoryIdFields<T extends z.ZodType>(level: T) {
  return { first_level_subcategory_id: level, second_level_subcategory_id: level, third_level_subcategory_id: level };
}

/** The listing editor's fields (SPEC §3). Used for create; update adds id (and optionally uuid). */
export const listingFields = z.object({
  kind: z.enum(LISTING_KINDS).default('offering'),
  title: requiredText(LIMITS.titleMax, M.titleTooLong),
  description: requiredText(LIMITS.descriptionMax, M.descriptionTooLong),
  category: z.enum(LISTING_CATEGORIES),
  material_group_id: id.optional().nullable(),
  ...subcategoryIdFields(id.optional().nullable()),
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
    size: pageSize(LIMITS.listingPageSize),
    sort: z.enum(SEARCH_SORTS).default('distance'),
    category: oneOrMany(z.enum(LISTING_CATEGORIES)),
    frequency: oneOrMany(z.enum(FREQUENCIES)),
    kind: z.enum([...LISTING_KINDS, 'all']).default('offering'),
    material_group_id: id.optional(),
    ...subcategoryIdFields(id.optional()),
    /** Matches the code itself and everything below it ("02 01" finds "02 01 03"). */
    material_group_code: z.string().trim().min(1).max(32).transform(normalizeMaterialCode).optional(),
    q: searchText,
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
    size: pageSize(LIMITS.listingPageSize),
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
    q: searchText,
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

// ---- saved searches (api/saved-searches) -------------------------------------------------------------------

/** Saved searches a user keeps at most: a list, not a second listing store. */
export const SAVED_SEARCHES_MAX = 20;

/**
 * A saved search: a name and the marketplace's URL parameters (`?q=wood&group=3` or `{ q: 'wood', group: 3 }`),
 * read as the database page reads them (shared/lib/marketplace-filters.ts); `notify` mails new matches daily.
 */
export const createSavedSearchInput = z.object({
  name: z.string().trim().min(1, { error: M.required, abort: true }).max(SHORT_TEXT_MAX),
  filters: z.union([z.string().max(2000), z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean()]))]).default({}),
  notify: z.boolean().default(false),
});
export type CreateSavedSearchInput = z.output<typeof createSavedSearchInput>;
export const savedSearchIdInput = z.object({ id });

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** materials.countryCodes */
export const countryCodesOutput = z.object({ items: z.array(z.string()) });
/** materials.delete */
export const deleteOutput = deletedOutput;
/** materials.savedSearches.delete */
export const savedSearchesDeleteOutput = deleteOutput;
/** materials.recommendationClicked */
export const recommendationClickedOutput = deleteOutput;
/** materials.setStatus */
export const setStatusOutput = z.object({ id: z.number().int(), status: z.enum(LISTING_STATUSES) });
/** materials.bulkTemplate */
export const bulkTemplateOutput = z.object({ file_name: z.string(), content_type: z.string(), content: z.string() });
/** materials.bulkUpload */
export const bulkUploadOutput = z.object({
  imported: z.number(),
  ids: z.array(z.number()),
  neutralised: z.array(z.object({ row: z.number(), column: z.string() })),
});
/** materials.savedSearches.create */
export const savedSearchesCreateOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  query: z.string(),
  link: z.string(),
  notify: z.boolean(),
  created_at: z.string(),
});
/** materials.savedSearches.list */
export const savedSearchesListOutput = z.object({ items: z.array(savedSearchesCreateOutput) });
/** materials.requestBulkAccess */
export const requestBulkAccessOutput = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  status: z.enum(BULK_ACCESS_STATUSES),
  requested_by_user_id: z.number().int().nullable(),
  reviewed_by_user_id: z.number().int().nullable(),
  reviewed_at: z.date().nullable(),
  created_at: z.date(),
});
/** materials.admin.reviewBulkAccess */
export const adminReviewBulkAccessOutput = requestBulkAccessOutput;
/** materials.recommendationDisplays */
export const recommendationDisplaysOutput = pageOutput(
  z.object({
    id: z.number().int(),
    material_id: z.number().int(),
    title: z.string(),
    user_id: z.number().int().nullable(),
    displayed_at: z.date(),
  }),
);
/** materials.bulkAccessStatus */
export const bulkAccessStatusOutput = z.object({
  status: z.enum(['pending', 'none', 'granted', 'denied']),
  request: adminReviewBulkAccessOutput.nullable(),
});
/** materials.admin.totalClicks */
const clickThrough = { displays: z.number(), clicks: z.number(), click_through_rate: z.number().nullable() };
export const adminTotalClicksOutput = z.object({
  total_clicks: z.number(),
  total_displays: z.number(),
  click_through_rate: z.number().nullable(),
  from: z.string(),
  to: z.string(),
  period: z.object(clickThrough),
  months: z.array(z.object({ month: z.string(), ...clickThrough })),
});
/** materials.admin.bulkAccessRequests */
export const adminBulkAccessRequestsOutput = pageOutput(z.object({ company_name: z.string(), ...requestBulkAccessOutput.shape }));
/** materials.admin.stats */
const listingsByCategory = z.object({ 'by-product': z.number(), surplus: z.number(), waste: z.number(), knowledge: z.number() });
export const adminStatsOutput = z.object({
  from: z.string(),
  to: z.string(),
  period: z.object({ by_category: listingsByCategory, by_kind: z.object({ donation: z.number(), offering: z.number() }), total: z.number().int() }),
  months: z.array(z.object({ month: z.string(), by_category: listingsByCategory, total: z.number().int() })),
  by_category: z.record(z.string(), z.number()),
  by_status: z.record(z.string(), z.number()),
  by_kind: z.record(z.string(), z.number()),
  total: z.number().int(),
});
/** What every answer about a listing (its card, its page) says of it. */
const listingAnswerFields = {
  type: z.string(),
  id: z.number().int(),
  uuid: z.string(),
  status: z.enum(LISTING_STATUSES),
  created_at: z.date(),
  company_id: z.number().int(),
  kind: z.enum(LISTING_KINDS),
  title: z.string(),
  category: z.enum(LISTING_CATEGORIES),
  material_group_id: z.number().int().nullable(),
  material_group_code: z.string().nullable(),
  frequency: z.enum(FREQUENCIES),
  city: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  quantity: z.number(),
  reserved_quantity: z.number(),
  quantity_unit: z.enum(QUANTITY_UNITS),
  condition: z.string(),
  final_use: z.string(),
  company_name: z.string(),
  material_group_name: z.string().nullable(),
  available_quantity: z.number(),
  image_url: z.string().nullable(),
  company_image_url: z.string().nullable(),
};
/** A listing as lists, search and recommendations answer it. */
export const listingCardOutput = z.object({ ...listingAnswerFields, description: z.string().nullable(), distance_km: z.number().nullable() });
/** materials.mine */
export const mineOutput = pageOutput(listingCardOutput);
/** materials.admin.list */
export const adminListOutput = mineOutput;
/** materials.recommended */
export const recommendedOutput = z.object({
  items: z.array(listingCardOutput.extend({ reason: z.object({ matched_group_name: z.string().nullable(), distance_km: z.number().nullable() }) })),
});
/** materials.search */
export const searchOutput = pageOutput(listingCardOutput).extend({ total_capped: z.boolean(), own_hidden: z.number() });
/** materials.create */
export const createOutput = z.object({
  ...listingAnswerFields,
  distance_km: z.number().nullable(),
  is_own: z.boolean(),
  images: z.array(z.object({ name: z.string(), position: z.number(), url: z.string() })),
  sub_listings: z.array(
    z.object({
      available_quantity: z.number(),
      id: z.number().int(),
      title: z.string(),
      description: z.string().nullable(),
      quantity: z.number(),
      reserved_quantity: z.number(),
    }),
  ),
  description: z.string(),
  updated_at: z.date(),
  ...subcategoryIdFields(z.number().int().nullable()),
  address: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  address_id: z.number().int().nullable(),
  sdg_goals: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), color: z.string() })),
});
/** materials.get */
export const getOutput = createOutput;
/** materials.update */
export const updateOutput = createOutput;
/** materials.admin.get: the listing as its company reads it, with the company's status; no distance from an administrator. */
export const adminGetOutput = createOutput.extend({ distance_km: z.null(), company_status: z.enum(COMPANY_STATUSES) });
