import { eq, sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { request } from '../../test/rest-client';
import { describe, expect, it } from 'vitest';
import { auth_throttle, company_addresses, users } from '../../../drizzle/schema';
import type { CompanyStatus } from '../../../shared/constants/enums';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { TEST_PASSWORD, createCompany, createCompanyWithUsers, createDriver, createUser } from '../../test/factories';
import { createTestContext } from '../../test/harness';
import { useTestContext } from '../../test/suite';
import { ensureBootstrapAdmin, login as loginService, resolveActor } from './service';
import { THROTTLE } from './throttle';

const t = useTestContext();

const login = (username: string, password: string, extra: object = {}) =>
  request(t.app())
    .post('/api/auth/login')
    .send({ username, password, ...extra });

/** Every throttle counter goes: the tests share one address (supertest's), so each starts from none. */
// eslint-disable-next-line drizzle/enforce-delete-with-where -- emptying the table is the point
const clearThrottle = () => t.database.db.delete(auth_throttle);
/** The manager of a new company in `status`. */
const managerOf = async (status: CompanyStatus) =>
  createUser(t.database.db, { company_id: (await createCompany(t.database.db, { status })).id, role: 'MANAGER' });
/** A login through the service from `ip`: 'ok', or the code it is refused with. */
const loginFrom = (ip: string, username: string, password: string) =>
  loginService(t.deps, { username, password }, ip).then(
    () => 'ok',
    (e: { code: string }) => e.code,
  );

describe('POST /api/auth/login', () => {
  it('returns a token and the user for the right password, with exp in the token', async () => {
    const { manager } = await createCompanyWithUsers(t.database.db);
    const res = await login(manager.email, TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: manager.id, email: manager.email, role: 'MANAGER', company_id: manager.company_id });
    expect(res.body.user).not.toHaveProperty('password_hash');
    const claims = jwt.decode(res.body.token) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(12 * 3600);
  });

  it('records the time of the login on the user, and only after a right password', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const before = new Date(Date.now() - 1000);
    expect((await login(member.email, 'not-the-password')).status).toBe(401);
    const [afterWrong] = await t.database.db.select({ at: users.last_login_at }).from(users).where(eq(users.id, member.id));
    expect(afterWrong!.at).toBeNull();
    expect((await login(member.email, TEST_PASSWORD)).status).toBe(200);
    const [row] = await t.database.db.select({ at: users.last_login_at }).from(users).where(eq(users.id, member.id));
    expect(row!.at!.getTime()).toBeGreaterThanOrEqual(before.getTime());
    // The asynchronous commit was local to that statement: this session still commits synchronously.
    const result = await t.database.db.execute(sql`select current_setting('synchronous_commit') as setting`);
    const [{ setting } = { setting: '' }] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { setting: string }[];
    expect(setting).toBe('on');
  });

  it('gives a longer session with remember-me', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const res = await login(member.email, TEST_PASSWORD, { remember_me: true });
    const claims = jwt.decode(res.body.token) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(30 * 86400);
  });

  it('accepts the email in any letter case', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const res = await login(member.email.toUpperCase(), TEST_PASSWORD);
    expect(res.status).toBe(200);
  });

  it('answers 401 with the SPEC message for a wrong password and for an unknown user alike', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const wrong = await login(member.email, 'not-the-password');
    const unknown = await login('nobody@acme.example', 'whatever1');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'The username or password you entered is incorrect' });
    }
  });

  it('refuses a pending company with its own message, never the wrong-password text', async () => {
    const res = await login((await managerOf('pending')).email, TEST_PASSWORD);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ACCOUNT_PENDING');
    expect(res.body.error.message).not.toBe(ERROR_MESSAGES.INVALID_CREDENTIALS);
  });

  it('refuses a rejected company with its own message', async () => {
    const res = await login((await managerOf('rejected')).email, TEST_PASSWORD);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ACCOUNT_REJECTED');
  });

  it('tells a pending company nothing when the password is wrong', async () => {
    const res = await login((await managerOf('pending')).email, 'wrong-password');
    expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a missing username with a field error and writes nothing', async () => {
    const res = await request(t.app()).post('/api/auth/login').send({ password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.field_codes.username).toMatchObject({ code: 'field.required' });
  });

  it('throttles an account after 5 failures with 429 and Retry-After, even for the right password', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    for (let i = 0; i < 5; i++) expect((await login(member.email, `bad-${i}-pass`)).status).toBe(401);
    const locked = await login(member.email, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body.error.code).toBe('TOO_MANY_REQUESTS');
    await clearThrottle();
  });

  it('lets no more than 5 guesses through a burst of parallel attempts', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => login(member.email, `burst-${i}-pass`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    await clearThrottle();
  });

  it('counts the username and the email of one account together: 5 guesses, not 10', async () => {
    await clearThrottle();
    const { member } = await createCompanyWithUsers(t.database.db);
    for (let i = 0; i < 3; i++) expect((await login(member.username, `bad-${i}-pass`)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(member.email.toUpperCase(), `bad-${i}-pass`)).status).toBe(401);
    expect((await login(member.username, TEST_PASSWORD)).status).toBe(429);
    await clearThrottle();
  });

  it('does not lock the real user out from another address (NIST 800-63B), while the guessing address stays locked', async () => {
    await clearThrottle();
    const { member } = await createCompanyWithUsers(t.database.db);
    const attempt = (password: string, ip: string) => loginFrom(ip, member.email, password);
    for (let i = 0; i < 5; i++) expect(await attempt(`bad-${i}-pass`, '203.0.113.9')).toBe('INVALID_CREDENTIALS');
    expect(await attempt(TEST_PASSWORD, '203.0.113.9')).toBe('TOO_MANY_REQUESTS');
    expect(await attempt(TEST_PASSWORD, '198.51.100.7')).toBe('ok');
    expect(await attempt(TEST_PASSWORD, '203.0.113.9')).toBe('TOO_MANY_REQUESTS');
    await clearThrottle();
  });

  it('stops a guesser spread over many addresses at 100 attempts on one account', async () => {
    await clearThrottle();
    const { member } = await createCompanyWithUsers(t.database.db);
    const attempt = (password: string, ip: string) => loginFrom(ip, member.email, password);
    for (let i = 0; i < 100; i++) expect(await attempt(`bad-${i}-pass`, `10.1.${Math.floor(i / 4)}.${i % 4}`)).toBe('INVALID_CREDENTIALS');
    expect(await attempt(TEST_PASSWORD, '10.9.9.9')).toBe('TOO_MANY_REQUESTS');
    await clearThrottle();
  });

  it('refuses an oversized password at the edge', async () => {
    const res = await login('someone@acme.example', 'x'.repeat(5000));
    expect(res.status).toBe(400);
    expect(res.body.error.field_codes.password).toMatchObject({ code: 'field.tooLong' });
  });

  it('lets an office behind one address sign in more often than the address limit, but bounds one account', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => createCompanyWithUsers(t.database.db)));
    const signIn = (email: string, ip: string) => loginFrom(ip, email, TEST_PASSWORD);
    // 40 successful logins (8 people, 5 each) from one address: more than the address's 30 attempts.
    for (let round = 0; round < 5; round++) {
      for (const { member } of people) expect(await signIn(member.email, '10.77.0.1')).toBe('ok');
    }
    await clearThrottle();
    // One account's own logins still meet the account ceiling (each costs an argon2 verify).
    const { member } = people[0]!;
    for (let i = 0; i < THROTTLE.accountMaxAttempts; i++) expect(await signIn(member.email, `10.78.${i >> 6}.${i & 63}`)).toBe('ok');
    expect(await signIn(member.email, '10.79.0.1')).toBe('TOO_MANY_REQUESTS');
    await clearThrottle();
  });

  it('clears the account counter after a successful login', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    for (let i = 0; i < 4; i++) await login(member.email, `bad-${i}-pass`);
    expect((await login(member.email, TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(member.email, `bad-${i}-pass`);
    expect((await login(member.email, TEST_PASSWORD)).status).toBe(200);
    await clearThrottle();
  });
});

