import { and, asc, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { companies, company_subscriptions, registration_requests, subscription_history, subscription_plans } from '../../../drizzle/schema';
import type { SubscriptionAction, SubscriptionPlanKind } from '../../../shared/constants/enums';
import type { DbOrTx } from '../../db/client';
import { firstRow, hasRow } from '../../db/rows';

export const planColumns = {
  id: subscription_plans.id,
  name: subscription_plans.name,
  name_dk: subscription_plans.name_dk,
  name_my: subscription_plans.name_my,
  kind: subscription_plans.kind,
  duration_days: subscription_plans.duration_days,
  start_date: subscription_plans.start_date,
  end_date: subscription_plans.end_date,
  description_title: subscription_plans.description_title,
  description: subscription_plans.description,
  is_active: subscription_plans.is_active,
  is_builtin: subscription_plans.is_builtin,
  created_at: subscription_plans.created_at,
  updated_at: subscription_plans.updated_at,
};
export type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlan>>>;

export function listPlans(db: DbOrTx, opts: { activeOnly?: boolean } = {}) {
  return db
    .select(planColumns)
    .from(subscription_plans)
    .where(opts.activeOnly ? eq(subscription_plans.is_active, true) : undefined)
    .orderBy(desc(subscription_plans.is_builtin), asc(subscription_plans.name), asc(subscription_plans.id));
}

export async function findPlan(db: DbOrTx, id: number) {
  return firstRow(db.select(planColumns).from(subscription_plans).where(eq(subscription_plans.id, id)));
}

export async function findBuiltinPlan(db: DbOrTx, kind: Exclude<SubscriptionPlanKind, 'custom'>) {
  return firstRow(
    db
      .select(planColumns)
      .from(subscription_plans)
      .where(and(eq(subscription_plans.kind, kind), eq(subscription_plans.is_builtin, true)))
      .orderBy(asc(subscription_plans.id)),
  );
}

export async function insertPlan(db: DbOrTx, values: typeof subscription_plans.$inferInsert) {
  const [row] = await db.insert(subscription_plans).values(values).returning(planColumns);
  return row!;
}

export async function updatePlan(db: DbOrTx, id: number, values: Partial<typeof subscription_plans.$inferInsert>) {
  // An edit that names no field changes nothing (drizzle refuses an empty SET): the plan as it is.
  if (!Object.keys(values).length) {
    const [same] = await db.select(planColumns).from(subscription_plans).where(eq(subscription_plans.id, id));
    return same ?? null;
  }
  const [row] = await db.update(subscription_plans).set(values).where(eq(subscription_plans.id, id)).returning(planColumns);
  return row ?? null;
}

export async function deletePlan(db: DbOrTx, id: number) {
  await db.delete(subscription_plans).where(eq(subscription_plans.id, id));
}

/** Subscriptions, history rows or registration decisions that name the plan. */
export async function planUsage(db: DbOrTx, id: number): Promise<number> {
  const [a] = await db.select({ n: count() }).from(company_subscriptions).where(eq(company_subscriptions.subscription_plan_id, id));
  const [b] = await db.select({ n: count() }).from(registration_requests).where(eq(registration_requests.subscription_plan_id, id));
  return (a?.n ?? 0) + (b?.n ?? 0);
}

export const subscriptionColumns = {
  id: company_subscriptions.id,
  company_id: company_subscriptions.company_id,
  subscription_plan_id: company_subscriptions.subscription_plan_id,
  plan_name: subscription_plans.name,
  plan_kind: subscription_plans.kind,
  description_title: subscription_plans.description_title,
  assigned_date: company_subscriptions.assigned_date,
  activation_date: company_subscriptions.activation_date,
  end_date: company_subscriptions.end_date,
  final_date_of_allowance: company_subscriptions.final_date_of_allowance,
  cancelled_at: company_subscriptions.cancelled_at,
};

/** Every subscription of a company, newest first. */
export function listCompanySubscriptions(db: DbOrTx, companyId: number) {
  return db
    .select(subscriptionColumns)
    .from(company_subscriptions)
    .innerJoin(subscription_plans, eq(subscription_plans.id, company_subscriptions.subscription_plan_id))
    .where(eq(company_subscriptions.company_id, companyId))
    .orderBy(desc(company_subscriptions.activation_date), desc(company_subscriptions.id));
}

export function companyExists(db: DbOrTx, companyId: number): Promise<boolean> {
  return hasRow(db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)));
}

