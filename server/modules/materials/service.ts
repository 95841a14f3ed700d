// Listing use cases: search, detail, create/edit/status/delete, own lists, recommendations, bulk upload,
// admin views, and the new-listing notifications. Row-level rules (own company, kind by role) live here.
import {
  LISTING_CATEGORIES,
  type ListingCategory,
  type ListingKind,
  type ListingStatus,
  type MaterialGroupKind,
} from '../../../shared/constants/enums';
import { ratePercent, resolveStatsPeriod } from '../../../shared/lib/stats';
import type { AdminStatsInput } from '../../../shared/schemas/stats';
import { LIMITS } from '../../../shared/constants/limits';
import type { FieldErrors } from '../../../shared/errors';
import type { MessageCode } from '../../../shared/messages';
import { haversineKm, type LatLng } from '../../../shared/lib/geo';
import { pageOf } from '../../../shared/schemas/_primitives';
import { availableFor } from '../../../shared/lib/stock';
import { closestCodes } from '../../../shared/lib/closest';
import {
  normalizeMaterialCode,
  quantityUnitFor,
  type AdminMaterialsInput,
  type BulkUploadInput,
  type CreateMaterialInput,
  type ListingImageInput,
  type OwnMaterialsInput,
  type SearchMaterialsInput,
  type StatusAction,
  type UpdateMaterialInput,
} from '../../../shared/schemas/materials';
import type { DbOrTx, Tx } from '../../db/client';
import type { CacheBus, ReadCache } from '../../lib/cache';
import type { Deps } from '../../deps';
import type { AdminActor, CompanyActor } from '../../lib/actor';
import type { DomainEvents } from '../../lib/events';
import { AppError, fieldError } from '../../lib/errors';
import { dataUrlBytes } from '../../lib/uploads';
import { fileUrl } from '../../lib/files';
import { CSV_CELL_MAX, CSV_TEMPLATE_FILE_NAME, checkRow, csvTemplate, readCsv, type CsvRowError } from './csv';
import { canWriteKind, nextStatus, recommendationScore } from './policy';
import * as notifications from '../notifications/service';
import { recordAudit } from '../audit/service';
import * as repo from './repo';
import { searchPage, type searchPageQuery } from './search';

const round3 = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);

const NOT_POSSIBLE_WHEN: Record<ListingStatus, MessageCode> = {
  active: 'listing.notPossibleWhenActive',
  archived: 'listing.notPossibleWhenArchived',
  deactivated: 'listing.notPossibleWhenDeactivated',
};

function assertOwnCompany(actor: CompanyActor, companyId: number | undefined) {
  // SPEC §7 sends company_id in the query; it names who the caller acts for, so a mismatch is refused (403).
  if (companyId !== undefined && companyId !== actor.company_id) throw new AppError('FORBIDDEN');
}

// ---- search and detail -------------------------------------------------------------------------------------

type ListRow = Omit<Awaited<ReturnType<typeof searchPageQuery>>[number], 'total' | 'own_hidden'>;
type ListColumns = Pick<ListRow, 'image_key' | 'company_image_key' | 'distance_km'>;
/** Rows keep storage keys; responses carry URLs. */
function toListItem<R extends ListColumns>(r: R) {
  const { image_key, company_image_key, ...rest } = r;
  return { ...rest, image_url: fileUrl(image_key), company_image_url: fileUrl(company_image_key), distance_km: round3(r.distance_km) };
}
export type MaterialListItem = ReturnType<typeof toListItem<ListRow>>;

/** The viewer company's primary address: read with the token check, or looked up (callers without one). */
function viewerCenter(deps: Deps, actor: CompanyActor): Promise<LatLng | null> | LatLng | null {
  return actor.center !== undefined ? actor.center : repo.findCompanyCenter(deps.db, actor.company_id);
}

export async function searchMaterials(deps: Deps, actor: CompanyActor, input: SearchMaterialsInput) {
  const ctx = { center: await viewerCenter(deps, actor), company_id: actor.company_id };
  const { rows, count, own_hidden } = await searchPage(deps.database, input, ctx);
  return {
    ...pageOf(
      rows.map(({ total: _t, own_hidden: _o, far_edge: _f, ...r }) => toListItem(r)),
      count.total,
      input.page,
      input.size,
    ),
    total_capped: count.capped,
    own_hidden,
  };
}

/** A listing's detail as every viewer sees it (the distance and `is_own` are the viewer's own). */
function shapeDetail(d: repo.MaterialDetailRow) {
  const { company_status, images, sub_listings, ...row } = d;
  return {
    detail: {
      ...toListItem(row),
      images: images.map(({ storage_key, ...image }) => ({ url: fileUrl(storage_key), ...image })),
      // What an offer on each part can still ask for: the part's own rest, and no more than the listing's.
      sub_listings: sub_listings.map((s) => ({ ...s, available_quantity: availableFor(row, s) })),
    },
    company_status,
    at: row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null,
  };
}
type SharedDetail = ReturnType<typeof shapeDetail>;
const detailCaches = new WeakMap<CacheBus, ReadCache<SharedDetail>>();

/**
 * A listing's detail, the same for every viewer, from this instance's read cache (decision 0155): any change to
 * the listing, its photos, goals, sub-listings, its company or the company's addresses drops it everywhere.
 */
