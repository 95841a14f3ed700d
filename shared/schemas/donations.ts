// Donations (SPEC §3 Donation, §4, §5 "Donations", §7 Donations dashboard and admin donation tags, §9;
// contract): the manager's create/edit, the administrators' approve/deny and tags, the QR hand-over and the
// dashboard's inputs. Messages are codes (shared/messages.ts); limits come from shared/constants/limits.ts.
import { DONATION_STATUSES } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import {
  deletedOutput,
  id,
  itemsOutput,
  pageNumber,
  pageOutput,
  pageSize,
  REQUIRED,
  searchText,
  timestampFields,
  translatedNameFields,
  typedNameFields,
  UUID_PATTERN,
} from './_primitives';
import { listingImage, MATERIAL_MESSAGES } from './materials';
import { z } from './_zod';
import { hasAtMostTwoDecimals } from '../lib/money';

export const DONATION_MESSAGES = {
  required: REQUIRED,
  purposeTooLong: m('donation.purposeTooLong', { max: LIMITS.donationPurposeMax }),
  itemCountWhole: m('donation.itemCountWhole'),
  itemCountMin: m('donation.itemCountMin', { min: LIMITS.donationItemCountMin }),
  quantityInvalid: m('donation.quantityInvalid'),
  quantityNegative: m('donation.quantityNegative'),
  valueInvalid: m('donation.valueInvalid'),
  valueNegative: m('donation.valueNegative'),
  boxesWhole: m('donation.boxesWhole'),
  boxesNegative: m('donation.boxesNegative'),
  approverTooLong: m('donation.approverTooLong', { max: LIMITS.approverNameMax }),
  reasonTooLong: m('donation.reasonTooLong', { max: LIMITS.denyReasonMax }),
  unknownCode: m('donation.unknownCode'),
} as const;
const M = DONATION_MESSAGES;

/** The largest kilograms, value or count a donation may state: far above any real one, below what a column holds. */
export const DONATION_NUMBER_MAX = 1_000_000_000;

/** '' and whitespace read as "not given"; numbers typed in a form arrive as strings. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v);
const blankToNull = (v: unknown) => (v === undefined || v === null ? null : typeof v === 'string' ? (v.trim() === '' ? null : Number(v.trim())) : v);

const text = /* @__NO_SIDE_EFFECTS__ */ (max: number, tooLong: string) =>
  z.string().trim().min(1, { error: M.required, abort: true }).max(max, tooLong);

/** SPEC §5: item count required, a whole number, at least 1. */
export const itemCount = z.preprocess(
  blankToUndefined,
  z
    .number({ error: (iss) => (iss.input === undefined || iss.input === null ? M.required : M.itemCountWhole) })
    .int(M.itemCountWhole)
    .min(LIMITS.donationItemCountMin, M.itemCountMin)
    .max(DONATION_NUMBER_MAX, m('field.tooLarge', { max: DONATION_NUMBER_MAX })),
);

/** Quantity in kg: optional, not negative, at most 3 decimals (grams). */
export const quantityKg = z.preprocess(
  blankToNull,
  z
    .number({ error: M.quantityInvalid })
    .min(0, M.quantityNegative)
    .max(DONATION_NUMBER_MAX, m('field.tooLarge', { max: DONATION_NUMBER_MAX }))
    .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, M.quantityInvalid)
    .nullable(),
);

/** Total value in major units as typed (1250.50): optional, not negative, at most 2 decimals; stored in minor units. */
export const totalValue = z.preprocess(
  blankToNull,
  z
    .number({ error: M.valueInvalid })
    .min(0, M.valueNegative)
    .max(DONATION_NUMBER_MAX, m('field.tooLarge', { max: DONATION_NUMBER_MAX }))
    .refine(hasAtMostTwoDecimals, M.valueInvalid)
    .nullable(),
);

