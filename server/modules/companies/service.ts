// Companies: the public list and page (SPEC §7 api/companies), the manager's company save (SPEC §5 "Company save",
// docs/decisions/0062), and administrators' company list and edit (docs/decisions/0065).
import type { z } from 'zod';
import { COMPANY_DATA_TEXT, normalizeCompanySave, withOnePrimary } from '../../../shared/lib/company';
import { daysLeft, isoDate } from '../../../shared/lib/subscription';
import { pageOf } from '../../../shared/schemas/_primitives';
import {
  customIndustryIssue,
  type adminCompaniesInput,
  type listCompaniesInput,
  type updateCompanyDatesInput,
  type updateCompanyInput,
} from '../../../shared/schemas/companies';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { AdminActor, CompanyActor, UserActor } from '../../lib/actor';
import { AppError, fieldError } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
import { storeProfileImage } from '../../lib/images';
import { removeStoredFiles } from '../../lib/uploads';
import { recordAudit } from '../audit/service';
import * as materials from '../materials/service';
import * as users from '../users/service';
import * as repo from './repo';

function toAdminItem(row: repo.AdminCompanyRow, today: string) {
  const {
    subscription_status,
    current_id,
    current_plan_id,
    current_plan_name,
    current_activation_date,
    current_end_date,
    manager_id,
    manager_email,
    manager_first_name,
    manager_last_name,
    total: _total,
    image_key,
    ...company
  } = row;
  const current =
    current_id !== null && current_plan_id !== null && current_plan_name !== null && current_activation_date !== null && current_end_date !== null
      ? {
          id: current_id,
          subscription_plan_id: current_plan_id,
          plan_name: current_plan_name,
          activation_date: current_activation_date,
          end_date: current_end_date,
          days_left: daysLeft({ activation_date: current_activation_date, end_date: current_end_date }, today),
        }
      : null;
  const manager =
    manager_id !== null && manager_email !== null
      ? { id: manager_id, email: manager_email, first_name: manager_first_name, last_name: manager_last_name }
      : null;
  return { ...company, image_url: fileUrl(image_key), subscription: { status: subscription_status, current }, manager };
}

/** SPEC §7 GET admin/companies: one page of companies, each with its current plan and status, in one query. */
export async function listForAdmin(deps: Deps, _actor: AdminActor, input: z.output<typeof adminCompaniesInput>, now = new Date()) {
  const today = isoDate(now);
  const { rows, total } = await repo.listCompaniesForAdmin(deps.db, { ...input, today });
  return pageOf(
    rows.map((r) => toAdminItem(r, today)),
    total,
    input.page,
    input.size,
  );
}

/** The caller's own company addresses (the listing editor's address select); never another company's. */
export async function listMyAddresses(deps: Deps, actor: CompanyActor) {
  return { items: await repo.listCompanyAddresses(deps.db, actor.company_id) };
}

// ---- the public list and page ------------------------------------------------------------------------------

/** `GET api/companies`: approved companies by name, paged (`items` always present, SPEC §8). */
export async function listCompanies(deps: Deps, _actor: UserActor, input: z.output<typeof listCompaniesInput>) {
  const { rows, total } = await repo.listApprovedCompanies(deps.db, input);
  return pageOf(
    rows.map(({ total: _t, image_key, ...r }) => ({ ...r, image_url: fileUrl(image_key) })),
    total,
    input.page,
    input.size,
  );
}

/** The company's own users and administrators read the private fields (licence, tax, registration data). */
const readsPrivate = (actor: UserActor, companyId: number) => actor.role === 'ADMIN' || actor.company_id === companyId;

