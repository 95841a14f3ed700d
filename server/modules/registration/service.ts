// Registration (both variants) and its review by administrators ("temporary accounts").
import { pageOf } from '../../../shared/schemas/_primitives';
import { isUniqueViolation } from '../../db/errors';
import type { z } from 'zod';
import { REGISTRATION_STATUSES, type Language, type RegistrationStatus } from '../../../shared/constants/enums';
import type { FieldErrors } from '../../../shared/errors';
import { isoDate } from '../../../shared/lib/subscription';
import {
  type BankPartnerRegistrationInput,
  type RegistrationInput,
  type registrationStatsInput,
  type reviewRegistrationInput,
  type temporaryAccountsInput,
} from '../../../shared/schemas/registration';
import type { Deps } from '../../deps';
import type { AdminActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import * as subscriptions from '../subscriptions/service';
import { isEmailTaken } from '../users/service';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

export type RegistrationVariant = 'standard' | 'bank_partner';

/** A unique-index violation, however the driver wraps it (postgres-js, PGlite, drizzle). */
/**
 * Creates the company (pending), its primary address, interests and offerings, its first user as MANAGER
 * and the registration request, with the "registration received" mail, in one transaction: a refused
 * request writes nothing.
 */
export async function register(deps: Deps, input: RegistrationInput | BankPartnerRegistrationInput, variant: RegistrationVariant) {
  const groupIds = [...new Set([...input.materials_interested, ...input.materials_providing])];
  const known = await repo.existingMaterialGroupIds(deps.db, groupIds);
  const fields: FieldErrors = {};
  if (input.materials_interested.some((id) => !known.has(id))) fields.materials_interested = { code: 'registration.unknownCategory' };
  if (input.materials_providing.some((id) => !known.has(id))) fields.materials_providing = { code: 'registration.unknownCategory' };
  if (Object.keys(fields).length) throw new AppError('VALIDATION', { fields });
  if (await isEmailTaken(deps.db, input.email)) throw new AppError('EMAIL_TAKEN', { fields: { email: { code: 'error.EMAIL_TAKEN' } } });

  const password_hash = await hashPassword(input.password);
  const bank = variant === 'bank_partner' ? (input as BankPartnerRegistrationInput) : null;
  const industryIsOther = input.industry.trim().toLowerCase() === 'other';
  let created: { request_id: number; company_id: number; user_id: number };
  try {
    created = await deps.db.transaction(async (tx) => {
      const submitted = await repo.insertRegistration(tx, {
        company: {
          name: input.company_name,
          registered_company_name: bank?.registered_company_name ?? null,
          company_size: input.company_size,
          industry: input.industry,
          custom_industry: industryIsOther ? (input.custom_industry ?? null) : null,
          website_url: bank?.website_url ?? null,
          company_license_number: input.company_license_number ?? null,
          company_license_expiry_date: input.company_license_expiry_date ?? null,
          tax_certificate_number: input.tax_certificate_number ?? null,
          contact_phone: input.contact_phone,
          country_calling_code: input.country_calling_code ?? null,
          expectations: input.expectations,
          preferred_currency: input.preferred_currency,
          status: 'pending',
          is_bank_partner_customer: variant === 'bank_partner',
        },
        address: {
          address: input.address,
          city: input.city,
          state: input.state,
          zip_code: input.zip_code,
          country: input.country,
          latitude: input.latitude!,
          longitude: input.longitude!,
          is_primary: true,
        },
        material_groups: [
          ...input.materials_interested.map((id) => ({ material_group_id: id, relation: 'interested' as const })),
          ...input.materials_providing.map((id) => ({ material_group_id: id, relation: 'providing' as const })),
        ],
        user: {
          username: input.email,
          email: input.email,
          first_name: input.first_name,
          last_name: input.last_name ?? null,
          official_role: input.designation ?? null,
          role: 'MANAGER',
          preferred_currency: input.preferred_currency,
          language: input.language,
          password_hash,
        },
        request: { variant, status: 'pending', designation: input.designation ?? null, expectations: input.expectations },
      });
      await deps.events.emit(tx, 'registration.submitted', {
        ...submitted,
        email: input.email,
        first_name: input.first_name,
        language: input.language,
        company_name: input.company_name,
      });
      return submitted;
    });
  } catch (err) {
    // Two registrations with one email at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', { fields: { email: { code: 'error.EMAIL_TAKEN' } } });
    throw err;
  }
  return { id: created.request_id, status: 'pending' as const };
}

// ---- Administrator ----

export async function listTemporaryAccounts(deps: Deps, input: z.output<typeof temporaryAccountsInput>) {
  const { items, total } = await repo.listTemporaryAccounts(deps.db, input);
  return pageOf(items, total, input.page, input.size);
}

export async function getTemporaryAccount(deps: Deps, id: number) {
  const row = await repo.findTemporaryAccount(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Approves or rejects a pending request, once: a second decision is a 409. Approval makes the company
 * approved with today's onboarding and member-since dates and, when a plan is given, starts it today.
 */
/** The payload of a decided registration's domain event. */
function decided(
  request: { id: number; company_id: number; user_id: number },
  user: { email: string; first_name: string; language: Language },
  company: { name: string },
) {
  return {
    request_id: request.id,
    company_id: request.company_id,
    user_id: request.user_id,
    email: user.email,
    first_name: user.first_name,
    language: user.language,
    company_name: company.name,
  };
}

export async function review(deps: Deps, actor: AdminActor, input: z.output<typeof reviewRegistrationInput>, now = new Date()) {
  const today = isoDate(now);
  await deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, input.id);
    if (!request) throw new AppError('NOT_FOUND');
    if (request.status !== 'pending')
      throw new AppError('CONFLICT', {
        message: { code: request.status === 'accepted' ? 'registration.alreadyAccepted' : 'registration.alreadyRejected' },
      });
    const { user, company } = await repo.findApplicant(tx, request);

    if (input.decision === 'approve') {
      const plan = input.subscription_plan_id ? await subscriptions.assignablePlan(tx, input.subscription_plan_id) : null;
      await repo.acceptRequest(tx, request, {
        subscription_plan_id: plan?.id ?? null,
        reviewed_by_user_id: actor.user_id,
        reviewed_at: now,
        reason: input.reason ?? null,
        today,
      });
      if (plan) await subscriptions.applyPlan(tx, { company_id: request.company_id, plan, mode: 'start_now', actor_user_id: actor.user_id, today });
      await deps.events.emit(tx, 'registration.approved', decided(request, user, company));
      await recordAudit(tx, actor, {
        action: 'registration.approve',
        entity: 'registration',
        entity_id: request.id,
        before: { status: request.status },
        after: { status: 'accepted', company_id: request.company_id, subscription_plan_id: plan?.id ?? null, reason: input.reason ?? null },
      });
    } else {
      await repo.rejectRequest(tx, request, { reason: input.reason!, reviewed_by_user_id: actor.user_id, reviewed_at: now });
      await deps.events.emit(tx, 'registration.rejected', { ...decided(request, user, company), reason: input.reason! });
      await recordAudit(tx, actor, {
        action: 'registration.reject',
        entity: 'registration',
        entity_id: request.id,
        before: { status: request.status },
        after: { status: 'rejected', company_id: request.company_id, reason: input.reason! },
      });
    }
  });
  return getTemporaryAccount(deps, input.id);
}

