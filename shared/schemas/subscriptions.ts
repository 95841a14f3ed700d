// Subscription plans and their assignment to companies (SPEC §3, §4, §5 "Admin"; PRODUCT.md "Subscriptions").
import { z } from './_zod';
import { ASSIGNMENT_MODES, SUBSCRIPTION_ACTIONS, SUBSCRIPTION_PLAN_KINDS, SUBSCRIPTION_STATUSES } from '../constants/enums';
import { isIsoDate } from '../lib/subscription';
import { m } from '../messages';
import {
  deletedOutput,
  id,
  itemsOutput,
  nullableText,
  optionalText,
  REQUIRED,
  requiredText,
  timestampFields,
  translatedNameFields,
  typedNameFields,
} from './_primitives';

export const SUBSCRIPTION_MESSAGES = {
  invalidDate: m('field.invalidDate'),
  endAfterStart: m('subscription.endAfterStart'),
} as const;

export const isoDateString = z.string().trim().min(1, { error: REQUIRED, abort: true }).refine(isIsoDate, SUBSCRIPTION_MESSAGES.invalidDate);

const PLAN_NAME_MAX = 100;

export const planIdInput = z.object({ id });

/** Administrators create custom plans: both dates required, end after start (SPEC §5 "Admin"). */
export const createPlanInput = z
  .object({
    name: requiredText(PLAN_NAME_MAX),
    ...translatedNameFields(PLAN_NAME_MAX),
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
    name: requiredText(PLAN_NAME_MAX).optional(),
    ...translatedNameFields(PLAN_NAME_MAX),
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

// ---- what the procedures behind the REST paths answer (the OpenAPI document describes them; tests check real answers) ----
/** subscriptions.admin.deletePlan */
export const adminDeletePlanOutput = deletedOutput;
/** subscriptions.admin.plan */
export const adminPlanOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  ...typedNameFields,
  kind: z.enum(SUBSCRIPTION_PLAN_KINDS),
  duration_days: z.number().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  description_title: z.string().nullable(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  is_builtin: z.boolean(),
  ...timestampFields,
});
/** subscriptions.admin.createPlan */
export const adminCreatePlanOutput = adminPlanOutput;
/** subscriptions.admin.updatePlan */
export const adminUpdatePlanOutput = adminPlanOutput;
/** subscriptions.admin.plans */
export const adminPlansOutput = itemsOutput(adminUpdatePlanOutput);
/** subscriptions.admin.activePlans */
export const adminActivePlansOutput = adminPlansOutput;
/** subscriptions.admin.history */
export const adminHistoryOutput = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      action: z.enum(SUBSCRIPTION_ACTIONS),
      start_date: z.string().nullable(),
      end_date: z.string().nullable(),
      subscription_plan_id: z.number().int().nullable(),
      plan_name: z.string().nullable(),
      company_subscription_id: z.number().int().nullable(),
      note: z.string().nullable(),
      actor_user_id: z.number().int().nullable(),
      created_at: z.date(),
    }),
  ),
});
/** A plan assigned to a company, running or still to come. */
const companySubscriptionOutput = z.object({
  id: z.number().int(),
  subscription_plan_id: z.number().int(),
  plan_name: z.string(),
  plan_kind: z.enum(SUBSCRIPTION_PLAN_KINDS),
  description_title: z.string().nullable(),
  assigned_date: z.date(),
  activation_date: z.string(),
  end_date: z.string(),
  final_date_of_allowance: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  days_left: z.number().nullable(),
});
/** A company's running plan as the administrators' company list shows it. */
export const currentPlanOutput = companySubscriptionOutput.pick({
  id: true,
  subscription_plan_id: true,
  plan_name: true,
  activation_date: true,
  end_date: true,
  days_left: true,
});
/** subscriptions.admin.assign */
export const adminAssignOutput = z.object({
  company_id: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  current: companySubscriptionOutput.nullable(),
  upcoming: z.array(companySubscriptionOutput),
});
/** subscriptions.admin.extend */
export const adminExtendOutput = adminAssignOutput;
/** subscriptions.admin.companyStatus */
export const adminCompanyStatusOutput = adminAssignOutput;
