// The offline base map (issue 11): Natural Earth countries (world-atlas) and the gazetteer's cities for the default
// map style, and, when MAP_PMTILES_PATH names a Protomaps file, its tiles with range requests (the pmtiles client
// reads the archive by byte ranges). Public and cacheable: nothing here depends on who asks.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Router, type Request, type Response } from 'express';
import { MAP_PATHS, type MapPlace } from '../../shared/constants/map';
import type { Env } from '../env';
import { GAZETTEER } from '../lib/geocoder';
import { COUNTRIES_TOPOJSON_PATH } from '../lib/world';

interface Cached {
  raw: Buffer;
  gzip: Buffer;
  etag: string;
}

function cacheOf(make: () => Buffer): () => Cached {
  let cached: Cached | null = null;
  return () => {
    if (!cached) {
      const raw = make();
      cached = { raw, gzip: gzipSync(raw, { level: 9 }), etag: `"${createHash('sha1').update(raw).digest('hex').slice(0, 20)}"` };
    }
    return cached;
  };
}

/** JSON, gzipped when the client accepts it, revalidated by ETag. */
function sendJson(req: Request, res: Response, file: Cached) {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.setHeader('ETag', file.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === file.etag) {
    res.status(304).end();
    return;
  }
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.send(gzip ? file.gzip : file.raw);
}

const countries = cacheOf(() => readFileSync(COUNTRIES_TOPOJSON_PATH));
const places = cacheOf(() => {
  const rankIn = new Map<string, number>();
  const list: MapPlace[] = GAZETTEER.map((c) => {
    const rank = rankIn.get(c.country) ?? 0;
    rankIn.set(c.country, rank + 1);
    return { name: c.name, country: c.country, lat: c.lat, lng: c.lng, rank };
  });
  return Buffer.from(JSON.stringify(list));
});

export function mapRouter(env: Pick<Env, 'MAP_PMTILES_PATH'>): Router {
  const router = Router();
  router.get(MAP_PATHS.countries, (req, res) => sendJson(req, res, countries()));
  router.get(MAP_PATHS.places, (req, res) => sendJson(req, res, places()));
  router.get(MAP_PATHS.pmtiles, (_req, res, next) => {
    if (!env.MAP_PMTILES_PATH) return next();
    // send (through Express) answers Range requests with 206 and Accept-Ranges, and revalidates by ETag.
    res.sendFile(path.resolve(env.MAP_PMTILES_PATH), {
      headers: { 'Content-Type': 'application/vnd.pmtiles' },
      maxAge: '1d',
      acceptRanges: true,
    });
  });
  return router;
}
