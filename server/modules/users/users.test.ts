import { and, eq } from 'drizzle-orm';
import { bearerOf, request } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/constants/enums';
import { audit_log, chat_messages, materials, offers, users } from '../../../drizzle/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { listingBody } from '../../test/bodies';
import { actorOf, asInput, createAdmin, createCompanyWithUsers, createListing, createUser, TEST_PASSWORD } from '../../test/factories';
import { onPostgres } from '../../test/postgres';
import { useTestWorld } from '../../test/suite';

const { t, admin } = useTestWorld();

const api = () => request(t.app());
const tokenOf = (u: { id: number; role: Role; company_id: number | null }, tv = 0) => bearerOf(t, u, tv);
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const uniq = () => Math.random().toString(36).slice(2, 8);
const newUser = (o: Record<string, unknown> = {}) => ({
  first_name: 'Freja',
  last_name: 'Lund',
  email: `freja-${uniq()}@acme.example`,
  password: 'a-long-enough-password',
  role: 'MEMBER' as const,
  ...o,
});
const login = (username: string, password: string) => api().post('/api/auth/login').send({ username, password });

describe('email preferences', () => {
  it('start with both mails on, change one at a time, and stay the caller own', async () => {
    const { memberActor, managerActor } = await createCompanyWithUsers(t.database.db);
    const me = t.caller(memberActor).users;
    expect(await me.emailPreferences()).toEqual({ email_notifications_new_listings: true, email_notifications_activity: true });
    expect(await me.setEmailPreferences({ email_notifications_activity: false })).toEqual({
      email_notifications_new_listings: true,
      email_notifications_activity: false,
    });
    expect(await me.setEmailPreferences({ email_notifications_new_listings: false })).toEqual({
      email_notifications_new_listings: false,
      email_notifications_activity: false,
    });
    expect(await t.caller(managerActor).users.emailPreferences()).toEqual({
      email_notifications_new_listings: true,
      email_notifications_activity: true,
    });
    await expect(me.setEmailPreferences(asInput({ email_notifications_activity: 'no' }))).rejects.toMatchObject({ cause: { code: 'VALIDATION' } });
  });
});

