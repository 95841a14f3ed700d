// Donations (SPEC §3 Donation, §4, §5 "Donations", §7 Donations dashboard and admin donation tags, §9; issue 13
// contract): the manager's create/edit, the administrators' approve/deny and tags, the QR hand-over and the
// dashboard's inputs. Messages are codes (shared/messages.ts); limits come from shared/constants/limits.ts.
import { DONATION_STATUSES } from '../constants/enums';
import { LIMITS } from '../constants/limits';
import { m } from '../messages';
import { id, REQUIRED } from './_primitives';
import { listingImage, MATERIAL_MESSAGES } from './materials';
import { z } from './_zod';

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

const text = (max: number, tooLong: string) => z.string().trim().min(1, { error: M.required, abort: true }).max(max, tooLong);

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
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, M.valueInvalid)
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
 * POST api/donations and PUT api/donations/{id} (issue 13 contract): {title, description, purpose, item_count,
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

const page = z.coerce.number().int().min(0).max(100_000).default(0);
const size = z.coerce.number().int().min(1).max(100).default(LIMITS.defaultPageSize);

/** The caller company's own donations (GET api/v2/materials/donations, the manager's donations tab), newest first. */
export const ownDonationsInput = z
  .object({ status: z.enum(DONATION_STATUSES).optional(), page, size })
  .default({ page: 0, size: LIMITS.defaultPageSize });
export type OwnDonationsInput = z.output<typeof ownDonationsInput>;

/** GET admin/donations: every company's donations, by status, paged (pending first is the screen's default filter). */
export const adminDonationsInput = z
  .object({
    status: z.enum(DONATION_STATUSES).optional(),
    company_id: id.optional(),
    q: z
      .string()
      .trim()
      .max(100)
      .transform((v) => v || undefined)
      .optional(),
    page,
    size,
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

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Codes are random UUIDs (gen_random_uuid, 122 random bits): a malformed one gets the same answer as an unknown one. */
export const donationCode = z.string().trim().toLowerCase().max(64, M.unknownCode).regex(UUID_RE, M.unknownCode);
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
export const donationsFeedInput = z.object({ page, size: z.coerce.number().int().min(1).max(50).default(10) }).default({ page: 0, size: 10 });
export type DonationsFeedInput = z.output<typeof donationsFeedInput>;

/** The environmental impact shows this many UTC calendar months, the current one last. */
export const DONATION_IMPACT_MONTHS = 6;
