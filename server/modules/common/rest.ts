import { route } from '../../rest/define';

export const commonRest = [
  route({ method: 'get', path: '/api/common/countries', procedure: 'common.countries', query: 'rest', summary: 'Countries, optionally only the given codes' }),
  route({ method: 'get', path: '/api/common/material-groups', procedure: 'common.materialGroups', summary: 'Material groups (EWC chapters)' }),
  route({ method: 'get', path: '/api/common/sdgs', procedure: 'common.sdgs', summary: 'The 17 Sustainable Development Goals' }),
  route({ method: 'get', path: '/api/material-groups', procedure: 'common.materialGroups', summary: 'Material groups (EWC chapters)' }),
  route({ method: 'get', path: '/api/first-level-subcategories', procedure: 'common.firstLevelSubcategories', query: 'rest', summary: 'First-level material subcategories' }),
  route({ method: 'get', path: '/api/second-level-subcategories', procedure: 'common.secondLevelSubcategories', query: 'rest', summary: 'Second-level material subcategories' }),
  route({ method: 'get', path: '/api/third-level-subcategories', procedure: 'common.thirdLevelSubcategories', query: 'rest', summary: 'Third-level material subcategories' }),
  route({ method: 'get', path: '/api/common/geocode', procedure: 'common.geocode', query: 'rest', summary: 'Find places by address text' }),
  route({ method: 'get', path: '/api/common/reverse-geocode', procedure: 'common.reverseGeocode', query: 'rest', summary: 'The place at a map position' }),
];
