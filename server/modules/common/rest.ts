import { route } from '../../rest/define';

export const commonRest = [
  route({
    method: 'get',
    path: '/api/common/countries',
    procedure: 'common.countries',
    query: 'rest',
    summary: 'Countries, optionally only the given codes',
  }),
  route({ method: 'get', path: '/api/common/material-groups', procedure: 'common.materialGroups', summary: 'Material groups (EWC chapters)' }),
  route({ method: 'get', path: '/api/common/sdgs', procedure: 'common.sdgs', summary: 'The 17 Sustainable Development Goals' }),
  route({ method: 'get', path: '/api/material-groups', procedure: 'common.materialGroups', summary: 'Material groups (EWC chapters)' }),
  route({
    method: 'get',
    path: '/api/first-level-subcategories',
    procedure: 'common.firstLevelSubcategories',
    query: 'rest',
    summary: 'First-level material subcategories',
  }),
  route({
    method: 'get',
    path: '/api/second-level-subcategories',
    procedure: 'common.secondLevelSubcategories',
    query: 'rest',
    summary: 'Second-level material subcategories',
  }),
  route({
    method: 'get',
    path: '/api/third-level-subcategories',
    procedure: 'common.thirdLevelSubcategories',
    query: 'rest',
    summary: 'Third-level material subcategories',
  }),
  route({ method: 'get', path: '/api/common/geocode', procedure: 'common.geocode', query: 'rest', summary: 'Find places by address text' }),
  route({
    method: 'get',
    path: '/api/common/reverse-geocode',
    procedure: 'common.reverseGeocode',
    query: 'rest',
    summary: 'The place at a map position',
  }),
];

// Administrators' categories (SPEC §7 Admin): exactly these paths and payloads. The three subcategory
// levels share one procedure each; the path fixes the level.
const LEVEL_PATHS = [
  [1, 'first'],
  [2, 'second'],
  [3, 'third'],
] as const;

export const commonAdminRest = [
  route({
    method: 'get',
    path: '/admin/material-groups',
    procedure: 'common.admin.materialGroups',
    summary: 'Material groups with their code, kind, Defra material, and counts of first levels, listings and companies',
  }),
  route({
    method: 'post',
    path: '/admin/material-groups',
    procedure: 'common.admin.createMaterialGroup',
    status: 201,
    body: ['name', 'name_dk', 'name_my', 'kind', 'defra_material'],
    summary: 'Create a material group {name, name_dk?, name_my?, kind: material|knowledge|space, defra_material?}',
  }),
  route({
    method: 'put',
    path: '/admin/material-groups/:id',
    procedure: 'common.admin.updateMaterialGroup',
    params: { id: 'id' },
    body: ['name', 'name_dk', 'name_my', 'kind', 'defra_material'],
    summary: 'Rename a group or change its kind (only unused) or Defra material (new impact records use it)',
  }),
  route({
    method: 'delete',
    path: '/admin/material-groups/:id',
    procedure: 'common.admin.deleteMaterialGroup',
    params: { id: 'id' },
    summary: 'Delete an unused material group with its subcategories (409 with the number of listings using it)',
  }),
  ...LEVEL_PATHS.flatMap(([level, name]) => [
    route({
      method: 'get',
      path: `/admin/${name}-level-subcategories`,
      procedure: 'common.admin.subcategories',
      query: ['parent_id'],
      fixed: { level },
      summary: `${name[0]!.toUpperCase()}${name.slice(1)}-level subcategories under parent_id, with counts of children and listings`,
    }),
    route({
      method: 'post',
      path: `/admin/${name}-level-subcategories`,
      procedure: 'common.admin.createSubcategory',
      status: 201,
      body: ['name', 'name_dk', 'name_my', 'code', 'parent_id'],
      fixed: { level },
      summary: `Create a ${name}-level subcategory {name, name_dk?, name_my?, code?, parent_id}; code defaults to the parent's code plus the next free number`,
    }),
    route({
      method: 'put',
      path: `/admin/${name}-level-subcategories/:id`,
      procedure: 'common.admin.updateSubcategory',
      params: { id: 'id' },
      body: ['name', 'name_dk', 'name_my', 'code', 'parent_id'],
      fixed: { level },
      summary: `Rename, recode or move (parent_id) a ${name}-level subcategory; listings under it follow`,
    }),
    route({
      method: 'delete',
      path: `/admin/${name}-level-subcategories/:id`,
      procedure: 'common.admin.deleteSubcategory',
      params: { id: 'id' },
      fixed: { level },
      summary: `Delete an unused ${name}-level subcategory (409 with the number of listings using it)`,
    }),
  ]),
];
