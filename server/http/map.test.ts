// The offline base map's tiles and the optional PMTiles archive with byte ranges (docs/decisions/0102, 0200).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_PATHS } from '../../shared/constants/map';
import { baseMapTiles, type BaseMapTiles } from '../lib/basemap';
import { writeArchive } from '../lib/basemap/pmtiles';
import { mapRouter } from './map';

const dir = mkdtempSync(path.join(os.tmpdir(), 'map-http-'));
const archive = path.join(dir, 'basemap.pmtiles');
const tiles: BaseMapTiles[] = [];
const open = (file: string) => {
  const t = baseMapTiles(file);
  tiles.push(t);
  return t;
};
beforeAll(async () => {
  await writeArchive(archive, [{ z: 1, x: 1, y: 0, data: gzipSync(Buffer.from('a vector tile')) }], {
    minZoom: 0,
    maxZoom: 1,
    bounds: [0, 0, 180, 85],
    center: [0, 0, 0],
    metadata: {},
  });
});
afterAll(async () => {
  for (const t of tiles) await t.close();
  rmSync(dir, { recursive: true, force: true });
});
const appWith = (basemap: BaseMapTiles, MAP_PMTILES_PATH?: string) => express().use(mapRouter({ MAP_PMTILES_PATH }, basemap));
/** The body as bytes (superagent unzips a gzipped answer itself; the header still says how it was sent). */
const raw = (r: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  r.on('data', (c: Buffer) => chunks.push(c));
  r.on('end', () => done(null, Buffer.concat(chunks)));
};
/** GET `url` from `app` with one request header set, the body as bytes (see raw). */
const getRaw = (app: express.Express, url: string, header: string, value: string) => request(app).get(url).set(header, value).buffer(true).parse(raw);
const tileUrl = (z: number, x: number, y: number) => MAP_PATHS.tiles.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));

describe('offline base map tiles', () => {
  it('sends a tile as stored, gzipped, cached for good when the URL names the archive version', async () => {
    const basemap = open(archive);
    const res = await getRaw(appWith(basemap), `${tileUrl(1, 1, 0)}?v=${basemap.key}`, 'Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((res.body as Buffer).toString()).toBe('a vector tile');
  });

  it('unzips for a client that accepts no gzip, and caches for a day without the version', async () => {
    const res = await getRaw(appWith(open(archive)), `${tileUrl(1, 1, 0)}?v=old`, 'Accept-Encoding', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect((res.body as Buffer).toString()).toBe('a vector tile');
  });

  it('answers 204 where the archive has no tile (the open sea, deeper than its zooms)', async () => {
    const app = appWith(open(archive));
    expect((await request(app).get(tileUrl(1, 0, 1))).status).toBe(204);
    expect((await request(app).get(tileUrl(14, 8800, 5100))).status).toBe(204);
  });

  it('refuses a malformed tile address', async () => {
    const app = appWith(open(archive));
    expect((await request(app).get('/map/tiles/1/x/0.mvt')).status).toBe(400);
    expect((await request(app).get('/map/tiles/99/0/0.mvt')).status).toBe(400);
  });

  it('answers 503 with Retry-After while the archive is still being built', async () => {
    const res = await request(appWith(open(path.join(dir, 'not-yet.pmtiles')))).get(tileUrl(0, 0, 0));
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('MAP_PMTILES_PATH', () => {
  it('serves the PMTiles archive only when configured, with range requests', async () => {
    expect((await request(appWith(open(archive))).get(MAP_PATHS.pmtiles)).status).toBe(404);
    const file = path.join(dir, 'tiles.pmtiles');
    writeFileSync(file, Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)));
    const res = await getRaw(appWith(open(archive), file), MAP_PATHS.pmtiles, 'Range', 'bytes=10-19');
    expect(res.status).toBe(206);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-range']).toBe('bytes 10-19/1000');
    expect([...(res.body as Buffer)]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });
});
