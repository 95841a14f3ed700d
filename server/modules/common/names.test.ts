// Names per language on reference rows an administrator adds: categories, plans and donation tags take an English
// name and optional Danish and Malay ones; readers see their language's name, else the catalog's, else English.
import { describe, expect, it } from 'vitest';
import { referenceName, referenceText } from '../../lib/i18n';
import { createCompanyWithUsers } from '../../test/factories';
import { restAs } from '../../test/rest-client';
import { useRestAs, useTestWorld } from '../../test/suite';
import { loadTypedNames } from './service';

const { t, admin } = useTestWorld();
const rest = useRestAs(t, () => admin.adminActor);
const db = () => t.database.db;
const tag = () => Math.random().toString(36).slice(2, 7);

describe('names per language', () => {
  it('stores a Danish name on a new group: Danish readers see it, English ones the English name, Malay ones English', async () => {
    const suffix = tag();
    const res = await rest
      .post('/admin/material-groups')
      .send({ name: `Coffee grounds ${suffix}`, name_dk: `Kaffegrums ${suffix}`, kind: 'material' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: `Coffee grounds ${suffix}`, name_dk: `Kaffegrums ${suffix}`, name_my: null });

    const group = (await t.caller().common.materialGroups()).items.find((g) => g.id === res.body.id)!;
    expect(referenceName('dk', group)).toBe(`Kaffegrums ${suffix}`);
    expect(referenceName('en', group)).toBe(`Coffee grounds ${suffix}`);
    expect(referenceName('my', group)).toBe(`Coffee grounds ${suffix}`);

    // Readers that know the group only by its English name (a listing's group in a mail) find the same names.
    const typed = await loadTypedNames(db());
    expect(referenceText('dk', `Coffee grounds ${suffix}`, typed)).toBe(`Kaffegrums ${suffix}`);
    expect(referenceText('en', `Coffee grounds ${suffix}`, typed)).toBe(`Coffee grounds ${suffix}`);
    expect(referenceText('my', `Coffee grounds ${suffix}`, typed)).toBe(`Coffee grounds ${suffix}`);
    expect((await t.caller().common.typedNames()).items).toContainEqual({
      name: `Coffee grounds ${suffix}`,
      name_dk: `Kaffegrums ${suffix}`,
      name_my: null,
    });
  });

  it('keeps the catalog translation of a seeded name until an administrator types one, and clears a typed name with ""', async () => {
    const [wood] = (await t.caller().common.materialGroups()).items.filter((g) => g.name === 'Wood');
    expect(referenceName('dk', wood!)).toBe('Træ');
    const typed = await rest.put(`/admin/material-groups/${wood!.id}`).send({ name_my: 'Kayu terpakai' });
    expect(typed.status).toBe(200);
    expect(typed.body).toMatchObject({ name: 'Wood', name_dk: null, name_my: 'Kayu terpakai' });
    expect(referenceText('my', 'Wood', await loadTypedNames(db()))).toBe('Kayu terpakai');
    expect(referenceText('dk', 'Wood', await loadTypedNames(db()))).toBe('Træ');
    const cleared = await rest.put(`/admin/material-groups/${wood!.id}`).send({ name_my: '' });
    expect(cleared.body.name_my).toBeNull();
    expect(referenceText('my', 'Wood', await loadTypedNames(db()))).not.toBe('Kayu terpakai');
  });

  it('takes names per language on subcategories, plans and tags by their SPEC paths, each within the English limit', async () => {
    const group = await rest.post('/admin/material-groups').send({ name: `Names ${tag()}`, kind: 'material' });
    const sub = await rest.post('/admin/first-level-subcategories').send({ name: 'Spent grain', name_dk: 'Mask', parent_id: group.body.id });
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({ name: 'Spent grain', name_dk: 'Mask', name_my: null });
    const renamed = await rest.put(`/admin/first-level-subcategories/${sub.body.id}`).send({ name_my: 'Hampas bijirin' });
    expect(renamed.body).toMatchObject({ name: 'Spent grain', name_dk: 'Mask', name_my: 'Hampas bijirin' });

    const plan = await rest
      .post('/admin/subscription-plans')
      .send({ name: `Pilot ${tag()}`, name_dk: 'Pilotaftale', start_date: '2027-01-01', end_date: '2027-06-30' });
    expect(plan.status).toBe(201);
    expect(plan.body).toMatchObject({ name_dk: 'Pilotaftale', name_my: null });
    expect((await rest.get(`/admin/subscription-plans/${plan.body.id}`)).body.name_dk).toBe('Pilotaftale');

    const created = await rest.post('/admin/donation-tags').send({ name: `Schools ${tag()}`, name_dk: 'Skoler', name_my: 'Sekolah' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name_dk: 'Skoler', name_my: 'Sekolah' });

    const long = await rest.post('/admin/donation-tags').send({ name: `Short ${tag()}`, name_dk: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body.error.field_codes.name_dk.code).toBe('field.tooLong');
    const noEnglish = await rest.post('/admin/material-groups').send({ name: ' ', name_dk: 'Kun dansk', kind: 'material' });
    expect(noEnglish.body.error.field_codes.name.code).toBe('field.required');
  });

  it('lets only administrators name categories', async () => {
    const company = await createCompanyWithUsers(db());
    const manager = await restAs(t, company.managerActor)
      .post('/admin/material-groups')
      .send({ name: `Mine ${tag()}`, name_dk: 'Min', kind: 'material' });
    expect(manager.status).toBe(403);
  });
});
