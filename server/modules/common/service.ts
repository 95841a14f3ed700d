import type { z } from 'zod';
import type { MaterialGroupKind, TaxonomyLevel } from '../../../shared/constants/enums';
import { MAP_PATHS } from '../../../shared/constants/map';
import { DEFRA_FACTOR_SET } from '../../../shared/lib/impact';
import { childPrefix, codeFitsParent, expectedPrefix, moveKeepsCode, nextCode, replacePrefix } from '../../../shared/lib/taxonomy';
import { pageOf } from '../../../shared/schemas/_primitives';
import type {
  adminSubcategoriesInput,
  countriesInput,
  CreateMaterialGroupInput,
  CreateSubcategoryInput,
  SearchCategoriesInput,
  subcategoriesInput,
  UpdateMaterialGroupInput,
  UpdateSubcategoryInput,
} from '../../../shared/schemas/common';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { AdminActor } from '../../lib/actor';
import { referenceNamesMatching } from '../../lib/i18n';
import { AppError, fieldError } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import * as materials from '../materials/service';
import * as stats from '../stats/service';
import * as repo from './repo';

export async function listCountries(deps: Deps, input: z.output<typeof countriesInput>) {
  return { items: await repo.listCountries(deps.db, input.country_codes) };
}

export async function listMaterialGroups(deps: Deps) {
  return { items: await repo.listMaterialGroups(deps.db) };
}

/** The 17 UN goals with their official colours; names are English, the client translates them by id. */
export async function listSdgs(deps: Deps) {
  return { items: await repo.listSdgs(deps.db) };
}

type SubInput = z.output<typeof subcategoriesInput>;
export async function listFirstLevelSubcategories(deps: Deps, input: SubInput) {
  return { items: await repo.listFirstLevel(deps.db, input.material_group_id) };
}
export async function listSecondLevelSubcategories(deps: Deps, input: SubInput) {
  return { items: await repo.listSecondLevel(deps.db, input.first_level_subcategory_id) };
}
export async function listThirdLevelSubcategories(deps: Deps, input: SubInput) {
  return { items: await repo.listThirdLevel(deps.db, input.second_level_subcategory_id) };
}

/** Public figures for the landing page: approved companies, active listings, successful synergies (each once). */
export async function landingStats(deps: Deps) {
  const [counts, platform] = await Promise.all([repo.landingCounts(deps.db), stats.platformTotals(deps)]);
  return { ...counts, synergies: platform.successful_synergies };
}

/** What the client needs to know about this installation; nothing secret. */
export function clientConfig(deps: Deps) {
  return {
    demo_mode: deps.env.DEMO_MODE,
    support_email: deps.env.SUPPORT_EMAIL,
    map_style_url: deps.env.MAP_STYLE_URL ?? null,
    /** Street-level vector tiles served by this app (MAP_PMTILES_PATH); MAP_STYLE_URL wins when both are set. */
    map_pmtiles_url: deps.env.MAP_PMTILES_PATH && !deps.env.MAP_STYLE_URL ? MAP_PATHS.pmtiles : null,
    /** The offline base map's tiles (docs/decisions/0200), with the archive's version so browsers cache them for good. */
    map_tiles_url: `${MAP_PATHS.tiles}?v=${deps.basemap.key}`,
  };
}

// ---- administrators' categories (SPEC §7 Admin; docs/decisions/0072) ----------------------------
// Every write takes the taxonomy lock, records its audit entry in its transaction, and leaves listings, codes and
// the reference sync consistent: a node in use is never deleted, a child's code always extends its parent's, listings
// follow a moved node, and what an administrator changed stays changed when reference data is updated.

/**
 * The names administrators typed in Danish and Malay, by English name: for readers that know a row only by its
 * English name (a listing's group, a notification's parameters, a mail). The client applies them to `refText`.
 */
export async function typedNames(deps: Pick<Deps, 'db'>) {
  return { items: (await repo.typedNames(deps.db)).map(({ name, name_dk, name_my }) => ({ name, name_dk, name_my })) };
}

/** `typedNames` as the server's `referenceText` reads them (mail, notification summaries); `db` may be a transaction. */
export const loadTypedNames = (db: DbOrTx) => repo.loadTypedNames(db);

const groupView = (g: NonNullable<Awaited<ReturnType<typeof repo.findGroup>>>) => {
  const { customized_at, ...rest } = g;
  return { ...rest, customized: customized_at !== null };
};

/** GET admin/material-groups: every group with its first-level count, listings and companies naming it. */
export async function adminMaterialGroups(deps: Deps) {
  const rows = await repo.adminGroups(deps.db);
  return { items: rows.map((r) => ({ ...groupView(r), children: r.children, listings: r.listings, companies: r.companies })) };
}

