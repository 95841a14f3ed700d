import type { z } from 'zod';
import { daysLeft, isoDate } from '../../../shared/lib/subscription';
import { pageOf } from '../../../shared/schemas/_primitives';
import type { adminCompaniesInput, updateCompanyDatesInput } from '../../../shared/schemas/companies';
import type { Deps } from '../../deps';
import type { AdminActor, CompanyActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { fileUrl } from '../../lib/files';
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
  const manager = manager_id !== null && manager_email !== null ? { id: manager_id, email: manager_email, first_name: manager_first_name, last_name: manager_last_name } : null;
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

/** Accepted companies' onboarding and member-since dates (SPEC §2 admin panel), editable by administrators. */
export async function updateCompanyDates(deps: Deps, input: z.output<typeof updateCompanyDatesInput>) {
  const { id, ...dates } = input;
  const values = Object.fromEntries(Object.entries(dates).filter(([, v]) => v !== undefined)) as typeof dates;
  const row = Object.keys(values).length ? await repo.updateCompanyDates(deps.db, id, values) : await repo.findCompanyDates(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The caller's own company addresses (the listing editor's address select); never another company's. */
export async function listMyAddresses(deps: Deps, actor: CompanyActor) {
  return { items: await repo.listCompanyAddresses(deps.db, actor.company_id) };
}
