// Invitation data access: `fn(db | tx, params)`, explicit columns, no authorization (the service decides).
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { companies, company_invitations, users } from '../../../drizzle/schema';
import type { CompanyRole } from '../../../shared/constants/enums';
import type { DbOrTx } from '../../db/client';
import { firstRow } from '../../db/rows';

const columns = {
  id: company_invitations.id,
  company_id: company_invitations.company_id,
  company_name: companies.name,
  company_status: companies.status,
  email: company_invitations.email,
  role: company_invitations.role,
  expires_at: company_invitations.expires_at,
  accepted_at: company_invitations.accepted_at,
  accepted_user_id: company_invitations.accepted_user_id,
  revoked_at: company_invitations.revoked_at,
  created_at: company_invitations.created_at,
  invited_by_user_id: company_invitations.invited_by_user_id,
  invited_by_first_name: users.first_name,
  invited_by_last_name: users.last_name,
  invited_by_language: users.language,
};

const query = (db: DbOrTx) =>
  db
    .select(columns)
    .from(company_invitations)
    .innerJoin(companies, eq(companies.id, company_invitations.company_id))
    .leftJoin(users, eq(users.id, company_invitations.invited_by_user_id));
export type InvitationRow = Awaited<ReturnType<typeof findById>> & {};

export async function findById(db: DbOrTx, id: number) {
  return firstRow(query(db).where(eq(company_invitations.id, id)));
}

export async function findByTokenHash(db: DbOrTx, tokenHash: string) {
  return firstRow(query(db).where(eq(company_invitations.token_hash, tokenHash)));
}

/** Locks the invitation for the rest of the transaction: of two acceptances at once, the second sees it used. */
export async function lockById(tx: DbOrTx, id: number) {
  await tx.select({ id: company_invitations.id }).from(company_invitations).where(eq(company_invitations.id, id)).for('update');
}

export async function listForCompany(db: DbOrTx, companyId: number) {
  return query(db)
    .where(eq(company_invitations.company_id, companyId))
    .orderBy(desc(company_invitations.created_at), desc(company_invitations.id))
    .limit(200);
}

export async function insert(
  tx: DbOrTx,
  values: { company_id: number; email: string; role: CompanyRole; token_hash: string; invited_by_user_id: number; expires_at: Date },
) {
  const [row] = await tx.insert(company_invitations).values(values).returning({ id: company_invitations.id });
  return row!.id;
}

/** A new invitation of the same address replaces the company's earlier open ones. */
export async function revokeOpenFor(tx: DbOrTx, companyId: number, email: string, now: Date) {
  await tx
    .update(company_invitations)
    .set({ revoked_at: now })
    .where(
      and(
        eq(company_invitations.company_id, companyId),
        sql`lower(${company_invitations.email}) = ${email.toLowerCase()}`,
        isNull(company_invitations.accepted_at),
        isNull(company_invitations.revoked_at),
        gt(company_invitations.expires_at, now),
      ),
    );
}

export async function revoke(tx: DbOrTx, id: number, now: Date) {
  await tx
    .update(company_invitations)
    .set({ revoked_at: now })
    .where(and(eq(company_invitations.id, id), isNull(company_invitations.accepted_at), isNull(company_invitations.revoked_at)));
}

export async function markAccepted(tx: DbOrTx, id: number, userId: number, now: Date) {
  await tx.update(company_invitations).set({ accepted_at: now, accepted_user_id: userId }).where(eq(company_invitations.id, id));
}