function sharedDetail(deps: Deps, id: number): Promise<SharedDetail | null> {
  let cache = detailCaches.get(deps.caches);
  if (!cache) detailCaches.set(deps.caches, (cache = deps.caches.cache('material_detail', { ttlMs: 30_000, max: 5_000 })));
  return cache.get(String(id), async () => {
    const row = await repo.findMaterialDetail(deps.db, id);
    return row && { value: shapeDetail(row), tags: [`m:${row.id}`, `c:${row.company_id}`] };
  });
}

/** Own listings in any state; others' only while active and their company approved. Otherwise 404. */
export async function getMaterial(deps: Deps, actor: CompanyActor, input: { id: number }) {
  const [found, center] = [await sharedDetail(deps, input.id), await viewerCenter(deps, actor)];
  if (!found) throw new AppError('NOT_FOUND');
  const own = found.detail.company_id === actor.company_id;
  if (!own && (found.detail.status !== 'active' || found.company_status !== 'approved')) throw new AppError('NOT_FOUND');
  // SPEC §9: great circle on a 6,371 km sphere, as the search gives it.
  const distance_km = center && found.at ? round3(haversineKm(center, found.at)) : null;
  return { ...found.detail, distance_km, is_own: own };
}
export type MaterialDetail = Awaited<ReturnType<typeof getMaterial>>;

export async function adminGetMaterial(deps: Deps, _actor: AdminActor, input: { id: number }) {
  const found = await sharedDetail(deps, input.id);
  if (!found) throw new AppError('NOT_FOUND');
  return { ...found.detail, distance_km: null, company_status: found.company_status, is_own: false };
}

// ---- writes ------------------------------------------------------------------------------------------------

/** Derives a consistent chain (group → level 1 → 2 → 3, code) from whatever the editor sent; ids win. */
/** A listing's category columns from its taxonomy chain (none: all null). Create and bulk upload alike. */
function taxonomyColumns(chain: repo.TaxonomyChain | null | undefined) {
  return {
    material_group_id: chain?.material_group_id ?? null,
    first_level_subcategory_id: chain?.first_level_subcategory_id ?? null,
    second_level_subcategory_id: chain?.second_level_subcategory_id ?? null,
    third_level_subcategory_id: chain?.third_level_subcategory_id ?? null,
    material_group_code: chain?.code ?? null,
  };
}

async function resolveTaxonomy(db: DbOrTx, input: CreateMaterialInput): Promise<repo.TaxonomyChain | null> {
  const { material_group_id: g, first_level_subcategory_id: f, second_level_subcategory_id: s, third_level_subcategory_id: t } = input;
  const code = input.material_group_code?.trim() || null;
  let chain: repo.TaxonomyChain | null;
  let field: string;
  if (t) [chain, field] = [await repo.chainFromThirdId(db, t), 'third_level_subcategory_id'];
  else if (s) [chain, field] = [await repo.chainFromSecondId(db, s), 'second_level_subcategory_id'];
  else if (f) [chain, field] = [await repo.chainFromFirstId(db, f), 'first_level_subcategory_id'];
  else if (code) [chain, field] = [await repo.chainFromCode(db, code), 'material_group_code'];
  else if (g) {
    if (!(await repo.materialGroupExists(db, g))) throw fieldError('material_group_id', 'listing.unknownGroup');
    return {
      material_group_id: g,
      first_level_subcategory_id: null,
      second_level_subcategory_id: null,
      third_level_subcategory_id: null,
      code: null,
    };
  } else return null;
  if (!chain) throw fieldError(field, 'listing.unknownSubcategory');
  const mismatch =
    (g && g !== chain.material_group_id && 'material_group_id') ||
    (f && f !== chain.first_level_subcategory_id && 'first_level_subcategory_id') ||
    (s && s !== chain.second_level_subcategory_id && 'second_level_subcategory_id');
  if (mismatch) throw fieldError(mismatch, 'listing.groupMismatch');
  return chain;
}

/**
 * Deletes the files of removed photos, except those another listing still shows (demo listings share photos).
 * Never throws: it also runs while another error is on its way out, and a leftover file is only an orphan.
 */
async function removeFiles(deps: Deps, keys: string[]) {
  if (!keys.length) return;
  const inUse = await repo.imageKeysInUse(deps.db, keys).catch((err: unknown) => {
    deps.logger.warn({ err, keys }, 'could not check which listing photos are still shown');
    return null;
  });
  if (!inUse) return;
  for (const key of keys) {
    if (inUse.has(key)) continue;
    await deps.storage.delete(key).catch((err: unknown) => deps.logger.warn({ err, key }, 'could not delete a listing photo'));
  }
}

interface ListingImage {
  storage_key: string;
  name: string;
}

/**
 * Existing photos arrive as the URLs responses gave out and are kept only if they already belong to this
 * listing (a URL cannot pull in someone else's file); new ones are stored after a magic-byte check. Returns
 * the final list and the keys of the files it created.
 */
