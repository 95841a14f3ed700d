// Driving routes between two points (PRODUCT.md "Logistics"): an OSRM-compatible service when ROUTING_URL is
// set, otherwise the straight-line estimate (haversine x 1.3 at 40 km/h) marked as an estimate, so trips can be
// scheduled with no internet. The geocoder (geocoder.ts) is the same idea for addresses.
import { straightLineEstimate, type LatLng } from '../../shared/lib/geo';

export interface Route {
  distance_km: number;
  duration_min: number;
  /** [lng, lat] pairs, as GeoJSON and maplibre take them. */
  geometry: [number, number][];
  /** True for the straight-line guess: screens say it is an estimate. */
  is_estimate: boolean;
  source: 'osrm' | 'straight_line';
}

/**
 * Why a route could not be had, named as SPEC §8 names the directions service's answers:
 * REQUEST_DENIED ('Directions API not enabled'), ZERO_RESULTS ('No route found between locations'),
 * anything else ('Unable to calculate route').
 */
export type RouteFailure = 'REQUEST_DENIED' | 'ZERO_RESULTS' | 'UNAVAILABLE';

export class RouteError extends Error {
  constructor(
    readonly failure: RouteFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RouteError';
  }
}

export interface Router {
  route(from: LatLng, to: LatLng): Promise<Route>;
}

/** Offline default: the straight line between the two points, as a two-point line. */
export class StraightLineRouter implements Router {
  async route(from: LatLng, to: LatLng): Promise<Route> {
    const e = straightLineEstimate(from, to);
    return {
      distance_km: e.distance_km,
      duration_min: e.duration_min,
      geometry: [
        [from.lng, from.lat],
        [to.lng, to.lat],
      ],
      is_estimate: true,
      source: 'straight_line',
    };
  }
}

interface OsrmAnswer {
  code?: string;
  message?: string;
  routes?: { distance?: number; duration?: number; geometry?: { type?: string; coordinates?: unknown } }[];
}

const isPair = (p: unknown): p is [number, number] =>
  Array.isArray(p) &&
  p.length >= 2 &&
  Number.isFinite(p[0]) &&
  Number.isFinite(p[1]) &&
  Math.abs(p[0] as number) <= 180 &&
  Math.abs(p[1] as number) <= 90;

/** An OSRM-compatible HTTP service: `GET {base}/route/v1/driving/{lng},{lat};{lng},{lat}?overview=full&geometries=geojson`. */
export class OsrmRouter implements Router {
  constructor(
    private readonly baseUrl: string,
    private readonly opts: { timeoutMs?: number; profile?: string } = {},
  ) {}

  async route(from: LatLng, to: LatLng): Promise<Route> {
    const base = this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`;
    const coords = `${from.lng},${from.lat};${to.lng},${to.lat}`;
    const url = new URL(`route/v1/${this.opts.profile ?? 'driving'}/${coords}`, base);
    url.searchParams.set('overview', 'full');
    url.searchParams.set('geometries', 'geojson');
    let res: Response;
    try {
      res = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5_000) });
    } catch (err) {
      throw new RouteError('UNAVAILABLE', `routing service unreachable: ${(err as Error).message}`);
    }
    if (res.status === 401 || res.status === 403) throw new RouteError('REQUEST_DENIED', `routing service refused the request (${res.status})`);
    let body: OsrmAnswer;
    try {
      body = (await res.json()) as OsrmAnswer;
    } catch {
      throw new RouteError('UNAVAILABLE', `routing service answered ${res.status} without JSON`);
    }
    // OSRM answers 400 with code NoRoute / NoSegment when the points cannot be joined by road.
    if (body.code === 'NoRoute' || body.code === 'NoSegment') throw new RouteError('ZERO_RESULTS', body.message ?? body.code);
    if (!res.ok || body.code !== 'Ok') throw new RouteError('UNAVAILABLE', `routing service answered ${res.status} ${body.code ?? ''}`.trim());
    const best = body.routes?.[0];
    const coordinates = best?.geometry?.coordinates;
    if (!best || !Number.isFinite(best.distance) || !Number.isFinite(best.duration) || !Array.isArray(coordinates)) {
      throw new RouteError('ZERO_RESULTS', 'routing service found no route');
    }
    const geometry = coordinates.filter(isPair).map((p) => [p[0], p[1]] as [number, number]);
    return {
      distance_km: best.distance! / 1000,
      duration_min: best.duration! / 60,
      geometry:
        geometry.length >= 2
          ? geometry
          : [
              [from.lng, from.lat],
              [to.lng, to.lat],
            ],
      is_estimate: false,
      source: 'osrm',
    };
  }
}

export function createRouter(env: { ROUTING_URL?: string }): Router {
  return env.ROUTING_URL ? new OsrmRouter(env.ROUTING_URL) : new StraightLineRouter();
}