async function companyView(db: DbOrTx, actor: UserActor, row: repo.CompanyRow) {
  const [addresses, groups, people, parents] = await Promise.all([
    repo.listCompanyAddresses(db, row.id),
    repo.companyMaterialGroups(db, row.id),
    users.publicCompanyUsers(db, row.id),
    repo.companyRefs(db, row.parent_company_id ? [row.parent_company_id] : []),
  ]);
  const parent = parents[0] ? { id: parents[0].id, name: parents[0].name } : null;
  const pick = (relation: 'interested' | 'providing') => groups.filter((g) => g.relation === relation).map(({ id, name }) => ({ id, name }));
  const publicView = {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    company_size: row.company_size,
    industry: row.industry,
    custom_industry: row.custom_industry,
    main_business: row.main_business,
    website_url: row.website_url,
    contact_phone: row.contact_phone,
    country_calling_code: row.country_calling_code,
    about_info: row.about_info,
    image_url: fileUrl(row.image_key),
    image_name: row.image_name,
    is_parent_company: row.is_parent_company,
    parent_company: parent,
    member_since: row.member_since,
    created_at: row.created_at.toISOString(),
    addresses,
    materials_interested: pick('interested'),
    materials_providing: pick('providing'),
    users: people,
  };
  if (!readsPrivate(actor, row.id)) return { ...publicView, private: false as const };
  return {
    ...publicView,
    private: true as const,
    status: row.status,
    registered_company_name: row.registered_company_name,
    business_registration_number: row.business_registration_number,
    company_license_number: row.company_license_number,
    company_license_expiry_date: row.company_license_expiry_date,
    tax_certificate_number: row.tax_certificate_number,
    expectations: row.expectations,
    preferred_currency: row.preferred_currency,
    onboarding_date: row.onboarding_date,
    is_bank_partner_customer: row.is_bank_partner_customer,
  };
}
export type CompanyView = Awaited<ReturnType<typeof companyView>>;

/**
 * `GET api/companies/{id}`: public fields to any signed-in user for an approved company; private ones to the
 * company's own users and administrators. Pending or rejected companies read as not found to everyone else.
 */
export async function getCompany(deps: Deps, actor: UserActor, input: { id: number }) {
  const row = await repo.findCompany(deps.db, input.id);
  if (!row || (row.status !== 'approved' && !readsPrivate(actor, row.id))) throw new AppError('NOT_FOUND');
  return companyView(deps.db, actor, row);
}

// ---- company save (managers) -------------------------------------------------------------------------------

/** The columns a company save writes (the manager's fields; administrators write these and a few more). */
const EDITABLE = ['name', 'company_size', ...COMPANY_DATA_TEXT] as const;
type EditableKey = (typeof EDITABLE)[number];
type EditableInput = Partial<Record<EditableKey, string | null | undefined>>;

/**
 * SPEC §5 "Company save" on the stored record merged with the change: empty optional texts null, the phone kept
 * only with a calling code, the custom industry only for "other" (and then at least 2 characters). Returns the
 * columns that change.
 */
function savedColumns(before: repo.CompanyRow, input: EditableInput): repo.CompanyChanges {
  const merged: Record<EditableKey, string | null> = Object.fromEntries(
    EDITABLE.map((k) => [k, input[k] === undefined ? (before[k] as string | null) : (input[k] ?? null)]),
  ) as Record<EditableKey, string | null>;
  if (customIndustryIssue(merged)) throw fieldError('custom_industry', 'registration.customIndustryTooShort', { min: 2 });
  const saved = normalizeCompanySave(merged);
  const changes: Record<string, unknown> = {};
  for (const k of EDITABLE) if (saved[k] !== before[k]) changes[k] = saved[k];
  return changes as repo.CompanyChanges;
}

async function assertGroupsExist(db: DbOrTx, input: { materials_interested?: number[]; materials_providing?: number[] }) {
  const ids = [...(input.materials_interested ?? []), ...(input.materials_providing ?? [])];
  const known = await repo.existingMaterialGroupIds(db, ids);
  for (const key of ['materials_interested', 'materials_providing'] as const) {
    if (input[key]?.some((id) => !known.has(id))) throw fieldError(key, 'registration.unknownCategory');
  }
}

type AddressInput = NonNullable<z.output<typeof updateCompanyInput>['addresses']>[number];

/**
 * The address list as given replaces the company's: known ids are updated (their listings move with them),
 * new ones added, missing ones removed unless active listings use them. Exactly one primary: the first flagged.
 */
