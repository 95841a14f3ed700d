// Demo registrations for the administrator's panel: pending requests (both variants), one rejected, and
// approved companies whose subscriptions cover every status (active, expiring soon, expires very soon,
// expired, inactive). Idempotent behind an app_meta marker; all in one transaction.
import { and, asc, eq } from 'drizzle-orm';
import {
  app_meta,
  companies,
  company_addresses,
  company_material_groups,
  company_subscriptions,
  mail_outbox,
  material_groups,
  registration_requests,
  subscription_history,
  subscription_plans,
  users,
} from '../../drizzle/schema';
import type { CompanyStatus, RegistrationStatus, SignupCountry, SubscriptionAction } from '../../shared/constants/enums';
import { addDays, isoDate } from '../../shared/lib/subscription';
import { hashPassword } from '../lib/password';
import { enqueue } from '../jobs/queue';
import { MAIL_JOB } from '../lib/mail';
import type { Db, Tx } from '../db/client';

export const DEMO_REGISTRATIONS_META_KEY = 'demo_registrations';

interface DemoCompany {
  name: string;
  email: string;
  first_name: string;
  last_name: string;
  country: SignupCountry;
  city: string;
  state: string;
  address: string;
  zip_code: string;
  lat: number;
  lng: number;
  currency: string;
  industry: string;
  variant: 'standard' | 'bank_partner';
  registration: RegistrationStatus;
  reason?: string;
  /** Approved companies only: subscription as [start offset, end offset] in days from today. */
  subscription?: [number, number];
}

const DEMO: DemoCompany[] = [
  {
    name: 'Fjord Packaging ApS',
    email: 'lise@fjord-packaging.example',
    first_name: 'Lise',
    last_name: 'Madsen',
    country: 'DK',
    city: 'Aarhus',
    state: 'Central Denmark Region',
    address: 'Sønderhøj 14',
    zip_code: '8260',
    lat: 56.1213,
    lng: 10.1578,
    currency: 'DKK',
    industry: 'manufacturing',
    variant: 'standard',
    registration: 'pending',
  },
  {
    name: 'Kedai Tenun Sdn Bhd',
    email: 'aisyah@kedai-tenun.example',
    first_name: 'Aisyah',
    last_name: 'Rahman',
    country: 'MY',
    city: 'Kota Bharu',
    state: 'Kelantan',
    address: 'Jalan Sultan Ibrahim 22',
    zip_code: '15000',
    lat: 6.1254,
    lng: 102.2381,
    currency: 'MYR',
    industry: 'textiles',
    variant: 'bank_partner',
    registration: 'pending',
  },
  {
    name: 'Aegean Olive Press',
    email: 'nikos@aegean-olive.example',
    first_name: 'Nikos',
    last_name: 'Papadakis',
    country: 'GR',
    city: 'Kalamata',
    state: 'Peloponnese',
    address: 'Odos Aristomenous 40',
    zip_code: '241 00',
    lat: 37.0389,
    lng: 22.1142,
    currency: 'EUR',
    industry: 'food',
    variant: 'standard',
    registration: 'pending',
  },
  {
    name: 'Quick Flip Trading',
    email: 'sam@quickflip-trading.example',
    first_name: 'Sam',
    last_name: 'Turner',
    country: 'GB',
    city: 'Leeds',
    state: 'England',
    address: '12 Kirkgate',
    zip_code: 'LS1 6BY',
    lat: 53.7965,
    lng: -1.5399,
    currency: 'GBP',
    industry: 'retail',
    variant: 'standard',
    registration: 'rejected',
    reason: 'No company registration number could be verified.',
  },
  {
    name: 'Rhein Metallrecycling GmbH',
    email: 'jonas@rhein-metall.example',
    first_name: 'Jonas',
    last_name: 'Becker',
    country: 'DE',
    city: 'Cologne',
    state: 'North Rhine-Westphalia',
    address: 'Deutz-Mülheimer Str. 30',
    zip_code: '51063',
    lat: 50.9474,
    lng: 6.9887,
    currency: 'EUR',
    industry: 'waste_management',
    variant: 'standard',
    registration: 'accepted',
    subscription: [-60, 120],
  },
  {
    name: 'Lagoon Seafood Processing',
    email: 'giulia@lagoon-seafood.example',
    first_name: 'Giulia',
    last_name: 'Ferri',
    country: 'IT',
    city: 'Venice',
    state: 'Veneto',
    address: 'Via della Pila 5, Marghera',
    zip_code: '30175',
    lat: 45.4721,
    lng: 12.2459,
    currency: 'EUR',
    industry: 'food',
    variant: 'standard',
    registration: 'accepted',
    subscription: [-150, 20],
  },
  {
    name: 'Carpați Wood Works SRL',
    email: 'andrei@carpati-wood.example',
    first_name: 'Andrei',
    last_name: 'Popescu',
    country: 'RO',
    city: 'Brașov',
    state: 'Brașov',
    address: 'Strada Zizinului 110',
    zip_code: '500407',
    lat: 45.6346,
    lng: 25.6245,
    currency: 'RON',
    industry: 'manufacturing',
    variant: 'standard',
    registration: 'accepted',
    subscription: [-9, 5],
  },
  {
    name: 'Desert Build Supplies LLC',
    email: 'omar@desert-build.example',
    first_name: 'Omar',
    last_name: 'Haddad',
    country: 'AE',
    city: 'Sharjah',
    state: 'Sharjah',
    address: 'Industrial Area 6',
    zip_code: '00000',
    lat: 25.3135,
    lng: 55.4177,
    currency: 'AED',
    industry: 'construction',
    variant: 'standard',
    registration: 'accepted',
    subscription: [-24, -10],
  },
  {
    name: 'Batik Lestari Enterprise',
    email: 'mei@batik-lestari.example',
    first_name: 'Mei Ling',
    last_name: 'Tan',
    country: 'MY',
    city: 'George Town',
    state: 'Penang',
    address: 'Lebuh Pantai 18',
    zip_code: '10300',
    lat: 5.4164,
    lng: 100.3422,
    currency: 'MYR',
    industry: 'textiles',
    variant: 'bank_partner',
    registration: 'accepted',
    subscription: [10, 24],
  },
];

