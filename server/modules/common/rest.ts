import { del, get, postCreated, put } from '../../rest/define';

export const commonRest = [
  get('/api/common/countries', 'common.countries', { query: 'rest', summary: 'Countries, optionally only the given codes' }),
  get('/api/common/material-groups', 'common.materialGroups', { summary: 'Material groups (EWC chapters)' }),
  get('/api/common/sdgs', 'common.sdgs', { summary: 'The 17 Sustainable Development Goals' }),
  get('/api/material-groups', 'common.materialGroups', { summary: 'Material groups (EWC chapters)' }),
  get('/api/first-level-subcategories', 'common.firstLevelSubcategories', { query: 'rest', summary: 'First-level material subcategories' }),
  get('/api/second-level-subcategories', 'common.secondLevelSubcategories', { query: 'rest', summary: 'Second-level material subcategories' }),
  get('/api/third-level-subcategories', 'common.thirdLevelSubcategories', { query: 'rest', summary: 'Third-level material subcategories' }),
  get('/api/common/geocode', 'common.geocode', { query: 'rest', summary: 'Find places by address text' }),
  get('/api/common/reverse-geocode', 'common.reverseGeocode', { query: 'rest', summary: 'The place at a map position' }),
];

// Administrators' categories (SPEC §7 Admin): exactly these paths and payloads. The three subcategory
// levels share one procedure each; the path fixes the level.
const LEVEL_PATHS = [
  [1, 'first'],
  [2, 'second'],
  [3, 'third'],
] as const;

export const commonAdminRest = [
  get('/admin/material-groups', 'common.admin.materialGroups', {
    summary: 'Material groups with their code, kind, Defra material, and counts of first levels, listings and companies',
  }),
  postCreated('/admin/material-groups', 'common.admin.createMaterialGroup', {
    body: ['name', 'name_dk', 'name_my', 'kind', 'defra_material'],
    summary: 'Create a material group {name, name_dk?, name_my?, kind: material|knowledge|space, defra_material?}',
  }),
  put('/admin/material-groups/:id', 'common.admin.updateMaterialGroup', {
    body: ['name', 'name_dk', 'name_my', 'kind', 'defra_material'],
    summary: 'Rename a group or change its kind (only unused) or Defra material (new impact records use it)',
  }),
  del('/admin/material-groups/:id', 'common.admin.deleteMaterialGroup', {
    summary: 'Delete an unused material group with its subcategories (409 with the number of listings using it)',
  }),
  ...LEVEL_PATHS.flatMap(([level, name]) => [
    get(`/admin/${name}-level-subcategories`, 'common.admin.subcategories', {
      query: ['parent_id'],
      fixed: { level },
      summary: `${name[0]!.toUpperCase()}${name.slice(1)}-level subcategories under parent_id, with counts of children and listings`,
    }),
    postCreated(`/admin/${name}-level-subcategories`, 'common.admin.createSubcategory', {
      body: ['name', 'name_dk', 'name_my', 'code', 'parent_id'],
      fixed: { level },
      summary: `Create a ${name}-level subcategory {name, name_dk?, name_my?, code?, parent_id}; code defaults to the parent's code plus the next free number`,
    }),
    put(`/admin/${name}-level-subcategories/:id`, 'common.admin.updateSubcategory', {
      body: ['name', 'name_dk', 'name_my', 'code', 'parent_id'],
      fixed: { level },
      summary: `Rename, recode or move (parent_id) a ${name}-level subcategory; listings under it follow`,
    }),
    del(`/admin/${name}-level-subcategories/:id`, 'common.admin.deleteSubcategory', {
      fixed: { level },
      summary: `Delete an unused ${name}-level subcategory (409 with the number of listings using it)`,
    }),
  ]),
];
