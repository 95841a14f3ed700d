// Builds the offline base map (docs/decisions/0200): OpenStreetMap country shapes clipped at the coastline and
// simplified to 100 m (@geo-maps/countries-coastline-100m), cut into vector tiles with geojson-vt, encoded with
// vt-pbf and written as one PMTiles archive. Three layers: `land` (one polygon per country, `signup` marks the
// countries where companies can register), `borders` (the edges two countries share) and `places` (the offline
// gazetteer's cities, ranked within their country). Run once per dataset and gazetteer version (basemap/index.ts).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { GeoJSONVT, type GeoJSONVTOptions } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Point, Polygon, Position } from 'geojson';
import { SIGNUP_COUNTRIES, type SignupCountry } from '../../../shared/constants/enums';
import { BASEMAP } from '../../../shared/constants/map';
import { GAZETTEER } from '../geocoder';
import { DATASET_PACKAGE, DATASET_PATH, DATASET_VERSION } from './dataset';
import { writeArchive, type ArchiveTile } from './pmtiles';

/** ISO 3166-1 alpha-3, as the dataset names countries. */
export const SIGNUP_ALPHA3: Record<SignupCountry, string> = {
  GR: 'GRC',
  DE: 'DEU',
  DK: 'DNK',
  AE: 'ARE',
  GB: 'GBR',
  IT: 'ITA',
  RO: 'ROU',
  MY: 'MYS',
};

type Box = [number, number, number, number];
type Shape = Feature<Polygon | MultiPolygon, { A3: string }>;

export interface BuildOptions {
  out: string;
  /** Only tiles that touch one of these [west, south, east, north] boxes (tests build a few cities in seconds). */
  boxes?: Box[];
  maxZoom?: number;
  log?: (message: string) => void;
}

export interface BuildStats {
  tiles: number;
  contents: number;
  bytes: number;
  seconds: number;
}

const polygonsOf = (g: Polygon | MultiPolygon): Position[][][] => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates);

function bboxOf(g: Polygon | MultiPolygon): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygonsOf(g))
    for (const [x, y] of polygon[0] ?? []) {
      box[0] = Math.min(box[0], x!);
      box[1] = Math.min(box[1], y!);
      box[2] = Math.max(box[2], x!);
      box[3] = Math.max(box[3], y!);
    }
  return box;
}

const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/**
 * The land borders: ring edges that two countries share. The dataset was simplified as one topology, so a border
 * is the same vertices in both neighbours; each shared edge is kept once (from the first of the two) and runs of
 * them along a ring become one line.
 */
export function sharedEdges(shapes: Shape[]): Position[][] {
  const vertexIds = new Map<string, number>();
  const ringIds = shapes.map((f) =>
    polygonsOf(f.geometry).map((polygon) =>
      polygon.map((ring) =>
        Int32Array.from(ring, (p) => {
          const key = `${p[0]},${p[1]}`;
          let id = vertexIds.get(key);
          if (id === undefined) {
            id = vertexIds.size;
            vertexIds.set(key, id);
          }
          return id;
        }),
      ),
    ),
  );
  const n = vertexIds.size;
  vertexIds.clear();
  const edgeKey = (a: number, b: number) => (a < b ? a * n + b : b * n + a);
  // An edge seen in one shape holds that shape's index; seen in two, -1 - (the first of them).
  const owner = new Map<number, number>();
  ringIds.forEach((polygons, fi) => {
    for (const rings of polygons)
      for (const ids of rings)
        for (let i = 1; i < ids.length; i++) {
          const k = edgeKey(ids[i - 1]!, ids[i]!);
          const seen = owner.get(k);
          if (seen === undefined) owner.set(k, fi);
          else if (seen >= 0 && seen !== fi) owner.set(k, -1 - Math.min(seen, fi));
        }
  });
  const lines: Position[][] = [];
  shapes.forEach((f, fi) => {
    polygonsOf(f.geometry).forEach((polygon, pi) =>
      polygon.forEach((ring, ri) => {
        const ids = ringIds[fi]![pi]![ri]!;
        let line: Position[] | null = null;
        for (let i = 1; i < ids.length; i++) {
          if (owner.get(edgeKey(ids[i - 1]!, ids[i]!)) === -1 - fi) {
            if (!line) {
              line = [ring[i - 1]!];
              lines.push(line);
            }
            line.push(ring[i]!);
          } else line = null;
        }
      }),
    );
  });
  return lines;
}

/** The gazetteer's cities, ranked within their country (0 = the first listed, the biggest). */
function places(): FeatureCollection<Point, { name: string; country: string; rank: number }> {
  const rankIn = new Map<string, number>();
  return {
    type: 'FeatureCollection',
    features: GAZETTEER.map((c) => {
      const rank = rankIn.get(c.country) ?? 0;
      rankIn.set(c.country, rank + 1);
      return { type: 'Feature', properties: { name: c.name, country: c.country, rank }, geometry: { type: 'Point', coordinates: [c.lng, c.lat] } };
    }),
  };
}

