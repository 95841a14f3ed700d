// The OSRM client against a tiny HTTP server on 127.0.0.1 started by the test (no other network), and the
// offline straight-line router.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '../../shared/lib/geo';
import { createRouter, OsrmRouter, RouteError, StraightLineRouter } from './routing';

const copenhagen = { lat: 55.6761, lng: 12.5683 };
const roskilde = { lat: 55.6415, lng: 12.0803 };

type Reply = { status: number; body: unknown } | 'hang' | 'garbage';
let reply: Reply = { status: 200, body: {} };
const seen: string[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    if (reply === 'hang') return;
    if (reply === 'garbage') {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>bad gateway</html>');
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/osrm`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RouteError);
  return (err as RouteError).failure;
};

describe('OsrmRouter', () => {
  it('asks for a driving route lng,lat;lng,lat with GeoJSON geometry and reads metres and seconds', async () => {
    reply = {
      status: 200,
      body: {
        code: 'Ok',
        routes: [
          {
            distance: 36_512.4,
            duration: 2_460,
            geometry: {
              type: 'LineString',
              coordinates: [
                [12.5683, 55.6761],
                [12.3, 55.66],
                [12.0803, 55.6415],
              ],
            },
          },
        ],
      },
    };
    const route = await new OsrmRouter(base).route(copenhagen, roskilde);
    expect(seen.at(-1)).toBe('/osrm/route/v1/driving/12.5683,55.6761;12.0803,55.6415?overview=full&geometries=geojson');
    expect(route).toEqual({
      distance_km: 36.5124,
      duration_min: 41,
      geometry: [
        [12.5683, 55.6761],
        [12.3, 55.66],
        [12.0803, 55.6415],
      ],
      is_estimate: false,
      source: 'osrm',
    });
  });

  it('maps NoRoute and NoSegment to ZERO_RESULTS', async () => {
    reply = { status: 400, body: { code: 'NoRoute', message: 'Impossible route between points' } };
    expect(await failure(new OsrmRouter(base).route(copenhagen, roskilde))).toBe('ZERO_RESULTS');
    reply = { status: 400, body: { code: 'NoSegment' } };
    expect(await failure(new OsrmRouter(base).route(copenhagen, roskilde))).toBe('ZERO_RESULTS');
    reply = { status: 200, body: { code: 'Ok', routes: [] } };
    expect(await failure(new OsrmRouter(base).route(copenhagen, roskilde))).toBe('ZERO_RESULTS');
  });

  it('maps 401 and 403 to REQUEST_DENIED', async () => {
    for (const status of [401, 403]) {
      reply = { status, body: { code: 'Forbidden' } };
      expect(await failure(new OsrmRouter(base).route(copenhagen, roskilde))).toBe('REQUEST_DENIED');
    }
  });

  it('maps server errors, non-JSON answers, timeouts and an unreachable service to UNAVAILABLE', async () => {
    reply = { status: 500, body: { code: 'InvalidQuery' } };
    expect(await failure(new OsrmRouter(base).route(copenhagen, roskilde))).toBe('UNAVAILABLE');
    reply = 'garbage';
    expect(await failure(new OsrmRouter(base).route(copenhagen, roskilde))).toBe('UNAVAILABLE');
    reply = 'hang';
    expect(await failure(new OsrmRouter(base, { timeoutMs: 200 }).route(copenhagen, roskilde))).toBe('UNAVAILABLE');
    // A port nothing listens on, on this machine.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(new OsrmRouter(`http://127.0.0.1:${port}`).route(copenhagen, roskilde))).toBe('UNAVAILABLE');
  });

  it('drops malformed points from the geometry and keeps at least the two ends', async () => {
    reply = { status: 200, body: { code: 'Ok', routes: [{ distance: 1000, duration: 60, geometry: { coordinates: [[999, 1], 'x'] } }] } };
    const route = await new OsrmRouter(base).route(copenhagen, roskilde);
    expect(route.geometry).toEqual([
      [12.5683, 55.6761],
      [12.0803, 55.6415],
    ]);
  });
});

describe('StraightLineRouter', () => {
  it('is haversine x 1.3 at 40 km/h, a two-point line, marked as an estimate', async () => {
    const route = await new StraightLineRouter().route(copenhagen, roskilde);
    expect(route.distance_km).toBeCloseTo(haversineKm(copenhagen, roskilde) * 1.3, 9);
    expect(route.duration_min).toBeCloseTo((route.distance_km / 40) * 60, 9);
    expect(route).toMatchObject({
      is_estimate: true,
      source: 'straight_line',
      geometry: [
        [12.5683, 55.6761],
        [12.0803, 55.6415],
      ],
    });
  });

  it('is the default; ROUTING_URL picks OSRM', () => {
    expect(createRouter({})).toBeInstanceOf(StraightLineRouter);
    expect(createRouter({ ROUTING_URL: 'http://127.0.0.1:5000' })).toBeInstanceOf(OsrmRouter);
  });
});