/** Count of boxes: optional, whole, not negative. */
export const boxes = z.preprocess(
  blankToNull,
  z
    .number({ error: M.boxesWhole })
    .int(M.boxesWhole)
    .min(0, M.boxesNegative)
    .max(DONATION_NUMBER_MAX, m('field.tooLarge', { max: DONATION_NUMBER_MAX }))
    .nullable(),
);

const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable());

/**
 * POST api/donations and PUT api/donations/{id}: {title, description, purpose, item_count,
 * quantity_kg, total_value, boxes, donation_tag_id, images?}. `material_group_id` (optional) names what is given, so
 * the CO2e avoided at hand-over uses that group's Defra material, exactly as for a synergy (docs/decisions/0090).
 */
export const donationFields = z.object({
  title: text(LIMITS.titleMax, MATERIAL_MESSAGES.titleTooLong),
  description: text(LIMITS.descriptionMax, MATERIAL_MESSAGES.descriptionTooLong),
  purpose: text(LIMITS.donationPurposeMax, M.purposeTooLong),
  item_count: itemCount,
  quantity_kg: quantityKg.optional().transform((v) => v ?? null),
  total_value: totalValue.optional().transform((v) => v ?? null),
  boxes: boxes.optional().transform((v) => v ?? null),
  donation_tag_id: optionalId.optional().transform((v) => v ?? null),
  material_group_id: optionalId.optional().transform((v) => v ?? null),
  /** Photos as for listings: up to 3, each at most 2 MB, existing URLs or new files as name and data-URL body. */
  images: z.array(listingImage).max(LIMITS.listingPhotosMax, MATERIAL_MESSAGES.tooManyPhotos).default([]),
});
export const createDonationInput = donationFields;
export type CreateDonationInput = z.output<typeof createDonationInput>;
export const updateDonationInput = donationFields.extend({ id });
export type UpdateDonationInput = z.output<typeof updateDonationInput>;

export const donationIdInput = z.object({ id });

export const QR_FORMATS = ['png', 'svg'] as const;
/** GET api/donations/{id}/qr (PNG, or SVG with ?format=svg). */
export const donationQrInput = z.object({ id, format: z.enum(QR_FORMATS).default('png') });
export type DonationQrInput = z.output<typeof donationQrInput>;

/** The caller company's own donations (GET api/v2/materials/donations, the manager's donations tab), newest first. */
export const ownDonationsInput = z
  .object({ status: z.enum(DONATION_STATUSES).optional(), page: pageNumber, size: pageSize() })
  .default({ page: 0, size: LIMITS.defaultPageSize });
export type OwnDonationsInput = z.output<typeof ownDonationsInput>;

/** GET admin/donations: every company's donations, by status, paged (pending first is the screen's default filter). */
export const adminDonationsInput = z
  .object({
    status: z.enum(DONATION_STATUSES).optional(),
    company_id: id.optional(),
    q: searchText,
    page: pageNumber,
    size: pageSize(),
  })
  .default({ page: 0, size: LIMITS.defaultPageSize });
export type AdminDonationsInput = z.output<typeof adminDonationsInput>;

/** POST admin/donations/{id}/approve: SPEC §5 approver name required, at most 100 characters. */
export const approveDonationInput = z.object({ id, approver_name: text(LIMITS.approverNameMax, M.approverTooLong) });
export type ApproveDonationInput = z.output<typeof approveDonationInput>;

/** POST admin/donations/{id}/deny: SPEC §5 deny reason required, at most 500 characters. */
export const denyDonationInput = z.object({ id, reason: text(LIMITS.denyReasonMax, M.reasonTooLong) });
export type DenyDonationInput = z.output<typeof denyDonationInput>;

// ---- the public check and hand-over (/donations/verify/{code}) ----

