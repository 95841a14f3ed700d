import type { ChangePasswordInput, DriverLoginInput, LoginInput } from '../../../shared/schemas/auth';
import { normalizeDriverPhone } from '../../../shared/schemas/auth';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor, UserActor } from '../../lib/actor';
import type { CacheBus, ReadCache } from '../../lib/cache';
import { AppError } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import type { UserClaims } from '../../lib/tokens';
import * as repo from './repo';
import * as integrations from '../integrations/service';
import { takeApiKeyRequest } from '../../lib/rate-limit';
import { API_KEY_PREFIX } from '../integrations/signing';
import { accountKey, loginSucceeded, loginSucceededSql, takeLoginAttempts, takeUserLoginAttempts } from './throttle';

export type SessionUser = ReturnType<typeof toSessionUser>;

function toSessionUser(row: repo.SessionUserRow) {
  const { id, uuid, email, username, first_name, last_name, role, company_id, image_key, language, donations_dashboard_access, official_role } = row;
  return {
    id,
    uuid,
    email,
    username,
    first_name,
    last_name,
    role,
    company_id,
    image_url: fileUrl(image_key),
    language,
    donations_dashboard_access,
    official_role,
  };
}

function toSessionCompany({ image_key, ...company }: NonNullable<Awaited<ReturnType<typeof repo.findSessionCompany>>>) {
  return { ...company, image_url: fileUrl(image_key) };
}

function userTtlSeconds(deps: Deps, rememberMe: boolean | undefined): number {
  return rememberMe ? deps.env.REMEMBER_ME_TTL_DAYS * 86_400 : deps.env.TOKEN_TTL_HOURS * 3_600;
}

export async function login(deps: Deps, input: LoginInput, ip?: string) {
  const { db } = deps;
  // The account is the user whichever of its names was typed; an unknown name is counted as typed. The user is
  // looked up while the attempt is counted (takeUserLoginAttempts finds the account by the same name itself, and
  // takes the three counters in one statement), and both before the password is checked.
  const [user, keys] = await Promise.all([repo.findUserForLogin(db, input.username), takeUserLoginAttempts(db, input.username, ip)]);
  const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
  // Only after the password is right do we tell a disabled account, or a pending or rejected company, why it
  // cannot enter.
  if (user.disabled_at) throw new AppError('ACCOUNT_DISABLED');
  if (user.role !== 'ADMIN') {
    if (user.company_status === 'pending') throw new AppError('ACCOUNT_PENDING');
    if (user.company_status === 'rejected') throw new AppError('ACCOUNT_REJECTED');
  }
  await repo.recordLogin(db, user.id, loginSucceededSql(keys));
  const token = deps.tokens.signUser(
    { sub: String(user.id), role: user.role, company_id: user.company_id, tv: user.token_version },
    userTtlSeconds(deps, input.remember_me),
  );
  return { token, user: toSessionUser(user) };
}

/**
 * A session for a user who has just proved who they are another way (an accepted invitation): the same token and
 * user as login answers, for the default session length.
 */
