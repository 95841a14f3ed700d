import { boolean, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { SubscriptionAction, SubscriptionPlanKind } from '../../shared/constants/enums';
import { createdAt, timestamps, translatedNames, ts } from './_columns';
import { companyId } from './companies';

export const subscription_plans = pgTable('subscription_plans', {
  id: serial().primaryKey(),
  name: text().notNull(),
  ...translatedNames(),
  kind: text().$type<SubscriptionPlanKind>().notNull(),
  /** Built-in kinds: length in days. Custom: null, dates below. */
  duration_days: integer(),
  start_date: date({ mode: 'string' }),
  end_date: date({ mode: 'string' }),
  description_title: text(),
  description: text(),
  is_active: boolean().notNull().default(true),
  is_builtin: boolean().notNull().default(false),
  ...timestamps(),
});

export const company_subscriptions = pgTable(
  'company_subscriptions',
  {
    id: serial().primaryKey(),
    company_id: companyId(),
    subscription_plan_id: integer()
      .notNull()
      .references(() => subscription_plans.id),
    assigned_date: ts().notNull().defaultNow(),
    activation_date: date({ mode: 'string' }).notNull(),
    end_date: date({ mode: 'string' }).notNull(),
    final_date_of_allowance: date({ mode: 'string' }),
    cancelled_at: ts(),
    expired_recorded_at: ts(),
    created_at: createdAt(),
  },
  (t) => [index('company_subscriptions_company_idx').on(t.company_id, t.end_date)],
);

export const subscription_history = pgTable(
  'subscription_history',
  {
    id: serial().primaryKey(),
    company_id: companyId(),
    company_subscription_id: integer().references(() => company_subscriptions.id, { onDelete: 'set null' }),
    subscription_plan_id: integer().references(() => subscription_plans.id, { onDelete: 'set null' }),
    action: text().$type<SubscriptionAction>().notNull(),
    start_date: date({ mode: 'string' }),
    end_date: date({ mode: 'string' }),
    actor_user_id: integer(),
    note: text(),
    created_at: createdAt(),
  },
  (t) => [index('subscription_history_company_idx').on(t.company_id, t.created_at)],
);
