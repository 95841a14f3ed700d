// Company users (SPEC §6 MANAGER: create users with role MANAGER or MEMBER, edit credentials, delete users), the
// own profile (/account/personal-info), public user pages, and administrators' accounts screen.
// Rules: docs/decisions/0060 (removal keeps the row), 0061 (disabling), 0063 (credentials), 0064 (who sees what).
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { CompanyRole, Language } from '../../../shared/constants/enums';
import { LIMITS } from '../../../shared/constants/limits';
import { pageOf } from '../../../shared/schemas/_primitives';
import type { adminUpdateUserInput, adminUsersInput, listUsersInput, setCredentialsInput, updateUserInput } from '../../../shared/schemas/users';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Deps } from '../../deps';
import type { AdminActor, CompanyActor, UserActor } from '../../lib/actor';
import { AppError, fieldError } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
import { storeProfileImage } from '../../lib/images';
import { removeStoredFiles } from '../../lib/uploads';
import { hashPassword, verifyPassword } from '../../lib/password';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

/** The language choice follows the user across devices (PRODUCT.md "Other"). */
export async function setLanguage(deps: Deps, actor: UserActor, input: { language: Language }) {
  await repo.setLanguage(deps.db, actor.user_id, input.language);
  return { language: input.language };
}

/** The users who act for these companies (members and managers): who hears about their offers and synergies. */
export function companyUserIds(db: DbOrTx, companyIds: readonly number[]): Promise<number[]> {
  return repo.companyUserIds(db, companyIds);
}

/** The administrators: who hears about platform-wide live events (driver positions, trip changes). */
export function adminUserIds(db: DbOrTx): Promise<number[]> {
  return repo.adminUserIds(db);
}

/** The managers of a company (id, email, first name, language): who hears about its donations. */
export function companyManagers(db: DbOrTx, companyId: number) {
  return repo.companyManagers(db, companyId);
}

/** Whether the user has donations_dashboard_access (SPEC §2, §6), read from the user's row, not the token. */
export function hasDonationsDashboardAccess(db: DbOrTx, userId: number): Promise<boolean> {
  return repo.hasDonationsDashboardAccess(db, userId);
}

/** Company users with donations dashboard access: the live donations feed goes to them. */
export function donationsDashboardUserIds(db: DbOrTx): Promise<number[]> {
  return repo.donationsDashboardUserIds(db);
}

/** The company and role of a user (null for an unknown user), for modules that act per user id. */
export function membership(db: DbOrTx, userId: number) {
  return repo.findMembership(db, userId);
}

