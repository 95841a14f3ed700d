import { and, eq, isNull } from 'drizzle-orm';
import { bearerOf, request } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import { company_invitations, mail_outbox, users } from '../../../drizzle/schema';
import { LIMITS } from '../../../shared/constants/limits';
import { createCompanyWithUsers, TEST_PASSWORD } from '../../test/factories';
import { onPostgres } from '../../test/postgres';
import { useTestContext } from '../../test/suite';
import { withWideCallers } from '../../test/wide';

const t = useTestContext();

const db = () => t.database.db;
const tokenOf = (u: Parameters<typeof bearerOf>[1]) => bearerOf(t, u);
const uniq = () => Math.random().toString(36).slice(2, 8);

/** The invitation link's token, read from the mail (the only place it exists). */
async function tokenMailedTo(email: string) {
  const [mail] = await db().select().from(mail_outbox).where(eq(mail_outbox.to_address, email));
  const match = /\/invitation\/([\w-]+)/.exec(mail!.text_body);
  return { token: match![1]!, mail: mail! };
}

async function invite(c: Awaited<ReturnType<typeof createCompanyWithUsers>>, email = `new-${uniq()}@acme.example`, role = 'MEMBER') {
  const res = await request(t.app())
    .post(`/api/companies/${c.company.id}/invitations`)
    .set('Authorization', tokenOf(c.manager))
    .send({ email, role });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, email, ...(await tokenMailedTo(email)) };
}

describe('inviting a colleague', () => {
  it('answers 201, mails a link valid 7 days, and lists the invitation as pending; members may not invite', async () => {
    const c = await createCompanyWithUsers(db());
    const before = Date.now();
    const inv = await invite(c, `ida-${uniq()}@acme.example`, 'MANAGER');
    expect(inv.mail.subject).toBe(`Join ${c.company.name} on the Synergy Marketplace`);
    expect(inv.mail.text_body).toContain(`http://localhost:${t.env.PORT}/invitation/${inv.token}`);
    const list = await request(t.app()).get(`/api/companies/${c.company.id}/invitations`).set('Authorization', tokenOf(c.manager));
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: inv.id, email: inv.email, role: 'MANAGER', status: 'pending', accepted_at: null, revoked_at: null }),
    ]);
    const days = (Date.parse(list.body.items[0].expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    // The token is stored only as its hash.
    const [row] = await db().select().from(company_invitations).where(eq(company_invitations.id, inv.id));
    expect(row!.token_hash).not.toContain(inv.token);
    const member = await request(t.app())
      .post(`/api/companies/${c.company.id}/invitations`)
      .set('Authorization', tokenOf(c.member))
      .send({ email: `x-${uniq()}@acme.example`, role: 'MEMBER' });
    expect(member.status).toBe(403);
    const other = await createCompanyWithUsers(db());
    const stranger = await request(t.app()).get(`/api/companies/${c.company.id}/invitations`).set('Authorization', tokenOf(other.manager));
    expect(stranger.status).toBe(403);
  });

  it('applies the company e-mail rule (public providers need the acknowledgement) and refuses a taken address', async () => {
    const c = await createCompanyWithUsers(db());
    const send = (body: Record<string, unknown>) =>
      request(t.app()).post(`/api/companies/${c.company.id}/invitations`).set('Authorization', tokenOf(c.manager)).send(body);
    const gmail = await send({ email: `someone${uniq()}@gmail.com`, role: 'MEMBER' });
    expect(gmail.status).toBe(400);
    expect(gmail.body.error.field_codes).toEqual({ email: { code: 'registration.publicEmail' } });
    expect((await send({ email: `someone${uniq()}@gmail.com`, role: 'MEMBER', public_email_acknowledged: true })).status).toBe(201);
    const taken = await send({ email: c.member.email, role: 'MEMBER' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('EMAIL_TAKEN');
  });
});