async function saveAddresses(tx: DbOrTx, companyId: number, given: AddressInput[]) {
  const current = await repo.listCompanyAddresses(tx, companyId);
  const known = new Map(current.map((a) => [a.id, a]));
  given.forEach((a, i) => {
    if (a.id !== undefined && !known.has(a.id)) throw fieldError(`addresses.${i}.id`, 'company.addressNotOwned');
  });
  const keptIds = new Set(given.map((a) => a.id).filter((id): id is number => id !== undefined));
  const removed = current.filter((a) => !keptIds.has(a.id)).map((a) => a.id);
  const inUse = await materials.activeListingsAt(tx, removed);
  const busy = removed.find((id) => (inUse.get(id) ?? 0) > 0);
  if (busy !== undefined) throw fieldError('addresses', 'company.addressInUse', { count: inUse.get(busy)! });
  // Delete first, then clear every primary flag before setting the one: at no moment are two addresses primary.
  await repo.deleteAddresses(tx, companyId, removed);
  for (const a of withOnePrimary(given)) {
    const values: repo.AddressValues = {
      address: a.address,
      city: a.city,
      state: a.state ?? null,
      zip_code: a.zip_code,
      country: a.country,
      latitude: a.latitude!,
      longitude: a.longitude!,
      is_primary: a.is_primary,
    };
    if (a.id === undefined) {
      await repo.insertAddress(tx, companyId, values);
      continue;
    }
    const was = known.get(a.id)!;
    await repo.updateAddress(tx, companyId, a.id, values);
    if (was.latitude !== values.latitude || was.longitude !== values.longitude) {
      await materials.relocateListings(tx, a.id, values.latitude, values.longitude);
    }
  }
}

/**
 * `PUT api/companies/{id}` (the company's managers; another company's id reads as not found). Absent fields stay;
 * the save rules of SPEC §5 apply to the record as it will be stored. The logo is checked by its bytes (1 MB).
 */
export async function updateCompany(deps: Deps, actor: CompanyActor, input: z.output<typeof updateCompanyInput>) {
  if (input.id !== actor.company_id) throw new AppError('NOT_FOUND');
  const { id, image, addresses, materials_interested, materials_providing, ...fields } = input;
  const before = await repo.findCompany(deps.db, id);
  if (!before) throw new AppError('NOT_FOUND');
  await assertGroupsExist(deps.db, { materials_interested, materials_providing });
  const stored = image ? await storeProfileImage(deps, 'logos', image) : null;
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await repo.lockCompany(tx, id))) throw new AppError('NOT_FOUND');
      const current = (await repo.findCompany(tx, id))!;
      const changes = savedColumns(current, fields);
      if (stored) Object.assign(changes, { image_key: stored.key, image_name: stored.name });
      if (image === null) Object.assign(changes, { image_key: null, image_name: null });
      await repo.updateCompany(tx, id, changes);
      if (addresses) await saveAddresses(tx, id, addresses);
      if (materials_interested) await repo.replaceMaterialGroups(tx, id, 'interested', materials_interested);
      if (materials_providing) await repo.replaceMaterialGroups(tx, id, 'providing', materials_providing);
    });
  } catch (err) {
    if (stored) await removeStoredFiles(deps, [stored.key]);
    throw err;
  }
  if (image !== undefined && before.image_key) await removeStoredFiles(deps, [before.image_key]);
  return getCompany(deps, actor, { id });
}

// ---- administrators ----------------------------------------------------------------------------------------

/** `GET admin/companies/{id}`: the private view plus the group, the donations dashboard and bulk-upload state. */
export async function adminGetCompany(deps: Deps, actor: AdminActor, input: { id: number }) {
  const row = await repo.findCompany(deps.db, input.id);
  if (!row) throw new AppError('NOT_FOUND');
  const [view, portfolio, donations, bulk] = await Promise.all([
    companyView(deps.db, actor, row),
    repo.portfolioOf(deps.db, row.id),
    users.donationsAccessCounts(deps.db, row.id),
    materials.bulkAccessOf(deps.db, row.id),
  ]);
  return {
    ...view,
    status: row.status,
    onboarding_date: row.onboarding_date,
    parent_company_id: row.parent_company_id,
    portfolio_companies: portfolio,
    donations_dashboard: donations,
    bulk_upload_access: bulk,
  };
}

