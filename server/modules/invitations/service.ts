// Invitations: a company's manager invites a colleague by e-mail (a link valid LIMITS.invitationDays days); the
// invitee opens /invitation/{token}, chooses their own name and password, joins the company and is signed in.
// Only the sha256 of the token is stored, and the link goes only into the mail: nobody but the invitee sets the
// password (docs/decisions/0227).
import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '../../../shared/constants/limits';
import type { AcceptInvitationInput, CreateInvitationInput, InvitationStatus } from '../../../shared/schemas/invitations';
import type { Deps } from '../../deps';
import type { CompanyActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { enqueueMail, publicUrl } from '../../lib/mail';
import { hashPassword } from '../../lib/password';
import { startSession } from '../auth/service';
import * as users from '../users/service';
import * as repo from './repo';

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

function statusOf(row: repo.InvitationRow, now: Date): InvitationStatus {
  if (row.accepted_at) return 'accepted';
  if (row.revoked_at) return 'revoked';
  if (row.expires_at <= now) return 'expired';
  return 'pending';
}

function toView(row: repo.InvitationRow, now = new Date()) {
  return {
    id: row.id,
    company_id: row.company_id,
    email: row.email,
    role: row.role,
    status: statusOf(row, now),
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    accepted_at: row.accepted_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    invited_by:
      row.invited_by_user_id === null
        ? null
        : { id: row.invited_by_user_id, name: [row.invited_by_first_name, row.invited_by_last_name].filter(Boolean).join(' ') },
  };
}
export type InvitationView = ReturnType<typeof toView>;

/** The path names the company; it must be the manager's own (as `company_id` on the users paths). */
function assertOwnCompany(actor: CompanyActor, companyId: number) {
  if (companyId !== actor.company_id) throw new AppError('FORBIDDEN');
}

/** `POST api/companies/{id}/invitations {email, role}`: one open invitation per address; a new one replaces it. */
export async function createInvitation(deps: Deps, actor: CompanyActor, input: CreateInvitationInput, now = new Date()) {
  assertOwnCompany(actor, input.company_id);
  // Said when inviting, not only when the invitee accepts: a full company cannot take another colleague.
  await users.assertRoomForUser(deps.db, actor.company_id);
  if (await users.isEmailTaken(deps.db, input.email)) {
    throw new AppError('EMAIL_TAKEN', { fields: { email: { code: 'error.EMAIL_TAKEN' } } });
  }
  const token = randomBytes(32).toString('base64url');
  const expires_at = new Date(now.getTime() + LIMITS.invitationDays * 86_400_000);
  const id = await deps.db.transaction(async (tx) => {
    await repo.revokeOpenFor(tx, actor.company_id, input.email, now);
    const invitationId = await repo.insert(tx, {
      company_id: actor.company_id,
      email: input.email,
      role: input.role,
      token_hash: hashToken(token),
      invited_by_user_id: actor.user_id,
      expires_at,
    });
    const row = (await repo.findById(tx, invitationId))!;
    // The invitee has no language yet: the mail is in the inviting manager's.
    await enqueueMail(tx, {
      to: input.email,
      template: 'invitation',
      language: row.invited_by_language ?? 'en',
      data: {
        company_name: row.company_name,
        inviter_name: [row.invited_by_first_name, row.invited_by_last_name].filter(Boolean).join(' '),
        url: publicUrl(deps.env, `/invitation/${token}`),
        expires_at: expires_at.toISOString().slice(0, 16).replace('T', ' '),
      },
    });
    return invitationId;
  });
  return toView((await repo.findById(deps.db, id))!, now);
}

/** `GET api/companies/{id}/invitations`: the company's invitations, newest first, with their status. */
export async function listInvitations(deps: Deps, actor: CompanyActor, input: { company_id: number }) {
  assertOwnCompany(actor, input.company_id);
  const now = new Date();
  return { items: (await repo.listForCompany(deps.db, actor.company_id)).map((r) => toView(r, now)) };
}

/** `DELETE api/companies/{id}/invitations/{id}`: the link stops working; revoking twice answers the same. */
export async function revokeInvitation(deps: Deps, actor: CompanyActor, input: { company_id: number; id: number }, now = new Date()) {
  assertOwnCompany(actor, input.company_id);
  await deps.db.transaction(async (tx) => {
    await repo.lockById(tx, input.id);
    const row = await repo.findById(tx, input.id);
    if (!row || row.company_id !== actor.company_id) throw new AppError('NOT_FOUND');
    if (row.accepted_at) throw new AppError('CONFLICT', { message: { code: 'invitation.notOpen' } });
    await repo.revoke(tx, row.id, now);
  });
  return toView((await repo.findById(deps.db, input.id))!, now);
}

/** 410 with the reason a link no longer works; an unknown token is 404. */
function assertUsable(row: repo.InvitationRow | null, now: Date): asserts row is repo.InvitationRow {
  if (!row) throw new AppError('NOT_FOUND');
  const status = statusOf(row, now);
  if (status === 'accepted') throw new AppError('INVITATION_GONE', { message: { code: 'invitation.used' } });
  if (status === 'revoked') throw new AppError('INVITATION_GONE', { message: { code: 'invitation.revoked' } });
  if (status === 'expired') throw new AppError('INVITATION_GONE', { message: { code: 'invitation.expired' } });
  // A company no longer approved takes nobody in (its users cannot log in either).
  if (row.company_status !== 'approved') throw new AppError('INVITATION_GONE', { message: { code: 'invitation.revoked' } });
}

/** `GET api/invitations/{token}`: what the invitation page shows before the invitee fills the form. */
export async function invitationByToken(deps: Deps, input: { token: string }, now = new Date()) {
  const row = await repo.findByTokenHash(deps.db, hashToken(input.token));
  assertUsable(row, now);
  return { email: row.email, role: row.role, company: { id: row.company_id, name: row.company_name }, expires_at: row.expires_at.toISOString() };
}

/**
 * `POST api/invitations/{token}/accept {first_name, last_name, password}`: the invitee joins the company with the
 * role the manager chose and is signed in (201, the token and user login answers). The link works once.
 */
export async function acceptInvitation(deps: Deps, input: AcceptInvitationInput, now = new Date()) {
  const found = await repo.findByTokenHash(deps.db, hashToken(input.token));
  assertUsable(found, now);
  const password_hash = await hashPassword(input.password);
  const userId = await deps.db.transaction(async (tx) => {
    await repo.lockById(tx, found.id);
    // Read again under the lock: of two acceptances at once, the second finds the link used.
    const row = await repo.findById(tx, found.id);
    assertUsable(row, now);
    const id = await users.addInvitedUser(tx, {
      company_id: row.company_id,
      email: row.email,
      first_name: input.first_name,
      last_name: input.last_name,
      role: row.role,
      password_hash,
      language: row.invited_by_language ?? 'en',
    });
    await repo.markAccepted(tx, row.id, id, now);
    return id;
  });
  return startSession(deps, userId);
}