describe('accepting an invitation', () => {
  it('shows the invitation, then joins the company with the own name and password and answers a session like login (201)', async () => {
    const c = await createCompanyWithUsers(db());
    const inv = await invite(c);
    const shown = await request(t.app()).get(`/api/invitations/${inv.token}`);
    expect(shown.body).toMatchObject({ email: inv.email, role: 'MEMBER', company: { id: c.company.id, name: c.company.name } });
    const res = await request(t.app())
      .post(`/api/invitations/${inv.token}/accept`)
      .send({ first_name: 'Ida', last_name: 'Holm', password: 'my-own-password' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      token: expect.any(String),
      user: { email: inv.email, first_name: 'Ida', last_name: 'Holm', role: 'MEMBER', company_id: c.company.id },
    });
    const me = await request(t.app()).get('/trpc/auth.me').set('Authorization', `Bearer ${res.body.token}`);
    expect(me.status).toBe(200);
    const login = await request(t.app()).post('/api/auth/login').send({ username: inv.email, password: 'my-own-password' });
    expect(login.status).toBe(200);
    const list = await request(t.app()).get(`/api/companies/${c.company.id}/invitations`).set('Authorization', tokenOf(c.manager));
    expect(list.body.items[0]).toMatchObject({ status: 'accepted', accepted_at: expect.any(String) });
  });

  it('answers 410 with a clear message for a used, revoked or expired link, and 404 for an unknown one', async () => {
    const c = await createCompanyWithUsers(db());
    const accept = (token: string) =>
      request(t.app()).post(`/api/invitations/${token}/accept`).send({ first_name: 'A', last_name: 'B', password: 'my-own-password' });

    const used = await invite(c);
    expect((await accept(used.token)).status).toBe(201);
    const again = await accept(used.token);
    expect(again.status).toBe(410);
    expect(again.body.error).toMatchObject({ code: 'INVITATION_GONE', message_code: 'invitation.used' });

    const revoked = await invite(c);
    const del = await request(t.app()).delete(`/api/companies/${c.company.id}/invitations/${revoked.id}`).set('Authorization', tokenOf(c.manager));
    expect(del.body.status).toBe('revoked');
    const r = await accept(revoked.token);
    expect(r.status).toBe(410);
    expect(r.body.error.message).toBe('This invitation was withdrawn by your company’s manager.');
    expect((await request(t.app()).get(`/api/invitations/${revoked.token}`)).status).toBe(410);

    const expired = await invite(c);
    await db()
      .update(company_invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(company_invitations.id, expired.id));
    const e = await accept(expired.token);
    expect(e.status).toBe(410);
    expect(e.body.error.message_code).toBe('invitation.expired');

    expect((await accept('an-unknown-token-of-enough-length')).status).toBe(404);
    // Nobody was added by the refused links.
    const emails = (await db().select({ email: users.email }).from(users).where(eq(users.company_id, c.company.id))).map((u) => u.email);
    expect(emails).not.toContain(revoked.email);
    expect(emails).not.toContain(expired.email);
  });

  it('a new invitation of the same address replaces the open one; an accepted one cannot be revoked (409)', async () => {
    const c = await createCompanyWithUsers(db());
    const email = `twice-${uniq()}@acme.example`;
    const first = await invite(c, email);
    await db().delete(mail_outbox).where(eq(mail_outbox.to_address, email));
    const second = await invite(c, email);
    const r = await request(t.app())
      .post(`/api/invitations/${first.token}/accept`)
      .send({ first_name: 'A', last_name: 'B', password: TEST_PASSWORD });
    expect(r.status).toBe(410);
    expect(
      (await request(t.app()).post(`/api/invitations/${second.token}/accept`).send({ first_name: 'A', last_name: 'B', password: TEST_PASSWORD }))
        .status,
    ).toBe(201);
    const del = await request(t.app()).delete(`/api/companies/${c.company.id}/invitations/${second.id}`).set('Authorization', tokenOf(c.manager));
    expect(del.status).toBe(409);
  });
});

describe.skipIf(!onPostgres)('two acceptances at once (real Postgres)', () => {
  it('add one user: the second finds the link used (410)', async () => {
    await withWideCallers(t, 6, 'invite-race', async (wide) => {
      const caller = wide.as({ kind: 'anonymous', ip: '127.0.0.9' });
      const c = await createCompanyWithUsers(db());
      const inv = await invite(c);
      const results = await Promise.allSettled(
        [1, 2].map(() => caller.invitations.accept({ token: inv.token, first_name: 'Race', last_name: 'Twice', password: 'my-own-password' })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(failed.reason.cause.code).toBe('INVITATION_GONE');
      expect(await db().select({ id: users.id }).from(users).where(eq(users.email, inv.email))).toHaveLength(1);
    });
  }, 60_000);
});

describe('users per company', () => {
  /** Fills the company to `n` users in one statement (the factory hashes a password per user). */
  const fillTo = async (companyId: number, n: number) => {
    const have = (
      await db()
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.company_id, companyId), isNull(users.deleted_at)))
    ).length;
    const [template] = await db().select({ password_hash: users.password_hash }).from(users).where(eq(users.company_id, companyId)).limit(1);
    const tag = uniq();
    await db()
      .insert(users)
      .values(
        Array.from({ length: n - have }, (_, i) => ({
          email: `filler-${tag}-${i}@acme.example`,
          username: `filler-${tag}-${i}@acme.example`,
          first_name: 'Filler',
          role: 'MEMBER' as const,
          company_id: companyId,
          password_hash: template!.password_hash,
        })),
      );
  };
  const countUsers = async (companyId: number) =>
    (
      await db()
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.company_id, companyId), isNull(users.deleted_at)))
    ).length;
  const accept = (token: string) =>
    request(t.app()).post(`/api/invitations/${token}/accept`).send({ first_name: 'A', last_name: 'B', password: 'my-own-password' });

  it('refuses the 201st user with 403 and a clear message, when inviting and when accepting; a removed user frees a place', async () => {
    const c = await createCompanyWithUsers(db());
    const early = await invite(c);
    await fillTo(c.company.id, LIMITS.companyUsersMax - 1);
    const last = await invite(c);
    expect((await accept(last.token)).status).toBe(201);
    expect(await countUsers(c.company.id)).toBe(LIMITS.companyUsersMax);

    const full = await request(t.app())
      .post(`/api/companies/${c.company.id}/invitations`)
      .set('Authorization', tokenOf(c.manager))
      .send({ email: `late-${uniq()}@acme.example`, role: 'MEMBER' });
    expect(full.status).toBe(403);
    expect(full.body.error.message_code).toBe('user.companyFull');
    expect(full.body.error.message).toBe('A company can have at most 200 users. Remove a user who no longer needs access before adding another.');
    // An invitation sent before the company filled up cannot take a place that is no longer there.
    const refused = await accept(early.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message_code).toBe('user.companyFull');
    expect(await countUsers(c.company.id)).toBe(LIMITS.companyUsersMax);

    await t.caller(c.managerActor).users.remove({ id: c.member.id });
    expect((await accept(early.token)).status).toBe(201);
  });

  it.runIf(onPostgres)('lets only one of two invitations accepted at the same moment take the last place', async () => {
    const c = await createCompanyWithUsers(db());
    const a = await invite(c);
    const b = await invite(c);
    await fillTo(c.company.id, LIMITS.companyUsersMax - 1);
    const results = await Promise.all([accept(a.token), accept(b.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 403]);
    expect(await countUsers(c.company.id)).toBe(LIMITS.companyUsersMax);
  });
});