export async function startSession(deps: Deps, userId: number) {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  const token = deps.tokens.signUser(
    { sub: String(user.id), role: user.role, company_id: user.company_id, tv: user.token_version },
    userTtlSeconds(deps, false),
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
  const keys = await takeLoginAttempts(db, accountKey(`driver:${input.email}`), ip);
  const driver = await repo.findDriverForLogin(db, input.email, normalizeDriverPhone(input.phone));
  if (!driver) throw new AppError('DRIVER_INVALID_CREDENTIALS');
  await loginSucceeded(db, keys);
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
  const updated = await deps.db.transaction(async (tx) => {
    const row = await repo.setPasswordEndingSessions(tx, user.id, password_hash);
    if (row) await deps.events.emit(tx, 'sessions.revoked', { user_ids: [user.id] });
    return row;
  });
  if (!updated) throw new AppError('PASSWORD_UPDATE_FAILED');
  const token = deps.tokens.signUser(
    { sub: String(user.id), role: updated.role, company_id: updated.company_id, tv: updated.token_version },
    deps.env.TOKEN_TTL_HOURS * 3_600,
  );
  return { success: true as const, token };
}

/**
 * Logout on the server: this token is refused from now on (until it would have expired) and the sockets it
 * opened close within a second, on every instance. Other devices stay signed in.
 */
export async function logout(deps: Deps, actor: UserActor) {
  const session = actor.session;
  if (session) {
    await deps.db.transaction(async (tx) => {
      await repo.revokeSession(tx, actor.user_id, session.sid, session.expires_at);
      await deps.events.emit(tx, 'sessions.revoked', { user_ids: [actor.user_id] });
    });
  }
  return { success: true as const };
}

/** Logout everywhere: every token of the user is refused (token version bump) and every socket closes. */
export async function logoutEverywhere(deps: Deps, actor: UserActor) {
  await deps.db.transaction(async (tx) => {
    await repo.endAllSessions(tx, actor.user_id);
    await deps.events.emit(tx, 'sessions.revoked', { user_ids: [actor.user_id] });
  });
  return { success: true as const };
}

/**
 * What a verified user token opens now: the user still exists and is neither disabled nor removed, the token is
 * current (no password change since) and the company may use the product (administrators have none). Requests and sockets apply this one rule.
 */
type AuthState = NonNullable<Awaited<ReturnType<typeof repo.findUserAuthState>>>;
const stateCaches = new WeakMap<CacheBus, ReadCache<AuthState>>();

/**
 * The user's row as a token check needs it, from this instance's cache when it holds it (decision
 * 0155): a change to the user, their company, its addresses or their signed-out sessions drops the entry on
 * every instance (triggers of migration 0017), and a mutation's answer waits until its own changes have.
 */
function authState(db: DbOrTx, id: number, sid: string | undefined, caches?: CacheBus): Promise<AuthState | null> {
  if (!caches) return repo.findUserAuthState(db, id, sid);
  let cache = stateCaches.get(caches);
  if (!cache) stateCaches.set(caches, (cache = caches.cache<AuthState>('auth_state', { ttlMs: 10_000, max: 20_000 })));
  return cache.get(`${id}:${sid ?? ''}`, async () => {
    const state = await repo.findUserAuthState(db, id, sid);
    return state && { value: state, tags: [`u:${state.id}`, ...(state.company_id !== null ? [`c:${state.company_id}`] : [])] };
  });
}

export async function userOfClaims(db: DbOrTx, claims: Pick<UserClaims, 'sub' | 'tv' | 'sid'>, caches?: CacheBus) {
  const state = await authState(db, Number(claims.sub), claims.sid, caches);
  if (!state || state.token_version !== claims.tv || state.revoked || state.shut)
    return { state: null, error: new AppError('SESSION_EXPIRED') } as const;
  if (state.role !== 'ADMIN' && state.company_status !== 'approved') return { state: null, error: new AppError('UNAUTHENTICATED') } as const;
  return { state, error: null } as const;
}

/**
 * Reads the bearer token of a request into an Actor. Errors are kept, raised only where a login is needed.
 * `authorization` is every Authorization field of the request: more than one is refused (never "the first wins").
 */
export async function resolveActor(
  deps: Deps,
  authorization: string | readonly string[] | undefined,
  ip?: string,
  /** API keys open the REST paths only: tRPC and sockets take people's and drivers' tokens. */
  opts: { apiKeys?: boolean } = {},
): Promise<{ actor: Actor; authError: AppError | null }> {
  const anonymous: Actor = { kind: 'anonymous', ip };
  const fields = typeof authorization === 'string' ? [authorization] : (authorization ?? []);
  if (fields.length > 1) return { actor: anonymous, authError: new AppError('UNAUTHENTICATED') };
  const match = fields[0]?.match(/^Bearer\s+(.+)$/i);
  if (!match) return { actor: anonymous, authError: null };
  const token = match[1]!.trim();
  if (token.startsWith(API_KEY_PREFIX)) {
    const actor = opts.apiKeys ? await actorOfApiKey(deps, token, ip) : null;
    return actor ? { actor, authError: null } : { actor: anonymous, authError: new AppError('UNAUTHENTICATED') };
  }
  // Only reading the token may fail as "not logged in"; a database error while checking it is a server error
  // (5xx), never a silent logout of everyone during an outage.
  const verify = <T>(read: () => T): T | AppError => {
    try {
      return read();
    } catch (err) {
      return err instanceof AppError ? err : new AppError('UNAUTHENTICATED');
    }
  };
  const userClaims = verify(() => deps.tokens.verifyUser(token));
  if (!(userClaims instanceof AppError)) {
    const { state, error } = await userOfClaims(deps.db, userClaims, deps.caches);
    if (!state) return { actor: anonymous, authError: error };
    const session = userClaims.sid ? { sid: userClaims.sid, expires_at: new Date(userClaims.exp * 1000) } : undefined;
    return {
      actor: { kind: 'user', user_id: state.id, role: state.role, company_id: state.company_id, ip, session, center: state.center },
      authError: null,
    };
  }
  const driverClaims = verify(() => deps.tokens.verifyDriver(token));
  if (driverClaims instanceof AppError) {
    // An expired token of either kind reads as an expired session.
    return { actor: anonymous, authError: driverClaims.code === 'SESSION_EXPIRED' ? driverClaims : userClaims };
  }
  const state = await repo.findDriverAuthState(deps.db, Number(driverClaims.sub));
  if (!state || !state.is_active || state.token_version !== driverClaims.tv) return { actor: anonymous, authError: new AppError('SESSION_EXPIRED') };
  return { actor: { kind: 'driver', driver_id: state.id, ip }, authError: null };
}

/**
 * The company an API key opens, acting as the manager who made it (docs/decisions/0230): the key exists (a
 * revoked key is deleted, so it fails at once on every instance), and its maker is still an active user of the
 * approved company. The key's last use is written at most once a minute.
 */
async function actorOfApiKey(deps: Deps, secret: string, ip?: string): Promise<Actor | null> {
  const key = await integrations.findApiKey(deps.db, secret);
  if (!key) return null;
  const state = await authState(deps.db, key.created_by, undefined, deps.caches);
  if (!state || state.shut || state.company_id !== key.company_id || state.company_status !== 'approved') return null;
  if (state.role !== 'MANAGER' && state.role !== 'MEMBER') return null;
  // Every request of a key counts against its own allowance (429 with Retry-After past it).
  await takeApiKeyRequest(deps.db, key.id, deps.env.RATE_LIMIT_SCALE);
  if (!key.last_used_at || Date.now() - key.last_used_at.getTime() >= 60_000) await integrations.touchApiKey(deps.db, key.id);
  return {
    kind: 'user',
    user_id: state.id,
    role: state.role,
    company_id: key.company_id,
    ip,
    center: state.center,
    api_key: { id: key.id, scopes: key.scopes },
  };
}

/** Start-up: ADMIN_EMAIL + ADMIN_PASSWORD create that administrator when no user has the email. */
export async function ensureBootstrapAdmin(deps: Deps): Promise<'created' | 'exists' | 'skipped'> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = deps.env;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return 'skipped';
  const existing = await repo.findUserForLogin(deps.db, ADMIN_EMAIL);
  if (existing) return 'exists';
  await repo.insertAdministrator(deps.db, {
    email: ADMIN_EMAIL.toLowerCase(),
    first_name: 'Administrator',
    password_hash: await hashPassword(ADMIN_PASSWORD),
  });
  return 'created';
}
