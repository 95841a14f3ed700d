import { pageOf } from '../../../shared/schemas/_primitives';
import type { z } from 'zod';
import type { mailOutboxInput } from '../../../shared/schemas/admin';
import type { updateCompanyDatesInput } from '../../../shared/schemas/subscriptions';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import * as repo from './repo';

/** Mail waiting in (or sent from) the outbox, newest first. */
export async function outbox(deps: Deps, input: z.output<typeof mailOutboxInput>) {
  const { items, total } = await repo.listOutbox(deps.db, input);
  return pageOf(items, total, input.page, input.size);
}

/** Accepted companies' onboarding and member-since dates (SPEC §2 admin panel), editable by administrators. */
export async function updateCompany(deps: Deps, input: z.output<typeof updateCompanyDatesInput>) {
  const { id, ...dates } = input;
  const values = Object.fromEntries(Object.entries(dates).filter(([, v]) => v !== undefined)) as typeof dates;
  const row = Object.keys(values).length ? await repo.updateCompanyDates(deps.db, id, values) : await repo.findCompanyDates(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
