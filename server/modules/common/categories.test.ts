// Administrators' categories: the SPEC §7 Admin paths and payloads, default codes, deletes
// refused while listings use a node (409 with their number), moves that keep codes and listings consistent, the
// Defra mapping for new impact records, and an audit entry for every change.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  audit_log,
  first_level_subcategories,
  impact_records,
  material_groups,
  materials,
  second_level_subcategories,
  third_level_subcategories,
} from '../../../drizzle/schema';
import { actorOf, createCompanyWithUsers, createListing } from '../../test/factories';
import { restAs } from '../../test/rest-client';
import { filledBeforeAll, useRestAs, useTestWorld } from '../../test/suite';

const { t, admin } = useTestWorld();
const rest = useRestAs(t, () => admin.adminActor);
const db = () => t.database.db;
const company = filledBeforeAll(() => createCompanyWithUsers(db()));
const tag = () => Math.random().toString(36).slice(2, 7);

async function group(slug: string) {
  const [g] = await db().select().from(material_groups).where(eq(material_groups.slug, slug));
  return g!;
}
async function l1Of(groupId: number, code: string) {
  const [r] = await db()
    .select()
    .from(first_level_subcategories)
    .where(and(eq(first_level_subcategories.material_group_id, groupId), eq(first_level_subcategories.code, code)));
  return r!;
}
async function l2Of(parentId: number, code: string) {
  const [r] = await db()
    .select()
    .from(second_level_subcategories)
    .where(and(eq(second_level_subcategories.first_level_subcategory_id, parentId), eq(second_level_subcategories.code, code)));
  return r!;
}
async function leaf(code: string) {
  const [r] = await db().select().from(third_level_subcategories).where(eq(third_level_subcategories.code, code));
  return r!;
}
async function listing(id: number) {
  const [r] = await db().select().from(materials).where(eq(materials.id, id));
  return r!;
}
const entries = (entity: string, entity_id: number) =>
  db()
    .select()
    .from(audit_log)
    .where(and(eq(audit_log.entity, entity), eq(audit_log.entity_id, entity_id)));

/** A listing placed on a leaf through the listing editor's rule (the server derives the chain). */
async function listingOn(leafId: number) {
  const created = await t.caller(company.managerActor).materials.create({
    title: `On leaf ${tag()}`,
    description: 'Category test',
    category: 'by-product',
    frequency: 'weekly',
    quantity: 10,
    condition: 'Good',
    type: 'Test',
    final_use: 'Testing',
    third_level_subcategory_id: leafId,
  });
  return created.id;
}

