import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { request } from '../../test/rest-client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  company_addresses,
  company_material_groups,
  mail_outbox,
  material_groups,
  registration_requests,
  subscription_history,
  subscription_plans,
  users,
} from '../../../drizzle/schema';
import { addDays, isoDate } from '../../../shared/lib/subscription';
import { decodeMessage, formatMessage } from '../../../shared/messages';
import { REGISTRATION_MESSAGES } from '../../../shared/schemas/registration';
import { createCompanyWithUsers } from '../../test/factories';
import { useAuthHeader, useTestWorld } from '../../test/suite';

const { t, admin: administrator } = useTestWorld();
const adminAuth = useAuthHeader(t, () => administrator.admin);
let groupIds: number[];
let initialPlanId: number;
let n = 0;

beforeAll(async () => {
  groupIds = (await t.database.db.select({ id: material_groups.id }).from(material_groups).limit(3)).map((r) => r.id);
  const [plan] = await t.database.db.select({ id: subscription_plans.id }).from(subscription_plans).where(eq(subscription_plans.kind, 'initial'));
  initialPlanId = plan!.id;
});

const validBody = (o: Record<string, unknown> = {}) => ({
  first_name: 'Mette',
  last_name: 'Hansen',
  email: `mette.${++n}@nordic-steel.example`,
  password: 'a-long-password',
  designation: 'Head of operations',
  company_name: `Nordic Steel ${n}`,
  company_size: '11-50',
  industry: 'Manufacturing',
  country: 'DK',
  state: 'Capital Region of Denmark',
  city: 'Copenhagen',
  address: 'Vesterbrogade 1',
  zip_code: '1620',
  latitude: 55.6761,
  longitude: 12.5683,
  contact_phone: '12345678',
  country_calling_code: '+45',
  preferred_currency: 'DKK',
  materials_interested: [groupIds[0]],
  materials_providing: [groupIds[1], groupIds[2]],
  expectations: 'Find buyers for our steel off-cuts.',
  fee_consent: true,
  ...o,
});

const admin = () => adminAuth;

async function tableCounts() {
  const db = t.database.db;
  const c = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
  return [
    await c(companies),
    await c(users),
    await c(registration_requests),
    await c(company_addresses),
    await c(company_material_groups),
    await c(mail_outbox),
  ];
}

