import { eq, sql } from 'drizzle-orm';
import { companies, drivers, users } from '../../../drizzle/schema';
import type { DbOrTx } from '../../db/client';

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

export type SessionUserRow = { [K in keyof typeof sessionUserColumns]: (typeof sessionUserColumns)[K]['_']['data'] | ((typeof sessionUserColumns)[K]['_']['notNull'] extends true ? never : null) };

export async function findUserForLogin(db: DbOrTx, login: string) {
  const [row] = await db
    .select({
      ...sessionUserColumns,
      password_hash: users.password_hash,
      token_version: users.token_version,
      company_status: companies.status,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(sql`lower(${users.email}) = ${login.toLowerCase()} or lower(${users.username}) = ${login.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...sessionUserColumns, password_hash: users.password_hash, token_version: users.token_version })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/** What each authenticated request checks: the user still exists, the token is current, the company may act. */
export async function findUserAuthState(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, company_id: users.company_id, token_version: users.token_version, company_status: companies.status })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.company_id))
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export async function findSessionCompany(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, is_parent_company: companies.is_parent_company, status: companies.status, image_key: companies.image_key })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row ?? null;
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
  const [row] = await db
    .select({ ...driverColumns, token_version: drivers.token_version, is_active: drivers.is_active })
    .from(drivers)
    .where(eq(drivers.id, id))
    .limit(1);
  return row ?? null;
}