async function storeImages(deps: Deps, images: ListingImageInput[], existing: ListingImage[]) {
  const known = new Map(existing.map((im) => [fileUrl(im.storage_key), im]));
  const created: string[] = [];
  const out: ListingImage[] = [];
  try {
    for (const [i, image] of images.entries()) {
      if ('url' in image) {
        const kept = known.get(image.url);
        if (!kept) throw fieldError(`images.${i}`, 'listing.photoNotOwned');
        out.push({ storage_key: kept.storage_key, name: kept.name });
        continue;
      }
      try {
        const stored = await deps.storage.put({
          folder: 'materials',
          name: image.name,
          body: dataUrlBytes(image.body),
          kind: 'image',
          maxBytes: LIMITS.listingPhotoBytes,
        });
        created.push(stored.key);
        out.push({ storage_key: stored.key, name: stored.name });
      } catch (err) {
        if (err instanceof AppError && (err.code === 'UNSUPPORTED_MEDIA_TYPE' || err.code === 'PAYLOAD_TOO_LARGE')) {
          throw new AppError(err.code, { fields: { [`images.${i}`]: err.detail } });
        }
        throw err;
      }
    }
  } catch (err) {
    await removeFiles(deps, created);
    throw err;
  }
  return { images: out, created };
}

/**
 * A donation is a listing of kind 'donation' with its own fields and approval flow: it is written only through the
 * donations module (api/donations), which keeps the listing and its donation row together (docs/decisions/0090).
 */
function refuseDonationListing(kind: ListingKind) {
  if (kind === 'donation') throw new AppError('BAD_REQUEST', { message: { code: 'listing.donationOwnFlow' } });
}

async function prepareWrite(deps: Deps, actor: CompanyActor, input: CreateMaterialInput) {
  if (!canWriteKind(actor.role, input.kind)) throw new AppError('FORBIDDEN');
  refuseDonationListing(input.kind);
  const address = await repo.findCompanyAddress(deps.db, actor.company_id, input.address_id);
  if (!address) throw fieldError('address_id', input.address_id ? 'listing.chooseOwnAddress' : 'listing.addAddressFirst');
  const chain = await resolveTaxonomy(deps.db, input);
  const sdgIds = [...new Set(input.sdg_goals)];
  if (sdgIds.length) {
    const found = new Set((await repo.existingSdgIds(deps.db, sdgIds)).map((r) => r.id));
    const missing = sdgIds.find((id) => !found.has(id));
    if (missing !== undefined) throw fieldError('sdg_goals', 'listing.unknownSdg', { id: missing });
  }
  const values = {
    kind: input.kind,
    title: input.title,
    description: input.description,
    category: input.category,
    ...taxonomyColumns(chain),
    frequency: input.frequency,
    address_id: address.id,
    latitude: address.latitude,
    longitude: address.longitude,
    quantity: input.quantity,
    quantity_unit: quantityUnitFor(input.category, await repo.materialGroupKind(deps.db, chain?.material_group_id ?? null)),
    condition: input.condition,
    type: input.type,
    final_use: input.final_use,
  };
  const subs = input.sub_listings.map((s) => ({ id: s.id, title: s.title, description: s.description ?? null, quantity: s.quantity }));
  return { values, sdgIds, subs };
}

export async function createMaterial(deps: Deps, actor: CompanyActor, input: CreateMaterialInput) {
  assertOwnCompany(actor, input.company_id);
  const { values, sdgIds, subs } = await prepareWrite(deps, actor, input);
  const { images, created } = await storeImages(deps, input.images, []);
  let row: { id: number; uuid: string };
  try {
    row = await deps.db.transaction(async (tx) => {
      const r = await repo.insertMaterial(tx, { ...values, company_id: actor.company_id, created_by_user_id: actor.user_id });
      await repo.replaceChildren(tx, r.id, { images, sdg_ids: sdgIds });
      await repo.syncSubListings(tx, r.id, { keep: [], add: subs.map(({ id: _id, ...v }) => v), remove: [] });
      await deps.events.emit(tx, 'materials.created', {
        company_id: actor.company_id,
        kind: values.kind,
        items: [{ material_id: r.id, material_group_id: values.material_group_id, title: values.title }],
      });
      return r;
    });
  } catch (err) {
    await removeFiles(deps, created);
    throw err;
  }
  return getMaterial(deps, actor, { id: row.id });
}

/** Another company's listing (or a uuid that does not match) reads as not found: ids leak nothing. */
async function loadOwn(deps: Deps, actor: CompanyActor, id: number, uuid?: string) {
  const head = await repo.findMaterialHead(deps.db, id);
  if (!head || head.company_id !== actor.company_id || (uuid && uuid !== head.uuid)) throw new AppError('NOT_FOUND');
  if (!canWriteKind(actor.role, head.kind)) throw new AppError('FORBIDDEN');
  return head;
}

