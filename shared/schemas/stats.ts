// Impact: company stats, impact records, certificates, the ESG export, portfolio and platform totals (issue 12).
import { LANGUAGES } from '../constants/enums';
import { ADMIN_STATS_MAX_MONTHS, monthsBetween } from '../lib/stats';
import { isIsoDate } from '../lib/subscription';
import { m } from '../messages';
import { id } from './_primitives';
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
  code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, m('stats.invalidCode')),
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