describe('material groups', () => {
  it('creates a group by POST admin/material-groups with its own code, and lists it with counts', async () => {
    const name = `Bio-based composites ${tag()}`;
    const res = await rest.post('/admin/material-groups').send({ name, kind: 'material', defra_material: 'Wood' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name, kind: 'material', defra_material: 'Wood', code: `M-${res.body.id}`, customized: true });
    const list = await rest.get('/admin/material-groups');
    expect(list.status).toBe(200);
    expect(list.body.items.find((g: { id: number }) => g.id === res.body.id)).toMatchObject({ children: 0, listings: 0, companies: 0 });
    expect((await t.caller().common.materialGroups()).items.map((g) => g.id)).toContain(res.body.id);
    expect(await entries('material_group', res.body.id)).toEqual([
      expect.objectContaining({ action: 'material_group.create', actor_user_id: admin.admin.id, after: expect.objectContaining({ name }) }),
    ]);
  });

  it('refuses a taken name, an unknown Defra material and a Defra material on a knowledge group, each on its field, changing nothing', async () => {
    const before = (await rest.get('/admin/material-groups')).body.items.length;
    const taken = await rest.post('/admin/material-groups').send({ name: 'wood', kind: 'material' });
    expect(taken.status).toBe(400);
    expect(taken.body.error.field_codes.name.code).toBe('category.nameTaken');
    const unknown = await rest.post('/admin/material-groups').send({ name: `X ${tag()}`, kind: 'material', defra_material: 'Moon rock' });
    expect(unknown.body.error.field_codes.defra_material.code).toBe('category.unknownDefraMaterial');
    const knowledge = await rest.post('/admin/material-groups').send({ name: `Y ${tag()}`, kind: 'knowledge', defra_material: 'Wood' });
    expect(knowledge.body.error.field_codes.defra_material.code).toBe('category.noDefraForKind');
    const empty = await rest.post('/admin/material-groups').send({ name: '  ', kind: 'spaceship' });
    expect(empty.body.error.field_codes).toMatchObject({ name: { code: 'field.required' }, kind: { code: 'field.invalidChoice' } });
    expect((await rest.get('/admin/material-groups')).body.items.length).toBe(before);
  });

  it('maps a group to another Defra material for new impact records; stored records keep theirs', async () => {
    const g = (await rest.post('/admin/material-groups').send({ name: `Remapped ${tag()}`, kind: 'material', defra_material: 'Wood' })).body;
    const provider = await createCompanyWithUsers(db());
    const requester = await createCompanyWithUsers(db());
    const end = async () => {
      const material = await createListing(db(), provider.company.id, { quantity: 1000, material_group_id: g.id });
      const offer = await t.caller(requester.memberActor).offers.create({ material_id: material.id, quantity: 1000, message: 'Remap' });
      const { exchange_id } = await t.caller(provider.managerActor).offers.review({ id: offer.id, decision: 'accept' });
      await t.caller(provider.managerActor).exchanges.end({ id: exchange_id!, level_of_completion: 'COMPLETED', successful: true });
      const [record] = await db().select().from(impact_records).where(eq(impact_records.exchange_id, exchange_id!));
      return record!;
    };
    const first = await end();
    expect(first.defra_material).toBe('Wood');
    const put = await rest.put(`/admin/material-groups/${g.id}`).send({ defra_material: 'Glass' });
    expect(put.status).toBe(200);
    expect(put.body.defra_material).toBe('Glass');
    const second = await end();
    expect(second.defra_material).toBe('Glass');
    expect(second.co2e_kg).not.toBe(first.co2e_kg);
    const [kept] = await db().select().from(impact_records).where(eq(impact_records.id, first.id));
    expect(kept).toMatchObject({ defra_material: 'Wood', co2e_kg: first.co2e_kg });
    const [update] = (await entries('material_group', g.id)).filter((e) => e.action === 'material_group.update');
    expect(update).toMatchObject({ before: { defra_material: 'Wood' }, after: { defra_material: 'Glass' } });
  });

  it('refuses a kind change and a delete while listings use the group, with their number (409)', async () => {
    const g = (await rest.post('/admin/material-groups').send({ name: `Busy ${tag()}`, kind: 'material' })).body;
    const a = await createListing(db(), company.company.id, { material_group_id: g.id });
    await createListing(db(), company.company.id, { material_group_id: g.id, kind: 'donation', status: 'archived' });
    const kind = await rest.put(`/admin/material-groups/${g.id}`).send({ kind: 'knowledge' });
    expect(kind.status).toBe(409);
    expect(kind.body.error).toMatchObject({ message_code: 'category.kindInUse', params: { count: 2 } });
    const del = await rest.delete(`/admin/material-groups/${g.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error).toMatchObject({ code: 'CONFLICT', message_code: 'category.inUse', params: { count: 2 } });
    expect(del.body.error.message).toBe('Listings using it: 2. Move them to another category first.');
    expect((await group(g.slug)).kind).toBe('material');
    expect((await entries('material_group', g.id)).map((e) => e.action)).toEqual(['material_group.create']);
    await db().delete(materials).where(eq(materials.material_group_id, g.id));
    expect(a.id).toBeGreaterThan(0);
    expect((await rest.delete(`/admin/material-groups/${g.id}`)).status).toBe(200);
    expect(await db().select().from(material_groups).where(eq(material_groups.id, g.id))).toEqual([]);
  });
});

describe('subcategories', () => {
  it('gives a new node its parent code plus the next free number, at each level, by the SPEC paths', async () => {
    const finance = await group('finance');
    const l1 = await rest.post('/admin/first-level-subcategories').send({ name: 'Insurance', parent_id: finance.id });
    expect(l1.status).toBe(201);
    expect(l1.body).toMatchObject({ level: 1, name: 'Insurance', code: 'K-FIN-3', parent_id: finance.id });
    const l2 = await rest.post('/admin/second-level-subcategories').send({ name: 'Cargo insurance', parent_id: l1.body.id });
    expect(l2.body.code).toBe('K-FIN-3.1');
    const l3 = await rest.post('/admin/third-level-subcategories').send({ name: 'Marine cargo', parent_id: l2.body.id });
    const l3b = await rest.post('/admin/third-level-subcategories').send({ name: 'Road cargo', parent_id: l2.body.id });
    expect([l3.body.code, l3b.body.code]).toEqual(['K-FIN-3.1.1', 'K-FIN-3.1.2']);
    // Under an EWC sub-chapter the product's own numbering continues the EWC code with a dot.
    const ewcParent = await l2Of((await l1Of((await group('food-by-products')).id, '02')).id, '0202');
    const own = await rest.post('/admin/third-level-subcategories').send({ name: 'Insect frass', parent_id: ewcParent.id });
    expect(own.body.code).toBe('0202.1');
    const levels = await rest.get('/admin/third-level-subcategories').query({ parent_id: l2.body.id });
    expect(levels.body.items.map((i: { code: string }) => i.code)).toEqual(['K-FIN-3.1.1', 'K-FIN-3.1.2']);
    expect(levels.body.items[0]).toMatchObject({ level: 3, listings: 0, children: 0, customized: true });
    expect(await entries('subcategory', l3.body.id)).toEqual([
      expect.objectContaining({
        action: 'subcategory.create',
        after: { level: 3, name: 'Marine cargo', name_dk: null, name_my: null, code: 'K-FIN-3.1.1', parent_id: l2.body.id },
      }),
    ]);
  });

  it('puts a new leaf at once into the public lists, the listing editor and the code search', async () => {
    const wood = await group('wood');
    const parent = await l2Of((await l1Of(wood.id, '03')).id, '0301');
    const created = (await rest.post('/admin/third-level-subcategories').send({ name: `Cork offcuts ${tag()}`, parent_id: parent.id })).body;
    const leaves = await t.caller().common.thirdLevelSubcategories({ second_level_subcategory_id: parent.id });
    expect(leaves.items.map((l) => l.id)).toContain(created.id);
    const id = await listingOn(created.id);
    expect(await listing(id)).toMatchObject({
      material_group_id: wood.id,
      second_level_subcategory_id: parent.id,
      material_group_code: created.code,
    });
    const searcher = await createCompanyWithUsers(db());
    const byLeaf = await t.caller(searcher.memberActor).materials.search({ third_level_subcategory_id: created.id, proximity: 'any' });
    expect(byLeaf.items.map((i) => i.id)).toEqual([id]);
    const byCode = await t.caller(searcher.memberActor).materials.search({ material_group_code: created.code, proximity: 'any' });
    expect(byCode.items.map((i) => i.id)).toEqual([id]);
    const found = await t.caller(admin.adminActor).common.admin.searchCategories({ q: 'cork offcuts' });
    expect(found.items.find((i) => i.id === created.id)).toMatchObject({ level: 3, path: ['Wood', expect.any(String), expect.any(String)] });
  });

  it('finds a node by its name in Danish or Malay: the catalog translation of a built-in name, or a name typed in either', async () => {
    const search = (q: string) => t.caller(admin.adminActor).common.admin.searchCategories({ q, size: 50 });
    const [accounting] = await db().select().from(first_level_subcategories).where(eq(first_level_subcategories.name, 'Accounting and reporting'));
    for (const q of ['REGNSKAB og rap', 'perakaunan dan'])
      expect(
        (await search(q)).items.map((i) => i.id),
        q,
      ).toContain(accounting!.id);
    const typed = tag();
    const l1 = (
      await rest
        .post('/admin/first-level-subcategories')
        .send({ name: `Robotics ${typed}`, name_dk: `Robotteknik ${typed}`, name_my: `Robotik ${typed}`, parent_id: (await group('technology')).id })
    ).body;
    for (const q of [`robotteknik ${typed}`, `ROBOTIK ${typed}`])
      expect(
        (await search(q)).items.map((i) => i.id),
        q,
      ).toEqual([l1.id]);
    expect((await search(`nothing like it ${typed}`)).items).toEqual([]);
  });

  it('refuses a code outside the parent, a taken code and an unknown parent, on their fields, creating nothing', async () => {
    const finance = await group('finance');
    const fin1 = await l1Of(finance.id, 'K-FIN-1');
    const outside = await rest.post('/admin/second-level-subcategories').send({ name: 'Stray', code: 'K-LEG-1.9', parent_id: fin1.id });
    expect(outside.status).toBe(400);
    expect(outside.body.error.field_codes.code).toEqual({ code: 'category.codeOutsideParent', params: { prefix: 'K-FIN-1.' } });
    const ewcL2 = await l2Of((await l1Of((await group('wood')).id, '03')).id, '0301');
    const taken = await rest.post('/admin/third-level-subcategories').send({ name: 'Dup', code: '030105', parent_id: ewcL2.id });
    expect(taken.body.error.field_codes.code).toEqual({ code: 'category.codeTaken', params: { code: '030105' } });
    const format = await rest.post('/admin/third-level-subcategories').send({ name: 'Bad', code: 'a b/c', parent_id: ewcL2.id });
    expect(format.body.error.field_codes.code.code).toBe('category.codeFormat');
    const orphan = await rest.post('/admin/third-level-subcategories').send({ name: 'Orphan', parent_id: 2_000_000_000 });
    expect(orphan.body.error.field_codes.parent_id.code).toBe('category.unknownParent');
    expect(await db().select().from(third_level_subcategories).where(eq(third_level_subcategories.name, 'Dup'))).toEqual([]);
  });

  it('refuses to delete a subcategory listings use, with their number, and deletes it once unused', async () => {
    const tech = await group('technology');
    const l1 = (await rest.post('/admin/first-level-subcategories').send({ name: `Robotics ${tag()}`, parent_id: tech.id })).body;
    const l2 = (await rest.post('/admin/second-level-subcategories').send({ name: 'Cobots', parent_id: l1.id })).body;
    const l3 = (await rest.post('/admin/third-level-subcategories').send({ name: 'Cobot programming', parent_id: l2.id })).body;
    const id = await listingOn(l3.id);
    for (const [path, node] of [
      ['first', l1],
      ['second', l2],
      ['third', l3],
    ] as const) {
      const res = await rest.delete(`/admin/${path}-level-subcategories/${node.id}`);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ message_code: 'category.inUse', params: { count: 1 } });
    }
    expect((await entries('subcategory', l3.id)).map((e) => e.action)).toEqual(['subcategory.create']);
    await db().delete(materials).where(eq(materials.id, id));
    expect((await rest.delete(`/admin/first-level-subcategories/${l1.id}`)).status).toBe(200);
    expect(await db().select().from(third_level_subcategories).where(eq(third_level_subcategories.id, l3.id))).toEqual([]);
    expect((await entries('subcategory', l1.id)).map((e) => e.action)).toContain('subcategory.delete');
    expect((await rest.delete(`/admin/first-level-subcategories/${l1.id}`)).status).toBe(404);
  });

  it('renumbers a moved own node and its subtree under the new parent, and moves the listings with it', async () => {
    const finance = await group('finance');
    const legal = await group('legal');
    const l1 = (await rest.post('/admin/first-level-subcategories').send({ name: `Tax ${tag()}`, parent_id: finance.id })).body;
    const l2 = (await rest.post('/admin/second-level-subcategories').send({ name: 'VAT', parent_id: l1.id })).body;
    const l3 = (await rest.post('/admin/third-level-subcategories').send({ name: 'Reverse charge', parent_id: l2.id })).body;
    const id = await listingOn(l3.id);
    expect((await listing(id)).material_group_code).toBe(l3.code);

    const moved = await rest.put(`/admin/first-level-subcategories/${l1.id}`).send({ parent_id: legal.id });
    expect(moved.status).toBe(200);
    expect(moved.body.code).toMatch(/^K-LEG-\d+$/);
    const [newL2] = await db().select().from(second_level_subcategories).where(eq(second_level_subcategories.id, l2.id));
    const [newL3] = await db().select().from(third_level_subcategories).where(eq(third_level_subcategories.id, l3.id));
    expect(newL2!.code).toBe(`${moved.body.code}.1`);
    expect(newL3!.code).toBe(`${moved.body.code}.1.1`);
    // Every code still starts with its parent's, and the listing carries its leaf's new code and group.
    expect(await listing(id)).toMatchObject({ material_group_id: legal.id, first_level_subcategory_id: l1.id, material_group_code: newL3!.code });
    const searcher = await createCompanyWithUsers(db());
    const under = await t.caller(searcher.memberActor).materials.search({ material_group_code: moved.body.code, proximity: 'any' });
    expect(under.items.map((i) => i.id)).toEqual([id]);
    const old = await t.caller(searcher.memberActor).materials.search({ material_group_code: l1.code, proximity: 'any' });
    expect(old.items.map((i) => i.id)).not.toContain(id);
    const [entry] = (await entries('subcategory', l1.id)).filter((e) => e.action === 'subcategory.move');
    expect(entry).toMatchObject({
      before: { parent_id: finance.id, code: l1.code },
      after: { parent_id: legal.id, code: moved.body.code, recoded_below: 2, listings_moved: 1 },
    });
  });

  it('keeps an EWC code on a move: only under a parent its code extends, the listings taking the new group', async () => {
    const food = await group('food-by-products');
    const agri = await group('agriculture-and-forestry');
    // 02 02 04 sits in food; agriculture has its own "02" chapter and "0201" sub-chapter, but no "0202".
    const ewcLeaf = await leaf('020204');
    const id = await listingOn(ewcLeaf.id);
    const agri0201 = await l2Of((await l1Of(agri.id, '02')).id, '0201');
    const wrong = await rest.put(`/admin/third-level-subcategories/${ewcLeaf.id}`).send({ parent_id: agri0201.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field_codes.parent_id).toEqual({ code: 'category.ewcMove', params: { code: '020204', prefix: '0202' } });
    const recode = await rest.put(`/admin/third-level-subcategories/${ewcLeaf.id}`).send({ code: '020299' });
    expect(recode.body.error.field_codes.code.code).toBe('category.ewcCodeFixed');
    expect((await leaf('020204')).second_level_subcategory_id).toBe(ewcLeaf.second_level_subcategory_id);

    // A "0202" sub-chapter created in agriculture's chapter 02 can take it: the code stays, group and levels follow.
    const agri02 = await l1Of(agri.id, '02');
    const agri0202 = (
      await rest
        .post('/admin/second-level-subcategories')
        .send({ name: 'Meat, fish and other food of animal origin', code: '0202', parent_id: agri02.id })
    ).body;
    const ok = await rest.put(`/admin/third-level-subcategories/${ewcLeaf.id}`).send({ parent_id: agri0202.id });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ code: '020204', parent_id: agri0202.id, group_id: agri.id });
    expect(await listing(id)).toMatchObject({
      material_group_id: agri.id,
      first_level_subcategory_id: agri02.id,
      second_level_subcategory_id: agri0202.id,
      material_group_code: '020204',
    });
    expect(food.id).not.toBe(agri.id);
  });

  it('renames a node and records who changed what', async () => {
    const l3 = await leaf('K-HR-1.1.1');
    const res = await rest.put(`/admin/third-level-subcategories/${l3.id}`).send({ name: 'Waste handling and sorting training' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Waste handling and sorting training', code: 'K-HR-1.1.1' });
    const [entry] = (await entries('subcategory', l3.id)).filter((e) => e.action === 'subcategory.update');
    expect(entry).toMatchObject({ actor_user_id: admin.admin.id, before: { name: l3.name }, after: { name: 'Waste handling and sorting training' } });
  });

  it('lets nobody but administrators change categories', async () => {
    const finance = await group('finance');
    const asManager = await restAs(t, company.managerActor).post('/admin/first-level-subcategories').send({ name: 'Nope', parent_id: finance.id });
    expect(asManager.status).toBe(403);
    expect(actorOf(company.manager).kind).toBe('user');
  });
});
