// Map styles (ARCHITECTURE §5). The offline default draws a real base map with no network beyond this app: water,
// land and country borders from Natural Earth (world-atlas, served at /map/countries.json) and the offline
// gazetteer's cities with their names (/map/places.json). No glyphs URL: maplibre draws label glyphs locally with
// the browser's fonts. MAP_PMTILES_PATH adds street level (Protomaps tiles served by this app); MAP_STYLE_URL wins
// over both. Only the map chunk imports this file.
import type { FeatureCollection, MultiLineString, MultiPolygon, Point, Polygon } from 'geojson';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { SIGNUP_COUNTRIES } from '@shared/constants/enums';
import { MAP_PATHS, type MapPlace } from '@shared/constants/map';

export const WATER = '#aacfdf';
export const LAND = '#f3f1ea';
/** The signup countries, a shade greener than other land. */
export const SIGNUP_LAND = '#e3eedf';

/** ISO 3166-1 numeric codes (world-atlas feature ids) of the signup countries. */
const SIGNUP_NUMERIC: Record<(typeof SIGNUP_COUNTRIES)[number], string> = {
  GR: '300',
  DE: '276',
  DK: '208',
  AE: '784',
  GB: '826',
  IT: '380',
  RO: '642',
  MY: '458',
};

/** Water only: what shows while the base map loads or if it cannot be loaded. */
export const BLANK_STYLE: StyleSpecification = {
  version: 8,
  name: 'offline-blank',
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': WATER } }],
};

export interface BaseMapData {
  countries: FeatureCollection<Polygon | MultiPolygon, { name: string; signup: boolean }>;
  borders: MultiLineString;
  places: FeatureCollection<Point, { name: string; rank: number }>;
}

let loading: Promise<BaseMapData> | null = null;

/** Fetches and converts the base map once per page load (both files are cached by the browser too). */
export function loadBaseMap(): Promise<BaseMapData> {
  loading ??= (async () => {
    const [topoRes, placesRes] = await Promise.all([fetch(MAP_PATHS.countries), fetch(MAP_PATHS.places)]);
    if (!topoRes.ok || !placesRes.ok) throw new Error(`base map: ${topoRes.status}/${placesRes.status}`);
    const topo = (await topoRes.json()) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
    const list = (await placesRes.json()) as MapPlace[];
    const signup = new Set(Object.values(SIGNUP_NUMERIC));
    const countries = feature(topo, topo.objects.countries) as unknown as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
    return {
      countries: {
        type: 'FeatureCollection',
        features: countries.features.map((f) => ({ ...f, properties: { name: f.properties.name, signup: signup.has(String(f.id)) } })),
      },
      borders: mesh(topo, topo.objects.countries, (a, b) => a !== b),
      places: {
        type: 'FeatureCollection',
        features: list.map((p) => ({
          type: 'Feature',
          properties: { name: p.name, rank: p.rank },
          geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
        })),
      },
    };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** City dots and names: the biggest city of each country from zoom 3, the next three from 4.5, the rest from 5.5. */
function placeLayers(): LayerSpecification[] {
  const tiers: [string, number, unknown[]][] = [
    ['capital', 2.5, ['==', ['get', 'rank'], 0]],
    ['major', 4.5, ['all', ['>=', ['get', 'rank'], 1], ['<=', ['get', 'rank'], 3]]],
    ['minor', 5.5, ['>', ['get', 'rank'], 3]],
  ];
  return tiers.flatMap(([tier, minzoom, filter]) => [
    {
      id: `places-${tier}-dot`,
      type: 'circle',
      source: 'base-places',
      minzoom,
      filter: filter as never,
      paint: {
        'circle-radius': tier === 'capital' ? 3.5 : 2.5,
        'circle-color': '#4b4f4d',
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
      },
    },
    {
      id: `places-${tier}-label`,
      type: 'symbol',
      source: 'base-places',
      minzoom,
      filter: filter as never,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': ['sans-serif'],
        'text-size': tier === 'capital' ? 13 : 12,
        'text-anchor': 'top',
        'text-offset': [0, 0.45],
        'symbol-sort-key': ['get', 'rank'],
      },
      paint: { 'text-color': '#2f3532', 'text-halo-color': 'rgba(255,255,255,0.9)', 'text-halo-width': 1.4 },
    },
  ]);
}

/** The offline default style: water, land (signup countries tinted), coastlines, borders, cities with names. */
export function offlineStyle(data: BaseMapData): StyleSpecification {
  return {
    version: 8,
    name: 'offline',
    sources: {
      'base-countries': { type: 'geojson', data: data.countries, attribution: 'Natural Earth' },
      'base-borders': { type: 'geojson', data: data.borders },
      'base-places': { type: 'geojson', data: data.places },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': WATER } },
      {
        id: 'land',
        type: 'fill',
        source: 'base-countries',
        paint: { 'fill-color': ['case', ['get', 'signup'], SIGNUP_LAND, LAND], 'fill-antialias': true },
      },
      { id: 'coast', type: 'line', source: 'base-countries', paint: { 'line-color': '#86aebf', 'line-width': 0.8 } },
      {
        id: 'borders',
        type: 'line',
        source: 'base-borders',
        paint: {
          'line-color': '#8d8a99',
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
          'line-dasharray': [3, 2],
        },
      },
      ...placeLayers(),
    ],
  };
}

/** The app language as Protomaps names it (label language of street-level tiles). */
export function protomapsLang(lang: string): string {
  return lang === 'dk' ? 'da' : lang === 'my' ? 'ms' : 'en';
}