export async function updateMaterial(deps: Deps, actor: CompanyActor, input: UpdateMaterialInput) {
  assertOwnCompany(actor, input.company_id);
  const head = await loadOwn(deps, actor, input.id, input.uuid);
  refuseDonationListing(head.kind);
  // A listing keeps its kind: a donation has its own approval flow.
  if (input.kind !== head.kind) throw fieldError('kind', 'listing.kindFixed');
  const { values, sdgIds, subs } = await prepareWrite(deps, actor, input);
  const before = await repo.findImages(deps.db, head.id);
  const { images, created } = await storeImages(deps, input.images, before);
  try {
    await deps.db.transaction(async (tx) => {
      // A delete that committed meanwhile makes this a 404, not a foreign-key error on the children. The stock lock
      // orders the edit with acceptances, so the reserved figures it checks against stay true until it commits.
      const stock = await repo.lockStock(tx, head.id);
      if (!stock) throw new AppError('NOT_FOUND');
      checkKeepsReservations(values.quantity, stock);
      const plan = await planSubListings(tx, stock, subs);
      await repo.updateMaterial(tx, head.id, values);
      await repo.replaceChildren(tx, head.id, { images, sdg_ids: sdgIds });
      await repo.syncSubListings(tx, head.id, plan);
    });
  } catch (err) {
    await removeFiles(deps, created);
    throw err;
  }
  const kept = new Set(images.map((i) => i.storage_key));
  await removeFiles(
    deps,
    before.map((b) => b.storage_key).filter((k) => !kept.has(k)),
  );
  return getMaterial(deps, actor, { id: head.id });
}

/**
 * An edit may not list less than accepted offers reserve (docs/decisions/0175), unless it does not lower the
 * quantity: a listing over-committed before reservations existed can still be edited without raising it.
 */
function checkKeepsReservations(quantity: number, stock: repo.ListingStock) {
  if (quantity < stock.reserved_quantity && quantity < stock.quantity) {
    const message = { code: 'listing.quantityBelowReserved' as const, params: { reserved: stock.reserved_quantity } };
    throw new AppError('CONFLICT', { message, fields: { quantity: message } });
  }
}

type SubListingEdit = repo.SubListingValues & { id?: number };

/**
 * Which sub-listings an edit keeps, adds and removes. A sub-listing is kept by its id, or (for a caller that sends
 * none, as older clients did) by its title; offers name sub-listings, so a kept one keeps its row. One that a pending
 * offer names or that accepted offers reserve cannot be removed, nor lowered below what is reserved of it (409).
 */
async function planSubListings(tx: Tx, stock: repo.ListingStock, subs: SubListingEdit[]) {
  const existing = new Map(stock.sub_listings.map((s) => [s.id, s]));
  const keep: (repo.SubListingValues & { id: number })[] = [];
  const add: repo.SubListingValues[] = [];
  const taken = new Set<number>();
  for (const [i, sub] of subs.entries()) {
    const { id: wanted, ...values } = sub;
    const match =
      (wanted !== undefined && existing.has(wanted) && !taken.has(wanted) ? existing.get(wanted) : undefined) ??
      (wanted === undefined ? stock.sub_listings.find((s) => !taken.has(s.id) && s.title === values.title) : undefined);
    if (!match) {
      add.push(values);
      continue;
    }
    taken.add(match.id);
    if (values.quantity < match.reserved_quantity && values.quantity < match.quantity) {
      const message = { code: 'listing.subListingBelowReserved' as const, params: { reserved: match.reserved_quantity, title: match.title } };
      throw new AppError('CONFLICT', { message, fields: { [`sub_listings.${i}.quantity`]: message } });
    }
    keep.push({ id: match.id, ...values });
  }
  const removed = stock.sub_listings.filter((s) => !taken.has(s.id));
  const pending = await repo.subListingsWithPendingOffers(
    tx,
    removed.map((s) => s.id),
  );
  const blocked = removed.find((s) => s.reserved_quantity > 0 || pending.has(s.id));
  if (blocked) throw new AppError('CONFLICT', { message: { code: 'listing.subListingReserved', params: { title: blocked.title } } });
  return { keep, add, remove: removed.map((s) => s.id) };
}

export async function setMaterialStatus(deps: Deps, actor: CompanyActor, input: { id: number; action: StatusAction }) {
  const head = await loadOwn(deps, actor, input.id);
  // A donation's listing status follows the donation's (shared/machines/donation.ts).
  refuseDonationListing(head.kind);
  const to = nextStatus(head.status, input.action);
  if (!to) throw new AppError('CONFLICT', { message: { code: NOT_POSSIBLE_WHEN[head.status] } });
  if (!(await repo.setStatus(deps.db, head.id, head.status, to))) throw new AppError('CONFLICT');
  return { id: head.id, status: to };
}

export async function deleteMaterial(deps: Deps, actor: CompanyActor, input: { id: number }) {
  const head = await loadOwn(deps, actor, input.id);
  refuseDonationListing(head.kind);
  const images = await repo.findImages(deps.db, head.id);
  // Of concurrent deletes, one deletes and the others answer 404.
  if (!(await deps.db.transaction((tx) => repo.deleteMaterial(tx, head.id)))) throw new AppError('NOT_FOUND');
  await removeFiles(
    deps,
    images.map((i) => i.storage_key),
  );
  return { success: true as const, id: head.id };
}

// ---- donation listings (written for the donations module, docs/decisions/0090) ------------------------------

/** What a donation's listing shows; the rest of a listing's required fields are fixed for donations. */
export interface DonationListingValues {
  title: string;
  description: string;
  purpose: string;
  material_group_id: number | null;
  quantity_kg: number | null;
  status: ListingStatus;
}

