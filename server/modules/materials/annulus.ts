// Which parts of the map a ring (annulus) around a point can touch, as index ranges (decision 0147).
//
// `materials_lat_cell_idx` is a btree on (floor(latitude * LAT_CELLS_PER_DEGREE), longitude): a latitude row of
// 1/32 degree (3.5 km) and, inside it, the exact longitude. One probe `cell = c and longitude between a and b`
// reads exactly the listings of one row inside a longitude interval. A ring is covered row by row: in each row
// the longitudes within the outer radius, minus those that are within the inner radius for the whole row. So
// the dense disc inside the ring is skipped, except for a thin rim in the rows it shares with the ring.
//
// Pure geometry on SPEC's sphere (6371 km), the same angles earthdistance measures. Every bound is widened by
// a small margin: a range may hold a few points outside the ring (the query checks the exact distance), but
// never misses one inside it.
import { EARTH_RADIUS_KM, type LatLng } from '../../../shared/lib/geo';

/**
 * Latitude rows per degree in materials_lat_cell_idx (a power of two: `latitude * 32` is exact in floating point).
 * Finer rows skip more of the inner disc but cost more probes per ring (docs/decisions/0147).
 */
export const LAT_CELLS_PER_DEGREE = 32;
/** The row of a latitude, as the index computes it. */
export const latCell = (lat: number) => Math.floor(lat * LAT_CELLS_PER_DEGREE);

/** Listings with `cellLo <= cell <= cellHi` (one probe per cell) and `lngLo <= longitude <= lngHi`. */
export interface CellRange {
  cellLo: number;
  cellHi: number;
  lngLo: number;
  lngHi: number;
}

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;
/** Degrees added to what must be inside a range and taken from what is skipped (about 1 cm). */
const MARGIN_DEG = 1e-7;
/** Relative margin on radii (earthdistance and this file round differently in the last bits). */
const MARGIN_REL = 1e-9;
const NONE = -1;

/**
 * Half the longitude span (degrees, 0-180) of the points at latitude `lat` within angle `r` of the centre, or
 * NONE when the circle does not reach that latitude. 180: the whole parallel is inside.
 */
export function halfWidthDeg(center: LatLng, r: number, lat: number): number {
  const p = toRad(lat);
  const pc = toRad(center.lat);
  const den = Math.cos(p) * Math.cos(pc);
  const num = Math.cos(r) - Math.sin(p) * Math.sin(pc);
  // At a pole (of the row or of the centre) the distance depends on latitude alone.
  if (den < 1e-15) return Math.abs(p - pc) <= r ? 180 : NONE;
  const x = num / den;
  if (x <= -1) return 180;
  if (x > 1) return NONE;
  return toDeg(Math.acos(x));
}

/**
 * The latitudes where the half-width of the circle of angle r over [lat1, lat2] can be largest or smallest.
 * cos Δλ = (cos r − sin φ sin φc) / (cos φ cos φc) has one stationary point, where sin φ = sin φc / cos r
 * (its derivative has the sign of cos r · sin φ − sin φc), so the half-width is extreme over an interval at its
 * ends or there; plus the circle's own latitude extremes (half-width 0), when the interval holds them.
 */
function extremeLatitudes(center: LatLng, r: number, lat1: number, lat2: number): number[] {
  const candidates = [lat1, lat2, center.lat - toDeg(r), center.lat + toDeg(r)];
  const s = Math.sin(toRad(center.lat)) / Math.cos(r);
  if (Number.isFinite(s) && Math.abs(s) <= 1) candidates.push(toDeg(Math.asin(s)));
  return candidates.filter((lat) => lat >= lat1 && lat <= lat2);
}

/** The widest half-width of the circle over latitudes [lat1, lat2] (NONE when it does not reach them). */
function maxHalfWidthDeg(center: LatLng, r: number, lat1: number, lat2: number): number {
  return Math.max(NONE, ...extremeLatitudes(center, r, lat1, lat2).map((lat) => halfWidthDeg(center, r, lat)));
}

/** The half-width every latitude in [lat1, lat2] has inside the circle (NONE when some latitude has none). */
function minHalfWidthDeg(center: LatLng, r: number, lat1: number, lat2: number): number {
  return Math.min(
    halfWidthDeg(center, r, lat1),
    halfWidthDeg(center, r, lat2),
    ...extremeLatitudes(center, r, lat1, lat2).map((lat) => halfWidthDeg(center, r, lat)),
  );
}

