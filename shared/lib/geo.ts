// Great-circle helpers on a spherical earth (SPEC §9: radius 6371 km). Pure, shared by server and client.
import { LIMITS } from '../constants/limits';

export const EARTH_RADIUS_KM = LIMITS.earthRadiusKm;

export interface LatLng {
  lat: number;
  lng: number;
}

export interface BoundingBox {
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
}

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/** Haversine distance in km. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  // min() guards against rounding pushing h just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A box that contains every point within radiusKm of center: a cheap pre-filter before an exact distance check.
 * Near a pole, or when the circle crosses the antimeridian, longitude spans the whole range.
 */
export function boundingBox(center: LatLng, radiusKm: number): BoundingBox {
  if (!(radiusKm >= 0)) throw new RangeError('radiusKm must be a non-negative number');
  const angular = radiusKm / EARTH_RADIUS_KM;
  const min_lat = center.lat - toDeg(angular);
  const max_lat = center.lat + toDeg(angular);
  if (min_lat <= -90 || max_lat >= 90 || angular >= Math.PI) {
    return { min_lat: Math.max(min_lat, -90), max_lat: Math.min(max_lat, 90), min_lng: -180, max_lng: 180 };
  }
  // Widest longitude offset of the circle (at the latitude of its tangent points), not at the centre's latitude.
  const dLng = toDeg(Math.asin(Math.sin(angular) / Math.cos(toRad(center.lat))));
  const min_lng = center.lng - dLng;
  const max_lng = center.lng + dLng;
  if (min_lng < -180 || max_lng > 180) return { min_lat, max_lat, min_lng: -180, max_lng: 180 };
  return { min_lat, max_lat, min_lng, max_lng };
}

export function isInBoundingBox(p: LatLng, box: BoundingBox): boolean {
  return p.lat >= box.min_lat && p.lat <= box.max_lat && p.lng >= box.min_lng && p.lng <= box.max_lng;
}

/** Road distance and time guessed from a straight line when no routing service is configured (PRODUCT.md). */
export const STRAIGHT_LINE_ROAD_FACTOR = 1.3;
export const STRAIGHT_LINE_SPEED_KMH = 40;

export function straightLineEstimate(from: LatLng, to: LatLng): { distance_km: number; duration_min: number; is_estimate: true } {
  const distance_km = haversineKm(from, to) * STRAIGHT_LINE_ROAD_FACTOR;
  return { distance_km, duration_min: (distance_km / STRAIGHT_LINE_SPEED_KMH) * 60, is_estimate: true };
}

/** SPEC §4 live distance: a GPS step counts only between 0.001 and 1 km (drops jitter and jumps). */
export function isCountableStep(km: number): boolean {
  return km >= LIMITS.distanceStepMinKm && km <= LIMITS.distanceStepMaxKm;
}

/** The distance a delivery has travelled so far and the last position fix it was measured from. */
export interface DistanceTrack {
  km: number;
  last: LatLng | null;
}

export const EMPTY_TRACK: DistanceTrack = { km: 0, last: null };

/**
 * SPEC §4 live distance: a new fix adds the great-circle distance since the last fix (Earth radius 6371 km),
 * but only when that step is between 0.001 and 1 km; jitter below a metre and jumps above a kilometre add
 * nothing. The new fix always becomes the last one.
 */
export function addFix(track: DistanceTrack, fix: LatLng): DistanceTrack {
  if (!Number.isFinite(fix.lat) || !Number.isFinite(fix.lng)) return track;
  if (!track.last) return { km: track.km, last: fix };
  const step = haversineKm(track.last, fix);
  return { km: isCountableStep(step) ? track.km + step : track.km, last: fix };
}
