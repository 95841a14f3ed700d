import { z } from './_zod';
import { LANGUAGES, SIGNUP_COUNTRIES } from '../constants/enums';
import { LIMITS } from '../constants/limits';

import { m } from '../messages';

export const REQUIRED = m('field.required');
export const INVALID_EMAIL = m('field.invalidEmail');

/** Database ids are Postgres integers: anything larger is refused at the edge, not by the database. */
export const id = z.coerce.number().int().positive().max(2_147_483_647);
export const requiredText = /* @__NO_SIDE_EFFECTS__ */ (max = 500) => z.string().trim().min(1, REQUIRED).max(max);
export const optionalText = /* @__NO_SIDE_EFFECTS__ */ (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === '' ? undefined : v));
/** null or '' clears a text; absent leaves it. */
export const nullableText = /* @__NO_SIDE_EFFECTS__ */ (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
/**
 * A reference row's names besides English (docs/decisions/0240), each as long as the English one may be. '' or null
 * clears a name (the reader then sees the catalog's translation or English); absent leaves it.
 */
export const translatedNameFields = /* @__NO_SIDE_EFFECTS__ */ (max: number, tooLong?: string) => {
  const typed = z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : v === undefined ? undefined : null));
  return { name_dk: typed, name_my: typed };
};
export const email = z
  .string()
  .trim()
  .min(1, REQUIRED)
  .pipe(z.email(INVALID_EMAIL))
  .transform((v) => v.toLowerCase());
export const language = z.enum(LANGUAGES);
export const signupCountry = z.enum(SIGNUP_COUNTRIES);

/** How many rows a page holds: 1 to 100, `byDefault` when the caller names none. */
export const pageSize = /* @__NO_SIDE_EFFECTS__ */ (byDefault: number = LIMITS.defaultPageSize) =>
  z.coerce.number().int().min(1).max(100).default(byDefault);

/** REST pages are 0-based (SPEC: page 0, size 12). */
export const pageInput = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: pageSize(),
});
export type PageInput = z.infer<typeof pageInput>;

/** The 0-based page of a list whose pages reach further than `pageInput`'s. */
export const pageNumber = z.coerce.number().int().min(0).max(100_000).default(0);
/** An input that is only a page (`pageNumber`, `pageSize`); absent, the first page of `size` rows. */
export const pagedInput = /* @__NO_SIDE_EFFECTS__ */ (size: number = LIMITS.defaultPageSize) =>
  z.object({ page: pageNumber, size: pageSize(size) }).default({ page: 0, size });

export interface Page<T> {
  items: T[];
  total: number;
  totalPages: number;
  currentPage: number;
}

/** The schema of a paged answer (`pageOf`) whose items follow `item`. */
/* @__NO_SIDE_EFFECTS__ */
export function pageOutput<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), totalPages: z.number().int(), currentPage: z.number().int() });
}

/** An answer that lists its rows without paging: `{ items }`. */
/* @__NO_SIDE_EFFECTS__ */
export function itemsOutput<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

/** The answer of a delete: which row went. */
export const deletedOutput = z.object({ success: z.literal(true), id: z.number().int() });

/** A row's creation and last change, as a row with both answers them. */
export const timestampFields = { created_at: z.date(), updated_at: z.date() };

/**
 * Some of an answer's fields, in the order named: an answer's keys come out in its schema's order. The keys are
 * read from `keys` alone (NoInfer): spread into `z.object({...})`, the call would otherwise take every key of `fields`.
 */
export function pickFields<S extends z.ZodRawShape, K extends keyof S>(fields: S, keys: readonly K[]): Pick<S, NoInfer<K>> {
  const picked = {} as Pick<S, K>;
  for (const key of keys) picked[key] = fields[key];
  return picked;
}

/** A reference to another row by its id and name (a company, a partner, who invited). */
export const idNameOutput = z.object({ id: z.number().int(), name: z.string() });

/** The list answer every paged call gives (SPEC §3 Notification list, Company reviews): 0-based pages. */
export function pageOf<T>(items: T[], total: number, page: number, size: number): Page<T> {
  return { items, total, totalPages: Math.ceil(total / size), currentPage: page };
}

/** A company's material categories (those it is interested in, those it provides): at least one, each kept once. */
export const categoryList = z
  .array(id, { error: m('registration.atLeastOneCategory') })
  .min(1, m('registration.atLeastOneCategory'))
  .max(200)
  .transform((ids) => [...new Set(ids)]);

/** A random UUID, as Postgres writes one (gen_random_uuid). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A code that is a random UUID (a link's secret, a certificate's code), any case; anything else is `invalid`. */
export const uuidCode = /* @__NO_SIDE_EFFECTS__ */ (invalid: string) => z.string().trim().toLowerCase().regex(UUID_PATTERN, invalid);

/** A list's free-text filter: blank means no filter. */
export const searchText = z
  .string()
  .trim()
  .max(100)
  .transform((v) => v || undefined)
  .optional();

/** "true"/"false" in a query string, or a real boolean through tRPC. */
export const queryBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** "GR,DE" or ["GR","DE"] → ["GR","DE"] */
export const codeList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim().toUpperCase()).filter(Boolean));

/** The Danish and Malay names an administrator typed (decision 0240); absent or null: the catalog's, else English. */
export const typedNameFields = { name_dk: z.string().nullable().optional(), name_my: z.string().nullable().optional() };