function donationListingRow(v: DonationListingValues) {
  return {
    kind: 'donation' as const,
    title: v.title,
    description: v.description,
    category: 'surplus' as const,
    material_group_id: v.material_group_id,
    first_level_subcategory_id: null,
    second_level_subcategory_id: null,
    third_level_subcategory_id: null,
    material_group_code: null,
    frequency: 'one-off' as const,
    // The listing's integer quantity is the donation's kilograms, rounded; the donation row keeps the exact figure.
    quantity: Math.round(v.quantity_kg ?? 0),
    quantity_unit: 'kg' as const,
    condition: 'As described',
    type: 'Donation',
    final_use: v.purpose.slice(0, 100),
    status: v.status,
  };
}

/** The company's primary address, where a donation's listing stands; a field error when the company has none. */
export async function donationAddress(db: DbOrTx, companyId: number) {
  const address = await repo.findCompanyAddress(db, companyId, null);
  if (!address) throw fieldError('address_id', 'listing.addAddressFirst');
  return address;
}

/** Whether the material group exists (a donation names its group for the CO2e at hand-over, a need the group it wants). */
export function materialGroupExists(db: DbOrTx, id: number) {
  return repo.materialGroupExists(db, id);
}

/**
 * Stores a donation's photos exactly as a listing's (same limits, magic-byte check, URLs of its own photos kept);
 * returns the final list, the files created (to discard if the write fails) and the files no longer shown.
 */
export async function storeDonationPhotos(deps: Deps, materialId: number | null, images: ListingImageInput[]) {
  const before = materialId === null ? [] : await repo.findImages(deps.db, materialId);
  const { images: out, created } = await storeImages(deps, images, before);
  const kept = new Set(out.map((i) => i.storage_key));
  return { images: out, created, dropped: before.map((b) => b.storage_key).filter((k) => !kept.has(k)) };
}

/** Deletes photo files no listing shows any more (after a failed write, or the ones an edit removed). */
export function discardPhotos(deps: Deps, keys: string[]) {
  return removeFiles(deps, keys);
}

export async function createDonationListing(
  tx: Tx,
  x: {
    company_id: number;
    created_by_user_id: number;
    address: { id: number; latitude: number | null; longitude: number | null };
    values: DonationListingValues;
    images: ListingImage[];
  },
) {
  const row = await repo.insertMaterial(tx, {
    ...donationListingRow(x.values),
    company_id: x.company_id,
    created_by_user_id: x.created_by_user_id,
    address_id: x.address.id,
    latitude: x.address.latitude,
    longitude: x.address.longitude,
  });
  await repo.replaceChildren(tx, row.id, { images: x.images, sdg_ids: [] });
  return row;
}

export async function updateDonationListing(tx: Tx, materialId: number, values: DonationListingValues, images: ListingImage[]) {
  await repo.updateMaterial(tx, materialId, donationListingRow(values));
  await repo.replaceChildren(tx, materialId, { images, sdg_ids: [] });
}

/** Moves a donation's listing to the status its donation's state implies (LISTING_STATUS_OF_DONATION). */
export async function setDonationListingStatus(tx: Tx, materialId: number, status: ListingStatus) {
  await repo.updateMaterial(tx, materialId, { status });
}

// ---- lists -------------------------------------------------------------------------------------------------

export async function listOwnMaterials(deps: Deps, actor: CompanyActor, input: OwnMaterialsInput) {
  const kinds: ListingKind[] = input.kind === 'all' ? ['offering', 'donation'] : [input.kind];
  const where = repo.ownListWhere(actor.company_id, kinds, input.status);
  const [items, total] = await Promise.all([repo.listPage(deps.db, where, input.page, input.size), repo.countWhere(deps.db, where)]);
  return pageOf(items.map(toListItem), total, input.page, input.size);
}

export async function activeCountryCodes(deps: Deps) {
  return { items: await repo.activeCountryCodes(deps.db) };
}

export async function adminListMaterials(deps: Deps, _actor: AdminActor, input: AdminMaterialsInput) {
  const where = repo.adminWhere(input);
  const [items, total] = await Promise.all([repo.listPage(deps.db, where, input.page, input.size), repo.countWhere(deps.db, where)]);
  return pageOf(items.map(toListItem), total, input.page, input.size);
}

/** Listings follow their taxonomy node after it moved or was recoded (the common module's category admin calls this in its transaction). */
export function realignListingChains(tx: DbOrTx, scope?: { level: 1 | 2 | 3; id: number }) {
  return repo.realignListingChains(tx, scope);
}

/**
 * GET admin/materials/stats: every listing now by category, status and kind (as before), plus the listings created in
 * a period of UTC days (default the last 12 months), in total and month by month by category (docs/decisions/0073).
 */
export async function adminMaterialStats(deps: Deps, input: AdminStatsInput = {}, now = new Date()) {
  const p = resolveStatsPeriod(input, now);
  const [snapshot, rows] = await Promise.all([repo.adminStats(deps.db), repo.createdByMonth(deps.db, p.start, p.end)]);
  const zero = () => Object.fromEntries(LISTING_CATEGORIES.map((c) => [c, 0])) as Record<ListingCategory, number>;
  const months = new Map(p.months.map((month) => [month, { month, by_category: zero(), total: 0 }]));
  const period = { by_category: zero(), by_kind: { offering: 0, donation: 0 } as Record<ListingKind, number>, total: 0 };
  for (const r of rows) {
    const m = months.get(r.month);
    if (!m) continue;
    m.by_category[r.category] += r.n;
    m.total += r.n;
    period.by_category[r.category] += r.n;
    period.by_kind[r.kind] += r.n;
    period.total += r.n;
  }
  return { ...snapshot, from: p.from, to: p.to, period, months: [...months.values()] };
}