const companyStatus: Record<RegistrationStatus, CompanyStatus> = { pending: 'pending', accepted: 'approved', rejected: 'rejected' };

async function alreadySeeded(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ key: app_meta.key }).from(app_meta).where(eq(app_meta.key, DEMO_REGISTRATIONS_META_KEY));
  return !!row;
}

/** Seeds once; skips companies whose user email exists (e.g. seeded by hand). */
export async function seedDemoRegistrations(db: Db, opts: { password?: string; now?: Date } = {}): Promise<{ seeded: boolean }> {
  if (await alreadySeeded(db)) return { seeded: false };
  const password_hash = await hashPassword(opts.password ?? 'Synergy!2026');
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    if (await alreadySeeded(tx)) return { seeded: false };
    const groups = await tx
      .select({ id: material_groups.id })
      .from(material_groups)
      .orderBy(asc(material_groups.sort_order), asc(material_groups.id))
      .limit(6);
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).limit(1);
    const [initial] = await tx
      .select({ id: subscription_plans.id, duration: subscription_plans.duration_days })
      .from(subscription_plans)
      .where(and(eq(subscription_plans.kind, 'initial'), eq(subscription_plans.is_builtin, true)))
      .limit(1);
    const [extension] = await tx
      .select({ id: subscription_plans.id })
      .from(subscription_plans)
      .where(and(eq(subscription_plans.kind, 'extension'), eq(subscription_plans.is_builtin, true)))
      .limit(1);

    const lookups: RegistrationLookups = { now, password_hash, groups, admin, initial, extension };
    for (const [i, d] of DEMO.entries()) await seedRegistration(tx, lookups, d, i);
    await tx.insert(app_meta).values({ key: DEMO_REGISTRATIONS_META_KEY, value: { seeded_at: now.toISOString(), companies: DEMO.length } });
    return { seeded: true };
  });
}

interface RegistrationLookups {
  now: Date;
  password_hash: string;
  groups: { id: number }[];
  admin: { id: number } | undefined;
  initial: { id: number } | undefined;
  extension: { id: number } | undefined;
}

