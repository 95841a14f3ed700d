// Subscription plans and their assignment to companies (SPEC §3, §4, §5 "Admin"; PRODUCT.md "Subscriptions").
import { z } from './_zod';
import { ASSIGNMENT_MODES } from '../constants/enums';
import { isIsoDate } from '../lib/subscription';
import { m } from '../messages';
import { REQUIRED, id, optionalText, requiredText } from './_primitives';

export const SUBSCRIPTION_MESSAGES = {
  invalidDate: m('field.invalidDate'),
  endAfterStart: m('subscription.endAfterStart'),
} as const;

export const isoDateString = z.string().trim().min(1, { error: REQUIRED, abort: true }).refine(isIsoDate, SUBSCRIPTION_MESSAGES.invalidDate);

/** null or '' clears a text; absent leaves it. */
const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

export const planIdInput = z.object({ id });

/** Administrators create custom plans: both dates required, end after start (SPEC §5 "Admin"). */
export const createPlanInput = z
  .object({
    name: requiredText(100),
    description_title: optionalText(100),
    description: optionalText(1000),
    start_date: isoDateString,
    end_date: isoDateString,
    is_active: z.boolean().default(true),
  })
  .refine((v) => v.end_date > v.start_date, { message: SUBSCRIPTION_MESSAGES.endAfterStart, path: ['end_date'] });
export type CreatePlanInput = z.input<typeof createPlanInput>;

/** Partial update; dates only for custom plans (checked against the stored plan by the service). */
export const updatePlanInput = z
  .object({
    id,
    name: requiredText(100).optional(),
    description_title: nullableText(100),
    description: nullableText(1000),
    start_date: isoDateString.optional(),
    end_date: isoDateString.optional(),
    is_active: z.boolean().optional(),
  })
  .refine((v) => !v.start_date || !v.end_date || v.end_date > v.start_date, { message: SUBSCRIPTION_MESSAGES.endAfterStart, path: ['end_date'] });
export type UpdatePlanInput = z.input<typeof updatePlanInput>;

export const assignmentMode = z.enum(ASSIGNMENT_MODES);

/**
 * after_current: starts the day after the current plan ends (or now when there is none);
 * extend_current: adds the plan's length to the current plan (or starts now when there is none);
 * start_now: cancels the current plan and starts today.
 */
export const assignPlanInput = z.object({
  company_id: id,
  subscription_plan_id: id,
  mode: assignmentMode.default('after_current'),
});
export type AssignPlanInput = z.input<typeof assignPlanInput>;

/** Extends the current plan by `days`, by default the built-in extension (166 days). */
export const extendSubscriptionInput = z.object({
  company_id: id,
  days: z.coerce.number().int().min(1).max(3650).optional(),
});
export type ExtendSubscriptionInput = z.input<typeof extendSubscriptionInput>;

export const companyIdInput = z.object({ company_id: id });
