// The companies' subscriptions: built-in plans activated some days ago (some since expired) and one custom
// annual membership shared by the companies on it, each with its history.
import { eq } from 'drizzle-orm';
import { company_subscriptions, subscription_history, subscription_plans } from '../../drizzle/schema';
import { isoDate } from '../../shared/lib/subscription';
import type { Tx } from '../db/client';
import { daysFrom, must } from './common';
import { DEMO_COMPANIES } from './data/companies';
import type { CompanyKey } from './types';

export async function seedSubscriptions(tx: Tx, cid: (key: CompanyKey) => number, adminId: number, now: Date): Promise<void> {
  const builtins = await tx
    .select({ id: subscription_plans.id, kind: subscription_plans.kind, duration_days: subscription_plans.duration_days })
    .from(subscription_plans)
    .where(eq(subscription_plans.is_builtin, true));
  // A custom plan has its own dates (SPEC): this year's membership, shared by the companies on it.
  const customStart = daysFrom(now, -200);
  const customEnd = daysFrom(now, 165);
  const [custom] = await tx
    .insert(subscription_plans)
    .values({
      name: 'Annual membership',
      kind: 'custom',
      start_date: isoDate(customStart),
      end_date: isoDate(customEnd),
      description_title: 'Annual membership',
      description: 'Full marketplace access for one year, invoiced annually.',
    })
    .returning({ id: subscription_plans.id });
  for (const c of DEMO_COMPANIES) {
    if (!c.plan) continue;
    const { kind, activated_days_ago } = c.plan;
    const plan =
      kind === 'custom'
        ? { id: must(custom, 'custom plan').id, duration_days: 365 }
        : must(
            builtins.find((p) => p.kind === kind),
            `${kind} plan`,
          );
    const activation = daysFrom(now, -activated_days_ago);
    const end = kind === 'custom' ? customEnd : daysFrom(activation, must(plan.duration_days ?? undefined, 'plan duration'));
    const expired = end.getTime() < now.getTime();
    const [sub] = await tx
      .insert(company_subscriptions)
      .values({
        company_id: cid(c.key),
        subscription_plan_id: plan.id,
        assigned_date: activation,
        activation_date: isoDate(activation),
        end_date: isoDate(end),
        expired_recorded_at: expired ? daysFrom(end, 1) : null,
        created_at: activation,
      })
      .returning({ id: company_subscriptions.id });
    const history: (typeof subscription_history.$inferInsert)[] = [
      {
        company_id: cid(c.key),
        company_subscription_id: must(sub, 'subscription').id,
        subscription_plan_id: plan.id,
        action: 'ACTIVATED',
        start_date: isoDate(activation),
        end_date: isoDate(end),
        actor_user_id: adminId,
        created_at: activation,
      },
    ];
    if (expired) {
      history.push({
        company_id: cid(c.key),
        company_subscription_id: must(sub, 'subscription').id,
        subscription_plan_id: plan.id,
        action: 'EXPIRED',
        start_date: isoDate(activation),
        end_date: isoDate(end),
        created_at: daysFrom(end, 1),
      });
    }
    await tx.insert(subscription_history).values(history);
  }
}