/** The tile's [west, south, east, north] in degrees. */
function tileBox(z: number, x: number, y: number): Box {
  const n = 2 ** z;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return [(x / n) * 360 - 180, lat(y + 1), ((x + 1) / n) * 360 - 180, lat(y)];
}

export async function buildBaseMap(opts: BuildOptions): Promise<BuildStats> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const maxZoom = opts.maxZoom ?? BASEMAP.maxZoom;
  const boxes = opts.boxes;
  const all = (JSON.parse(readFileSync(DATASET_PATH, 'utf8')) as FeatureCollection<Polygon | MultiPolygon, { A3: string }>).features;
  const shapes = boxes ? all.filter((f) => boxes.some((b) => overlaps(bboxOf(f.geometry), b))) : all;
  log(`read ${shapes.length} countries (${Math.round((Date.now() - started) / 1000)} s)`);

  const borders: MultiLineString = { type: 'MultiLineString', coordinates: sharedEdges(shapes) };
  log(`${borders.coordinates.length} border lines (${Math.round((Date.now() - started) / 1000)} s)`);
  const signup = new Set(SIGNUP_COUNTRIES.map((c) => SIGNUP_ALPHA3[c]));
  const land: FeatureCollection<Polygon | MultiPolygon> = {
    type: 'FeatureCollection',
    features: shapes.map((f) => ({
      type: 'Feature',
      properties: { iso: f.properties.A3, signup: signup.has(f.properties.A3) },
      geometry: f.geometry,
    })),
  };
  const tiles: ArchiveTile[] = [];
  // Two passes. Tiles above the last zoom are only ever drawn near their own zoom, at 8 tile units a pixel: half a
  // pixel of simplification (tolerance 4) drops detail no one sees and keeps them light to fetch and draw. Tiles of
  // the last zoom are enlarged up to zoom 14 and more, so they keep all the detail (tolerance 1: 38 m at the
  // equator at zoom 8, below the dataset's own 100 m). Each pass makes every tile of its index at once
  // (indexMaxPoints 0) and is let go before the next, which keeps the peak memory at one index.
  for (const pass of [
    { tolerance: 4, from: 0, to: maxZoom - 1 },
    { tolerance: 1, from: maxZoom, to: maxZoom },
  ]) {
    const options: GeoJSONVTOptions = {
      maxZoom: pass.to,
      indexMaxZoom: pass.to,
      indexMaxPoints: 0,
      tolerance: pass.tolerance,
      extent: 4096,
      buffer: 64,
    };
    const layers = {
      land: new GeoJSONVT(land, options),
      borders: new GeoJSONVT({ type: 'Feature', properties: {}, geometry: borders }, options),
      places: new GeoJSONVT(places(), options),
    };
    log(`tiled zoom ${pass.from}-${pass.to} (${Math.round((Date.now() - started) / 1000)} s)`);
    const coords = new Map<number, { z: number; x: number; y: number }>();
    for (const index of Object.values(layers)) {
      // The tile index keeps the list of the tiles it made; read, not changed.
      const made = (index as unknown as { tileIndex: { tileCoords: { z: number; x: number; y: number; id: number }[] } }).tileIndex.tileCoords;
      for (const c of made) if (c.z >= pass.from) coords.set(c.id, { z: c.z, x: c.x, y: c.y });
    }
    for (const { z, x, y } of coords.values()) {
      if (boxes && !boxes.some((b) => overlaps(tileBox(z, x, y), b))) continue;
      const present: Record<string, NonNullable<ReturnType<GeoJSONVT['getTile']>>> = {};
      for (const [name, index] of Object.entries(layers)) {
        const tile = index.getTile(z, x, y);
        if (tile && tile.features.length > 0) present[name] = tile;
      }
      if (Object.keys(present).length === 0) continue;
      tiles.push({ z, x, y, data: gzipSync(fromGeojsonVt(present, { version: 2, extent: 4096 })) });
    }
  }
  log(`${tiles.length} tiles encoded (${Math.round((Date.now() - started) / 1000)} s)`);

  const world: Box = [-180, -85.0511, 180, 85.0511];
  const bounds = boxes
    ? boxes.reduce<Box>((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])], [180, 90, -180, -90])
    : world;
  const written = await writeArchive(opts.out, tiles, {
    minZoom: 0,
    maxZoom,
    bounds,
    center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2, 2],
    metadata: {
      name: 'Synergy offline base map',
      attribution: BASEMAP.attribution,
      description: `Country land areas and borders from ${DATASET_PACKAGE} ${DATASET_VERSION}, cities from the offline gazetteer`,
      vector_layers: [
        { id: 'land', fields: { iso: 'String', signup: 'Boolean' }, minzoom: 0, maxzoom: maxZoom },
        { id: 'borders', fields: {}, minzoom: 0, maxzoom: maxZoom },
        { id: 'places', fields: { name: 'String', country: 'String', rank: 'Number' }, minzoom: 0, maxzoom: maxZoom },
      ],
    },
  });
  return { tiles: tiles.length, contents: written.contents, bytes: written.bytes, seconds: Math.round((Date.now() - started) / 100) / 10 };
}
