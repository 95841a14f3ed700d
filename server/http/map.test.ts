// The offline base map's files and the optional PMTiles archive with byte ranges (issue 11).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { MAP_PATHS } from '../../shared/constants/map';
import { mapRouter } from './map';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pmtiles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const appWith = (MAP_PMTILES_PATH?: string) => express().use(mapRouter({ MAP_PMTILES_PATH }));

describe('offline base map files', () => {
  it('serves the Natural Earth countries as gzipped TopoJSON with an ETag, 304 when unchanged', async () => {
    const res = await request(appWith()).get(MAP_PATHS.countries).set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.type).toBe('Topology');
    expect(Object.keys(res.body.objects)).toEqual(expect.arrayContaining(['countries', 'land']));
    const again = await request(appWith()).get(MAP_PATHS.countries).set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('serves the gazetteer cities with a rank per country', async () => {
    const res = await request(appWith()).get(MAP_PATHS.places);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Copenhagen', country: 'DK', rank: 0 })]));
  });

  it('serves the PMTiles archive only when configured, with range requests', async () => {
    expect((await request(appWith()).get(MAP_PATHS.pmtiles)).status).toBe(404);
    const file = path.join(dir, 'tiles.pmtiles');
    writeFileSync(file, Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)));
    const res = await request(appWith(file))
      .get(MAP_PATHS.pmtiles)
      .set('Range', 'bytes=10-19')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(206);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-range']).toBe('bytes 10-19/1000');
    expect([...(res.body as Buffer)]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });
});
