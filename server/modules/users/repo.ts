// User data access: `fn(db | tx, params)`, explicit columns, no authorization (the service decides).
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { companies, users } from '../../../drizzle/schema';
import type { CompanyRole, Language, Role } from '../../../shared/constants/enums';
import type { DbOrTx } from '../../db/client';
import { firstRow, hasRow } from '../../db/rows';
import { anyContains, containsPattern } from '../../db/like';

/** Users who still act for their company: neither removed by a manager nor disabled by an administrator. */
const active = and(isNull(users.deleted_at), isNull(users.disabled_at))!;

export async function setLanguage(db: DbOrTx, userId: number, language: Language) {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/** Members and managers of these companies who still act for them. */
export async function companyUserIds(db: DbOrTx, companyIds: readonly number[]): Promise<number[]> {
  if (!companyIds.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.company_id, [...companyIds]), or(eq(users.role, 'MEMBER'), eq(users.role, 'MANAGER')), active));
  return rows.map((r) => r.id);
}

/** Every administrator who may act (platform-wide events such as live trip positions go to them). */
export async function adminUserIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), active));
  return rows.map((r) => r.id);
}

export async function emailPreferences(db: DbOrTx, userId: number) {
  return firstRow(
    db
      .select({
        email_notifications_new_listings: users.email_notifications_new_listings,
        email_notifications_activity: users.email_notifications_activity,
      })
      .from(users)
      .where(eq(users.id, userId)),
  );
}

export async function setEmailPreferences(
  db: DbOrTx,
  userId: number,
  values: { email_notifications_new_listings?: boolean; email_notifications_activity?: boolean },
) {
  if (Object.keys(values).length) await db.update(users).set(values).where(eq(users.id, userId));
}

/** The company and role of a user, or null for an unknown user. */
export async function findMembership(db: DbOrTx, userId: number) {
  return firstRow(db.select({ company_id: users.company_id, role: users.role }).from(users).where(eq(users.id, userId)));
}

/** The managers of a company with what a mail to them needs. */
export function companyManagers(db: DbOrTx, companyId: number) {
  return db
    .select({ id: users.id, email: users.email, first_name: users.first_name, language: users.language })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.role, 'MANAGER')));
}

/** Whether the user may open the donations dashboard (users.donations_dashboard_access), read fresh from the row. */
export async function hasDonationsDashboardAccess(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ access: users.donations_dashboard_access }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.access === true;
}

/** Company users with donations dashboard access: who follows the live donations feed. */
export async function donationsDashboardUserIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.donations_dashboard_access, true), or(eq(users.role, 'MEMBER'), eq(users.role, 'MANAGER'))));
  return rows.map((r) => r.id);
}
// ---- one user ------------------------------------------------------------------------------------------------

/** Who a user is and what they may do: the fields both one user and a list of users show. */
const userIdentityColumns = {
  id: users.id,
  uuid: users.uuid,
  username: users.username,
  email: users.email,
  business_email: users.business_email,
  first_name: users.first_name,
  last_name: users.last_name,
  official_role: users.official_role,
  role: users.role,
};

const userColumns = {
  ...userIdentityColumns,
  account_role: users.account_role,
  about_info: users.about_info,
  image_key: users.image_key,
  company_id: users.company_id,
  preferred_currency: users.preferred_currency,
  language: users.language,
  email_notifications_new_listings: users.email_notifications_new_listings,
  donations_dashboard_access: users.donations_dashboard_access,
  disabled_at: users.disabled_at,
  deleted_at: users.deleted_at,
  last_login_at: users.last_login_at,
  created_at: users.created_at,
  company_name: companies.name,
  company_status: companies.status,
  company_image_key: companies.image_key,
};

export async function findUser(db: DbOrTx, id: number) {
  return firstRow(db.select(userColumns).from(users).leftJoin(companies, eq(companies.id, users.company_id)).where(eq(users.id, id)));
}
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** The same row, locked until the transaction ends (concurrent changes of one user queue here). */
export async function lockUser(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  return !!row;
}

