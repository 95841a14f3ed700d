// As-const enums shared by server, client and database (SPEC §3, §4).

export const ROLES = ['MEMBER', 'MANAGER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];
export const COMPANY_ROLES = ['MANAGER', 'MEMBER'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const LANGUAGES = ['en', 'dk', 'my'] as const;
export type Language = (typeof LANGUAGES)[number];
export const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', dk: 'da-DK', my: 'ms-MY' };

export const SIGNUP_COUNTRIES = ['GR', 'DE', 'DK', 'AE', 'GB', 'IT', 'RO', 'MY'] as const;
export type SignupCountry = (typeof SIGNUP_COUNTRIES)[number];

export const COMPANY_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const REGISTRATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const REGISTRATION_VARIANTS = ['standard', 'bank_partner'] as const;

/** The industry value that asks for a custom industry text (the client offers it last in its list). */
export const OTHER_INDUSTRY = 'other';

export const COMPANY_SIZES = ['1-10', '11-50', '51-250', '251-1000', '1000+'] as const;

export const LISTING_CATEGORIES = ['by-product', 'surplus', 'waste', 'knowledge'] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];
export const LISTING_KINDS = ['offering', 'donation'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];
export const LISTING_STATUSES = ['active', 'archived', 'deactivated'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'every few months', 'one-off'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** SPEC §9 proximity filters: within 5, 20 or 40 km; above 40 km; `any` removes the limit. */
export const PROXIMITIES = ['5', '20', '40', 'above40', 'any'] as const;
export type Proximity = (typeof PROXIMITIES)[number];
export const SEARCH_SORTS = ['distance', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** PRODUCT.md: kg for by-product, surplus and waste; hours for knowledge; m2 for industrial and logistics space. */
export const QUANTITY_UNITS = ['kg', 'hours', 'm2'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];

export const OFFER_STATUSES = ['pending', 'countered', 'accepted', 'rejected', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** An offer still open: waiting for an answer or under negotiation. */
export const OPEN_OFFER_STATUSES = ['pending', 'countered'] as const satisfies readonly OfferStatus[];

export const LEVELS_OF_COMPLETION = ['IN_PROGRESS', 'COMPLETED'] as const;
export type LevelOfCompletion = (typeof LEVELS_OF_COMPLETION)[number];

/** SPEC §4 pending, then approved or denied; an approved donation is handed_over once its recipient confirms. */
export const DONATION_STATUSES = ['pending', 'approved', 'denied', 'handed_over'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

export const SUBSCRIPTION_PLAN_KINDS = ['initial', 'extension', 'custom'] as const;
export type SubscriptionPlanKind = (typeof SUBSCRIPTION_PLAN_KINDS)[number];
export const SUBSCRIPTION_STATUSES = ['inactive', 'active', 'expiring_soon', 'expires_very_soon', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_ACTIONS = ['ACTIVATED', 'RENEWED', 'EXPIRED', 'CANCELLED', 'EXTENDED'] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];
export const ASSIGNMENT_MODES = ['after_current', 'extend_current', 'start_now'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

export const BULK_ACCESS_STATUSES = ['pending', 'granted', 'denied'] as const;

export const NOTIFICATION_TYPES = ['offers', 'synergies', 'new_materials', 'dashboard', 'trips'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const DRIVER_STATUSES = ['AVAILABLE', 'BUSY', 'OFF_DUTY'] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];
export const TRIP_STATUSES = ['ASSIGNED', 'ON_ROUTE', 'ARRIVED', 'COMPLETED', 'CANCELLED'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];
/** A trip document is a waste transfer note (the hazardous gate) or anything else (photos, delivery notes). */
export const TRIP_DOCUMENT_KINDS = ['other', 'waste_transfer_note'] as const;
export type TripDocumentKind = (typeof TRIP_DOCUMENT_KINDS)[number];

export const QUERY_STATUSES = ['open', 'answered'] as const;
export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
/** A background job (server/jobs/queue.ts): waiting (or waiting for a retry), running, done, or given up. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What a material group holds: materials (kg, CO2e), knowledge (hours) or space (m², no CO2e). */
export const MATERIAL_GROUP_KINDS = ['material', 'knowledge', 'space'] as const;
export type MaterialGroupKind = (typeof MATERIAL_GROUP_KINDS)[number];
/** The three subcategory levels below a material group. */
export const TAXONOMY_LEVELS = [1, 2, 3] as const;
export type TaxonomyLevel = (typeof TAXONOMY_LEVELS)[number];