describe('auth.me and tokens', () => {
  it('returns the session user and company', async () => {
    const { manager, managerActor, company } = await createCompanyWithUsers(t.database.db, { is_parent_company: true });
    const me = await t.caller(managerActor).auth.me();
    expect(me.user.id).toBe(manager.id);
    expect(me.company).toMatchObject({ id: company.id, is_parent_company: true });
  });

  it('answers 401 to a tampered token and to a driver token on a user call', async () => {
    const driver = await createDriver(t.database.db);
    const driverToken = t.deps.tokens.signDriver({ sub: String(driver.id), tv: 0 }, 60);
    for (const token of ['not-a-jwt', driverToken]) {
      const res = await request(t.app()).get('/admin/companies').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
    }
  });

  it('answers 401 SESSION_EXPIRED to an expired token', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const expired = jwt.sign(
      { sub: String(member.id), role: 'MEMBER', company_id: member.company_id, tv: 0, exp: Math.floor(Date.now() / 1000) - 10 },
      t.env.JWT_SECRET,
      {
        audience: 'user',
        issuer: 'synergy-marketplace',
      },
    );
    const res = await request(t.app())
      .post('/api/users/change-password')
      .set('Authorization', `Bearer ${expired}`)
      .send({ current_password: 'a', new_password: 'bbbbbbbb' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('SESSION_EXPIRED');
  });
});

describe('POST /api/users/change-password', () => {
  it('changes the password, returns a fresh token and ends older sessions', async () => {
    const { member } = await createCompanyWithUsers(t.database.db);
    const old = (await login(member.email, TEST_PASSWORD)).body.token as string;
    const res = await request(t.app())
      .post('/api/users/change-password')
      .set('Authorization', `Bearer ${old}`)
      .send({ current_password: TEST_PASSWORD, new_password: 'a-new-password' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect(typeof res.body.token).toBe('string');
    expect((await login(member.email, 'a-new-password')).status).toBe(200);
    const again = await request(t.app())
      .post('/api/users/change-password')
      .set('Authorization', `Bearer ${old}`)
      .send({ current_password: 'a-new-password', new_password: 'third-password' });
    expect(again.status).toBe(401);
  });

  it('refuses a wrong current password with the SPEC message and keeps the old one', async () => {
    const { member, memberActor } = await createCompanyWithUsers(t.database.db);
    await expect(t.caller(memberActor).auth.changePassword({ current_password: 'nope-nope', new_password: 'whatever-123' })).rejects.toThrow(
      'Could not update password',
    );
    const [row] = await t.database.db.select({ tv: users.token_version }).from(users).where(eq(users.id, member.id));
    expect(row!.tv).toBe(0);
  });

  it('refuses a new password under 8 characters', async () => {
    const { memberActor } = await createCompanyWithUsers(t.database.db);
    await expect(t.caller(memberActor).auth.changePassword({ current_password: TEST_PASSWORD, new_password: 'short' })).rejects.toMatchObject({
      cause: { code: 'VALIDATION' },
    });
  });
});

describe('logout on the server', () => {
  const me = (token: string) => request(t.app()).get('/api/notifications/unseen').set('Authorization', `Bearer ${token}`);
  it("refuses a logged-out token at once while the same user's other sessions go on; logout-all ends them too", async () => {
    await clearThrottle();
    const { member } = await createCompanyWithUsers(t.database.db);
    const phone = (await login(member.email, TEST_PASSWORD)).body.token as string;
    const laptop = (await login(member.email, TEST_PASSWORD)).body.token as string;
    expect((jwt.decode(phone) as { sid: string }).sid).not.toBe((jwt.decode(laptop) as { sid: string }).sid);
    expect((await request(t.app()).post('/api/auth/logout').set('Authorization', `Bearer ${phone}`)).status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
    // Logging out twice, or without a token, changes nothing and reveals nothing.
    expect((await request(t.app()).post('/api/auth/logout').set('Authorization', `Bearer ${phone}`)).status).toBe(401);
    expect((await request(t.app()).post('/api/auth/logout')).status).toBe(401);
    expect((await request(t.app()).post('/api/auth/logout-all').set('Authorization', `Bearer ${laptop}`)).status).toBe(200);
    expect((await me(laptop)).status).toBe(401);
    const again = (await login(member.email, TEST_PASSWORD)).body.token as string;
    expect((await me(again)).status).toBe(200);
  });
});

describe('POST /api/common/driver/login', () => {
  it('logs a driver in by email and phone, ignoring spaces, hyphens and plus signs', async () => {
    const driver = await createDriver(t.database.db, { phone: '+45 12 34 56 78', email: 'lars@example.com' });
    const res = await request(t.app()).post('/api/common/driver/login').send({ email: 'LARS@example.com', phone: '45-12-34-56-78' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, driver: { id: driver.id, email: 'lars@example.com', status: 'AVAILABLE' } });
    const meGet = await request(t.app()).get('/trpc/driver.me').set('Authorization', `Bearer ${res.body.token}`);
    expect(meGet.status).toBe(200);
  });

  it('refuses a wrong phone with the SPEC driver message', async () => {
    await createDriver(t.database.db, { phone: '+45 99 88 77 66', email: 'wrongphone@example.com' });
    const res = await request(t.app()).post('/api/common/driver/login').send({ email: 'wrongphone@example.com', phone: '+45 11 11 11 11' });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Invalid email or phone number. Please verify your credentials.');
  });

  it('validates the phone shape (8-15 digits) before looking anything up', async () => {
    const res = await request(t.app()).post('/api/common/driver/login').send({ email: 'x@example.com', phone: '123' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.phone).toBe('Invalid phone number (8-15 digits)');
  });

  it('does not let a driver token call a company procedure', async () => {
    const driver = await createDriver(t.database.db);
    const token = t.deps.tokens.signDriver({ sub: String(driver.id), tv: 0 }, 60);
    const res = await request(t.app()).get('/trpc/notifications.counters').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(401);
  });
});

describe('bootstrap administrator', () => {
  it('creates ADMIN_EMAIL once and leaves an existing user alone', async () => {
    const ctx = await createTestContext({ ADMIN_EMAIL: 'root@ops.example', ADMIN_PASSWORD: 'a-strong-password' });
    try {
      expect(await ensureBootstrapAdmin(ctx.deps)).toBe('created');
      expect(await ensureBootstrapAdmin(ctx.deps)).toBe('exists');
      const res = await request(ctx.app()).post('/api/auth/login').send({ username: 'root@ops.example', password: 'a-strong-password' });
      expect(res.status).toBe(200);
      expect(res.body.user.role).toBe('ADMIN');
    } finally {
      await ctx.close();
    }
  });
});

describe('resolveActor', () => {
  // A write straight to the database (not through a mutation) reaches this instance's read cache by NOTIFY:
  // `caches.sync()` waits for it, as every mutation does before it answers.
  it('reads the company primary address with the token check, and follows a change of it', async () => {
    const { company, member } = await createCompanyWithUsers(t.database.db, { lat: 56.15, lng: 10.2 });
    const token = t.deps.tokens.signUser({ sub: String(member.id), role: 'MEMBER', company_id: company.id, tv: 0 }, 60);
    const first = await resolveActor(t.deps, `Bearer ${token}`);
    expect(first.actor).toMatchObject({ kind: 'user', user_id: member.id, center: { lat: 56.15, lng: 10.2 } });
    await t.database.db.update(company_addresses).set({ latitude: 55.4, longitude: 10.39 }).where(eq(company_addresses.company_id, company.id));
    await t.deps.caches.sync();
    expect((await resolveActor(t.deps, `Bearer ${token}`)).actor).toMatchObject({ center: { lat: 55.4, lng: 10.39 } });
    await t.database.db.update(company_addresses).set({ is_primary: false }).where(eq(company_addresses.company_id, company.id));
    await t.deps.caches.sync();
    expect((await resolveActor(t.deps, `Bearer ${token}`)).actor).toMatchObject({ center: null });
  });

  it('keeps refusing a token whose version moved on, through the prepared statement', async () => {
    const { company, member } = await createCompanyWithUsers(t.database.db);
    const token = t.deps.tokens.signUser({ sub: String(member.id), role: 'MEMBER', company_id: company.id, tv: 0 }, 60);
    for (let i = 0; i < 7; i++) expect((await resolveActor(t.deps, `Bearer ${token}`)).actor.kind).toBe('user');
    await t.database.db.update(users).set({ token_version: 1 }).where(eq(users.id, member.id));
    await t.deps.caches.sync();
    const after = await resolveActor(t.deps, `Bearer ${token}`);
    expect(after.actor.kind).toBe('anonymous');
    expect(after.authError?.code).toBe('SESSION_EXPIRED');
  });
});
