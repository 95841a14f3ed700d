// Companies as administrators manage them (SPEC §2 admin panel, §7 admin/companies).
import { z } from './_zod';
import { COMPANY_STATUSES, SUBSCRIPTION_STATUSES } from '../constants/enums';
import { id, optionalText, pageInput, queryBoolean } from './_primitives';
import { isoDateString } from './subscriptions';

const subscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);

/** Administrators' company list (SPEC §7 GET admin/companies), paged from 0, each company with its plan status. */
export const adminCompaniesInput = pageInput
  .extend({
    /** Part of the trade name, any case. */
    search: optionalText(100),
    is_parent_company: queryBoolean.optional(),
    status: z.enum(COMPANY_STATUSES).optional(),
    /** Only companies whose current plan has one of these statuses ("expired,inactive" or a list). */
    subscription_status: z
      .union([
        z.array(subscriptionStatus),
        z
          .string()
          .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
          .pipe(z.array(subscriptionStatus)),
      ])
      .optional(),
    /** name: A to Z; urgency: the plans that need an administrator first (expired, none, ending soon), then by name. */
    sort: z.enum(['name', 'urgency']).default('name'),
  })
  .prefault({});
export type AdminCompaniesInput = z.input<typeof adminCompaniesInput>;

/** null clears a date; absent leaves it. */
const nullableDate = isoDateString.nullable();

export const updateCompanyDatesInput = z.object({
  id,
  onboarding_date: nullableDate.optional(),
  member_since: nullableDate.optional(),
});
export type UpdateCompanyDatesInput = z.input<typeof updateCompanyDatesInput>;