/** What an audit entry compares for a company: its columns, its portfolio, donations and bulk-upload state. */
async function auditState(db: DbOrTx, id: number) {
  const row = (await repo.findCompany(db, id))!;
  const { image_key: _k, created_at: _c, updated_at: _u, uuid: _id, ...columns } = row;
  const [portfolio, donations, bulk] = await Promise.all([
    repo.portfolioOf(db, id),
    users.donationsAccessCounts(db, id),
    materials.bulkAccessOf(db, id),
  ]);
  return {
    ...columns,
    portfolio_company_ids: portfolio.map((p) => p.id),
    donations_dashboard_users: donations.with_access,
    bulk_upload_access: bulk,
  };
}

/**
 * `PUT admin/companies/{id}`: the company's data (the same save rules as a manager's), onboarding
 * and member-since dates, the parent flag, its parent, its portfolio, the donations dashboard for all its users and
 * bulk-upload access, in one transaction with one audit entry holding what changed.
 */
export async function updateCompanyDates(deps: Deps, actor: AdminActor, input: z.output<typeof updateCompanyDatesInput>) {
  const {
    id,
    onboarding_date,
    member_since,
    is_parent_company,
    parent_company_id,
    portfolio_company_ids,
    donations_dashboard_access,
    bulk_upload_access,
    ...fields
  } = input;
  return deps.db.transaction(async (tx) => {
    if (!(await repo.lockCompany(tx, id))) throw new AppError('NOT_FOUND');
    const current = (await repo.findCompany(tx, id))!;
    const before = await auditState(tx, id);
    const changes = savedColumns(current, fields);
    if (onboarding_date !== undefined) changes.onboarding_date = onboarding_date;
    if (member_since !== undefined) changes.member_since = member_since;
    if (is_parent_company !== undefined) changes.is_parent_company = is_parent_company;
    const isParent = is_parent_company ?? current.is_parent_company;

    if (parent_company_id !== undefined && parent_company_id !== null) {
      if (parent_company_id === id) throw fieldError('parent_company_id', 'company.ownParent');
      const [parent] = await repo.companyRefs(tx, [parent_company_id]);
      if (!parent) throw fieldError('parent_company_id', 'field.invalidChoice');
      if (!parent.is_parent_company) throw fieldError('parent_company_id', 'company.notParentCompany');
      if (parent.parent_company_id === id || portfolio_company_ids?.includes(parent_company_id)) {
        throw fieldError('parent_company_id', 'company.parentInPortfolio');
      }
    }
    if (parent_company_id !== undefined) changes.parent_company_id = parent_company_id;

    if (portfolio_company_ids !== undefined) {
      if (!isParent && portfolio_company_ids.length) throw fieldError('portfolio_company_ids', 'company.portfolioNeedsParent');
      if (portfolio_company_ids.includes(id)) throw fieldError('portfolio_company_ids', 'company.parentInPortfolio');
      const found = await repo.companyRefs(tx, portfolio_company_ids);
      if (found.length !== portfolio_company_ids.length) throw fieldError('portfolio_company_ids', 'field.invalidChoice');
      const ownParent = parent_company_id !== undefined ? parent_company_id : current.parent_company_id;
      if (ownParent !== null && portfolio_company_ids.includes(ownParent)) throw fieldError('portfolio_company_ids', 'company.parentInPortfolio');
    }

    await repo.updateCompany(tx, id, changes);
    // A company that stops being a parent keeps no portfolio.
    if (portfolio_company_ids !== undefined) await repo.setPortfolio(tx, id, isParent ? portfolio_company_ids : []);
    else if (!isParent && current.is_parent_company) await repo.setPortfolio(tx, id, []);
    if (donations_dashboard_access !== undefined) await users.setDonationsAccessForCompany(tx, id, donations_dashboard_access);
    if (bulk_upload_access !== undefined) await materials.setBulkAccess(tx, id, bulk_upload_access, actor.user_id);

    const after = await auditState(tx, id);
    await recordAudit(tx, actor, { action: 'company.update', entity: 'company', entity_id: id, before, after });
    const row = (await repo.findCompany(tx, id))!;
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      onboarding_date: row.onboarding_date,
      member_since: row.member_since,
      is_parent_company: row.is_parent_company,
      parent_company_id: row.parent_company_id,
      portfolio_company_ids: after.portfolio_company_ids,
    };
  });
}