type StatusCounts = Record<RegistrationStatus, number> & { total: number };
const zeroCounts = (): StatusCounts => ({ pending: 0, accepted: 0, rejected: 0, total: 0 });

/** Counts by status and by day of submission (UTC) between start_date and end_date, both optional. */
export async function stats(deps: Deps, input: z.output<typeof registrationStatsInput>) {
  const rows = await repo.registrationCounts(deps.db, input);
  const byStatus = zeroCounts();
  const byDay = new Map<string, StatusCounts>();
  for (const r of rows) {
    const n = Number(r.n);
    if (!REGISTRATION_STATUSES.includes(r.status)) continue;
    byStatus[r.status] += n;
    byStatus.total += n;
    const d = byDay.get(r.day) ?? zeroCounts();
    d[r.status] += n;
    d.total += n;
    byDay.set(r.day, d);
  }
  const by_day = [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, c]) => ({ date, ...c }));
  // Months with registrations (UTC), for the statistics screen's monthly series.
  const byMonth = new Map<string, StatusCounts>();
  for (const d of by_day) {
    const m = byMonth.get(d.date.slice(0, 7)) ?? zeroCounts();
    for (const k of [...REGISTRATION_STATUSES, 'total'] as const) m[k] += d[k];
    byMonth.set(d.date.slice(0, 7), m);
  }
  return {
    start_date: input.start_date ?? null,
    end_date: input.end_date ?? null,
    by_status: byStatus,
    by_day,
    by_month: [...byMonth.entries()].map(([month, c]) => ({ month, ...c })),
  };
}