/** One level of the tree under its parent (a group for the first level). */
export async function adminSubcategories(deps: Deps, input: z.output<typeof adminSubcategoriesInput>) {
  const rows = await repo.adminLevel(deps.db, input.level, input.parent_id);
  return {
    items: rows.map(({ customized_at, ...r }) => ({ ...r, level: input.level, customized: customized_at !== null })),
  };
}

export async function searchCategories(deps: Deps, input: SearchCategoriesInput) {
  const { rows, total } = await repo.searchCategories(deps.db, input.q, input.page, input.size, referenceNamesMatching(input.q));
  return pageOf(
    rows.map((r) => ({ ...r, level: r.level as TaxonomyLevel, path: [r.group_name, r.l1_name, r.l2_name].filter((p): p is string => !!p) })),
    total,
    input.page,
    input.size,
  );
}

/** The Defra materials a group may map to (the factor set's material-use and waste-disposal rows). */
export async function defraMaterials(deps: Deps) {
  return { items: await repo.defraMaterials(deps.db, DEFRA_FACTOR_SET) };
}

async function checkDefraMaterial(tx: DbOrTx, kind: MaterialGroupKind, defra: string | null, field = 'defra_material') {
  if (defra === null) return;
  if (kind !== 'material') throw fieldError(field, 'category.noDefraForKind');
  if (!(await repo.defraMaterials(tx, DEFRA_FACTOR_SET)).includes(defra)) throw fieldError(field, 'category.unknownDefraMaterial');
}

function slugOf(name: string) {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return s || 'group';
}

const KIND_LETTER: Record<MaterialGroupKind, string> = { material: 'M', knowledge: 'K', space: 'S' };

/** POST admin/material-groups {name, kind, defra_material?}: its code is the kind's letter and its id ("M-27"). */
export async function createMaterialGroup(deps: Deps, actor: AdminActor, input: CreateMaterialGroupInput) {
  const id = await deps.db.transaction(async (tx) => {
    await repo.lockTaxonomy(tx);
    await checkDefraMaterial(tx, input.kind, input.defra_material);
    if (await repo.groupNameTaken(tx, input.name)) throw fieldError('name', 'category.nameTaken');
    const base = slugOf(input.name);
    const taken = new Set(await repo.slugsLike(tx, base));
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    const names = { name: input.name, name_dk: input.name_dk ?? null, name_my: input.name_my ?? null };
    const groupId = await repo.insertGroup(tx, { ...names, slug, kind: input.kind, defra_material: input.defra_material });
    const code = `${KIND_LETTER[input.kind]}-${groupId}`;
    await repo.updateGroup(tx, groupId, { code });
    await recordAudit(tx, actor, {
      action: 'material_group.create',
      entity: 'material_group',
      entity_id: groupId,
      after: { ...names, slug, code, kind: input.kind, defra_material: input.defra_material },
    });
    return groupId;
  });
  return groupView((await repo.findGroup(deps.db, id))!);
}

/**
 * PUT admin/material-groups/{id}: rename, change the Defra material (impact records stored before keep theirs; the
 * group then counts disposal only via landfill until its mapping says otherwise) or the kind (only while no listing
 * uses the group; a knowledge or space group maps to no Defra material).
 */
