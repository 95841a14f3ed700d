// Needs (wanted listings): a company says what it looks for, in a material group (or a code under it) and within a
// distance; suppliers find open needs near them and answer with a listing; a new listing that matches an open need
// tells the need's company at once (docs/decisions/0220). A need belongs to its company: others read it while open.
import { pageOf } from '../../../shared/schemas/_primitives';
import type { AnswerNeedInput, CreateNeedInput, OwnNeedsInput, SearchNeedsInput } from '../../../shared/schemas/needs';
import type { DbOrTx, Tx } from '../../db/client';
import { SUBCHAPTER_GROUP } from '../../db/seed/material-taxonomy';
import type { Deps } from '../../deps';
import type { CompanyActor } from '../../lib/actor';
import { AppError, fieldError } from '../../lib/errors';
import { materialGroupExists } from '../materials/service';
import * as notifications from '../notifications/service';
import * as users from '../users/service';
import * as repo from './repo';

const round3 = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);
const todayUtc = () => new Date().toISOString().slice(0, 10);

function shape<R extends { distance_km: number | null; created_at: Date; updated_at: Date }>(r: R) {
  return { ...r, distance_km: round3(r.distance_km), created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString() };
}

/**
 * The group and code a need is for, from whichever the caller sent (both: they must agree). A code that stands under
 * several groups (a split EWC sub-chapter such as 15 01 packaging) is taken under the group the need names; without
 * one, under the sub-chapter's home group (SUBCHAPTER_GROUP: Packaging for 15 01), else the lowest group id.
 */
async function resolveGroup(db: DbOrTx, input: CreateNeedInput): Promise<{ material_group_id: number; material_group_code: string | null }> {
  const code = input.material_group_code;
  if (!code) {
    if (!(await materialGroupExists(db, input.material_group_id!))) throw fieldError('material_group_id', 'listing.unknownGroup');
    return { material_group_id: input.material_group_id!, material_group_code: null };
  }
  const holders = await repo.groupsOfCode(db, code);
  if (!holders.length) throw fieldError('material_group_code', 'listing.unknownSubcategory');
  const closest = holders.filter((h) => h.depth === holders[0]!.depth);
  const home = /^\d{4}$/.test(code) ? SUBCHAPTER_GROUP[`${code.slice(0, 2)} ${code.slice(2)}`] : undefined;
  const named = input.material_group_id;
  // A group's own code names the whole group; a subcategory's is kept with the need.
  const picked =
    closest[0]!.depth === 0 ? closest[0] : named ? holders.find((h) => h.id === named) : (closest.find((h) => h.slug === home) ?? closest[0]);
  if (!picked || (named && named !== picked.id)) throw fieldError('material_group_code', 'listing.groupMismatch');
  return { material_group_id: picked.id, material_group_code: picked.depth === 0 ? null : code };
}

async function needValues(db: DbOrTx, input: CreateNeedInput): Promise<repo.NeedValues> {
  if (input.until && input.until < todayUtc()) throw fieldError('until', 'need.untilPast');
  return {
    title: input.title,
    description: input.description,
    ...(await resolveGroup(db, input)),
    quantity: input.quantity,
    unit: input.unit,
    max_distance_km: input.max_distance_km,
    until: input.until,
  };
}

/** The need with its matches: all of them for its own company, only the caller's own listings for anyone else. */
export async function getNeed(deps: Deps, actor: CompanyActor, input: { id: number }) {
  const center = actor.center !== undefined ? actor.center : await repo.companyPoint(deps.db, actor.company_id);
  const row = await repo.findNeed(deps.db, input.id, center);
  const own = row?.company_id === actor.company_id;
  if (!row || (!own && !row.is_open)) throw new AppError('NOT_FOUND');
  // The owner reads how far each match is from the need's place; a supplier from its own address.
  const from = own ? (row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null) : center;
  const matches = await repo.matchesOf(deps.db, row.id, from, own ? undefined : actor.company_id);
  return {
    ...shape(row),
    is_own: own,
    matches: matches.map((m) => ({ ...m, distance_km: round3(m.distance_km), created_at: m.created_at.toISOString() })),
  };
}
export type NeedDetail = Awaited<ReturnType<typeof getNeed>>;

/** POST api/needs: measured from the company's primary address; listings that already match are shown with it. */
export async function createNeed(deps: Deps, actor: CompanyActor, input: CreateNeedInput) {
  const id = await deps.db.transaction(async (tx) => {
    const values = await needValues(tx, input);
    const at = await repo.companyPoint(tx, actor.company_id);
    if (!at) throw fieldError('max_distance_km', 'need.addAddressFirst');
    const id = await repo.insertNeed(tx, { ...values, company_id: actor.company_id, created_by_user_id: actor.user_id, at });
    await repo.recordExistingMatches(tx, id);
    return id;
  });
  return getNeed(deps, actor, { id });
}