// ---- recommendations ---------------------------------------------------------------------------------------

/**
 * Up to 4 active offerings of other companies, ranked by match with materials_interested, distance and
 * recency (policy.recommendationScore). Every listing shown is logged in recommendation_displays.
 */
export async function recommendedMaterials(deps: Deps, actor: CompanyActor) {
  const [center, groups] = await Promise.all([repo.findCompanyCenter(deps.db, actor.company_id), repo.interestedGroupIds(deps.db, actor.company_id)]);
  const candidates = await repo.recommendationCandidates(deps.db, actor.company_id, center, groups);
  const now = Date.now();
  const ranked = candidates
    .map((c) => {
      const matched = c.material_group_id !== null && groups.includes(c.material_group_id);
      const age_days = (now - new Date(c.created_at).getTime()) / 86_400_000;
      return { c, matched, score: recommendationScore({ matched, distance_km: c.distance_km, age_days }) };
    })
    .sort((a, b) => b.score - a.score || b.c.id - a.c.id)
    .slice(0, LIMITS.recommendationsMax);
  // Logged in batches, not on this read (displays.ts).
  deps.displays.record(
    actor.user_id,
    actor.company_id,
    ranked.map((r) => r.c.id),
  );
  return {
    items: ranked.map(({ c, matched }) => ({
      ...toListItem(c),
      reason: { matched_group_name: matched ? c.material_group_name : null, distance_km: round3(c.distance_km) },
    })),
  };
}

/** GET api/recommendation-displayed: the caller company's log of recommendations shown (newest first). */
export async function recommendationDisplays(deps: Deps, actor: CompanyActor, input: { page: number; size: number }) {
  await deps.displays.flush();
  const { items, total } = await repo.displaysPage(deps.db, actor.company_id, input.page, input.size);
  return pageOf(items, total, input.page, input.size);
}

export async function recommendationClicked(deps: Deps, actor: CompanyActor, input: { material_id: number }) {
  if (!(await repo.isVisibleListing(deps.db, input.material_id))) throw new AppError('NOT_FOUND');
  const row = await repo.logClick(deps.db, actor.user_id, actor.company_id, input.material_id);
  return { success: true as const, id: row.id };
}

/**
 * GET admin/total-recommendations-clicks: `total_clicks` over all time (SPEC §7), with displays and the click-through
 * rate, and the same month by month over a period of UTC days (default the last 12 months).
 */
export async function totalRecommendationClicks(deps: Deps, input: AdminStatsInput = {}, now = new Date()) {
  const p = resolveStatsPeriod(input, now);
  await deps.displays.flush();
  const [total_clicks, total_displays, byMonth] = await Promise.all([
    repo.totalClicks(deps.db),
    repo.totalDisplays(deps.db),
    repo.recommendationsByMonth(deps.db, p.start, p.end),
  ]);
  const displays = new Map(byMonth.displays.map((r) => [r.month, r.n]));
  const clicks = new Map(byMonth.clicks.map((r) => [r.month, r.n]));
  const months = p.months.map((month) => {
    const d = displays.get(month) ?? 0;
    const c = clicks.get(month) ?? 0;
    return { month, displays: d, clicks: c, click_through_rate: ratePercent(c, d) };
  });
  const periodDisplays = months.reduce((n, m) => n + m.displays, 0);
  const periodClicks = months.reduce((n, m) => n + m.clicks, 0);
  return {
    total_clicks,
    total_displays,
    click_through_rate: ratePercent(total_clicks, total_displays),
    from: p.from,
    to: p.to,
    period: { displays: periodDisplays, clicks: periodClicks, click_through_rate: ratePercent(periodClicks, periodDisplays) },
    months,
  };
}

// ---- bulk upload -------------------------------------------------------------------------------------------

export function bulkTemplate() {
  return { file_name: CSV_TEMPLATE_FILE_NAME, content_type: 'text/csv; charset=utf-8', content: csvTemplate() };
}

export async function bulkAccessStatus(deps: Deps, actor: CompanyActor) {
  const latest = await repo.latestAccessRequest(deps.db, actor.company_id);
  const granted = latest?.status === 'granted' || (await repo.hasGrantedAccess(deps.db, actor.company_id));
  return { status: granted ? ('granted' as const) : (latest?.status ?? ('none' as const)), request: latest };
}

/** SPEC §4: request → pending → granted. Asking again while pending or granted returns the same request. */
export async function requestBulkAccess(deps: Deps, actor: CompanyActor) {
  return deps.db.transaction(async (tx) => {
    // Concurrent requests of one company queue on its row: the first inserts, the others find it.
    await repo.lockCompany(tx, actor.company_id);
    const latest = await repo.latestAccessRequest(tx, actor.company_id);
    if (latest && (latest.status === 'pending' || latest.status === 'granted')) return latest;
    return repo.insertAccessRequest(tx, actor.company_id, actor.user_id);
  });
}

