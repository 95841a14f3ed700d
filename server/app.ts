// The Express app factory: health, tRPC, REST adapters, stored files, and the built client.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type Express } from 'express';
import type { Deps } from './deps';
import { filesRouter } from './http/files';
import { errorHandler, notFoundJson, requestLogging, securityHeaders } from './http/middleware';
import { createRestRouter } from './rest';
import { createContext } from './trpc/context';
import { appRouter } from './trpc/router';

export const CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/client');

/** A browser navigation (not an API call): GET/HEAD that asks for HTML. */
function isNavigation(req: express.Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
}

export function createApp(deps: Deps, opts: { clientDist?: string } = {}): Express {
  const app = express();
  const clientDist = opts.clientDist ?? CLIENT_DIST;
  app.disable('x-powered-by');
  app.set('trust proxy', deps.env.TRUST_PROXY);
  app.set('query parser', 'extended');
  app.use(requestLogging(deps.logger));
  app.use(securityHeaders([deps.env.MAP_STYLE_URL, deps.env.ROUTING_URL].filter(Boolean).map((u) => new URL(u!).origin)));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await deps.database.ping();
      res.json({ status: 'ready', database: deps.database.kind });
    } catch (err) {
      deps.logger.warn({ err }, 'readiness check failed');
      res.status(503).json({ status: 'unavailable' });
    }
  });

  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req }) => createContext(deps, req),
      maxBodySize: 12 * 1024 * 1024,
    }),
  );

  app.use(filesRouter(deps));

  // The built client: hashed assets, then the app shell for every browser navigation, /admin/... included.
  const hasClient = existsSync(path.join(clientDist, 'index.html'));
  if (hasClient) app.use(express.static(clientDist, { index: false, maxAge: '1y', immutable: true, fallthrough: true }));
  app.use((req, res, next) => {
    if (!isNavigation(req) || req.path.startsWith('/api/') || req.path.startsWith('/trpc')) return next();
    if (!hasClient) {
      res.status(503).type('text/plain').send('The client is not built yet. Run `npm run build` (npm start does it for you).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(clientDist, 'index.html'));
  });

  app.use(createRestRouter(deps));
  app.use(notFoundJson);
  app.use(errorHandler(deps.logger));
  return app;
}