/** Codes are random UUIDs (gen_random_uuid, 122 random bits): a malformed one gets the same answer as an unknown one. */
export const donationCode = z.string().trim().toLowerCase().max(64, M.unknownCode).regex(UUID_PATTERN, M.unknownCode);
export const verifyDonationInput = z.object({ code: donationCode });
export type VerifyDonationInput = z.output<typeof verifyDonationInput>;
/** POST api/donations/verify/{code}/hand-over: the recipient confirms, once; who received it is optional. */
export const handOverInput = z.object({
  code: donationCode,
  received_by: z
    .string()
    .trim()
    .max(LIMITS.approverNameMax)
    .nullish()
    .transform((v) => v || null),
});
export type HandOverInput = z.output<typeof handOverInput>;

// ---- donation tags (admin/donation-tags) ----

export const DONATION_TAG_NAME_MAX = 50;
export const donationTagFields = z.object({
  name: text(DONATION_TAG_NAME_MAX, m('field.tooLong', { max: DONATION_TAG_NAME_MAX })),
  ...translatedNameFields(DONATION_TAG_NAME_MAX, m('field.tooLong', { max: DONATION_TAG_NAME_MAX })),
  description: z
    .string()
    .trim()
    .max(LIMITS.descriptionMax, MATERIAL_MESSAGES.descriptionTooLong)
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export const createDonationTagInput = donationTagFields;
export type DonationTagInput = z.output<typeof donationTagFields>;
export const updateDonationTagInput = donationTagFields.extend({ id });
export const donationTagIdInput = z.object({ id });

// ---- the donations dashboard (GET api/donations-dashboard/...) ----

/** top-donors: the 10 largest donors by kilograms handed over; `company_id` adds that company's own place. */
export const topDonorsInput = z
  .object({ company_id: id.optional(), limit: z.coerce.number().int().min(1).max(50).default(10) })
  .default({ limit: 10 });
export type TopDonorsInput = z.output<typeof topDonorsInput>;

/** donations-feed: approved and handed-over donations, newest event first, paged. */
export const donationsFeedInput = z
  .object({ page: pageNumber, size: z.coerce.number().int().min(1).max(50).default(10) })
  .default({ page: 0, size: 10 });
export type DonationsFeedInput = z.output<typeof donationsFeedInput>;

/** The environmental impact shows this many UTC calendar months, the current one last. */
export const DONATION_IMPACT_MONTHS = 6;

/** GET api/donation-tags: every tag a donation can carry. */
export const donationTagsOutput = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      name_dk: z.string().nullable(),
      name_my: z.string().nullable(),
      description: z.string().nullable(),
    }),
  ),
});

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** donations.admin.deleteTag */
export const adminDeleteTagOutput = deletedOutput;
/** donations.admin.createTag */
export const adminCreateTagOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  ...typedNameFields,
  description: z.string().nullable(),
  ...timestampFields,
});
/** donations.admin.tag */
export const adminTagOutput = adminCreateTagOutput;
/** donations.admin.updateTag */
export const adminUpdateTagOutput = adminCreateTagOutput;
/** donations.admin.tags */
export const adminTagsOutput = itemsOutput(z.object({ donations: z.number(), ...adminCreateTagOutput.shape }));
/** donations.qr */
export const qrOutput = z.union([
  z.object({ file_name: z.string(), content_type: z.string(), content: z.string(), encoding: z.literal('utf8'), url: z.string() }),
  z.object({ file_name: z.string(), content_type: z.string(), content: z.string(), encoding: z.literal('base64'), url: z.string() }),
]);
/** donations.verify */
export const verifyOutput = z.object({
  code: z.string(),
  title: z.string(),
  donor: z.string(),
  item_count: z.number().int(),
  quantity_kg: z.number().nullable(),
  boxes: z.number().nullable(),
  donation_tag_name: z.string().nullable(),
  status: z.enum(DONATION_STATUSES),
  approved_at: z.date().nullable(),
  handed_over_at: z.date().nullable(),
});
/** donations.confirmHandOver */
export const confirmHandOverOutput = verifyOutput;
/** The donations dashboard's answers: `{ success: true, data }`. */
const dashboardAnswer = /* @__NO_SIDE_EFFECTS__ */ <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
/** donations.dashboard.environmentalImpact */
export const dashboardEnvironmentalImpactOutput = dashboardAnswer(
  z.object({
    kg_donated: z.number(),
    co2e_avoided_kg: z.number(),
    donations_handed_over: z.number(),
    items_donated: z.number(),
    boxes_donated: z.number(),
    donations_awaiting_hand_over: z.number(),
    kg_awaiting_hand_over: z.number(),
    months: z.array(z.object({ month: z.string(), donations: z.number(), kg: z.number(), co2e_kg: z.number() })),
    factor_set: z.string(),
    factor_version: z.string(),
  }),
);
/** A donor's place among the donors by kilograms handed over. */
const topDonorOutput = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  donations: z.number(),
  kg: z.number(),
  co2e_kg: z.number(),
  items: z.number(),
  rank: z.number(),
});
/** donations.dashboard.topDonors */
export const dashboardTopDonorsOutput = dashboardAnswer(
  z.object({ items: z.array(topDonorOutput), company: topDonorOutput.nullable(), donors: z.number() }),
);
/** donations.dashboard.feed */
export const dashboardFeedOutput = dashboardAnswer(
  pageOutput(
    z.object({
      id: z.number().int(),
      title: z.string(),
      company_id: z.number().int(),
      company_name: z.string(),
      status: z.enum(DONATION_STATUSES),
      item_count: z.number().int(),
      quantity_kg: z.number().nullable(),
      boxes: z.number().nullable(),
      co2e_kg: z.number().nullable(),
      donation_tag_name: z.string().nullable(),
      at: z.date(),
    }),
  ),
);
/** donations.dashboard.metrics */
export const dashboardMetricsOutput = dashboardAnswer(
  z.object({
    total: z.number().int(),
    by_status: z.object({ pending: z.number(), approved: z.number(), denied: z.number(), handed_over: z.number() }),
    by_tag: z.array(
      z.object({
        tag_id: z.number().int().nullable(),
        tag_name: z.string().nullable(),
        total: z.number().int(),
        pending: z.number(),
        approved: z.number(),
        denied: z.number(),
        handed_over: z.number(),
        kg: z.number(),
      }),
    ),
    value_handed_over: z.array(z.object({ currency: z.string(), value: z.number() })),
  }),
);
/** A donation as its lists and its page answer it. */
export const donationOutput = z.object({
  total_value: z.number().nullable(),
  image_url: z.string().nullable(),
  qr_code: z.string().nullable(),
  verify_url: z.string().nullable(),
  impact: z
    .object({
      kg: z.number(),
      co2e_kg: z.number(),
      defra_material: z.string().nullable(),
      factor_set: z.string().nullable(),
      factor_version: z.string().nullable(),
    })
    .nullable(),
  id: z.number().int(),
  material_id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  description: z.string(),
  purpose: z.string(),
  item_count: z.number().int(),
  quantity_kg: z.number().nullable(),
  currency: z.string().nullable(),
  boxes: z.number().nullable(),
  donation_tag_id: z.number().int().nullable(),
  donation_tag_name: z.string().nullable(),
  material_group_id: z.number().int().nullable(),
  material_group_name: z.string().nullable(),
  status: z.enum(DONATION_STATUSES),
  approver_name: z.string().nullable(),
  deny_reason: z.string().nullable(),
  reviewed_at: z.date().nullable(),
  handed_over_at: z.date().nullable(),
  received_by: z.string().nullable(),
  company_id: z.number().int(),
  company_name: z.string(),
  ...timestampFields,
});
/** donations.create: the donation with its photos. */
export const createOutput = donationOutput.extend({ images: z.array(z.object({ url: z.string(), name: z.string() })) });
/** donations.get */
export const getOutput = createOutput;
/** donations.update */
export const updateOutput = createOutput;
/** donations.admin.approve */
export const adminApproveOutput = createOutput;
/** donations.admin.deny */
export const adminDenyOutput = createOutput;
/** donations.mine */
export const mineOutput = pageOutput(donationOutput);
/** donations.admin.list */
export const adminListOutput = mineOutput;