export async function updateMaterialGroup(deps: Deps, actor: AdminActor, input: UpdateMaterialGroupInput) {
  await deps.db.transaction(async (tx) => {
    await repo.lockTaxonomy(tx);
    const before = await repo.findGroup(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND');
    const kind = input.kind ?? before.kind;
    if (kind !== before.kind) {
      const count = await repo.listingsUnder(tx, 0, before.id);
      if (count > 0) throw new AppError('CONFLICT', { message: { code: 'category.kindInUse', params: { count } } });
    }
    // A group that becomes knowledge or space loses its mapping unless one is sent (which is then refused).
    const defra = input.defra_material !== undefined ? input.defra_material : kind === 'material' ? before.defra_material : null;
    if (input.defra_material !== undefined || kind !== before.kind) await checkDefraMaterial(tx, kind, defra);
    const name = input.name ?? before.name;
    if (name !== before.name && (await repo.groupNameTaken(tx, name, before.id))) throw fieldError('name', 'category.nameTaken');
    // A new Defra material (or kind) starts from the conservative basis and route, disposal only via landfill; the
    // impact mapping screen sets them (docs/decisions/0171).
    const remapped = defra !== before.defra_material || kind !== before.kind;
    const name_dk = input.name_dk !== undefined ? input.name_dk : before.name_dk;
    const name_my = input.name_my !== undefined ? input.name_my : before.name_my;
    await repo.updateGroup(tx, before.id, {
      name,
      name_dk,
      name_my,
      kind,
      defra_material: defra,
      ...(remapped ? { basis: null, counterfactual_route: null, mapping_customized_at: new Date() } : {}),
    });
    await recordAudit(tx, actor, {
      action: 'material_group.update',
      entity: 'material_group',
      entity_id: before.id,
      before: { name: before.name, name_dk: before.name_dk, name_my: before.name_my, kind: before.kind, defra_material: before.defra_material },
      after: { name, name_dk, name_my, kind, defra_material: defra },
    });
  });
  return groupView((await repo.findGroup(deps.db, input.id))!);
}

function inUse(count: number): AppError {
  return new AppError('CONFLICT', { message: { code: 'category.inUse', params: { count } } });
}

/** DELETE admin/material-groups/{id}: only when no listing uses it (409 with their number); its subcategories go with it. */
export async function deleteMaterialGroup(deps: Deps, actor: AdminActor, input: { id: number }) {
  await deps.db.transaction(async (tx) => {
    await repo.lockTaxonomy(tx);
    const before = await repo.findGroup(tx, input.id);
    if (!before) throw new AppError('NOT_FOUND');
    const count = await repo.listingsUnder(tx, 0, before.id);
    if (count > 0) throw inUse(count);
    await repo.addRemoval(tx, 0, before.slug);
    await repo.deleteGroup(tx, before.id);
    await recordAudit(tx, actor, {
      action: 'material_group.delete',
      entity: 'material_group',
      entity_id: before.id,
      before: { name: before.name, slug: before.slug, code: before.code, kind: before.kind, defra_material: before.defra_material },
    });
  });
  return { success: true as const, id: input.id };
}

/** What the reference sync knows a node by (docs/decisions/0072): changes of it are recorded as removals. */
function seedKey(node: repo.TaxonomyNodeRow): string | null {
  if (node.code === null) return null;
  if (node.level === 1) return `${node.group_slug}|${node.code}`;
  if (node.level === 2) return `${node.group_slug}|${node.l1_code}|${node.code}`;
  return node.code;
}

async function parentOrFieldError(tx: DbOrTx, level: TaxonomyLevel, parentId: number) {
  const parent = await repo.findParent(tx, level, parentId);
  if (!parent) throw fieldError('parent_id', 'category.unknownParent');
  return parent;
}

function checkExplicitCode(code: string, parentCode: string | null, level: TaxonomyLevel) {
  if (!codeFitsParent(code, parentCode, level)) {
    throw fieldError('code', 'category.codeOutsideParent', { prefix: expectedPrefix(parentCode, level) });
  }
}

async function defaultCode(tx: DbOrTx, parentCode: string | null, level: TaxonomyLevel) {
  if (parentCode === null) return null;
  return nextCode(parentCode, level, await repo.codesWithPrefix(tx, level, childPrefix(parentCode, level)));
}

async function nodeView(db: DbOrTx, level: TaxonomyLevel, id: number) {
  const node = (await repo.findNode(db, level, id))!;
  return {
    id: node.id,
    level,
    parent_id: node.parent_id,
    name: node.name,
    name_dk: node.name_dk,
    name_my: node.name_my,
    code: node.code,
    group_id: node.group_id,
  };
}

/**
 * POST admin/{first,second,third}-level-subcategories {name, code?, parent_id}. Without a code it is the parent's
 * code plus the next free number; a given code must extend the parent's and be free (a leaf's anywhere, other
 * levels' among their siblings). A new leaf is at once in the listing editor and the search filters.
 */
export async function createSubcategory(deps: Deps, actor: AdminActor, input: CreateSubcategoryInput) {
  const id = await deps.db.transaction(async (tx) => {
    await repo.lockTaxonomy(tx);
    const parent = await parentOrFieldError(tx, input.level, input.parent_id);
    if (input.code !== undefined) checkExplicitCode(input.code, parent.code, input.level);
    const code = input.code ?? (await defaultCode(tx, parent.code, input.level));
    if (code !== null && (await repo.codeTaken(tx, input.level, code, parent.id))) throw fieldError('code', 'category.codeTaken', { code });
    const names = { name: input.name, name_dk: input.name_dk ?? null, name_my: input.name_my ?? null };
    const nodeId = await repo.insertNode(tx, input.level, { parent_id: parent.id, ...names, code });
    await recordAudit(tx, actor, {
      action: 'subcategory.create',
      entity: 'subcategory',
      entity_id: nodeId,
      after: { level: input.level, ...names, code, parent_id: parent.id },
    });
    return nodeId;
  });
  return nodeView(deps.db, input.level, id);
}

/**
 * PUT admin/{level}-subcategories/{id} {name?, code?, parent_id?}: rename, recode or move. An EWC code never changes,
 * so an EWC node moves only under a parent its code extends (a chapter to any group); any other node is renumbered
 * under its new parent (unless a code is given) and its subtree takes the new prefix. Listings under it follow.
 */
export async function updateSubcategory(deps: Deps, actor: AdminActor, input: UpdateSubcategoryInput) {
  await deps.db.transaction(async (tx) => {
    await repo.lockTaxonomy(tx);
    const node = await repo.findNode(tx, input.level, input.id);
    if (!node) throw new AppError('NOT_FOUND');
    const moving = input.parent_id !== undefined && input.parent_id !== node.parent_id;
    const parent = await parentOrFieldError(tx, input.level, moving ? input.parent_id! : node.parent_id);
    const recoding = input.code !== undefined && input.code !== node.code;
    if (recoding && moveKeepsCode(node.code)) throw fieldError('code', 'category.ewcCodeFixed');

    let code = node.code;
    if (recoding) {
      checkExplicitCode(input.code!, parent.code, input.level);
      code = input.code!;
    } else if (moving) {
      if (moveKeepsCode(node.code)) {
        if (!codeFitsParent(node.code!, parent.code, input.level)) {
          throw fieldError('parent_id', 'category.ewcMove', { code: node.code!, prefix: node.code!.slice(0, -2) });
        }
      } else {
        code = (await defaultCode(tx, parent.code, input.level)) ?? node.code;
      }
    }
    if (code !== null && (moving || code !== node.code) && (await repo.codeTaken(tx, input.level, code, parent.id, node.id))) {
      throw fieldError(moving && !recoding ? 'parent_id' : 'code', 'category.codeTaken', { code });
    }

    // The subtree takes the new prefix; its leaves' codes must stay unique across the tree.
    let recoded = 0;
    if (code !== node.code && code !== null) {
      const below = await repo.descendants(tx, input.level, node.id);
      const second = below.second.map((s) => ({ id: s.id, code: replacePrefix(s.code, node.code, code!) }));
      const third = below.third.map((s) => ({ id: s.id, code: replacePrefix(s.code, node.code, code!) }));
      const leafCodes = [...third.map((t) => t.code), ...(input.level === 3 ? [code] : [])].filter((c): c is string => c !== null);
      const clash = await repo.leafCodesTaken(tx, leafCodes, [...below.third.map((t) => t.id), ...(input.level === 3 ? [node.id] : [])]);
      if (clash.length) throw fieldError('code', 'category.codeTaken', { code: clash[0]! });
      await repo.recodeNodes(
        tx,
        2,
        second.filter((s, i) => s.code !== below.second[i]!.code),
      );
      await repo.recodeNodes(
        tx,
        3,
        third.filter((t, i) => t.code !== below.third[i]!.code),
      );
      recoded = second.length + third.length;
    }

    const name = input.name ?? node.name;
    const name_dk = input.name_dk !== undefined ? input.name_dk : node.name_dk;
    const name_my = input.name_my !== undefined ? input.name_my : node.name_my;
    const key = seedKey(node);
    if (key !== null && (moving || code !== node.code)) await repo.addRemoval(tx, input.level, key);
    await repo.updateNode(tx, input.level, node.id, { parent_id: parent.id, name, name_dk, name_my, code });
    const listings = moving || code !== node.code ? await materials.realignListingChains(tx, { level: input.level, id: node.id }) : 0;
    await recordAudit(tx, actor, {
      action: moving ? 'subcategory.move' : 'subcategory.update',
      entity: 'subcategory',
      entity_id: node.id,
      before: { level: input.level, name: node.name, name_dk: node.name_dk, name_my: node.name_my, code: node.code, parent_id: node.parent_id },
      after: {
        level: input.level,
        name,
        name_dk,
        name_my,
        code,
        parent_id: parent.id,
        ...(recoded ? { recoded_below: recoded } : {}),
        ...(listings ? { listings_moved: listings } : {}),
      },
    });
  });
  return nodeView(deps.db, input.level, input.id);
}

/** DELETE admin/{level}-subcategories/{id}: only when no listing uses it or anything below it (409 with their number). */
export async function deleteSubcategory(deps: Deps, actor: AdminActor, input: { level: TaxonomyLevel; id: number }) {
  await deps.db.transaction(async (tx) => {
    await repo.lockTaxonomy(tx);
    const node = await repo.findNode(tx, input.level, input.id);
    if (!node) throw new AppError('NOT_FOUND');
    const count = await repo.listingsUnder(tx, input.level, node.id);
    if (count > 0) throw inUse(count);
    const key = seedKey(node);
    if (key !== null) await repo.addRemoval(tx, input.level, key);
    await repo.deleteNode(tx, input.level, node.id);
    await recordAudit(tx, actor, {
      action: 'subcategory.delete',
      entity: 'subcategory',
      entity_id: node.id,
      before: { level: input.level, name: node.name, code: node.code, parent_id: node.parent_id },
    });
  });
  return { success: true as const, id: input.id };
}