/**
 * Serialises the user changes of one company (add, remove, role change): each takes the company row first,
 * so "the last manager" is counted by one change at a time.
 */
export async function lockCompanyUsers(tx: DbOrTx, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('no key update');
}

/** The company's users, removed ones left out (what the per-company limit counts). */
export async function countCompanyUsers(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.company_id, companyId), isNull(users.deleted_at)));
  return row?.n ?? 0;
}

export async function companyPreferredCurrency(db: DbOrTx, companyId: number): Promise<string | null> {
  const [row] = await db.select({ c: companies.preferred_currency }).from(companies).where(eq(companies.id, companyId));
  return row?.c ?? null;
}

/** Managers who still act for the company (not removed, not disabled). */
export async function countActiveManagers(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.role, 'MANAGER'), active));
  return Number(row?.n ?? 0);
}

export function emailOrUsernameTaken(db: DbOrTx, email: string, exceptUserId?: number): Promise<boolean> {
  return hasRow(
    db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`(lower(${users.email}) = ${email.toLowerCase()} or lower(${users.username}) = ${email.toLowerCase()})`,
          exceptUserId ? ne(users.id, exceptUserId) : undefined,
        ),
      ),
  );
}

export async function insertUser(
  tx: DbOrTx,
  values: {
    company_id: number;
    email: string;
    first_name: string;
    last_name: string | null;
    official_role: string | null;
    role: CompanyRole;
    password_hash: string;
    preferred_currency: string | null;
    language: Language;
  },
) {
  const [row] = await tx
    .insert(users)
    .values({ ...values, username: values.email, business_email: values.email })
    .returning({ id: users.id });
  return row!.id;
}

export interface UserChanges {
  first_name?: string;
  last_name?: string | null;
  business_email?: string | null;
  official_role?: string | null;
  about_info?: string | null;
  role?: CompanyRole;
  image_key?: string | null;
  image_name?: string | null;
  preferred_currency?: string;
  email_notifications_new_listings?: boolean;
  language?: Language;
  donations_dashboard_access?: boolean;
  disabled_at?: Date | null;
}

/** Applies the changes; `endSessions` also bumps the token version, so every token signed before is refused. */
export async function updateUser(tx: DbOrTx, id: number, changes: UserChanges, endSessions = false) {
  const set: Record<string, unknown> = { ...changes };
  if (endSessions) set.token_version = sql`${users.token_version} + 1`;
  if (!Object.keys(set).length) return;
  await tx.update(users).set(set).where(eq(users.id, id));
}

/**
 * New login email and/or password hash; sessions end. The username follows the email when it was the email
 * (registration and the manager panel make it so), so the old address stops logging in.
 */
export async function setCredentials(tx: DbOrTx, id: number, values: { email?: string; password_hash?: string }) {
  const set: Record<string, unknown> = { token_version: sql`${users.token_version} + 1` };
  if (values.password_hash) set.password_hash = values.password_hash;
  if (values.email) {
    set.email = values.email;
    set.username = sql`case when lower(${users.username}) = lower(${users.email}) then ${values.email} else ${users.username} end`;
  }
  await tx.update(users).set(set).where(eq(users.id, id));
}

/**
 * Removes a user but keeps the row (docs/decisions/0060): listings, offers, messages and reviews keep their
 * author, shown as a former member. Everything that identifies or reaches the person is cleared; the name stays
 * because the company's own records (messages, reviews) were written under it. The email is freed for reuse.
 */
export async function softDeleteUser(tx: DbOrTx, id: number, uuid: string, password_hash: string, now: Date) {
  const placeholder = `removed-${uuid}@users.invalid`;
  await tx
    .update(users)
    .set({
      deleted_at: now,
      email: placeholder,
      username: placeholder,
      business_email: null,
      about_info: null,
      image_key: null,
      image_name: null,
      official_role: null,
      account_role: null,
      password_hash,
      email_notifications_new_listings: false,
      email_notifications_activity: false,
      donations_dashboard_access: false,
      token_version: sql`${users.token_version} + 1`,
    })
    .where(eq(users.id, id));
}

