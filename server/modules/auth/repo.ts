import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { companies, company_addresses, drivers, revoked_sessions, users } from '../../../drizzle/schema';
import type { DbOrTx } from '../../db/client';
import { firstRow } from '../../db/rows';
import { preparedOn, statementText } from '../../db/prepared';

export const sessionUserColumns = {
  id: users.id,
  uuid: users.uuid,
  email: users.email,
  username: users.username,
  first_name: users.first_name,
  last_name: users.last_name,
  role: users.role,
  company_id: users.company_id,
  image_key: users.image_key,
  language: users.language,
  donations_dashboard_access: users.donations_dashboard_access,
  official_role: users.official_role,
};

export type SessionUserRow = {
  [K in keyof typeof sessionUserColumns]:
    (typeof sessionUserColumns)[K]['_']['data'] | ((typeof sessionUserColumns)[K]['_']['notNull'] extends true ? never : null);
};

/**
 * The user whose username or email is `lowered` (a login name in lower case). A removed user (docs/decisions/0060)
 * has no login left: it is not found by any name.
 */
export const userNamed = (lowered: unknown) =>
  and(sql`(lower(${users.email}) = ${lowered}::text or lower(${users.username}) = ${lowered}::text)`, isNull(users.deleted_at))!;

/** The user a login names (username or email, any case), prepared: every login asks it. */
const loginUserStatement = (db: DbOrTx) =>
  db
    .select({
      ...sessionUserColumns,
      password_hash: users.password_hash,
      token_version: users.token_version,
      company_status: companies.status,
      disabled_at: users.disabled_at,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(userNamed(sql.placeholder('login')))
    .limit(1)
    .prepare('login_user');

export async function findUserForLogin(db: DbOrTx, login: string) {
  const [row] = await preparedOn(db, 'login_user', loginUserStatement).execute({ login: login.toLowerCase() });
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: number) {
  return firstRow(
    db
      .select({ ...sessionUserColumns, password_hash: users.password_hash, token_version: users.token_version })
      .from(users)
      .where(eq(users.id, id)),
  );
}

/**
 * What every authenticated request checks (token version, revoked session, disabled user, company status),
 * plus the company's primary address, which proximity search and listing detail measure from: one prepared
 * statement, one round trip.
 */
const primaryAddress = (column: typeof company_addresses.latitude | typeof company_addresses.longitude) =>
  sql<number | null>`(select ${column} from ${company_addresses}
    where ${company_addresses.company_id} = ${users.company_id} and ${company_addresses.is_primary} order by ${company_addresses.id} limit 1)`;

const authStateQuery = (db: DbOrTx) =>
  db
    .select({
      id: users.id,
      role: users.role,
      company_id: users.company_id,
      token_version: users.token_version,
      company_status: companies.status,
      /** Disabled by an administrator or removed by a manager: no token of the user opens anything. */
      shut: sql<boolean>`(${users.disabled_at} is not null or ${users.deleted_at} is not null)`,
      revoked: sql<boolean>`exists (select 1 from ${revoked_sessions} where ${revoked_sessions.sid} = ${sql.placeholder('sid')}::text)`,
      center_lat: primaryAddress(company_addresses.latitude),
      center_lng: primaryAddress(company_addresses.longitude),
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1);
const authStateStatement = (db: DbOrTx) => authStateQuery(db).prepare('auth_user_state');
/** The statement's text and its placeholders' names in order (the benchmark's floor runs the same SQL). */
export const authStateStatementSql = (db: DbOrTx) => statementText(authStateQuery(db).toSQL());

export async function findUserAuthState(db: DbOrTx, id: number, sid?: string) {
  const [row] = await preparedOn(db, 'auth_user_state', authStateStatement).execute({ id, sid: sid ?? null });
  if (!row) return null;
  const { center_lat: lat, center_lng: lng, ...rest } = row;
  return { ...rest, center: lat !== null && lng !== null ? { lat: Number(lat), lng: Number(lng) } : null };
}

/**
 * The last-login time and the throttle's `succeeded` writes (throttle.ts loginSucceededSql), in one statement
 * committed without waiting for the WAL flush (synchronous_commit off for this statement's own implicit
 * transaction; the throttle table is unlogged anyway): a crash can lose the last few timestamps, never the
 * login, and the login does not wait 1-20 ms for the disk.
 */
export async function recordLogin(db: DbOrTx, userId: number, succeeded: SQL) {
  await db.execute(sql`
    with async_commit as (select set_config('synchronous_commit', 'off', true)), ${succeeded}
    update ${users} set last_login_at = now() from async_commit where ${users.id} = ${userId}`);
}

/** Signs one session out: its token is refused until it expires; expired entries are dropped on the way. */
export async function revokeSession(db: DbOrTx, userId: number, sid: string, expires_at: Date, now = new Date()) {
  await db.delete(revoked_sessions).where(lt(revoked_sessions.expires_at, now));
  await db.insert(revoked_sessions).values({ sid, user_id: userId, expires_at }).onConflictDoNothing();
}

/** Ends every session of the user: tokens signed before carry an older version and are refused. */
export async function endAllSessions(db: DbOrTx, userId: number) {
  const [row] = await db
    .update(users)
    .set({ token_version: sql`${users.token_version} + 1` })
    .where(eq(users.id, userId))
    .returning({ token_version: users.token_version });
  return row ?? null;
}

/** Sets the password hash and bumps the token version, so every token signed before is refused. */
export async function setPasswordEndingSessions(db: DbOrTx, userId: number, password_hash: string) {
  const [row] = await db
    .update(users)
    .set({ password_hash, token_version: sql`${users.token_version} + 1` })
    .where(eq(users.id, userId))
    .returning({ token_version: users.token_version, role: users.role, company_id: users.company_id });
  return row ?? null;
}

/** An administrator account whose username is its email (the start-up ADMIN_EMAIL account). */
export async function insertAdministrator(db: DbOrTx, admin: { email: string; first_name: string; password_hash: string }) {
  await db
    .insert(users)
    .values({ username: admin.email, email: admin.email, first_name: admin.first_name, role: 'ADMIN', password_hash: admin.password_hash });
}

export async function findSessionCompany(db: DbOrTx, id: number) {
  return firstRow(
    db
      .select({
        id: companies.id,
        name: companies.name,
        is_parent_company: companies.is_parent_company,
        status: companies.status,
        image_key: companies.image_key,
      })
      .from(companies)
      .where(eq(companies.id, id)),
  );
}

export const driverColumns = { id: drivers.id, name: drivers.name, email: drivers.email, phone: drivers.phone, status: drivers.status };

export async function findDriverForLogin(db: DbOrTx, email: string, phoneDigits: string) {
  const [row] = await db
    .select({ ...driverColumns, token_version: drivers.token_version, phone_digits: drivers.phone_digits, is_active: drivers.is_active })
    .from(drivers)
    .where(sql`lower(${drivers.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row && row.phone_digits === phoneDigits && row.is_active ? row : null;
}

export async function findDriverAuthState(db: DbOrTx, id: number) {
  return firstRow(
    db
      .select({ ...driverColumns, token_version: drivers.token_version, is_active: drivers.is_active })
      .from(drivers)
      .where(eq(drivers.id, id)),
  );
}