describe('company users (SPEC §6 MANAGER)', () => {
  it('POST api/users/?company_id= invites a colleague (no password: the invitee chooses it); the list pages', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const body = newUser({ official_role: 'Buyer' });
    const { password: _password, ...noPassword } = body;
    const refused = await api().post(`/api/users/?company_id=${a.company.id}`).set('Authorization', tokenOf(a.manager)).send(body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.field_codes).toEqual({ password: { code: 'user.useInvitation' } });
    const res = await api().post(`/api/users/?company_id=${a.company.id}`).set('Authorization', tokenOf(a.manager)).send(noPassword);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: body.email, role: 'MEMBER', status: 'pending', company_id: a.company.id });
    expect((await login(body.email, body.password)).status).toBe(401);

    const list = await api().get('/api/users/').query({ size: 1 }).set('Authorization', tokenOf(a.manager));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, totalPages: 2, currentPage: 0 });
    // Managers first.
    expect(list.body.items[0]).toMatchObject({ id: a.manager.id, role: 'MANAGER', email: a.manager.email });
  });

  it('refuses a taken email, a role outside the company roles and another company in company_id, inviting nobody', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const b = await createCompanyWithUsers(t.database.db);
    const invite = (o: Record<string, unknown> = {}) => ({ email: `new-${uniq()}@acme.example`, role: 'MEMBER' as const, ...o });
    await expect(t.caller(a.managerActor).users.create(invite({ email: b.member.email.toUpperCase() }))).rejects.toMatchObject({
      cause: { code: 'EMAIL_TAKEN', fields: { email: { code: 'error.EMAIL_TAKEN' } } },
    });
    await expect(t.caller(a.managerActor).users.create(invite({ role: 'ADMIN' }))).rejects.toMatchObject({ cause: { code: 'VALIDATION' } });
    await expect(t.caller(a.managerActor).users.create({ ...invite(), company_id: b.company.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.caller(a.managerActor).invitations.list({ company_id: a.company.id })).items).toEqual([]);
  });

  it('refuses members with 403 on every user-management call', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const m = t.caller(a.memberActor).users;
    for (const call of [
      () => m.list({}),
      () => m.create(newUser()),
      () => m.remove({ id: a.manager.id }),
      () => m.setCredentials({ id: a.manager.id, user: { email: `x-${uniq()}@acme.example` }, requestMadeByUser: { password: TEST_PASSWORD } }),
      () => m.update({ id: a.manager.id, first_name: 'Renamed' }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    const res = await api().post('/api/users/').set('Authorization', tokenOf(a.member)).send(newUser());
    expect(res.status).toBe(403);
  });

  it("answers another company's user exactly like a missing id (404) and changes nothing", async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const b = await createCompanyWithUsers(t.database.db);
    for (const [method, path, body] of [
      ['put', `/api/users/${a.member.id}`, { first_name: 'Hacked' }],
      ['delete', `/api/users/${a.member.id}`, undefined],
      [
        'put',
        `/api/users/${a.member.id}/credentials/`,
        { user: { email: 'someone-new@acme.example' }, requestMadeByUser: { password: TEST_PASSWORD } },
      ],
    ] as const) {
      const call = (url: string) => api()[method](url).set('Authorization', tokenOf(b.manager)).send(body);
      const theirs = await call(path);
      const missing = await call(path.replace(String(a.member.id), '2000000000'));
      expect([theirs.status, theirs.body.error.code, theirs.body.error.message]).toEqual([404, missing.body.error.code, missing.body.error.message]);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.member.id));
    expect(row).toMatchObject({ first_name: a.member.first_name, deleted_at: null, password_hash: a.member.password_hash });
  });

  it('a manager edits a colleague (names, official role, role); the user edits their own profile but not their role', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const edited = await t.caller(a.managerActor).users.update({ id: a.member.id, first_name: 'Jonas', official_role: 'Driver', role: 'MANAGER' });
    expect(edited).toMatchObject({ first_name: 'Jonas', official_role: 'Driver', role: 'MANAGER' });
    // The role change ended the colleague's sessions: the old token no longer works.
    expect((await api().get('/trpc/auth.me').set('Authorization', tokenOf(a.member))).status).toBe(401);
    await expect(t.caller(a.managerActor).users.update({ id: a.member.id, language: 'dk' })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const self = await t.caller(a.memberActor).users.update({
      id: a.member.id,
      about_info: 'I plan the trucks.',
      business_email: 'Jonas@Acme.example',
      preferred_currency: 'eur',
      email_notifications_new_listings: false,
      language: 'my',
      last_name: '',
      image: { name: 'me.png', body: `data:image/png;base64,${PNG}` },
    });
    expect(self).toMatchObject({
      about_info: 'I plan the trucks.',
      business_email: 'jonas@acme.example',
      preferred_currency: 'EUR',
      email_notifications_new_listings: false,
      language: 'my',
      last_name: null,
      image_url: expect.stringMatching(/^\/files\/avatars\//),
    });
    await expect(t.caller(a.memberActor).users.update({ id: a.member.id, role: 'MEMBER' })).rejects.toMatchObject({
      cause: { fields: { role: { code: 'user.cannotChangeOwnRole' } } },
    });
    await expect(t.caller(a.memberActor).users.update({ id: a.member.id, about_info: 'x'.repeat(251) })).rejects.toMatchObject({
      cause: { code: 'VALIDATION', fields: { about_info: { code: 'field.tooLong' } } },
    });
    const fake = Buffer.from('plain text named like a picture').toString('base64');
    await expect(
      t.caller(a.memberActor).users.update({ id: a.member.id, image: { name: 'me.gif', body: `data:image/gif;base64,${fake}` } }),
    ).rejects.toMatchObject({ cause: { fields: { image: { code: 'profile.imageUnreadable' } } } });
  });

  it('never lets a manager remove themself or the last manager, nor demote the last manager', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    await expect(t.caller(a.managerActor).users.remove({ id: a.manager.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      cause: { detail: { code: 'user.cannotDeleteSelf' } },
    });
    const second = await createUser(t.database.db, { company_id: a.company.id, role: 'MANAGER' });
    await t.caller(a.managerActor).users.update({ id: second.id, role: 'MEMBER' });
    await expect(t.caller(a.managerActor).users.update({ id: a.manager.id, role: 'MEMBER' })).rejects.toMatchObject({
      cause: { fields: { role: { code: 'user.cannotChangeOwnRole' } } },
    });
    // A disabled manager neither counts as the company's manager nor may act as one.
    const disabled = await createUser(t.database.db, { company_id: a.company.id, role: 'MANAGER', disabled_at: new Date() });
    await expect(t.caller(actorOf(disabled)).users.remove({ id: a.manager.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const [row] = await t.database.db.select({ deleted_at: users.deleted_at }).from(users).where(eq(users.id, a.manager.id));
    expect(row!.deleted_at).toBeNull();
    await expect(t.caller(admin.adminActor).users.admin.update({ id: a.manager.id, role: 'MEMBER' })).rejects.toMatchObject({
      cause: { detail: { code: 'user.lastManager' } },
    });
  });

  it('removing a user keeps their listings, offers and messages, shows them as a former member, and ends their login', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const b = await createCompanyWithUsers(t.database.db);
    const leaver = await createUser(t.database.db, { company_id: a.company.id, role: 'MEMBER', first_name: 'Leaving', about_info: 'Bye' });
    const leaverActor = actorOf(leaver);
    const own = await t.caller(leaverActor).materials.create(listingBody());
    const theirs = await createListing(t.database.db, b.company.id);
    const offer = await t.caller(leaverActor).offers.create({ material_id: theirs.id, quantity: 5, message: 'Ours?' });
    const { exchange_id } = await t.caller(b.managerActor).offers.review({ id: offer.id, decision: 'accept' });
    const synergy = await t.caller(leaverActor).exchanges.get({ id: exchange_id! });
    await t.caller(leaverActor).chat.send({ id: synergy.chat_id!, message: 'Hello from the leaver' });

    const res = await api().delete(`/api/users/${leaver.id}`).set('Authorization', tokenOf(a.manager));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: leaver.id });

    expect(await t.database.db.select({ id: materials.id }).from(materials).where(eq(materials.id, own.id))).toHaveLength(1);
    expect(await t.database.db.select({ user_id: offers.user_id }).from(offers).where(eq(offers.id, offer.id))).toEqual([{ user_id: leaver.id }]);
    const page = await t.caller(b.memberActor).chat.get({ id: synergy.chat_id! });
    expect(page.items.find((m) => m.body === 'Hello from the leaver')).toMatchObject({ sender_first_name: 'Leaving', sender_former: true });
    expect(await t.database.db.select().from(chat_messages).where(eq(chat_messages.sender_user_id, leaver.id))).toHaveLength(1);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, leaver.id));
    expect(row).toMatchObject({ about_info: null, image_key: null, business_email: null, email: `removed-${leaver.uuid}@users.invalid` });
    expect(row!.deleted_at).toBeInstanceOf(Date);
    expect((await login(leaver.email, TEST_PASSWORD)).status).toBe(401);
    expect((await api().get('/trpc/auth.me').set('Authorization', tokenOf(leaver))).status).toBe(401);
    // The address can be used again; the user is gone from lists and pages.
    expect((await t.caller(a.managerActor).users.list({})).items.map((u) => u.id)).not.toContain(leaver.id);
    await expect(t.caller(b.memberActor).users.get({ id: leaver.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await t.caller(a.managerActor).users.create({ email: leaver.email, role: 'MEMBER' });
    // A second removal reads as not found.
    await expect(t.caller(a.managerActor).users.remove({ id: leaver.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sets a colleague’s login e-mail after the manager confirms with their own password; the old e-mail and sessions stop', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const email = `renamed-${uniq()}@acme.example`;
    const wrong = await api()
      .put(`/api/users/${a.member.id}/credentials/?company_id=${a.company.id}`)
      .set('Authorization', tokenOf(a.manager))
      .send({ user: { email }, requestMadeByUser: { id: a.manager.id, password: 'not-my-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field_codes).toEqual({ 'requestMadeByUser.password': { code: 'auth.currentPasswordWrong' } });
    const ok = await api()
      .put(`/api/users/${a.member.id}/credentials/?company_id=${a.company.id}`)
      .set('Authorization', tokenOf(a.manager))
      .send({ user: { email }, requestMadeByUser: { id: a.manager.id, password: TEST_PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email, username: email });
    expect((await login(a.member.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(email, TEST_PASSWORD)).status).toBe(200);
    expect((await api().get('/trpc/auth.me').set('Authorization', tokenOf(a.member))).status).toBe(401);

    await expect(
      t
        .caller(a.managerActor)
        .users.setCredentials({ id: a.manager.id, user: { email: `me-${uniq()}@acme.example` }, requestMadeByUser: { password: TEST_PASSWORD } }),
    ).rejects.toMatchObject({ cause: { detail: { code: 'user.useOwnProfile' } } });
    await expect(
      t.caller(a.managerActor).users.setCredentials({
        id: a.member.id,
        user: { email: `other-${uniq()}@acme.example` },
        requestMadeByUser: { id: a.member.id, password: TEST_PASSWORD },
      }),
    ).rejects.toMatchObject({ cause: { fields: { 'requestMadeByUser.id': { code: 'user.notRequester' } } } });
  });

  it('no longer lets a manager set a colleague’s password (400), whose password keeps working', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const res = await api()
      .put(`/api/users/${a.member.id}/credentials/?company_id=${a.company.id}`)
      .set('Authorization', tokenOf(a.manager))
      .send({ user: { email: a.member.email, password: 'new-password-123' }, requestMadeByUser: { id: a.manager.id, password: TEST_PASSWORD } });
    expect(res.status).toBe(400);
    expect(res.body.error.field_codes).toEqual({ 'user.password': { code: 'user.passwordNotByManager' } });
    expect((await login(a.member.email, TEST_PASSWORD)).status).toBe(200);
    expect((await login(a.member.email, 'new-password-123')).status).toBe(401);
  });
});

describe('public user page (GET api/users/{id})', () => {
  it('shows name, role, company and about to anyone signed in, and contact data only to the user, their managers and administrators', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const b = await createCompanyWithUsers(t.database.db);
    await t.caller(a.memberActor).users.update({ id: a.member.id, about_info: 'Logistics.', official_role: 'Coordinator' });
    const seen = await api().get(`/api/users/${a.member.id}`).set('Authorization', tokenOf(b.member));
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      id: a.member.id,
      first_name: a.member.first_name,
      role: 'MEMBER',
      official_role: 'Coordinator',
      about_info: 'Logistics.',
      company: { id: a.company.id, name: a.company.name },
      private: false,
    });
    expect(seen.body.email).toBeUndefined();
    for (const actor of [a.memberActor, a.managerActor, admin.adminActor]) {
      expect(await t.caller(actor).users.get({ id: a.member.id })).toMatchObject({ private: true, email: a.member.email });
    }
    // A colleague who is not a manager reads the public view.
    const colleague = await createUser(t.database.db, { company_id: a.company.id });
    expect(await t.caller(actorOf(colleague)).users.get({ id: a.member.id })).toMatchObject({ private: false });
    await expect(t.caller(b.memberActor).users.get({ id: admin.admin.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('administrators: GET and PUT admin/users', () => {
  const auth = () => ({ Authorization: tokenOf(admin.admin) });

  it('pages every account with its company and finds one by name, email or company', async () => {
    const a = await createCompanyWithUsers(t.database.db, { name: `Findable ${uniq()}` });
    const res = await api().get('/admin/users').query({ search: a.company.name.toLowerCase() }).set(auth());
    expect(res.status).toBe(200);
    expect(res.body.items.map((u: { id: number }) => u.id).sort()).toEqual([a.manager.id, a.member.id].sort());
    expect(res.body.items[0].company).toEqual({ id: a.company.id, name: a.company.name, status: 'approved' });
    expect((await t.caller(admin.adminActor).users.admin.list({ search: a.member.email })).items.map((u) => u.id)).toEqual([a.member.id]);
    expect((await t.caller(admin.adminActor).users.admin.list({ search: a.company.name, role: 'MANAGER' })).items.map((u) => u.id)).toEqual([
      a.manager.id,
    ]);
    expect((await api().get('/admin/users').set('Authorization', tokenOf(a.manager))).status).toBe(403);
    expect((await api().get('/admin/users')).status).toBe(401);
  });

  it('disables an account: its token stops at once, login is refused with a clear message; re-enabling lets it log in again', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    const token = tokenOf(a.member);
    expect((await api().get('/trpc/auth.me').set('Authorization', token)).status).toBe(200);
    const res = await api().put(`/admin/users/${a.member.id}`).set(auth()).send({ disabled: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.member.id, disabled: true });
    await t.flush();
    expect((await api().get('/trpc/auth.me').set('Authorization', token)).status).toBe(401);
    const refused = await login(a.member.email, TEST_PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      message: 'This account has been disabled. Please contact the administrator.',
    });
    // A wrong password still reads as a wrong password: the state is told only to whoever knows the password.
    expect((await login(a.member.email, 'wrong-password')).body.error.code).toBe('INVALID_CREDENTIALS');
    expect((await t.caller(admin.adminActor).users.admin.list({ search: a.member.email, status: 'disabled' })).items).toHaveLength(1);

    await api().put(`/admin/users/${a.member.id}`).set(auth()).send({ disabled: false });
    expect((await login(a.member.email, TEST_PASSWORD)).status).toBe(200);
    // The old token stays dead: disabling ended it for good.
    expect((await api().get('/trpc/auth.me').set('Authorization', token)).status).toBe(401);

    const entries = await t.database.db
      .select({ action: audit_log.action, before: audit_log.before, after: audit_log.after, actor: audit_log.actor_user_id })
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'user'), eq(audit_log.entity_id, a.member.id)))
      .orderBy(audit_log.id);
    expect(entries).toEqual([
      { action: 'user.disable', before: { disabled: false }, after: { disabled: true }, actor: admin.admin.id },
      { action: 'user.enable', before: { disabled: true }, after: { disabled: false }, actor: admin.admin.id },
    ]);
  });

  it('changes a role, grants the donations dashboard, and refuses disabling themself or changing an administrator', async () => {
    const a = await createCompanyWithUsers(t.database.db);
    expect(await t.caller(admin.adminActor).users.admin.update({ id: a.member.id, role: 'MANAGER', donations_dashboard_access: true })).toMatchObject(
      {
        role: 'MANAGER',
        donations_dashboard_access: true,
      },
    );
    await expect(t.caller(admin.adminActor).users.admin.update({ id: admin.admin.id, disabled: true })).rejects.toMatchObject({
      cause: { detail: { code: 'user.cannotDisableSelf' } },
    });
    const other = await createAdmin(t.database.db);
    await expect(t.caller(admin.adminActor).users.admin.update({ id: other.admin.id, role: 'MEMBER' })).rejects.toMatchObject({
      cause: { detail: { code: 'user.adminRoleFixed' } },
    });
    await expect(t.caller(admin.adminActor).users.admin.update({ id: 2_000_000_000, disabled: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [entry] = await t.database.db
      .select({ before: audit_log.before, after: audit_log.after })
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'user'), eq(audit_log.entity_id, a.member.id)));
    expect(entry).toEqual({
      before: { role: 'MEMBER', donations_dashboard_access: false },
      after: { role: 'MANAGER', donations_dashboard_access: true },
    });
  });
});

describe.skipIf(!onPostgres)('races on Postgres', () => {
  const settle = async (calls: (() => Promise<unknown>)[]) =>
    (await Promise.allSettled(calls.map((c) => c()))).map((r) =>
      r.status === 'fulfilled' ? 'ok' : r.reason instanceof AppError ? r.reason.code : `${(r.reason as { code?: string }).code ?? 'thrown'}`,
    );

  it('two managers removing each other at the same moment leave the company one manager', async () => {
    for (let round = 0; round < 10; round++) {
      const { company, manager } = await createCompanyWithUsers(t.database.db);
      const second = await createUser(t.database.db, { company_id: company.id, role: 'MANAGER' });
      const outcomes = await settle([
        () => t.caller(actorOf(manager) as Actor).users.remove({ id: second.id }),
        () => t.caller(actorOf(second) as Actor).users.remove({ id: manager.id }),
      ]);
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
      const left = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.company_id, company.id), eq(users.role, 'MANAGER')));
      const active = (await t.database.db.select().from(users).where(eq(users.company_id, company.id))).filter(
        (u) => u.role === 'MANAGER' && u.deleted_at === null,
      );
      expect(left).toHaveLength(2);
      expect(active).toHaveLength(1);
    }
  });

  it('two managers demoting each other at the same moment leave the company one manager', async () => {
    const { company, manager } = await createCompanyWithUsers(t.database.db);
    const second = await createUser(t.database.db, { company_id: company.id, role: 'MANAGER' });
    const outcomes = await settle([
      () => t.caller(actorOf(manager)).users.update({ id: second.id, role: 'MEMBER' }),
      () => t.caller(actorOf(second)).users.update({ id: manager.id, role: 'MEMBER' }),
    ]);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    const managers = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.company_id, company.id), eq(users.role, 'MANAGER')));
    expect(managers).toHaveLength(1);
  });
});
