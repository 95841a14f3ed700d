// Saved searches (docs/decisions/0221): a user names the database page's filters (its URL parameters) and may ask
// for a daily mail of new listings that match. The filters are read back exactly as the page reads its URL
// (shared/lib/marketplace-filters.ts) and run through the marketplace search itself, so a saved search finds what
// the page shows. The mail is a recurring job of the queue (claimed once a day) that writes through the outbox.
import { parseFilters, savedSearchParams, toSearchInput } from '../../../shared/lib/marketplace-filters';
import { SAVED_SEARCHES_MAX, type CreateSavedSearchInput } from '../../../shared/schemas/materials';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Env } from '../../env';
import type { CompanyActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { enqueueMails, publicUrl } from '../../lib/mail';
import * as repo from './repo';
import { searchPageQuery } from './search';

/** Listings a daily mail names by title; the count goes up to NEW_COUNT_MAX ("50 new listings"). */
export const MAIL_LISTINGS_SHOWN = 10;
const NEW_COUNT_MAX = 50;
/** Searches one run mails; more wait for the next day's run (they are taken oldest-checked first). */
const RUN_LIMIT = 2_000;

/** The filters as the page's URL parameters, normalized: defaults, unknown keys, page and view left out. */
export function normalizeFilters(filters: CreateSavedSearchInput['filters']): Record<string, string> {
  const query =
    typeof filters === 'string'
      ? filters.replace(/^\?/, '')
      : new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v)])).toString();
  return savedSearchParams(parseFilters(query));
}

const queryOf = (filters: Record<string, string>) => new URLSearchParams(filters).toString();

function shape(row: { id: number; name: string; filters: Record<string, string>; notify: boolean; created_at: Date }) {
  const query = queryOf(row.filters);
  return {
    id: row.id,
    name: row.name,
    filters: row.filters,
    query,
    link: `/database${query ? `?${query}` : ''}`,
    notify: row.notify,
    created_at: row.created_at.toISOString(),
  };
}

export async function createSavedSearch(deps: Deps, actor: CompanyActor, input: CreateSavedSearchInput) {
  const filters = normalizeFilters(input.filters);
  return deps.db.transaction(async (tx) => {
    // Serialized per user with the count so two quick saves cannot pass the limit together.
    await repo.lockSavedSearchesOf(tx, actor.user_id);
    if ((await repo.countSavedSearches(tx, actor.user_id)) >= SAVED_SEARCHES_MAX)
      throw new AppError('CONFLICT', { message: { code: 'savedSearch.tooMany', params: { max: SAVED_SEARCHES_MAX } } });
    const row = await repo.insertSavedSearch(tx, {
      user_id: actor.user_id,
      company_id: actor.company_id,
      name: input.name,
      filters,
      notify: input.notify,
    });
    return shape(row);
  });
}

export async function listSavedSearches(deps: Deps, actor: CompanyActor) {
  const rows = await repo.listSavedSearches(deps.db, actor.user_id);
  return { items: rows.map(shape) };
}

export async function deleteSavedSearch(deps: Deps, actor: CompanyActor, input: { id: number }) {
  if (!(await repo.deleteSavedSearch(deps.db, input.id, actor.user_id))) throw new AppError('NOT_FOUND');
  return { success: true as const, id: input.id };
}

/**
 * The daily job's work, in its transaction: every saved search with mail on that was last checked a day ago or more
 * gets the listings created since, newest first, through the marketplace search of its filters (the owner's own
 * listings left out); a mail when there are any; and is checked now, mail or not.
 */
export async function sendSavedSearchMails(tx: Tx, env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, now = new Date()) {
  // A little under a day, so a run that starts a few minutes early the next day still takes it.
  const due = await repo.claimDueSavedSearches(tx, new Date(now.getTime() - 23 * 3_600_000), RUN_LIMIT);
  const mails: Parameters<typeof enqueueMails<'saved_search'>>[1][number][] = [];
  for (const s of due) {
    const center = await repo.findCompanyCenter(tx, s.company_id);
    const input = { ...toSearchInput(parseFilters(queryOf(s.filters))), page: 0, size: NEW_COUNT_MAX, sort: 'newest' as const, include_own: false };
    const rows = (await searchPageQuery(tx, input, { center, company_id: s.company_id, walk: false })).filter(
      (r) => new Date(r.created_at).getTime() > s.checked_at.getTime(),
    );
    if (!rows.length) continue;
    const query = queryOf({ ...s.filters, sort: 'newest' });
    mails.push({
      to: s.email,
      template: 'saved_search',
      language: s.language,
      data: {
        first_name: s.first_name,
        name: s.name,
        count: rows.length,
        listings: rows
          .slice(0, MAIL_LISTINGS_SHOWN)
          .map((r) => `• ${r.title}${r.city ? ` (${r.city})` : ''}\n  ${publicUrl(env, `/material/${r.id}`)}`)
          .join('\n'),
        url: publicUrl(env, `/database?${query}`),
      },
    });
  }
  await repo.markSavedSearchesChecked(
    tx,
    due.map((s) => s.id),
    now,
  );
  const queued = await enqueueMails(tx, mails);
  return { searches: due.length, mails_queued: queued };
}
