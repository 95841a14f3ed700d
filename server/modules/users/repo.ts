// User data access: `fn(db | tx, params)`, explicit columns, no authorization (the service decides).
import { and, eq, inArray, or } from 'drizzle-orm';
import { users } from '../../../drizzle/schema';
import type { Language } from '../../../shared/constants/enums';
import type { DbOrTx } from '../../db/client';

export async function setLanguage(db: DbOrTx, userId: number, language: Language) {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/** Members and managers of these companies. */
export async function companyUserIds(db: DbOrTx, companyIds: readonly number[]): Promise<number[]> {
  if (!companyIds.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.company_id, [...companyIds]), or(eq(users.role, 'MEMBER'), eq(users.role, 'MANAGER'))));
  return rows.map((r) => r.id);
}

export async function emailPreferences(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ email_notifications_new_listings: users.email_notifications_new_listings, email_notifications_activity: users.email_notifications_activity })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function setEmailPreferences(db: DbOrTx, userId: number, values: { email_notifications_new_listings?: boolean; email_notifications_activity?: boolean }) {
  if (Object.keys(values).length) await db.update(users).set(values).where(eq(users.id, userId));
}
