// Password reset by a one-time link an administrator creates (PRODUCT.md "Accounts and registration").
// The reset table stores only the sha256 of the token. The link itself goes to the administrator who asked
// for it and into the reset mail (mail_outbox), which only administrators can read.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { password_reset_tokens, users } from '../../../drizzle/schema';
import { LIMITS } from '../../../shared/constants/limits';
import type { ResetPasswordInput } from '../../../shared/schemas/registration';
import type { Deps } from '../../deps';
import type { AdminActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { mailFormat } from '../../lib/i18n';
import { enqueueMail, publicUrl } from '../../lib/mail';
import { hashPassword } from '../../lib/password';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

export const hashResetToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * A new link replaces the user's earlier unused ones. The user also gets it by mail (outbox), in the
 * same transaction; the administrator gets the URL to pass on by hand.
 */
export async function createResetLink(deps: Deps, actor: AdminActor, userId: number, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const expires_at = new Date(now.getTime() + LIMITS.resetLinkHours * 3_600_000);
  const url = publicUrl(deps.env, `/reset-password/${token}`);
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, first_name: users.first_name, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      // One link at a time: a concurrent request for the same user waits here, then retires the link made first.
      .for('update');
    if (!user) throw new AppError('NOT_FOUND');
    await tx
      .update(password_reset_tokens)
      .set({ used_at: now })
      .where(and(eq(password_reset_tokens.user_id, user.id), isNull(password_reset_tokens.used_at)));
    await tx
      .insert(password_reset_tokens)
      .values({ user_id: user.id, token_hash: hashResetToken(token), expires_at, created_by_user_id: actor.user_id });
    await enqueueMail(tx, {
      to: user.email,
      template: 'password_reset_link',
      language: user.language,
      data: { first_name: user.first_name, url, expires_at: mailFormat(user.language).dateTime(expires_at) },
    });
    // The link itself is a secret: the entry says that one was made and until when, never the token.
    await recordAudit(tx, actor, { action: 'user.resetLink', entity: 'user', entity_id: user.id, after: { expires_at } });
  });
  return { url, expires_at: expires_at.toISOString() };
}

/**
 * Order of checks (docs/decisions/0021): the token first, so nobody without a valid link can learn which
 * usernames exist; then the username ('Username does not exist.'); then that the link is that user's.
 * Success sets the password, ends every session (token version) and uses the link up.
 */
export async function resetPassword(deps: Deps, input: ResetPasswordInput, now = new Date()) {
  const tokenHash = hashResetToken(input.token);
  const [row] = await deps.db
    .select({ id: password_reset_tokens.id, user_id: password_reset_tokens.user_id })
    .from(password_reset_tokens)
    .where(and(eq(password_reset_tokens.token_hash, tokenHash), isNull(password_reset_tokens.used_at), gt(password_reset_tokens.expires_at, now)))
    .limit(1);
  if (!row) throw new AppError('RESET_TOKEN_INVALID');
  const user = await repo.findUserForLogin(deps.db, input.username);
  if (!user) throw new AppError('USERNAME_NOT_FOUND');
  if (user.id !== row.user_id) throw new AppError('RESET_TOKEN_INVALID');

  const password_hash = await hashPassword(input.password);
  const ok = await deps.db.transaction(async (tx) => {
    // Claim the link: of two submissions at once, only one finds it unused.
    const claimed = await tx
      .update(password_reset_tokens)
      .set({ used_at: now })
      .where(and(eq(password_reset_tokens.id, row.id), isNull(password_reset_tokens.used_at)))
      .returning({ id: password_reset_tokens.id });
    if (!claimed.length) throw new AppError('RESET_TOKEN_INVALID');
    const updated = await tx
      .update(users)
      .set({ password_hash, token_version: sql`${users.token_version} + 1` })
      .where(eq(users.id, user.id))
      .returning({ id: users.id });
    if (updated.length === 1) await deps.events.emit(tx, 'sessions.revoked', { user_ids: [user.id] });
    return updated.length === 1;
  });
  if (!ok) throw new AppError('PASSWORD_UPDATE_FAILED');
  return { success: true as const };
}
