// Companies as administrators manage them (SPEC §2 admin panel, §7 admin/companies).
import { z } from 'zod';
import { COMPANY_STATUSES } from '../constants/enums';
import { id, queryBoolean } from './_primitives';
import { isoDateString } from './subscriptions';

export const adminCompaniesInput = z
  .object({
    is_parent_company: queryBoolean.optional(),
    status: z.enum(COMPANY_STATUSES).optional(),
  })
  .default({});

/** null clears a date; absent leaves it. */
const nullableDate = isoDateString.nullable();

export const updateCompanyDatesInput = z.object({
  id,
  onboarding_date: nullableDate.optional(),
  member_since: nullableDate.optional(),
});
export type UpdateCompanyDatesInput = z.input<typeof updateCompanyDatesInput>;
