// The offline default map style (ARCHITECTURE §5): no tiles, no glyphs, no network. A plain background with
// the places the caller passes (e.g. geocoder results) as points, so a map renders with no internet. A style
// URL from configuration (MAP_STYLE_URL) replaces it with a real basemap.
import type { StyleSpecification } from 'maplibre-gl';

export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  name: 'offline',
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#dcebe4' } }],
};
