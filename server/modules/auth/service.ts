import { eq, sql } from 'drizzle-orm';
import { users } from '../../../drizzle/schema';
import type { ChangePasswordInput, DriverLoginInput, LoginInput } from '../../../shared/schemas/auth';
import { normalizeDriverPhone } from '../../../shared/schemas/auth';
import type { Deps } from '../../deps';
import type { Actor, UserActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import * as repo from './repo';
import { THROTTLE, accountKey, addressKey, loginSucceeded, takeAttempt } from './throttle';

export type SessionUser = ReturnType<typeof toSessionUser>;

function toSessionUser(row: repo.SessionUserRow) {
  const { id, uuid, email, username, first_name, last_name, role, company_id, image_key, language, donations_dashboard_access, official_role } = row;
  return { id, uuid, email, username, first_name, last_name, role, company_id, image_url: fileUrl(image_key), language, donations_dashboard_access, official_role };
}

function toSessionCompany({ image_key, ...company }: NonNullable<Awaited<ReturnType<typeof repo.findSessionCompany>>>) {
  return { ...company, image_url: fileUrl(image_key) };
}

function userTtlSeconds(deps: Deps, rememberMe: boolean | undefined): number {
  return rememberMe ? deps.env.REMEMBER_ME_TTL_DAYS * 86_400 : deps.env.TOKEN_TTL_HOURS * 3_600;
}

export async function login(deps: Deps, input: LoginInput, ip?: string) {
  const { db } = deps;
  const account = accountKey(input.username);
  const address = addressKey(ip);
  await takeAttempt(db, address, THROTTLE.addressMaxAttempts);
  await takeAttempt(db, account, THROTTLE.accountMaxAttempts);

  const user = await repo.findUserForLogin(db, input.username);
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  // Only after the password is right do we tell a pending or rejected company why it cannot enter.
  if (user.role !== 'ADMIN') {
    if (user.company_status === 'pending') throw new AppError('ACCOUNT_PENDING');
    if (user.company_status === 'rejected') throw new AppError('ACCOUNT_REJECTED');
  }
  await loginSucceeded(db, account, address);
  await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, user.id));
  const token = deps.tokens.signUser(
    { sub: String(user.id), role: user.role, company_id: user.company_id, tv: user.token_version },
    userTtlSeconds(deps, input.remember_me),
  );
  return { token, user: toSessionUser(user) };
}

export async function me(deps: Deps, actor: UserActor) {
  const user = await repo.findUserById(deps.db, actor.user_id);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const company = user.company_id ? await repo.findSessionCompany(deps.db, user.company_id) : null;
  return { user: toSessionUser(user), company: company && toSessionCompany(company) };
}

export async function driverLogin(deps: Deps, input: DriverLoginInput, ip?: string) {
  const { db } = deps;
  const account = accountKey(`driver:${input.email}`);
  const address = addressKey(ip);
  await takeAttempt(db, address, THROTTLE.addressMaxAttempts);
  await takeAttempt(db, account, THROTTLE.accountMaxAttempts);
  const driver = await repo.findDriverForLogin(db, input.email, normalizeDriverPhone(input.phone));
  if (!driver) throw new AppError('DRIVER_INVALID_CREDENTIALS');
  await loginSucceeded(db, account, address);
  const token = deps.tokens.signDriver({ sub: String(driver.id), tv: driver.token_version }, deps.env.DRIVER_TOKEN_TTL_HOURS * 3_600);
  const { id, name, email, phone, status } = driver;
  return { success: true as const, token, driver: { id, name, email, phone, status } };
}

/** Changing the password ends every other session (token version bump) and returns a fresh token. */
export async function changePassword(deps: Deps, actor: UserActor, input: ChangePasswordInput) {
  const user = await repo.findUserById(deps.db, actor.user_id);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    throw new AppError('PASSWORD_UPDATE_FAILED', { fields: { current_password: { code: 'auth.currentPasswordWrong' } } });
  }
  const password_hash = await hashPassword(input.new_password);
  const [updated] = await deps.db
    .update(users)
    .set({ password_hash, token_version: sql`${users.token_version} + 1` })
    .where(eq(users.id, user.id))
    .returning({ token_version: users.token_version, role: users.role, company_id: users.company_id });
  if (!updated) throw new AppError('PASSWORD_UPDATE_FAILED');
  const token = deps.tokens.signUser(
    { sub: String(user.id), role: updated.role, company_id: updated.company_id, tv: updated.token_version },
    deps.env.TOKEN_TTL_HOURS * 3_600,
  );
  return { success: true as const, token };
}

/** Reads the bearer token of a request into an Actor. Errors are kept, raised only where a login is needed. */
export async function resolveActor(deps: Deps, authorization: string | undefined, ip?: string): Promise<{ actor: Actor; authError: AppError | null }> {
  const anonymous: Actor = { kind: 'anonymous', ip };
  const match = authorization?.match(/^Bearer\s+(.+)$/i);
  if (!match) return { actor: anonymous, authError: null };
  const token = match[1]!.trim();
  let userError: AppError;
  try {
    const claims = deps.tokens.verifyUser(token);
    const state = await repo.findUserAuthState(deps.db, Number(claims.sub));
    if (!state || state.token_version !== claims.tv) return { actor: anonymous, authError: new AppError('SESSION_EXPIRED') };
    if (state.role !== 'ADMIN' && state.company_status !== 'approved') return { actor: anonymous, authError: new AppError('UNAUTHENTICATED') };
    return { actor: { kind: 'user', user_id: state.id, role: state.role, company_id: state.company_id, ip }, authError: null };
  } catch (err) {
    userError = err instanceof AppError ? err : new AppError('UNAUTHENTICATED');
  }
  try {
    const claims = deps.tokens.verifyDriver(token);
    const state = await repo.findDriverAuthState(deps.db, Number(claims.sub));
    if (!state || !state.is_active || state.token_version !== claims.tv) return { actor: anonymous, authError: new AppError('SESSION_EXPIRED') };
    return { actor: { kind: 'driver', driver_id: state.id, ip }, authError: null };
  } catch (err) {
    // An expired token of either kind reads as an expired session.
    const expired = err instanceof AppError && err.code === 'SESSION_EXPIRED';
    return { actor: anonymous, authError: expired ? err : userError };
  }
}

/** Start-up: ADMIN_EMAIL + ADMIN_PASSWORD create that administrator when no user has the email. */
export async function ensureBootstrapAdmin(deps: Deps): Promise<'created' | 'exists' | 'skipped'> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = deps.env;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return 'skipped';
  const existing = await repo.findUserForLogin(deps.db, ADMIN_EMAIL);
  if (existing) return 'exists';
  await deps.db.insert(users).values({
    username: ADMIN_EMAIL.toLowerCase(),
    email: ADMIN_EMAIL.toLowerCase(),
    first_name: 'Administrator',
    role: 'ADMIN',
    password_hash: await hashPassword(ADMIN_PASSWORD),
  });
  return 'created';
}