/**
 * Locks the company row for the rest of the transaction. Assignments to one company take this lock first,
 * so two at once run one after the other and the second sees the first's subscription (locking only the
 * live subscription would not do: a company without one has nothing to lock).
 */
export async function lockCompany(db: DbOrTx, companyId: number) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1).for('update');
  return row ?? null;
}

/** The live subscription (not cancelled, not over) that ends last: what new plans follow or extend. */
/** Every live subscription of the company (running and queued), the one ending last first, locked. */
export function findLiveSubscriptions(db: DbOrTx, companyId: number, today: string) {
  return db
    .select({
      id: company_subscriptions.id,
      activation_date: company_subscriptions.activation_date,
      end_date: company_subscriptions.end_date,
      subscription_plan_id: company_subscriptions.subscription_plan_id,
    })
    .from(company_subscriptions)
    .where(
      and(eq(company_subscriptions.company_id, companyId), isNull(company_subscriptions.cancelled_at), gte(company_subscriptions.end_date, today)),
    )
    .orderBy(desc(company_subscriptions.end_date), desc(company_subscriptions.id))
    .for('update');
}

export async function insertSubscription(db: DbOrTx, values: typeof company_subscriptions.$inferInsert) {
  const [row] = await db.insert(company_subscriptions).values(values).returning({ id: company_subscriptions.id });
  return row!;
}

export async function setSubscriptionEnd(db: DbOrTx, id: number, end_date: string, cancelled: boolean) {
  await db
    .update(company_subscriptions)
    .set({ end_date, final_date_of_allowance: end_date, ...(cancelled ? { cancelled_at: new Date() } : {}) })
    .where(eq(company_subscriptions.id, id));
}

export async function insertHistory(
  db: DbOrTx,
  row: {
    company_id: number;
    company_subscription_id: number | null;
    subscription_plan_id: number | null;
    action: SubscriptionAction;
    start_date: string | null;
    end_date: string | null;
    actor_user_id: number | null;
    note?: string | null;
  },
) {
  await db.insert(subscription_history).values(row);
}

export function listHistory(db: DbOrTx, companyId: number) {
  return db
    .select({
      id: subscription_history.id,
      action: subscription_history.action,
      start_date: subscription_history.start_date,
      end_date: subscription_history.end_date,
      subscription_plan_id: subscription_history.subscription_plan_id,
      plan_name: subscription_plans.name,
      company_subscription_id: subscription_history.company_subscription_id,
      note: subscription_history.note,
      actor_user_id: subscription_history.actor_user_id,
      created_at: subscription_history.created_at,
    })
    .from(subscription_history)
    .leftJoin(subscription_plans, eq(subscription_plans.id, subscription_history.subscription_plan_id))
    .where(eq(subscription_history.company_id, companyId))
    .orderBy(desc(subscription_history.created_at), desc(subscription_history.id));
}

/**
 * Marks every subscription that ended before `today` as expired, once: the conditional update claims each
 * row, so two runs (or two instances) never both record it.
 */
export async function claimExpired(db: DbOrTx, today: string) {
  return db
    .update(company_subscriptions)
    .set({ expired_recorded_at: sql`now()` })
    .where(
      and(lt(company_subscriptions.end_date, today), isNull(company_subscriptions.expired_recorded_at), isNull(company_subscriptions.cancelled_at)),
    )
    .returning({
      id: company_subscriptions.id,
      company_id: company_subscriptions.company_id,
      subscription_plan_id: company_subscriptions.subscription_plan_id,
      activation_date: company_subscriptions.activation_date,
      end_date: company_subscriptions.end_date,
    });
}
