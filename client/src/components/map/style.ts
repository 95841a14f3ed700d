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

/** A 1° graticule, so panning and zooming the offline map stays legible without a basemap. */
export const GRATICULE = {
  type: 'FeatureCollection' as const,
  features: [
    ...Array.from({ length: 361 }, (_, i) => i - 180).map((lng) => ({
      type: 'Feature' as const,
      properties: { major: lng % 10 === 0 },
      geometry: { type: 'LineString' as const, coordinates: [[lng, -85], [lng, 85]] },
    })),
    ...Array.from({ length: 171 }, (_, i) => i - 85).map((lat) => ({
      type: 'Feature' as const,
      properties: { major: lat % 10 === 0 },
      geometry: { type: 'LineString' as const, coordinates: [[-180, lat], [180, lat]] },
    })),
  ],
};