export async function reviewBulkAccess(deps: Deps, actor: AdminActor, input: { id: number; decision: 'grant' | 'deny' }) {
  const existing = await repo.findAccessRequest(deps.db, input.id);
  if (!existing) throw new AppError('NOT_FOUND');
  const status = input.decision === 'grant' ? 'granted' : 'denied';
  if (existing.status !== 'pending') {
    if (existing.status === status) return existing;
    throw new AppError('CONFLICT', { message: { code: existing.status === 'granted' ? 'bulk.alreadyGranted' : 'bulk.alreadyDenied' } });
  }
  return deps.db.transaction(async (tx) => {
    const row = await repo.decideAccessRequest(tx, input.id, status, actor.user_id);
    if (!row) throw new AppError('CONFLICT');
    await recordAudit(tx, actor, {
      action: input.decision === 'grant' ? 'bulk_access.grant' : 'bulk_access.deny',
      entity: 'bulk_access',
      entity_id: input.id,
      before: { status: existing.status },
      after: { status: row.status, company_id: row.company_id },
    });
    return row;
  });
}

export async function listBulkAccessRequests(deps: Deps, input: { status?: 'pending' | 'granted' | 'denied'; page: number; size: number }) {
  const { items, total } = await repo.accessRequestsPage(deps.db, input.status, input.page, input.size);
  return pageOf(items, total, input.page, input.size);
}

function uploadFailed(deps: Deps, reason: string) {
  return new AppError('BULK_UPLOAD_FAILED', {
    message: { code: 'error.BULK_UPLOAD_FAILED', params: { email: deps.env.SUPPORT_EMAIL } },
    cause: new Error(reason),
  });
}

/**
 * All rows or none: every row is checked first (each error reported with row, column and message), then all
 * are inserted in one transaction. Unreadable files get SPEC's upload message with the support address.
 * Followers of the listings' groups get one digest for the whole file, sent after commit (docs/decisions/0151).
 */
export async function bulkUpload(deps: Deps, actor: CompanyActor, input: BulkUploadInput) {
  const body = Buffer.from(input.body_base64, 'base64');
  if (body.length > LIMITS.csvFormBytes) throw new AppError('PAYLOAD_TOO_LARGE');
  // What does not depend on the file is read while the file is parsed; the access check still answers first.
  const [granted, address, sdgRows, read] = await Promise.all([
    repo.hasGrantedAccess(deps.db, actor.company_id),
    repo.findCompanyAddress(deps.db, actor.company_id, null),
    repo.existingSdgIds(
      deps.db,
      Array.from({ length: 17 }, (_, i) => i + 1),
    ),
    readCsv(body),
  ]);
  if (!granted) throw new AppError('BULK_ACCESS_REQUIRED');
  if (read.kind === 'unreadable') throw uploadFailed(deps, read.reason);
  if (read.kind === 'too_many_rows') throw new AppError('CSV_TOO_MANY_ROWS');
  if (read.kind === 'cell_too_long') {
    throw new AppError('CSV_INVALID_ROWS', {
      fields: { [`rows.${read.row}.${read.column}`]: { code: 'bulk.cellTooLong', params: { max: CSV_CELL_MAX.toLocaleString('en-GB') } } },
    });
  }
  if (!address) throw fieldError('address_id', 'listing.addAddressFirst');
  const knownSdgs = new Set(sdgRows.map((r) => r.id));

  // Every distinct code of the file in one query (a row's code is checked whenever the row has the header's width).
  const wide = (cells: (typeof read.cells)[number]) => cells.width === read.header.length;
  const codes = new Set(read.cells.filter(wide).map((c) => normalizeMaterialCode(c.values.material_group_code ?? '')));
  codes.delete('');
  const chains = await repo.chainsFromCodes(deps.db, [...codes]);
  const knownCodes = [...codes].some((c) => !chains.has(c)) ? await repo.allTaxonomyCodes(deps.db) : [];
  /** The chain of a row's code, or the error naming the closest known codes. */
  const codeOf = (
    row: number,
    raw: string | undefined,
  ): { chain: (repo.TaxonomyChain & { group_kind: MaterialGroupKind }) | null; error?: CsvRowError } => {
    const code = normalizeMaterialCode(raw ?? '');
    if (!code) return { chain: null };
    const chain = chains.get(code);
    if (chain) return { chain };
    const closest = closestCodes(code, knownCodes);
    const value = (raw ?? '').trim();
    return {
      chain: null,
      error: {
        row,
        column: 'material_group_code',
        message: closest.length
          ? { code: 'bulk.unknownGroupCodeClosest', params: { value, closest: closest.join(', ') } }
          : { code: 'bulk.unknownGroupCode', params: { value } },
      },
    };
  };

  const errors: CsvRowError[] = [];
  const neutralised: { row: number; column: string }[] = [];
  const ready: repo.ImportedListing[] = [];
  for (const cells of read.cells) {
    const checked = checkRow(cells, read.header.length);
    const coded = wide(cells) ? codeOf(cells.row, cells.values.material_group_code) : { chain: null };
    if (!checked.ok) {
      errors.push(...checked.errors);
      if (coded.error) errors.push(coded.error);
      continue;
    }
    const { data, row } = checked.value;
    const chain = coded.chain;
    if (coded.error) {
      errors.push(coded.error);
      continue;
    }
    const badSdg = data.sdg_goals.find((g) => !knownSdgs.has(g));
    if (badSdg !== undefined) {
      errors.push({ row, column: 'sdg_goals', message: { code: 'listing.unknownSdg', params: { id: badSdg } } });
      continue;
    }
    neutralised.push(...checked.neutralised.map((column) => ({ row, column })));
    ready.push({
      title: data.title,
      description: data.description,
      category: data.category,
      ...taxonomyColumns(chain),
      frequency: data.frequency,
      quantity: data.quantity,
      quantity_unit: quantityUnitFor(data.category, chain?.group_kind ?? null),
      condition: data.condition,
      type: data.type,
      final_use: data.final_use,
      sdg_ids: [...new Set(data.sdg_goals)],
    });
  }

  if (errors.length) {
    const fields: FieldErrors = {};
    for (const e of errors) fields[`rows.${e.row}.${e.column}`] = e.message;
    throw new AppError('CSV_INVALID_ROWS', { fields });
  }

  const inserted = await deps.db.transaction(async (tx) => {
    // Listings and SDG links in one statement (repo.insertImportedListings).
    const ids = await repo.insertImportedListings(
      tx,
      {
        kind: 'offering',
        company_id: actor.company_id,
        created_by_user_id: actor.user_id,
        address_id: address.id,
        latitude: address.latitude,
        longitude: address.longitude,
      },
      ready,
    );
    // One event for the whole file: it records one digest for the followers, not a notification per row.
    await deps.events.emit(tx, 'materials.imported', {
      company_id: actor.company_id,
      user_id: actor.user_id,
      items: ids.map((material_id, i) => ({ material_id, material_group_id: ready[i]!.material_group_id ?? null })),
    });
    return ids;
  });
  return { imported: inserted.length, ids: inserted, neutralised };
}

