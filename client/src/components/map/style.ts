// Map styles (ARCHITECTURE §5). The offline default draws the app's own vector tiles (docs/decisions/0200): land
// from OpenStreetMap's coastline (signup countries a shade greener), the sea as the background, dashed country
// borders and the offline gazetteer's cities with their names; only the tiles in view are fetched. No glyphs URL:
// maplibre draws label glyphs locally with the browser's fonts. MAP_PMTILES_PATH adds street level (Protomaps
// tiles served by this app); MAP_STYLE_URL wins over both. Only the map chunk imports this file.
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { BASEMAP, MAP_PATHS } from '@shared/constants/map';

export const WATER = '#aacfdf';
export const LAND = '#f3f1ea';
/** The signup countries, a shade greener than other land. */
export const SIGNUP_LAND = '#e3eedf';

/** City dots and names: the biggest city of each country from zoom 2.5, the next three from 4.5, the rest from 5.5. */
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
      source: 'basemap',
      'source-layer': 'places',
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
      source: 'basemap',
      'source-layer': 'places',
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

/** The app's tile URL template, absolute (maplibre fetches tiles from a worker, which has no page to resolve against). */
export function tilesUrl(configured: string | null | undefined): string {
  return new URL(configured ?? MAP_PATHS.tiles, window.location.href).href.replace(/%7B/g, '{').replace(/%7D/g, '}');
}

/** The offline default style: the sea, land (signup countries tinted), borders, cities with names. */
export function offlineStyle(tiles: string): StyleSpecification {
  return {
    version: 8,
    name: 'offline',
    sources: {
      basemap: { type: 'vector', tiles: [tiles], minzoom: 0, maxzoom: BASEMAP.maxZoom, attribution: BASEMAP.attribution },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': WATER } },
      {
        id: 'land',
        type: 'fill',
        source: 'basemap',
        'source-layer': 'land',
        paint: { 'fill-color': ['case', ['get', 'signup'], SIGNUP_LAND, LAND], 'fill-antialias': true },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'basemap',
        'source-layer': 'borders',
        layout: { 'line-join': 'round' },
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