export async function updateNeed(deps: Deps, actor: CompanyActor, input: CreateNeedInput & { id: number }) {
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockNeed(tx, input.id);
    if (!locked || locked.company_id !== actor.company_id) throw new AppError('NOT_FOUND');
    await repo.updateNeed(tx, input.id, actor.company_id, await needValues(tx, input));
    await repo.recordExistingMatches(tx, input.id);
  });
  return getNeed(deps, actor, { id: input.id });
}

export async function deleteNeed(deps: Deps, actor: CompanyActor, input: { id: number }) {
  if (!(await repo.deleteNeed(deps.db, input.id, actor.company_id))) throw new AppError('NOT_FOUND');
  return { success: true as const, id: input.id };
}

/** GET api/needs: the company's own needs, open and closed, newest first. */
export async function listOwnNeeds(deps: Deps, actor: CompanyActor, input: OwnNeedsInput) {
  const { rows, total } = await repo.listOwn(deps.db, actor.company_id, input.page, input.size);
  return pageOf(rows.map(shape), total, input.page, input.size);
}

/** GET api/v2/needs: open needs of other companies near the caller, paged as the listing search pages. */
export async function searchNeeds(deps: Deps, actor: CompanyActor, input: SearchNeedsInput) {
  const center = actor.center !== undefined ? actor.center : await repo.companyPoint(deps.db, actor.company_id);
  const { rows, total, capped } = await repo.searchNeeds(deps.db, input, { center, company_id: actor.company_id });
  return { ...pageOf(rows.map(shape), total, input.page, input.size), total_capped: capped };
}

/** A supplier offers one of its active listings for an open need of another company; that company is told. */
export async function answerNeed(deps: Deps, actor: CompanyActor, input: AnswerNeedInput) {
  await deps.db.transaction(async (tx) => {
    const need = await repo.lockNeed(tx, input.id);
    if (!need || (need.company_id !== actor.company_id && !need.open)) throw new AppError('NOT_FOUND');
    if (need.company_id === actor.company_id) throw new AppError('BAD_REQUEST', { message: { code: 'need.ownNeed' } });
    const listing = await repo.ownActiveListing(tx, input.material_id, actor.company_id);
    if (!listing) throw fieldError('material_id', 'need.chooseOwnListing');
    if (!(await repo.insertAnswer(tx, { need_id: need.id, material_id: listing.id, message: input.message })))
      throw new AppError('CONFLICT', { message: { code: 'need.alreadyAnswered' } });
    await notifications.notify(tx, {
      user_ids: await users.companyUserIds(tx, [need.company_id]),
      type: 'new_materials',
      code: 'notification.needAnswered',
      params: { company: listing.company_name, need: need.title, title: listing.title },
      link: `/material/${listing.id}`,
    });
  });
  return getNeed(deps, actor, { id: input.id });
}

/**
 * In the transaction that created these listings: records the open needs they match and tells each need's company
 * once per listing and need (live, as any notification). Listings of a bulk upload come here from a job instead.
 */
export async function matchNewListings(tx: Tx, materialIds: readonly number[]): Promise<number> {
  const found = await repo.recordMatches(tx, materialIds);
  if (!found.length) return 0;
  const companyIds = [...new Set(found.map((f) => f.need_company_id))];
  const usersOf = new Map<number, number[]>();
  for (const c of companyIds) usersOf.set(c, await users.companyUserIds(tx, [c]));
  await notifications.notifyMany(
    tx,
    found
      .filter((f) => usersOf.get(f.need_company_id)?.length)
      .map((f) => ({
        user_ids: usersOf.get(f.need_company_id)!,
        type: 'new_materials' as const,
        code: 'notification.needMatched' as const,
        params: { need: f.need_title, title: f.title, company: f.company_name },
        link: `/material/${f.material_id}`,
      })),
  );
  return found.length;
}

// ---- for the demo seed (in its transaction) ------------------------------------------------------------------

/** Writes a need as POST api/needs would for this company and user, with the listings that already match. */
export async function seedNeed(tx: Tx, o: { company_id: number; user_id: number; input: CreateNeedInput; created_at: Date }) {
  const values = await needValues(tx, o.input);
  const at = await repo.companyPoint(tx, o.company_id);
  if (!at) throw new Error(`demo need ${o.input.title}: the company has no address`);
  const id = await repo.insertNeed(tx, { ...values, company_id: o.company_id, created_by_user_id: o.user_id, at, created_at: o.created_at });
  await repo.recordExistingMatches(tx, id);
  return { id, matches: await repo.matchesOf(tx, id, null) };
}