// ---- notifications for new listings ------------------------------------------------------------------------

/**
 * A new offering from the editor notifies the users of other companies interested in its material group under
 * the bell, in the transaction that creates the listing; those who keep new-listing mail on
 * (users.email_notifications_new_listings) also get it by mail. Donations notify once approved (a later issue).
 * A bulk upload does not come here: its followers get one digest for the file (digests.ts, docs/decisions/0151).
 */
export async function notifyInterestedUsers(tx: Tx, e: DomainEvents['materials.created'], mailUrl: (materialId: number) => string) {
  if (e.kind !== 'offering') return;
  const items = e.items.filter((i) => i.material_group_id !== null);
  if (!items.length) return;
  // A few statements for any number of items: interested users and group names of every group at once.
  const groupIds = [...new Set(items.map((i) => i.material_group_id!))];
  const interested = await repo.interestedUserIds(tx, groupIds, e.company_id);
  const names = await repo.materialGroupNames(tx, groupIds);
  await notifications.notifyMany(
    tx,
    items
      .filter((i) => interested.get(i.material_group_id!)?.length)
      .map((i) => ({
        user_ids: interested.get(i.material_group_id!)!,
        type: 'new_materials' as const,
        code: 'notification.newListing' as const,
        params: { group: names.get(i.material_group_id!) ?? '', title: i.title },
        link: `/material/${i.material_id}`,
        mail: { url: mailUrl(i.material_id), preference: 'new_listings' as const },
      })),
  );
}

// ---- stock, for the offers and exchanges modules (in the caller's transaction; docs/decisions/0175) ----------

/** Locks the listing's stock for the rest of the transaction and reads it (null: the listing is gone). */
export function lockStock(tx: Tx, materialId: number) {
  return repo.lockStock(tx, materialId);
}
export type ListingStock = repo.ListingStock;

/** Recomputes the listing's reservations after an acceptance or an end; the caller holds lockStock. */
export function refreshReservations(tx: Tx, materialId: number) {
  return repo.refreshReservations(tx, materialId);
}

// ---- for the companies module (in the caller's transaction) -------------------------------------------------

/** How many active listings use each of these company addresses (an address in use is not removed). */
export function activeListingsAt(db: DbOrTx, addressIds: number[]) {
  return repo.activeListingsAt(db, addressIds);
}

/** A moved company address takes its listings along. */
export function relocateListings(tx: DbOrTx, addressId: number, latitude: number, longitude: number) {
  return repo.relocateListings(tx, addressId, latitude, longitude);
}

/** The company's bulk-upload state: granted, pending (asked, not decided), or none. */
export async function bulkAccessOf(db: DbOrTx, companyId: number): Promise<'granted' | 'pending' | 'none'> {
  if (await repo.hasGrantedAccess(db, companyId)) return 'granted';
  const latest = await repo.latestAccessRequest(db, companyId);
  return latest?.status === 'pending' ? 'pending' : 'none';
}

/** An administrator grants or withdraws bulk upload for a company (its edit screen); the caller audits it. */
export async function setBulkAccess(tx: DbOrTx, companyId: number, granted: boolean, reviewerId: number) {
  await repo.lockCompany(tx, companyId);
  if (granted) {
    if (!(await repo.hasGrantedAccess(tx, companyId))) await repo.grantAccess(tx, companyId, reviewerId);
  } else await repo.withdrawAccess(tx, companyId, reviewerId);
}