/** Every user of the company gets (or loses) the donations dashboard; returns the users changed. */
export async function setDonationsAccessForCompany(tx: DbOrTx, companyId: number, value: boolean) {
  const rows = await tx
    .update(users)
    .set({ donations_dashboard_access: value })
    .where(and(eq(users.company_id, companyId), isNull(users.deleted_at), ne(users.donations_dashboard_access, value)))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** How many of the company's users there are and how many may open the donations dashboard. */
export async function donationsAccessCounts(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({
      users: sql<number>`count(*)::int`,
      with_access: sql<number>`(count(*) filter (where ${users.donations_dashboard_access}))::int`,
    })
    .from(users)
    .where(and(eq(users.company_id, companyId), isNull(users.deleted_at)));
  return { users: row?.users ?? 0, with_access: row?.with_access ?? 0 };
}

// ---- lists -------------------------------------------------------------------------------------------------

const listColumns = {
  ...userIdentityColumns,
  image_key: users.image_key,
  company_id: users.company_id,
  donations_dashboard_access: users.donations_dashboard_access,
  disabled_at: users.disabled_at,
  last_login_at: users.last_login_at,
  created_at: users.created_at,
  total: sql<number>`(count(*) over ())::int`,
};

/** The company's users (removed ones left out), managers first, then by name. */
export async function listCompanyUsers(db: DbOrTx, companyId: number, f: { search?: string; page: number; size: number }) {
  const conds: SQL[] = [eq(users.company_id, companyId), isNull(users.deleted_at)];
  if (f.search) conds.push(anyContains(f.search, users.first_name, users.last_name, users.email));
  const rows = await db
    .select(listColumns)
    .from(users)
    .where(and(...conds))
    .orderBy(sql`case ${users.role} when 'MANAGER' then 0 else 1 end`, asc(users.first_name), asc(users.last_name), asc(users.id))
    .limit(f.size)
    .offset(f.page * f.size);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** The company's people on its public page: those who still act for it. */
export function publicCompanyUsers(db: DbOrTx, companyId: number) {
  return db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      official_role: users.official_role,
      role: users.role,
      image_key: users.image_key,
    })
    .from(users)
    .where(and(eq(users.company_id, companyId), active))
    .orderBy(sql`case ${users.role} when 'MANAGER' then 0 else 1 end`, asc(users.first_name), asc(users.id));
}

export interface AdminUserFilter {
  search?: string;
  role?: Role;
  status?: 'active' | 'disabled';
  company_id?: number;
  donations_dashboard_access?: boolean;
  page: number;
  size: number;
}

/** Every account (removed ones left out) with its company, newest first; one query with its total. */
export async function listUsersForAdmin(db: DbOrTx, f: AdminUserFilter) {
  const conds: SQL[] = [isNull(users.deleted_at)];
  if (f.search) {
    const p = containsPattern(f.search);
    conds.push(
      or(
        ilike(users.first_name, p),
        ilike(users.last_name, p),
        ilike(users.email, p),
        ilike(users.username, p),
        ilike(companies.name, p),
        sql`(${users.first_name} || ' ' || coalesce(${users.last_name}, '')) ilike ${p}`,
      )!,
    );
  }
  if (f.role) conds.push(eq(users.role, f.role));
  if (f.status === 'disabled') conds.push(isNotNull(users.disabled_at));
  if (f.status === 'active') conds.push(isNull(users.disabled_at));
  if (f.company_id) conds.push(eq(users.company_id, f.company_id));
  if (f.donations_dashboard_access !== undefined) conds.push(eq(users.donations_dashboard_access, f.donations_dashboard_access));
  const rows = await db
    .select({ ...listColumns, company_name: companies.name, company_status: companies.status })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(and(...conds))
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id))
    .limit(f.size)
    .offset(f.page * f.size);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** The stored password hash (a manager confirming a colleague's new credentials with their own password). */
export async function passwordHash(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, id)).limit(1);
  return row?.hash ?? null;
}
