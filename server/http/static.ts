// The built client (dist/client): files are indexed once when the app is created, so a request that
// is not for one of them (every API call) costs a map lookup, never a disk access; the brotli and gzip copies
// written at build time (client/vite.config.ts) are sent to clients that accept them; hashed files under
// /assets/ are cached for a year as immutable, everything else (the app shell, favicon) is revalidated.
// Source maps, the build manifest and anything under an API prefix are never served.
import { createReadStream, readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';

/** Paths that belong to the server; a file of the build under one of them is not served. */
export const API_PREFIXES = ['/api/', '/trpc/', '/ws', '/files/', '/metrics', '/admin/', '/healthz', '/readyz'] as const;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

interface Variant {
  file: string;
  size: number;
  etag: string;
}

export interface StaticFile extends Variant {
  /** The URL path, e.g. `/assets/index-abc123.js`. */
  urlPath: string;
  mtime: Date;
  cacheControl: string;
  br?: Variant;
  gzip?: Variant;
}

const etagOf = (stat: Stats, suffix = '') => `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${suffix}"`;

function isServed(urlPath: string): boolean {
  if (urlPath.endsWith('.map') || urlPath.endsWith('.br') || urlPath.endsWith('.gz')) return false;
  if (urlPath.startsWith('/.')) return false; // .vite/manifest.json and other dot files
  return !API_PREFIXES.some((prefix) => urlPath === prefix.replace(/\/$/, '') || urlPath.startsWith(prefix));
}

/** Every servable file of `dir` by URL path, with its precompressed copies. */
export function indexClient(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) {
        walk(rel);
        continue;
      }
      const urlPath = `/${rel}`;
      if (!entry.isFile() || !isServed(urlPath)) continue;
      const file = path.join(dir, rel);
      const stat = statSync(file);
      const variant = (ext: string, suffix: string): Variant | undefined => {
        try {
          const s = statSync(file + ext);
          return { file: file + ext, size: s.size, etag: etagOf(stat, suffix) };
        } catch {
          return undefined;
        }
      };
      files.set(urlPath, {
        urlPath,
        file,
        size: stat.size,
        mtime: stat.mtime,
        etag: etagOf(stat),
        cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
        br: variant('.br', '-br'),
        gzip: variant('.gz', '-gz'),
      });
    }
  };
  walk('');
  return files;
}

/** The q-value the Accept-Encoding header gives an encoding (`*` counts; absent: 0). */
export function encodingQuality(header: string | undefined, encoding: string): number {
  let star = 0;
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (name === encoding) return Number.isFinite(q) ? q : 0;
    if (name === '*') star = Number.isFinite(q) ? q : 0;
  }
  return star;
}

/** Sends one indexed file: the best encoding the client accepts, conditional GET, HEAD. */
export function sendStatic(req: Request, res: Response, entry: StaticFile, onError: (err: unknown) => void): void {
  // Brotli whenever the client takes it (browsers list gzip first with the same weight), then gzip.
  const accept = req.headers['accept-encoding'];
  const variant =
    (entry.br && encodingQuality(accept, 'br') > 0 && entry.br) || (entry.gzip && encodingQuality(accept, 'gzip') > 0 && entry.gzip) || entry;
  const chosen = variant === entry.br ? 'br' : variant === entry.gzip ? 'gzip' : 'identity';
  const encodings = entry.br || entry.gzip;
  res.setHeader('Cache-Control', entry.cacheControl);
  res.setHeader('Last-Modified', entry.mtime.toUTCString());
  res.setHeader('ETag', variant.etag);
  res.type(path.extname(entry.urlPath));
  if (encodings) res.vary('Accept-Encoding');
  if (variant !== entry) res.setHeader('Content-Encoding', chosen);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', String(variant.size));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(variant.file);
  stream.on('error', (err) => {
    if (res.headersSent) res.destroy(err);
    else onError(err);
  });
  stream.pipe(res);
}

/** The middleware for the indexed files (`index.html` included, though navigations get it from the shell handler). */
export function clientAssets(files: Map<string, StaticFile>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const entry = files.get(req.path);
    if (!entry) return next();
    res.locals.route = '(static)';
    sendStatic(req, res, entry, next);
  };
}
