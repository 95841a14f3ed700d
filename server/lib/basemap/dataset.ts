// The dataset the offline base map is built from (docs/decisions/0200), named in one place: the builder reads it,
// and the archive's key carries its version.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const DATASET_PACKAGE = '@geo-maps/countries-coastline-100m';
export const DATASET_PATH = require.resolve(`${DATASET_PACKAGE}/map.geo.json`);
export const DATASET_VERSION = (require(`${DATASET_PACKAGE}/package.json`) as { version: string }).version;