/** [lo, hi] (lo may be below -180, hi above 180) as intervals inside [-180, 180]. */
function wrap(lo: number, hi: number): [number, number][] {
  if (hi - lo >= 360) return [[-180, 180]];
  const out: [number, number][] = [];
  if (lo < -180) out.push([lo + 360, 180], [-180, hi]);
  else if (hi > 180) out.push([lo, 180], [-180, hi - 360]);
  else out.push([lo, hi]);
  return out.filter(([a, b]) => a <= b);
}

/** Widened to whole millionths of a degree (short in the statement's text), about 10 cm outwards. */
const outwards = ([a, b]: [number, number]): [number, number] => [Math.floor(a * 1e6 - 1) / 1e6, Math.ceil(b * 1e6 + 1) / 1e6];

/** Sorted, merged (overlapping or touching intervals become one), so no longitude is in two of them. */
function merge(intervals: [number, number][]): [number, number][] {
  const sorted = intervals
    .map(outwards)
    .map(([a, b]) => [Math.max(-180, a), Math.min(180, b)] as [number, number])
    .sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/**
 * Index ranges holding every point whose distance from `center` is in (innerKm, outerKm] (outerKm may be
 * Infinity). Rows are taken `rowsPerRange` at a time (one range, and one probe per row in it): more rows per
 * range send fewer ranges but skip less of the inner disc. Ranges never overlap, so no listing is read twice.
 */
export function annulusRanges(
  center: LatLng,
  innerKm: number,
  outerKm: number,
  rowsPerRange = 1,
  cellsPerDegree = LAT_CELLS_PER_DEGREE,
): CellRange[] {
  const rOut = Math.min(Math.PI, (outerKm / EARTH_RADIUS_KM) * (1 + MARGIN_REL) + 1e-12);
  const rIn = Math.max(0, (innerKm / EARTH_RADIUS_KM) * (1 - MARGIN_REL));
  const latMin = Math.max(-90, center.lat - toDeg(rOut) - MARGIN_DEG);
  const latMax = Math.min(90, center.lat + toDeg(rOut) + MARGIN_DEG);
  const first = Math.floor(latMin * cellsPerDegree);
  const last = Math.floor(latMax * cellsPerDegree);
  const step = Math.max(1, Math.floor(rowsPerRange));
  const ranges: CellRange[] = [];
  for (let lo = first; lo <= last; lo += step) {
    const hi = Math.min(last, lo + step - 1);
    // The rows' latitudes, widened by the margin (a listing at a row's edge is in that row).
    const lat1 = Math.max(-90, lo / cellsPerDegree - MARGIN_DEG);
    const lat2 = Math.min(90, (hi + 1) / cellsPerDegree + MARGIN_DEG);
    const wOut = maxHalfWidthDeg(center, rOut, lat1, lat2);
    if (wOut === NONE) continue;
    const wIn = rIn > 0 ? minHalfWidthDeg(center, rIn, lat1, lat2) : NONE;
    const outer = wOut >= 180 - 1e-6 ? 180 : wOut + MARGIN_DEG;
    const inner = wIn === NONE ? NONE : wIn - MARGIN_DEG;
    let intervals: [number, number][];
    if (inner >= outer) continue; // the whole row segment is inside the inner disc
    if (inner <= 0) intervals = wrap(center.lng - outer, center.lng + outer);
    else intervals = [...wrap(center.lng - outer, center.lng - inner), ...wrap(center.lng + inner, center.lng + outer)];
    for (const [a, b] of merge(intervals)) ranges.push({ cellLo: lo, cellHi: hi, lngLo: a, lngHi: b });
  }
  return ranges;
}

/**
 * The rings a far search ("above 40 km") reads, nearest first, e.g. (40, 44], (44, 52], (52, 68], ... each twice as
 * wide as the one before, up to `lastKm`; beyond it the search falls back to the KNN scan.
 */
export function ringRadiiKm(innerKm: number, firstWidthKm: number, lastKm: number): number[] {
  const radii = [innerKm];
  for (let w = firstWidthKm; radii[radii.length - 1]! < lastKm; w *= 2) radii.push(Math.min(lastKm, radii[radii.length - 1]! + w));
  return radii;
}
