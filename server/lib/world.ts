// Country shapes from Natural Earth (world-atlas, 1:10m) for the offline reverse geocoder: which signup country a
// point lies in. Loaded once, on first use. (The base map the browser draws is the finer OpenStreetMap land of
// docs/decisions/0200.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import type { SignupCountry } from '../../shared/constants/enums';

const require = createRequire(import.meta.url);

/** The Natural Earth 1:10m countries as TopoJSON (world-atlas). */
export const COUNTRIES_TOPOJSON_PATH = require.resolve('world-atlas/countries-10m.json');

/** ISO 3166-1 numeric codes, as world-atlas names its features. */
export const SIGNUP_COUNTRY_NUMERIC: Record<SignupCountry, string> = {
  GR: '300',
  DE: '276',
  DK: '208',
  AE: '784',
  GB: '826',
  IT: '380',
  RO: '642',
  MY: '458',
};

interface Shape {
  country: SignupCountry;
  /** Polygons as rings of [lng, lat]; the first ring of each is the outline, the others holes. */
  polygons: Position[][][];
  bbox: [number, number, number, number];
}

let shapes: Shape[] | null = null;

function loadShapes(): Shape[] {
  if (shapes) return shapes;
  const topo = JSON.parse(readFileSync(COUNTRIES_TOPOJSON_PATH, 'utf8')) as Topology;
  const collection = feature(topo, topo.objects.countries!) as unknown as GeoJSON.FeatureCollection<Polygon | MultiPolygon>;
  const byNumeric = new Map(Object.entries(SIGNUP_COUNTRY_NUMERIC).map(([code, numeric]) => [numeric, code as SignupCountry]));
  shapes = collection.features.flatMap((f) => {
    const country = byNumeric.get(String(f.id));
    if (!country || !f.geometry) return [];
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    const all = polygons.flat(2);
    const lngs = all.map((p) => p[0]!);
    const lats = all.map((p) => p[1]!);
    return [{ country, polygons, bbox: [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)] as Shape['bbox'] }];
  });
  return shapes;
}

/** Even-odd ray casting on one ring of [lng, lat]. */
function inRing(lng: number, lat: number, ring: Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The signup country a point lies in (Natural Earth 1:10m outlines), or null (sea, or another country). */
export function signupCountryAt(lat: number, lng: number): SignupCountry | null {
  for (const shape of loadShapes()) {
    const [minLng, minLat, maxLng, maxLat] = shape.bbox;
    if (lng < minLng || lng > maxLng || lat < minLat || lat > maxLat) continue;
    for (const polygon of shape.polygons) {
      const [outline, ...holes] = polygon;
      if (outline && inRing(lng, lat, outline) && !holes.some((h) => inRing(lng, lat, h))) return shape.country;
    }
  }
  return null;
}