describe('POST /api/auth/register', () => {
  it('creates a pending company, its address, categories, first user as MANAGER, the request and a mail', async () => {
    const body = validBody({ language: 'dk' });
    const res = await request(t.app()).post('/api/auth/register').send(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), status: 'pending' });
    const db = t.database.db;
    const [req] = await db.select().from(registration_requests).where(eq(registration_requests.id, res.body.id));
    expect(req).toMatchObject({ status: 'pending', variant: 'standard', designation: 'Head of operations' });
    const [company] = await db.select().from(companies).where(eq(companies.id, req!.company_id));
    expect(company).toMatchObject({ status: 'pending', name: body.company_name, is_bank_partner_customer: false, preferred_currency: 'DKK' });
    const [address] = await db.select().from(company_addresses).where(eq(company_addresses.company_id, company!.id));
    expect(address).toMatchObject({ is_primary: true, country: 'DK', latitude: 55.6761, zip_code: '1620', state: 'Capital Region of Denmark' });
    const groups = await db.select().from(company_material_groups).where(eq(company_material_groups.company_id, company!.id));
    expect(groups.filter((g) => g.relation === 'interested').map((g) => g.material_group_id)).toEqual([groupIds[0]]);
    expect(groups.filter((g) => g.relation === 'providing')).toHaveLength(2);
    const [user] = await db.select().from(users).where(eq(users.id, req!.user_id));
    expect(user).toMatchObject({ role: 'MANAGER', email: body.email, username: body.email, company_id: company!.id, language: 'dk' });
    expect(user!.password_hash).not.toContain(body.password);
    const [mail] = await db.select().from(mail_outbox).where(eq(mail_outbox.to_address, body.email));
    expect(mail).toMatchObject({ template: 'registration_received', language: 'dk', status: 'queued', subject: 'Vi har modtaget din registrering' });
  });

  it('the bank-partner variant marks the company and keeps the website and registered name', async () => {
    const res = await request(t.app())
      .post('/api/auth/register/bank-partner')
      .send(
        validBody({
          website_url: 'https://small-biz.example',
          registered_company_name: 'Small Biz Sdn Bhd',
          country: 'MY',
          preferred_currency: 'MYR',
        }),
      );
    expect(res.status).toBe(201);
    const [req] = await t.database.db.select().from(registration_requests).where(eq(registration_requests.id, res.body.id));
    expect(req!.variant).toBe('bank_partner');
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, req!.company_id));
    expect(company).toMatchObject({
      is_bank_partner_customer: true,
      website_url: 'https://small-biz.example',
      registered_company_name: 'Small Biz Sdn Bhd',
    });
  });

  it('answers 409 EMAIL_TAKEN for an email already registered, in any letter case, and writes nothing', async () => {
    const body = validBody();
    expect((await request(t.app()).post('/api/auth/register').send(body)).status).toBe(201);
    const before = await tableCounts();
    const res = await request(t.app())
      .post('/api/auth/register')
      .send({ ...body, email: body.email.toUpperCase(), company_name: 'Other' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('EMAIL_TAKEN');
    expect(await tableCounts()).toEqual(before);
  });

  // Each SPEC §5 rule: 400, its message on its field, nothing written.
  const refusals: [string, Record<string, unknown>, string, string][] = [
    ['a missing first name', { first_name: undefined }, 'first_name', REGISTRATION_MESSAGES.required],
    ['a malformed email', { email: 'not-an-email' }, 'email', REGISTRATION_MESSAGES.invalidEmail],
    ['a short password', { password: 'short' }, 'password', REGISTRATION_MESSAGES.passwordTooShort],
    ['a missing company name', { company_name: '' }, 'company_name', REGISTRATION_MESSAGES.required],
    ['a missing country', { country: undefined }, 'country', REGISTRATION_MESSAGES.required],
    ['a country outside the eight', { country: 'AU' }, 'country', REGISTRATION_MESSAGES.unsupportedCountry],
    ['a missing city', { city: '' }, 'city', REGISTRATION_MESSAGES.required],
    ['a missing state', { state: undefined }, 'state', REGISTRATION_MESSAGES.required],
    ['a missing zip code', { zip_code: '' }, 'zip_code', REGISTRATION_MESSAGES.required],
    ['a missing contact phone', { contact_phone: undefined }, 'contact_phone', REGISTRATION_MESSAGES.required],
    ['a missing company size', { company_size: undefined }, 'company_size', REGISTRATION_MESSAGES.invalidChoice],
    ['a missing industry', { industry: '' }, 'industry', REGISTRATION_MESSAGES.required],
    ['a missing currency', { preferred_currency: undefined }, 'preferred_currency', REGISTRATION_MESSAGES.required],
    ['no interest category', { materials_interested: [] }, 'materials_interested', REGISTRATION_MESSAGES.atLeastOneCategory],
    ['no offering category', { materials_providing: [] }, 'materials_providing', REGISTRATION_MESSAGES.atLeastOneCategory],
    ['missing expectations', { expectations: '' }, 'expectations', REGISTRATION_MESSAGES.required],
    ['a public email domain', { email: 'mette@gmail.com' }, 'email', REGISTRATION_MESSAGES.publicEmail],
    ['an address without coordinates', { latitude: undefined, longitude: undefined }, 'address', REGISTRATION_MESSAGES.invalidLocation],
    ['a one-letter custom industry', { industry: 'other', custom_industry: 'x' }, 'custom_industry', REGISTRATION_MESSAGES.customIndustryTooShort],
    ['no fee consent', { fee_consent: false }, 'fee_consent', REGISTRATION_MESSAGES.feeConsent],
    ['an unknown category', { materials_interested: [999_999] }, 'materials_interested', REGISTRATION_MESSAGES.unknownCategory],
  ];
  it.each(refusals)('refuses %s with its message and writes nothing', async (_name, change, field, message) => {
    const before = await tableCounts();
    const res = await request(t.app()).post('/api/auth/register').send(validBody(change));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    // The code for translation, and SPEC's English beside it.
    const expected = decodeMessage(message)!;
    expect(res.body.error.field_codes[field]).toEqual(expected);
    expect(res.body.error.fields[field]).toBe(formatMessage(expected));
    expect(await tableCounts()).toEqual(before);
  });

  it('accepts a public email domain once acknowledged', async () => {
    const res = await request(t.app())
      .post('/api/auth/register')
      .send(validBody({ email: `owner.${n}@gmail.com`, public_email_acknowledged: true }));
    expect(res.status).toBe(201);
  });
});

