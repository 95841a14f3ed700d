import { eq } from 'drizzle-orm';
import { request } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import { mail_outbox, password_reset_tokens, users } from '../../../drizzle/schema';
import { hashResetToken } from './password-reset';
import { TEST_PASSWORD, createCompanyWithUsers } from '../../test/factories';
import { useAuthHeader, useTestWorld } from '../../test/suite';

const { t, admin } = useTestWorld({ PUBLIC_URL: 'https://market.example' });
const auth = useAuthHeader(t, () => admin.admin);

const api = () => request(t.app());
const tokenOf = (url: string) => url.split('/reset-password/')[1]!;
/** The link an administrator creates for the user (POST admin/users/{id}/reset-link). */
const linkFor = async (userId: number): Promise<string> => (await api().post(`/admin/users/${userId}/reset-link`).set(auth)).body.url;
/** POST api/auth/reset-password with the token of the link `url`. */
const resetWith = (url: string, username: string, password: string) =>
  api()
    .post('/api/auth/reset-password')
    .send({ token: tokenOf(url), username, password });

describe('password reset by a one-time link', () => {
  it('an administrator creates a 24-hour link; only its sha256 is stored; the user gets it by mail', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const before = Date.now();
    const res = await api().post(`/admin/users/${member.id}/reset-link`).set(auth);
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^https:\/\/market\.example\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(res.body.expires_at) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);
    const rows = await t.database.db.select().from(password_reset_tokens).where(eq(password_reset_tokens.user_id, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashResetToken(tokenOf(res.body.url)));
    expect(rows[0]!.token_hash).not.toContain(tokenOf(res.body.url));
    const [mail] = await t.database.db.select().from(mail_outbox).where(eq(mail_outbox.to_address, member.email));
    expect(mail).toMatchObject({ template: 'password_reset_link', status: 'queued', text_body: expect.stringContaining(res.body.url) });
  });

  it('sets the new password once, ends old sessions, and the link cannot be used again', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const url = await linkFor(member.id);
    const res = await resetWith(url, member.email, 'brand-new-pass');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const [row] = await t.database.db.select({ tv: users.token_version }).from(users).where(eq(users.id, member.id));
    expect(row!.tv).toBe(1);
    expect((await api().post('/api/auth/login').send({ username: member.email, password: 'brand-new-pass' })).status).toBe(200);
    expect((await api().post('/api/auth/login').send({ username: member.email, password: TEST_PASSWORD })).status).toBe(401);
    const again = await resetWith(url, member.email, 'third-password');
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('RESET_TOKEN_INVALID');
  });

  it("answers 'Username does not exist.' to an unknown username, and RESET_TOKEN_INVALID to another user's name", async () => {
    const { member, manager } = await createCompanyWithUsers(t.database.db);
    const url = await linkFor(member.id);
    const unknown = await resetWith(url, 'nobody@acme.example', 'whatever-123');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'USERNAME_NOT_FOUND', message: 'Username does not exist.' });
    const other = await resetWith(url, manager.email, 'whatever-123');
    expect(other.body.error.code).toBe('RESET_TOKEN_INVALID');
    // Neither attempt used the link up.
    expect((await resetWith(url, member.email, 'whatever-123')).status).toBe(200);
  });

  it('refuses an expired link, a replaced link and a short password', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const first = await linkFor(member.id);
    const second = await linkFor(member.id);
    expect((await resetWith(first, member.email, 'long-enough-1')).body.error.code).toBe('RESET_TOKEN_INVALID');
    const short = await resetWith(second, member.email, 'short');
    expect(short.status).toBe(400);
    expect(short.body.error.fields.password).toBeDefined();
    await t.database.db
      .update(password_reset_tokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(password_reset_tokens.user_id, member.id));
    expect((await resetWith(second, member.email, 'long-enough-1')).body.error.code).toBe('RESET_TOKEN_INVALID');
  });

  it('only administrators create links; an unknown user is 404', async () => {
    const { member, manager } = await createCompanyWithUsers(t.database.db);
    const token = t.deps.tokens.signUser({ sub: String(manager.id), role: 'MANAGER', company_id: manager.company_id, tv: 0 }, 60);
    expect((await api().post(`/admin/users/${member.id}/reset-link`).set('Authorization', `Bearer ${token}`)).status).toBe(403);
    expect((await api().post('/admin/users/999999/reset-link').set(auth)).status).toBe(404);
  });
});
