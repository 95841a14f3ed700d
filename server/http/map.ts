// Map data (docs/decisions/0102, 0200): the offline base map's vector tiles, one request per tile in view, sent
// as stored (gzipped MVT) with a long cache when the URL names the archive's version; and, when MAP_PMTILES_PATH
// names a Protomaps file, that file with range requests (the pmtiles client reads it by byte ranges). Public and
// cacheable: nothing here depends on who asks.
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Router } from 'express';
import { MAP_PATHS } from '../../shared/constants/map';
import type { Env } from '../env';
import type { BaseMapTiles } from '../lib/basemap';

const TILE_ROUTE = MAP_PATHS.tiles.replace('{z}', ':z').replace('{x}', ':x').replace('{y}', ':y');
const IMMUTABLE = 'public, max-age=31536000, immutable';
const DAY = 'public, max-age=86400';

export function mapRouter(env: Pick<Env, 'MAP_PMTILES_PATH'>, basemap: BaseMapTiles): Router {
  const router = Router();
  router.get(TILE_ROUTE, async (req, res, next) => {
    const [z, x, y] = [req.params.z, req.params.x, req.params.y].map((v) => (/^\d{1,8}$/.test(String(v)) ? Number(v) : NaN));
    if (z === undefined || x === undefined || y === undefined || [z, x, y].some(Number.isNaN) || z > 30) {
      res.status(400).type('text/plain').send('Bad tile address');
      return;
    }
    try {
      const tile = await basemap.tile(z, x, y);
      if (tile === 'missing') {
        // First start of a checkout: the archive is being built (server/lib/basemap).
        res.setHeader('Retry-After', '30');
        res.setHeader('Cache-Control', 'no-store');
        res.status(503).type('text/plain').send('The offline base map is being built');
        return;
      }
      // The version in the URL pins the content: such answers never change.
      res.setHeader('Cache-Control', req.query.v === basemap.key ? IMMUTABLE : DAY);
      if (!tile) {
        res.status(204).end();
        return;
      }
      res.setHeader('Content-Type', 'application/vnd.mapbox-vector-tile');
      res.setHeader('Vary', 'Accept-Encoding');
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        res.setHeader('Content-Encoding', 'gzip');
        res.send(tile);
      } else res.send(gunzipSync(tile));
    } catch (err) {
      next(err);
    }
  });
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
