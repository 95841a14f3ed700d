import { query, type RestRoute } from '../../rest/define';

export const commonRest: RestRoute[] = [
  { method: 'get', path: '/api/common/countries', handler: (c, req) => c.common.countries(query(req) as never) },
  { method: 'get', path: '/api/common/material-groups', handler: (c) => c.common.materialGroups() },
  { method: 'get', path: '/api/common/sdgs', handler: (c) => c.common.sdgs() },
  { method: 'get', path: '/api/material-groups', handler: (c) => c.common.materialGroups() },
  { method: 'get', path: '/api/first-level-subcategories', handler: (c, req) => c.common.firstLevelSubcategories(query(req) as never) },
  { method: 'get', path: '/api/second-level-subcategories', handler: (c, req) => c.common.secondLevelSubcategories(query(req) as never) },
  { method: 'get', path: '/api/third-level-subcategories', handler: (c, req) => c.common.thirdLevelSubcategories(query(req) as never) },
  { method: 'get', path: '/api/common/geocode', handler: (c, req) => c.common.geocode(query(req) as never) },
  { method: 'get', path: '/api/common/reverse-geocode', handler: (c, req) => c.common.reverseGeocode(query(req) as never) },
];