describe('temporary accounts (administrator)', () => {
  it('are for administrators only: 401 anonymous, 403 for a company user', async () => {
    expect((await request(t.app()).get('/admin/temporary-accounts')).status).toBe(401);
    const { manager } = await createCompanyWithUsers(t.database.db);
    const token = t.deps.tokens.signUser({ sub: String(manager.id), role: 'MANAGER', company_id: manager.company_id, tv: 0 }, 60);
    expect((await request(t.app()).get('/admin/temporary-accounts').set('Authorization', `Bearer ${token}`)).status).toBe(403);
  });

  it('lists requests with company, user, dates and variant, filtered by status', async () => {
    const body = validBody();
    const { id } = (await request(t.app()).post('/api/auth/register').send(body)).body;
    const res = await request(t.app()).get('/admin/temporary-accounts').query({ status: 'pending' }).set(admin());
    expect(res.status).toBe(200);
    const item = res.body.items.find((i: { id: number }) => i.id === id);
    expect(item).toMatchObject({
      status: 'pending',
      variant: 'standard',
      created_at: expect.any(String),
      company: { name: body.company_name, city: 'Copenhagen', country: 'DK', status: 'pending' },
      user: { email: body.email, first_name: 'Mette', role: 'MANAGER' },
    });
    expect(res.body.items.every((i: { status: string }) => i.status === 'pending')).toBe(true);
    const rejected = await request(t.app()).get('/admin/temporary-accounts').query({ status: 'rejected' }).set(admin());
    expect(rejected.body.items.find((i: { id: number }) => i.id === id)).toBeUndefined();
  });

  it('rejects with a reason (required), refuses login with ACCOUNT_REJECTED, mails the reason', async () => {
    const body = validBody({ language: 'my' });
    const { id } = (await request(t.app()).post('/api/auth/register').send(body)).body;
    const noReason = await request(t.app()).post('/admin/temporary-accounts/review').set(admin()).send({ id, decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBeDefined();
    const res = await request(t.app())
      .post('/admin/temporary-accounts/review')
      .set(admin())
      .send({ id, decision: 'reject', reason: 'Outside our pilot regions' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', reason: 'Outside our pilot regions', company: { status: 'rejected' } });
    const login = await request(t.app()).post('/api/auth/login').send({ username: body.email, password: body.password });
    expect(login.body.error.code).toBe('ACCOUNT_REJECTED');
    const mails = await t.database.db.select().from(mail_outbox).where(eq(mail_outbox.to_address, body.email));
    expect(mails.find((m) => m.template === 'registration_rejected')).toMatchObject({
      language: 'my',
      text_body: expect.stringContaining('Outside our pilot regions'),
    });
  });

  it('answers 409 to a second decision and 404 to an unknown request', async () => {
    const { id } = (await request(t.app()).post('/api/auth/register').send(validBody())).body;
    expect((await request(t.app()).post('/admin/temporary-accounts/review').set(admin()).send({ id, decision: 'approve' })).status).toBe(200);
    const again = await request(t.app()).post('/admin/temporary-accounts/review').set(admin()).send({ id, decision: 'approve' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    const reject = await request(t.app()).post('/admin/temporary-accounts/review').set(admin()).send({ id, decision: 'reject', reason: 'late' });
    expect(reject.status).toBe(409);
    expect((await request(t.app()).post('/admin/temporary-accounts/review').set(admin()).send({ id: 987654, decision: 'approve' })).status).toBe(404);
  });

  it('approves without a plan: company approved, onboarding and member-since today, no subscription', async () => {
    const { id } = (await request(t.app()).post('/api/auth/register').send(validBody())).body;
    const res = await request(t.app()).post('/admin/temporary-accounts/review').set(admin()).send({ id, decision: 'approve' });
    const today = isoDate(new Date());
    expect(res.body).toMatchObject({
      status: 'accepted',
      subscription_plan_id: null,
      company: { status: 'approved', onboarding_date: today, member_since: today },
    });
    const hist = await request(t.app()).get(`/admin/companies/${res.body.company.id}/subscription-history`).set(admin());
    expect(hist.body.items).toEqual([]);
  });

  it('refuses an unknown or inactive plan as a field error and leaves the request pending', async () => {
    const { id } = (await request(t.app()).post('/api/auth/register').send(validBody())).body;
    const [inactive] = await t.database.db
      .insert(subscription_plans)
      .values({ name: 'Retired plan', kind: 'custom', start_date: '2020-01-01', end_date: '2099-12-31', is_active: false })
      .returning({ id: subscription_plans.id });
    for (const [planId, code] of [
      [987654, 'subscription.unknownPlan'],
      [inactive!.id, 'subscription.planInactive'],
    ] as const) {
      const res = await request(t.app())
        .post('/admin/temporary-accounts/review')
        .set(admin())
        .send({ id, decision: 'approve', subscription_plan_id: planId });
      expect(res.status).toBe(400);
      expect(res.body.error.field_codes.subscription_plan_id).toEqual({ code });
    }
    const [after] = await t.database.db
      .select({ request: registration_requests.status, company: companies.status })
      .from(registration_requests)
      .innerJoin(companies, eq(companies.id, registration_requests.company_id))
      .where(eq(registration_requests.id, id));
    expect(after).toEqual({ request: 'pending', company: 'pending' });
  });

  it('counts requests by status and by day, within the dates given', async () => {
    const today = isoDate(new Date());
    const res = await request(t.app()).get('/admin/temporary-accounts/stats').query({ start_date: today, end_date: today }).set(admin());
    expect(res.status).toBe(200);
    const total = await t.database.db.select({ n: count() }).from(registration_requests);
    expect(res.body.by_status.total).toBe(total[0]!.n);
    expect(res.body.by_status.pending + res.body.by_status.accepted + res.body.by_status.rejected).toBe(res.body.by_status.total);
    expect(res.body.by_day).toEqual([expect.objectContaining({ date: today, total: total[0]!.n })]);
    const past = await request(t.app())
      .get('/admin/temporary-accounts/stats')
      .query({ start_date: '2020-01-01', end_date: '2020-01-31' })
      .set(admin());
    expect(past.body).toMatchObject({ by_status: { pending: 0, accepted: 0, rejected: 0, total: 0 }, by_day: [] });
    const backwards = await request(t.app())
      .get('/admin/temporary-accounts/stats')
      .query({ start_date: '2020-02-01', end_date: '2020-01-01' })
      .set(admin());
    expect(backwards.status).toBe(400);
  });
});

describe('the whole journey through REST', () => {
  it('registers, is refused while pending, is approved with the initial plan, logs in as MANAGER, sees ACTIVATED 14 days out', async () => {
    const app = t.app();
    const body = validBody();
    const reg = await request(app).post('/api/auth/register').send(body);
    expect(reg.status).toBe(201);

    const pending = await request(app).post('/api/auth/login').send({ username: body.email, password: body.password });
    expect(pending.status).toBe(403);
    expect(pending.body.error.code).toBe('ACCOUNT_PENDING');

    const list = await request(app).get('/admin/temporary-accounts?status=pending').set(admin());
    const mine = list.body.items.find((i: { user: { email: string } }) => i.user.email === body.email);
    expect(mine).toBeDefined();

    const plans = await request(app).get('/admin/subscription-plans/active').set(admin());
    const initial = plans.body.items.find((p: { kind: string }) => p.kind === 'initial');
    expect(initial).toMatchObject({ id: initialPlanId, duration_days: 14, is_builtin: true });

    const review = await request(app)
      .post('/admin/temporary-accounts/review')
      .set(admin())
      .send({ id: mine.id, decision: 'approve', subscription_plan_id: initial.id });
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ status: 'accepted', subscription_plan_id: initial.id });

    const login = await request(app).post('/api/auth/login').send({ username: body.email, password: body.password });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'MANAGER', email: body.email });

    const today = isoDate(new Date());
    const history = await request(app).get(`/admin/companies/${mine.company.id}/subscription-history`).set(admin());
    expect(history.status).toBe(200);
    expect(history.body.items).toEqual([
      expect.objectContaining({
        action: 'ACTIVATED',
        start_date: today,
        end_date: addDays(today, 14),
        plan_name: 'Initial plan',
        subscription_plan_id: initial.id,
      }),
    ]);

    const own = await request(app).get('/trpc/subscriptions.mine').set('Authorization', `Bearer ${login.body.token}`);
    expect(own.status).toBe(200);
    expect(own.body.result.data.json).toMatchObject({
      status: 'expiring_soon',
      current: { plan_name: 'Initial plan', end_date: addDays(today, 14), days_left: 14 },
    });

    const mails = await t.database.db.select({ template: mail_outbox.template }).from(mail_outbox).where(eq(mail_outbox.to_address, body.email));
    expect(mails.map((m) => m.template).sort()).toEqual(['registration_approved', 'registration_received']);
    const rows = await t.database.db.select().from(subscription_history).where(eq(subscription_history.company_id, mine.company.id));
    expect(rows).toHaveLength(1);
  });
});
