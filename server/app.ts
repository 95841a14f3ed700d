// The Express app factory: health, tRPC, REST adapters, stored files, and the built client.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import compression from 'compression';
import express, { type Express } from 'express';
import type { Deps } from './deps';
import { filesRouter } from './http/files';
import { mapRouter } from './http/map';
import { bodyGuard, bodyLimitFor, bodyLimitOf } from './http/body-limit';
import { metricsRouter } from './http/metrics';
import { clientAssets, indexClient, sendStatic } from './http/static';
import { errorHandler, notFoundJson, requestLogging, routeLabel, securityHeaders } from './http/middleware';
import { createRestRouter } from './rest';
import { createContext } from './trpc/context';
import { appRouter } from './trpc/router';
import { AppError } from './lib/errors';
import { APP_ROOT } from './lib/paths';
import { LIMITS } from '../shared/constants/limits';

export const CLIENT_DIST = path.join(APP_ROOT, 'dist/client');

/**
 * A browser navigation (not an API call): GET/HEAD that asks for HTML and carries no Authorization header. A
 * request with a token or an API key is a program calling the API: it gets JSON whatever its Accept says.
 */
function isNavigation(req: express.Request): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html') && req.headers.authorization === undefined
  );
}

export function createApp(deps: Deps, opts: { clientDist?: string } = {}): Express {
  const app = express();
  const clientDist = opts.clientDist ?? CLIENT_DIST;
  app.disable('x-powered-by');
  // No ETag hashing of every JSON answer (a SHA-1 of each body): API answers are not revalidated, and the built
  // client's files carry their own validators (http/static.ts).
  app.set('etag', false);
  app.set('trust proxy', deps.env.TRUST_PROXY);
  app.set('query parser', 'extended');
  app.use(requestLogging(deps.logger, deps.metrics, deps.lifecycle));
  app.use(securityHeaders([deps.env.MAP_STYLE_URL, deps.env.ROUTING_URL].filter(Boolean).map((u) => new URL(u!).origin)));
  // JSON and other text answers: brotli or gzip above 1 KiB. Responses that already carry a
  // Content-Encoding (the client's precompressed files) and incompressible types (images) pass through. A
  // client that accepts no encoding (scripts, load generators) skips the middleware and its per-response hooks.
  const compress = compression();
  app.use((req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next()));

  // The REST paths first: an API call is matched by its path prefix here, without walking the
  // probes, /metrics, /trpc, stored files, map data and client assets below. Browser navigations go on to the
  // app shell (an /admin/... page is a screen, not the REST route of the same path).
  const rest = createRestRouter(deps);
  app.use((req, res, next) => (isNavigation(req) ? next() : rest(req, res, next)));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    // Shutting down: the load balancer takes this instance out while in-flight requests finish.
    if (deps.lifecycle.draining) {
      res.status(503).json({ status: 'draining' });
      return;
    }
    try {
      await deps.database.ping();
      res.json({ status: 'ready', database: deps.database.kind });
    } catch (err) {
      deps.logger.warn({ err }, 'readiness check failed');
      res.status(503).json({ status: 'unavailable' });
    }
  });

  app.use(metricsRouter(deps.metrics, deps.env.METRICS_TOKEN));

  // One tRPC handler per body limit (server/http/body-limit.ts): a call reads at most what its procedures need.
  const trpcByLimit = new Map<number, express.RequestHandler>();
  const trpcFor = (limit: number) => {
    let handler = trpcByLimit.get(limit);
    if (!handler) {
      handler = createExpressMiddleware({
        router: appRouter,
        createContext: ({ req }) => createContext(deps, req),
        maxBodySize: limit,
        // One request may not carry any number of calls (100 batched registrations in one request).
        maxBatchSize: LIMITS.trpcBatchMax,
        // 429 answers carry Retry-After on tRPC as on REST.
        responseMeta({ errors }) {
          const seconds = errors.map((e) => (e.cause instanceof AppError ? e.cause.retryAfterSeconds : undefined)).find((s) => s !== undefined);
          return seconds ? { headers: { 'Retry-After': String(seconds) } } : {};
        },
      });
      trpcByLimit.set(limit, handler);
    }
    return handler;
  };
  app.use(
    '/trpc',
    // A batch carries several procedures; each is also timed on its own (trpc_procedure_duration_seconds).
    routeLabel('/trpc'),
    bodyGuard(deps, (req) => bodyLimitOf(decodeURIComponent(req.path.slice(1)).split(','))),
    (req, res, next) => trpcFor(bodyLimitFor(req))(req, res, next),
  );

  app.use(filesRouter(deps));
  app.use(mapRouter(deps.env, deps.basemap));

  // The built client: hashed assets, then the app shell for every browser navigation, /admin/... included.
  // Its files are indexed once here (http/static.ts): other paths never touch the disk.
  const clientFiles = existsSync(path.join(clientDist, 'index.html')) ? indexClient(clientDist) : null;
  const shell = clientFiles?.get('/index.html') ?? null;
  if (clientFiles) app.use(clientAssets(clientFiles));
  app.use((req, res, next) => {
    if (!isNavigation(req) || req.path.startsWith('/api/') || req.path.startsWith('/trpc')) return next();
    res.locals.route = '(client)';
    if (!shell) {
      res.status(503).type('text/plain').send('The client is not built yet. Run `npm run build` (npm start does it for you).');
      return;
    }
    sendStatic(req, res, shell, next);
  });

  app.use((req, res, next) => (isNavigation(req) ? rest(req, res, next) : next()));
  app.use(notFoundJson);
  app.use(errorHandler(deps.logger));
  return app;
}