/** One company's registration, decided or not, with its manager and the mail a rejection sent. */
async function seedRegistration(
  tx: Tx,
  { now, password_hash, groups, admin, initial, extension }: RegistrationLookups,
  d: (typeof DEMO)[number],
  i: number,
): Promise<void> {
  const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.email, d.email)).limit(1);
  if (exists) return;
  const decidedAt = new Date(now.getTime() - (20 - i) * 86_400_000);
  const createdAt = new Date(decidedAt.getTime() - 2 * 86_400_000);
  const approved = d.registration === 'accepted';
  const onboarding = approved ? isoDate(decidedAt) : null;
  const [company] = await tx
    .insert(companies)
    .values({
      name: d.name,
      registered_company_name: d.variant === 'bank_partner' ? d.name : null,
      company_size: '11-50',
      industry: d.industry,
      contact_phone: '12345678',
      preferred_currency: d.currency,
      expectations: 'Find local partners for our by-products and buy secondary materials.',
      status: companyStatus[d.registration],
      is_bank_partner_customer: d.variant === 'bank_partner',
      onboarding_date: onboarding,
      member_since: onboarding,
      created_at: createdAt,
    })
    .returning({ id: companies.id });
  const companyId = company!.id;
  await tx.insert(company_addresses).values({
    company_id: companyId,
    address: d.address,
    city: d.city,
    state: d.state,
    zip_code: d.zip_code,
    country: d.country,
    latitude: d.lat,
    longitude: d.lng,
    is_primary: true,
  });
  if (groups.length >= 2) {
    await tx.insert(company_material_groups).values([
      { company_id: companyId, material_group_id: groups[i % groups.length]!.id, relation: 'interested' },
      { company_id: companyId, material_group_id: groups[(i + 1) % groups.length]!.id, relation: 'providing' },
    ]);
  }
  const [user] = await tx
    .insert(users)
    .values({
      username: d.email,
      email: d.email,
      first_name: d.first_name,
      last_name: d.last_name,
      role: 'MANAGER',
      company_id: companyId,
      preferred_currency: d.currency,
      language: d.country === 'DK' ? 'dk' : d.country === 'MY' ? 'my' : 'en',
      password_hash,
      is_demo: true,
    })
    .returning({ id: users.id });
  const planId = approved && d.subscription ? (d.subscription[0] > 0 ? extension?.id : initial?.id) : undefined;
  await tx.insert(registration_requests).values({
    company_id: companyId,
    user_id: user!.id,
    variant: d.variant,
    status: d.registration,
    designation: 'Managing director',
    expectations: 'Find local partners for our by-products and buy secondary materials.',
    reason: d.reason ?? null,
    subscription_plan_id: planId ?? null,
    reviewed_by_user_id: d.registration === 'pending' ? null : (admin?.id ?? null),
    reviewed_at: d.registration === 'pending' ? null : decidedAt,
    created_at: createdAt,
  });
  if (d.registration === 'rejected') {
    const [mail] = await tx
      .insert(mail_outbox)
      .values({
        to_address: d.email,
        subject: 'Your registration was not approved',
        text_body: `Hello ${d.first_name},\n\nWe are sorry, but the registration of ${d.name} was not approved.\n\nReason: ${d.reason}`,
        template: 'registration_rejected',
        language: 'en',
        data: { first_name: d.first_name, company_name: d.name, reason: d.reason },
      })
      .returning({ id: mail_outbox.id });
    await enqueue(tx, MAIL_JOB, { mail_id: mail!.id });
  }
  if (planId && d.subscription)
    await seedRegistrationSubscription(tx, { companyId, planId, subscription: d.subscription, decidedAt, now, adminId: admin?.id ?? null });
}

/** The plan an approval granted: its subscription and history (renewed, running, or since expired). */
async function seedRegistrationSubscription(
  tx: Tx,
  o: {
    companyId: number;
    planId: number;
    subscription: NonNullable<(typeof DEMO)[number]['subscription']>;
    decidedAt: Date;
    now: Date;
    adminId: number | null;
  },
): Promise<void> {
  const { companyId, planId, decidedAt, now } = o;
  const today = isoDate(now);
  const [from, to] = o.subscription;
  const start = addDays(today, from);
  const end = addDays(today, to);
  const expired = to < 0;
  const [sub] = await tx
    .insert(company_subscriptions)
    .values({
      company_id: companyId,
      subscription_plan_id: planId,
      assigned_date: decidedAt,
      activation_date: start,
      end_date: end,
      final_date_of_allowance: end,
      expired_recorded_at: expired ? now : null,
    })
    .returning({ id: company_subscriptions.id });
  const actions: SubscriptionAction[] = from > 0 ? ['RENEWED'] : expired ? ['ACTIVATED', 'EXPIRED'] : ['ACTIVATED'];
  for (const action of actions) {
    await tx.insert(subscription_history).values({
      company_id: companyId,
      company_subscription_id: sub!.id,
      subscription_plan_id: planId,
      action,
      start_date: start,
      end_date: end,
      actor_user_id: action === 'EXPIRED' ? null : o.adminId,
    });
  }
}