/** The user's mail choices: new listings in their interests, and activity on their offers and synergies. */
export async function emailPreferences(deps: Deps, actor: UserActor) {
  const row = await repo.emailPreferences(deps.db, actor.user_id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function setEmailPreferences(
  deps: Deps,
  actor: UserActor,
  input: { email_notifications_new_listings?: boolean; email_notifications_activity?: boolean },
) {
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await repo.setEmailPreferences(deps.db, actor.user_id, values);
  return emailPreferences(deps, actor);
}

// ---- what a reader sees ------------------------------------------------------------------------------------

/** What anyone signed in may read about a person (the public user page). */
function toPublicUser(row: repo.UserRow) {
  return {
    id: row.id,
    uuid: row.uuid,
    first_name: row.first_name,
    last_name: row.last_name,
    official_role: row.official_role,
    role: row.role,
    about_info: row.about_info,
    image_url: fileUrl(row.image_key),
    company:
      row.company_id !== null && row.company_name !== null
        ? { id: row.company_id, name: row.company_name, image_url: fileUrl(row.company_image_key) }
        : null,
    member_since: row.created_at.toISOString(),
    /** Removed by a manager: their listings, offers and messages stay, under "former member". */
    former: row.deleted_at !== null,
    /** Only readers who see private fields learn this; false for everyone else. */
    disabled: false,
    private: false as const,
  };
}

/** What the user, their company's managers and administrators read besides (contact and account data). */
function toPrivateUser(row: repo.UserRow, self: boolean) {
  return {
    ...toPublicUser(row),
    private: true as const,
    username: row.username,
    email: row.email,
    business_email: row.business_email,
    preferred_currency: row.preferred_currency,
    language: row.language,
    email_notifications_new_listings: row.email_notifications_new_listings,
    donations_dashboard_access: row.donations_dashboard_access,
    disabled: row.disabled_at !== null,
    last_login_at: row.last_login_at?.toISOString() ?? null,
    /** SPEC §3: the account role is visible only to the user. */
    account_role: self ? row.account_role : null,
  };
}
export type UserView = ReturnType<typeof toPublicUser> | ReturnType<typeof toPrivateUser>;

/**
 * docs/decisions/0064: the user, their company's managers and administrators read the private view; any other
 * signed-in company user reads the public one, of people who still act for an approved company. A removed user,
 * an administrator account, and a disabled user seen from outside their company read as not found.
 */
function viewFor(actor: UserActor, row: repo.UserRow): UserView {
  if (row.deleted_at !== null) throw new AppError('NOT_FOUND');
  if (actor.role === 'ADMIN') return toPrivateUser(row, row.id === actor.user_id);
  if (row.id === actor.user_id) return toPrivateUser(row, true);
  const sameCompany = actor.company_id !== null && row.company_id === actor.company_id;
  if (sameCompany && actor.role === 'MANAGER') return toPrivateUser(row, false);
  if (row.role === 'ADMIN' || row.company_status !== 'approved') throw new AppError('NOT_FOUND');
  if (row.disabled_at !== null && !sameCompany) throw new AppError('NOT_FOUND');
  return toPublicUser(row);
}

/** `GET api/users/{id}`. */
export async function getUser(deps: Deps, actor: UserActor, input: { id: number }) {
  const row = await repo.findUser(deps.db, input.id);
  if (!row) throw new AppError('NOT_FOUND');
  return viewFor(actor, row);
}

/** `GET api/users/{id}` as the user reads themself: always the private view. */
async function privateView(db: DbOrTx, id: number, self: boolean) {
  const row = await repo.findUser(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toPrivateUser(row, self);
}

// ---- company users (managers) ------------------------------------------------------------------------------

/** SPEC §7 sends company_id in the query; it names who the caller acts for, so a mismatch is refused (403). */
function assertOwnCompany(actor: CompanyActor, companyId: number | undefined) {
  if (companyId !== undefined && companyId !== actor.company_id) throw new AppError('FORBIDDEN');
}

/** A user of the caller's company who has not been removed; any other id reads as not found. */
async function ownCompanyUser(db: DbOrTx, actor: CompanyActor, id: number) {
  const row = await repo.findUser(db, id);
  if (!row || row.deleted_at !== null || row.company_id !== actor.company_id) throw new AppError('NOT_FOUND');
  return row;
}

/** Inside the company's lock: the acting manager still acts (not removed or disabled meanwhile, still a manager). */
async function assertStillManager(tx: DbOrTx, actor: CompanyActor) {
  const me = await repo.findUser(tx, actor.user_id);
  if (!me || me.deleted_at !== null || me.disabled_at !== null || me.role !== 'MANAGER' || me.company_id !== actor.company_id) {
    throw new AppError('FORBIDDEN');
  }
}

function toListItem(row: Awaited<ReturnType<typeof repo.listCompanyUsers>>['rows'][number]) {
  const { total: _total, image_key, disabled_at, last_login_at, created_at, ...rest } = row;
  return {
    ...rest,
    image_url: fileUrl(image_key),
    disabled: disabled_at !== null,
    last_login_at: last_login_at?.toISOString() ?? null,
    created_at: created_at.toISOString(),
  };
}

/** `GET api/users/`: the company's users (managers; SPEC §2 user management). */
export async function listUsers(deps: Deps, actor: CompanyActor, input: z.output<typeof listUsersInput>) {
  assertOwnCompany(actor, input.company_id);
  const { rows, total } = await repo.listCompanyUsers(deps.db, actor.company_id, input);
  return pageOf(rows.map(toListItem), total, input.page, input.size);
}

const emailTaken = (field: string) => new AppError('EMAIL_TAKEN', { fields: { [field]: { code: 'error.EMAIL_TAKEN' } } });

/** Fields only the user changes on themself (their preferences and picture). */
const SELF_ONLY = ['about_info', 'image', 'preferred_currency', 'email_notifications_new_listings', 'language'] as const;

/**
 * `PUT api/users/{id}`: the user edits their own profile (not their role); a manager edits a colleague's names,
 * business email, official role and role. A role change ends the user's sessions so the new role applies at once.
 */
export async function updateUser(deps: Deps, actor: CompanyActor, input: z.output<typeof updateUserInput>) {
  const { id, image, ...fields } = input;
  const target = await ownCompanyUser(deps.db, actor, id);
  const self = target.id === actor.user_id;
  if (!self) {
    if (actor.role !== 'MANAGER') throw new AppError('FORBIDDEN');
    if (SELF_ONLY.some((k) => input[k] !== undefined)) throw new AppError('FORBIDDEN');
  }
  if (self && fields.role !== undefined && fields.role !== target.role) throw fieldError('role', 'user.cannotChangeOwnRole');
  const changes: repo.UserChanges = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const stored = image ? await storeProfileImage(deps, 'avatars', image) : null;
  if (stored) Object.assign(changes, { image_key: stored.key, image_name: stored.name });
  if (image === null) Object.assign(changes, { image_key: null, image_name: null });
  const roleChanges = changes.role !== undefined && changes.role !== target.role;
  try {
    await deps.db.transaction(async (tx) => {
      if (roleChanges) {
        await repo.lockCompanyUsers(tx, actor.company_id);
        await assertStillManager(tx, actor);
      }
      await repo.lockUser(tx, target.id);
      const now = await repo.findUser(tx, target.id);
      if (!now || now.deleted_at !== null) throw new AppError('NOT_FOUND');
      if (roleChanges && now.role === 'MANAGER' && now.disabled_at === null && (await repo.countActiveManagers(tx, actor.company_id)) <= 1) {
        throw new AppError('CONFLICT', { message: { code: 'user.lastManager' } });
      }
      await repo.updateUser(tx, target.id, changes, roleChanges);
      if (roleChanges) await deps.events.emit(tx, 'sessions.revoked', { user_ids: [target.id] });
    });
  } catch (err) {
    if (stored) await removeStoredFiles(deps, [stored.key]);
    throw err;
  }
  if (image !== undefined && target.image_key) await removeStoredFiles(deps, [target.image_key]);
  return self ? privateView(deps.db, target.id, true) : privateView(deps.db, target.id, false);
}

/**
 * `DELETE api/users/{id}` (managers): never themself, never the company's last manager. The user is removed but
 * the row stays (docs/decisions/0060): listings, offers, messages and reviews keep their author as a former member.
 */
export async function deleteUser(deps: Deps, actor: CompanyActor, input: { id: number }, now = new Date()) {
  const target = await ownCompanyUser(deps.db, actor, input.id);
  if (target.id === actor.user_id) throw new AppError('CONFLICT', { message: { code: 'user.cannotDeleteSelf' } });
  // A password nobody knows: the row can never log in again, whatever else happens to it.
  const password_hash = await hashPassword(randomBytes(32).toString('base64url'));
  await deps.db.transaction(async (tx) => {
    // Two managers removing each other at once: the company lock orders them, and the second finds itself removed.
    await repo.lockCompanyUsers(tx, actor.company_id);
    await assertStillManager(tx, actor);
    const row = await repo.findUser(tx, target.id);
    if (!row || row.deleted_at !== null || row.company_id !== actor.company_id) throw new AppError('NOT_FOUND');
    if (row.role === 'MANAGER' && row.disabled_at === null && (await repo.countActiveManagers(tx, actor.company_id)) <= 1) {
      throw new AppError('CONFLICT', { message: { code: 'user.lastManager' } });
    }
    await repo.softDeleteUser(tx, row.id, row.uuid, password_hash, now);
    await deps.events.emit(tx, 'sessions.revoked', { user_ids: [row.id] });
  });
  await removeStoredFiles(deps, [target.image_key]);
  return { success: true as const, id: target.id };
}

/**
 * `PUT api/users/{id}/credentials/ {user, requestMadeByUser}?company_id=`: a manager sets a colleague's login email,
 * confirming with their own password (docs/decisions/0063); never their password (0227). The colleague's sessions end.
 */
export async function setCredentials(deps: Deps, actor: CompanyActor, input: z.output<typeof setCredentialsInput>) {
  assertOwnCompany(actor, input.company_id);
  if (input.requestMadeByUser.id !== undefined && input.requestMadeByUser.id !== actor.user_id) {
    throw fieldError('requestMadeByUser.id', 'user.notRequester');
  }
  const target = await ownCompanyUser(deps.db, actor, input.id);
  if (target.id === actor.user_id) throw new AppError('CONFLICT', { message: { code: 'user.useOwnProfile' } });
  const hash = await repo.passwordHash(deps.db, actor.user_id);
  if (!hash || !(await verifyPassword(hash, input.requestMadeByUser.password))) {
    throw fieldError('requestMadeByUser.password', 'auth.currentPasswordWrong');
  }
  const email = input.user.email !== target.email.toLowerCase() ? input.user.email : undefined;
  if (email && (await repo.emailOrUsernameTaken(deps.db, email, target.id))) throw emailTaken('user.email');
  try {
    await deps.db.transaction(async (tx) => {
      await repo.lockUser(tx, target.id);
      const row = await repo.findUser(tx, target.id);
      if (!row || row.deleted_at !== null || row.company_id !== actor.company_id) throw new AppError('NOT_FOUND');
      await repo.setCredentials(tx, target.id, { email });
      await deps.events.emit(tx, 'sessions.revoked', { user_ids: [target.id] });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken('user.email');
    throw err;
  }
  return privateView(deps.db, target.id, false);
}

// ---- for other modules (in the caller's transaction) --------------------------------------------------------

/** Whether an account already uses this e-mail (as e-mail or username). */
export function isEmailTaken(db: DbOrTx, email: string): Promise<boolean> {
  return repo.emailOrUsernameTaken(db, email);
}

/**
 * Adds the person who accepted an invitation to its company, with the name and password they chose; the company's
 * user changes are serialised as a manager's are. A concurrent account with the e-mail answers EMAIL_TAKEN.
 */
/** A company has at most LIMITS.companyUsersMax users (removed ones do not count): 403 above. */
export async function assertRoomForUser(db: DbOrTx, companyId: number) {
  if ((await repo.countCompanyUsers(db, companyId)) >= LIMITS.companyUsersMax)
    throw new AppError('FORBIDDEN', { message: { code: 'user.companyFull', params: { max: LIMITS.companyUsersMax } } });
}

export async function addInvitedUser(
  tx: DbOrTx,
  values: { company_id: number; email: string; first_name: string; last_name: string; role: CompanyRole; password_hash: string; language: Language },
) {
  await repo.lockCompanyUsers(tx, values.company_id);
  // Counted under the company's lock: two invitations accepted at the same moment cannot both take the last place.
  await assertRoomForUser(tx, values.company_id);
  if (await repo.emailOrUsernameTaken(tx, values.email)) throw emailTaken('email');
  const currency = await repo.companyPreferredCurrency(tx, values.company_id);
  return repo.insertUser(tx, { ...values, official_role: null, preferred_currency: currency });
}

/** Every user of the company gets or loses the donations dashboard (administrators' company edit). */
export function setDonationsAccessForCompany(tx: DbOrTx, companyId: number, value: boolean) {
  return repo.setDonationsAccessForCompany(tx, companyId, value);
}

export function donationsAccessCounts(db: DbOrTx, companyId: number) {
  return repo.donationsAccessCounts(db, companyId);
}

/** The people a company page shows: those who still act for the company. */
export async function publicCompanyUsers(db: DbOrTx, companyId: number) {
  const rows = await repo.publicCompanyUsers(db, companyId);
  return rows.map(({ image_key, ...r }) => ({ ...r, image_url: fileUrl(image_key) }));
}

// ---- administrators ----------------------------------------------------------------------------------------

function toAdminItem(row: Awaited<ReturnType<typeof repo.listUsersForAdmin>>['rows'][number]) {
  const { company_name, company_status, ...rest } = row;
  return {
    ...toListItem(rest),
    company: rest.company_id !== null && company_name !== null ? { id: rest.company_id, name: company_name, status: company_status } : null,
  };
}

/** `GET admin/users`: every account (removed ones left out), paged; search by name, email or company. */
export async function adminListUsers(deps: Deps, _actor: AdminActor, input: z.output<typeof adminUsersInput>) {
  const { rows, total } = await repo.listUsersForAdmin(deps.db, input);
  return pageOf(rows.map(toAdminItem), total, input.page, input.size);
}

/**
 * `PUT admin/users/{id} {disabled?, role?, donations_dashboard_access?}` (docs/decisions/0061). Disabling ends every
 * session and closes the sockets at once (token version bump, the same machinery as a password change); login is
 * then refused with ACCOUNT_DISABLED until an administrator enables the account again. A role change ends sessions
 * too, so the new role applies everywhere. Each change leaves an audit entry with the values before and after.
 */
export async function adminUpdateUser(deps: Deps, actor: AdminActor, input: z.output<typeof adminUpdateUserInput>, now = new Date()) {
  const { id, disabled, role, donations_dashboard_access } = input;
  await deps.db.transaction(async (tx) => {
    const first = await repo.findUser(tx, id);
    if (!first || first.deleted_at !== null) throw new AppError('NOT_FOUND');
    const roleChanges = role !== undefined && role !== first.role;
    if (roleChanges && first.role === 'ADMIN') throw new AppError('CONFLICT', { message: { code: 'user.adminRoleFixed' } });
    if (disabled === true && id === actor.user_id) throw new AppError('CONFLICT', { message: { code: 'user.cannotDisableSelf' } });
    if (roleChanges && first.company_id !== null) await repo.lockCompanyUsers(tx, first.company_id);
    await repo.lockUser(tx, id);
    const before = (await repo.findUser(tx, id))!;
    if (
      roleChanges &&
      before.role === 'MANAGER' &&
      before.disabled_at === null &&
      before.company_id !== null &&
      (await repo.countActiveManagers(tx, before.company_id)) <= 1
    ) {
      throw new AppError('CONFLICT', { message: { code: 'user.lastManager' } });
    }
    const disabling = disabled === true && before.disabled_at === null;
    const enabling = disabled === false && before.disabled_at !== null;
    const changes: repo.UserChanges = {};
    if (disabling) changes.disabled_at = now;
    if (enabling) changes.disabled_at = null;
    if (roleChanges) changes.role = role as CompanyRole;
    if (donations_dashboard_access !== undefined) changes.donations_dashboard_access = donations_dashboard_access;
    const endSessions = disabling || roleChanges;
    await repo.updateUser(tx, id, changes, endSessions);
    if (endSessions) await deps.events.emit(tx, 'sessions.revoked', { user_ids: [id] });
    const state = (u: repo.UserRow) => ({ disabled: u.disabled_at !== null, role: u.role, donations_dashboard_access: u.donations_dashboard_access });
    const after = (await repo.findUser(tx, id))!;
    await recordAudit(tx, actor, {
      action: disabling ? 'user.disable' : enabling ? 'user.enable' : 'user.update',
      entity: 'user',
      entity_id: id,
      before: state(before),
      after: state(after),
    });
  });
  return privateView(deps.db, id, id === actor.user_id);
}
