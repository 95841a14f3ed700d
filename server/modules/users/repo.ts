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
