// Subscription plans and company subscriptions. Every change writes a history row in the same transaction.
import { isForeignKeyViolation } from '../../db/errors';
import type { z } from 'zod';
import type { AssignmentMode } from '../../../shared/constants/enums';
import { LIMITS } from '../../../shared/constants/limits';
import { daysLeft, isoDate, pickCurrentSubscription, subscriptionStatus } from '../../../shared/lib/subscription';
import {
  type assignPlanInput,
  type createPlanInput,
  type extendSubscriptionInput,
  type updatePlanInput,
} from '../../../shared/schemas/subscriptions';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { AdminActor, CompanyActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import * as repo from './repo';
import { planAssignment, type PlanTerm } from './state';

/** Today's calendar date (UTC); injectable for tests through `now`. */
export const today = (now: Date = new Date()) => isoDate(now);

// ---- Plans ----

export async function listPlans(deps: Deps) {
  return { items: await repo.listPlans(deps.db) };
}

export async function listActivePlans(deps: Deps) {
  return { items: await repo.listPlans(deps.db, { activeOnly: true }) };
}

export async function getPlan(deps: Deps, id: number) {
  const plan = await repo.findPlan(deps.db, id);
  if (!plan) throw new AppError('NOT_FOUND');
  return plan;
}

export async function createPlan(deps: Deps, actor: AdminActor, input: z.output<typeof createPlanInput>) {
  return deps.db.transaction(async (tx) => {
    const plan = await repo.insertPlan(tx, {
      name: input.name,
      name_dk: input.name_dk ?? null,
      name_my: input.name_my ?? null,
      kind: 'custom',
      description_title: input.description_title ?? null,
      description: input.description ?? null,
      start_date: input.start_date,
      end_date: input.end_date,
      is_active: input.is_active,
      is_builtin: false,
    });
    await recordAudit(tx, actor, { action: 'subscription_plan.create', entity: 'subscription_plan', entity_id: plan.id, after: plan });
    return plan;
  });
}

export async function updatePlan(deps: Deps, actor: AdminActor, input: z.output<typeof updatePlanInput>) {
  const plan = await getPlan(deps, input.id);
  const { id, ...changes } = input;
  if (plan.is_builtin && (changes.start_date !== undefined || changes.end_date !== undefined)) {
    throw new AppError('VALIDATION', { fields: { start_date: { code: 'subscription.builtinDates' } } });
  }
  if (!plan.is_builtin) {
    const start = changes.start_date ?? plan.start_date;
    const end = changes.end_date ?? plan.end_date;
    if (start && end && end <= start) throw new AppError('VALIDATION', { fields: { end_date: { code: 'subscription.endAfterStart' } } });
  }
  const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (!Object.keys(values).length) return plan;
  return deps.db.transaction(async (tx) => {
    const updated = await repo.updatePlan(tx, id, values);
    if (!updated) throw new AppError('NOT_FOUND');
    await recordAudit(tx, actor, { action: 'subscription_plan.update', entity: 'subscription_plan', entity_id: id, before: plan, after: updated });
    return updated;
  });
}

/** Built-in plans and plans a company or a decision refers to stay; deactivate those instead. */
export async function deletePlan(deps: Deps, actor: AdminActor, id: number) {
  const plan = await getPlan(deps, id);
  if (plan.is_builtin) throw new AppError('CONFLICT', { message: { code: 'subscription.builtinDelete' } });
  if ((await repo.planUsage(deps.db, id)) > 0) throw new AppError('CONFLICT', { message: { code: 'subscription.planInUse' } });
  try {
    await deps.db.transaction(async (tx) => {
      await repo.deletePlan(tx, id);
      await recordAudit(tx, actor, { action: 'subscription_plan.delete', entity: 'subscription_plan', entity_id: id, before: plan });
    });
  } catch (err) {
    // A company was given the plan between the usage check and the delete.
    if (isForeignKeyViolation(err)) throw new AppError('CONFLICT', { message: { code: 'subscription.planInUse' } });
    throw err;
  }
  return { success: true as const, id };
}

// ---- Company subscriptions ----

function termOf(plan: repo.PlanRow): PlanTerm {
  if (plan.kind === 'custom' && plan.start_date && plan.end_date) return { kind: 'window', start_date: plan.start_date, end_date: plan.end_date };
  return { kind: 'length', days: plan.duration_days ?? (plan.kind === 'extension' ? LIMITS.extensionPlanDays : LIMITS.initialPlanDays) };
}

async function assertCompany(db: DbOrTx, companyId: number) {
  if (!(await repo.companyExists(db, companyId))) throw new AppError('NOT_FOUND');
}

/**
 * The plan an administrator picked (assigning a plan, approving a registration), read in the caller's
 * transaction: an unknown or inactive plan is a field error on `subscription_plan_id`.
 */
export async function assignablePlan(tx: DbOrTx, id: number) {
  const plan = await repo.findPlan(tx, id);
  if (!plan) throw new AppError('VALIDATION', { fields: { subscription_plan_id: { code: 'subscription.unknownPlan' } } });
  if (!plan.is_active) throw new AppError('VALIDATION', { fields: { subscription_plan_id: { code: 'subscription.planInactive' } } });
  return plan;
}

/**
 * Applies a plan to a company inside the caller's transaction (registration approval uses it too).
 * Returns the subscription the company ends up on.
 */
export async function applyPlan(
  tx: DbOrTx,
  args: { company_id: number; plan: repo.PlanRow; mode: AssignmentMode; actor_user_id: number | null; today: string; term?: PlanTerm; note?: string },
) {
  if (!(await repo.lockCompany(tx, args.company_id))) throw new AppError('NOT_FOUND');
  const [current = null, ...earlier] = await repo.findLiveSubscriptions(tx, args.company_id, args.today);
  const result = planAssignment({ current, earlier, term: args.term ?? termOf(args.plan), mode: args.mode, today: args.today });
  if (!result.ok) {
    const code = result.reason === 'window_over' ? 'subscription.planEnded' : 'subscription.planEndsBeforeCurrent';
    throw new AppError('VALIDATION', { fields: { subscription_plan_id: { code } } });
  }
  let subscriptionId = current?.id ?? null;
  for (const step of result.steps) {
    if (step.op === 'create') {
      const row = await repo.insertSubscription(tx, {
        company_id: args.company_id,
        subscription_plan_id: args.plan.id,
        activation_date: step.activation_date,
        end_date: step.end_date,
        final_date_of_allowance: step.end_date,
      });
      subscriptionId = row.id;
      await repo.insertHistory(tx, {
        company_id: args.company_id,
        company_subscription_id: row.id,
        subscription_plan_id: args.plan.id,
        action: step.action,
        start_date: step.activation_date,
        end_date: step.end_date,
        actor_user_id: args.actor_user_id,
        note: args.note ?? null,
      });
    } else {
      const target = [current, ...earlier].find((s) => s?.id === step.subscription_id) ?? null;
      await repo.setSubscriptionEnd(tx, step.subscription_id, step.end_date, step.op === 'cancel');
      await repo.insertHistory(tx, {
        company_id: args.company_id,
        company_subscription_id: step.subscription_id,
        subscription_plan_id: step.op === 'extend' ? args.plan.id : (target?.subscription_plan_id ?? null),
        action: step.action,
        start_date: target?.activation_date ?? null,
        end_date: step.end_date,
        actor_user_id: args.actor_user_id,
        note: args.note ?? null,
      });
    }
  }
  return { subscription_id: subscriptionId };
}

export async function assignPlan(deps: Deps, actor: AdminActor, input: z.output<typeof assignPlanInput>, now = new Date()) {
  await deps.db.transaction(async (tx) => {
    await assertCompany(tx, input.company_id);
    const plan = await assignablePlan(tx, input.subscription_plan_id);
    const { subscription_id } = await applyPlan(tx, {
      company_id: input.company_id,
      plan,
      mode: input.mode,
      actor_user_id: actor.user_id,
      today: today(now),
    });
    await recordAudit(tx, actor, {
      action: 'subscription.assign',
      entity: 'subscription',
      entity_id: subscription_id,
      after: { company_id: input.company_id, subscription_plan_id: plan.id, plan_name: plan.name, mode: input.mode },
    });
  });
  return companySubscription(deps, input.company_id, now);
}

/**
 * Decision (docs/decisions/0019): `{days}` extends the current plan by that many days; without it, by the
 * built-in extension plan's 166 days. No current plan: the extension starts today.
 */
export async function extendSubscription(deps: Deps, actor: AdminActor, input: z.output<typeof extendSubscriptionInput>, now = new Date()) {
  await deps.db.transaction(async (tx) => {
    await assertCompany(tx, input.company_id);
    const plan = await repo.findBuiltinPlan(tx, 'extension');
    if (!plan) throw new AppError('INTERNAL', { cause: new Error('The built-in extension plan is missing') });
    const days = input.days ?? plan.duration_days ?? LIMITS.extensionPlanDays;
    const { subscription_id } = await applyPlan(tx, {
      company_id: input.company_id,
      plan,
      mode: 'extend_current',
      actor_user_id: actor.user_id,
      today: today(now),
      term: { kind: 'length', days },
      note: `Extended by ${days} days`,
    });
    await recordAudit(tx, actor, {
      action: 'subscription.extend',
      entity: 'subscription',
      entity_id: subscription_id,
      after: { company_id: input.company_id, days },
    });
  });
  return companySubscription(deps, input.company_id, now);
}

export async function history(deps: Deps, companyId: number) {
  await assertCompany(deps.db, companyId);
  return { items: await repo.listHistory(deps.db, companyId) };
}

/** What the company and the administrator see: the current plan, its status and end date. */
export async function companySubscription(deps: Deps, companyId: number, now = new Date()) {
  const day = today(now);
  const subs = await repo.listCompanySubscriptions(deps.db, companyId);
  const withFlag = subs.map((s) => ({ ...s, cancelled: s.cancelled_at !== null }));
  const current = pickCurrentSubscription(withFlag, day);
  const upcoming = withFlag
    .filter((s) => !s.cancelled && s.activation_date > day && s.id !== current?.id)
    .sort((a, b) => a.activation_date.localeCompare(b.activation_date));
  const view = (s: (typeof withFlag)[number]) => ({
    id: s.id,
    subscription_plan_id: s.subscription_plan_id,
    plan_name: s.plan_name,
    plan_kind: s.plan_kind,
    description_title: s.description_title,
    assigned_date: s.assigned_date,
    activation_date: s.activation_date,
    end_date: s.end_date,
    final_date_of_allowance: s.final_date_of_allowance ?? s.end_date,
    status: subscriptionStatus(s, day),
    days_left: daysLeft(s, day),
  });
  return {
    company_id: companyId,
    status: subscriptionStatus(current, day),
    current: current ? view(current) : null,
    upcoming: upcoming.map(view),
  };
}

export async function mine(deps: Deps, actor: CompanyActor) {
  return companySubscription(deps, actor.company_id);
}

export async function forCompany(deps: Deps, companyId: number) {
  await assertCompany(deps.db, companyId);
  return companySubscription(deps, companyId);
}

/** The daily job: one EXPIRED history row per subscription that ended, recorded once. */
export async function expireSubscriptions(db: DbOrTx, now = new Date()): Promise<{ expired: number }> {
  const rows = await repo.claimExpired(db, today(now));
  for (const r of rows) {
    await repo.insertHistory(db, {
      company_id: r.company_id,
      company_subscription_id: r.id,
      subscription_plan_id: r.subscription_plan_id,
      action: 'EXPIRED',
      start_date: r.activation_date,
      end_date: r.end_date,
      actor_user_id: null,
    });
  }
  return { expired: rows.length };
}
