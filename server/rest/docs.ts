// GET /api/openapi.json and the reference page at /api/docs: Swagger UI's standalone bundle from the pinned
// swagger-ui-dist package, served by this server (no CDN), so it works offline and under our CSP.
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type Router } from 'express';
import type { RestRoute } from './define';
import { buildOpenApiDocument } from './openapi';

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'] as const;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>REST API reference</title>
    <link rel="icon" href="/api/docs/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// An external file, not an inline script: the CSP allows scripts from 'self' only. No validator badge
// (it would call a third-party service).
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });
});
`;

export function apiDocsRouter(routes: readonly RestRoute[]): Router {
  const r = express.Router();
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  r.get('/api/openapi.json', (_req, res) => {
    document ??= buildOpenApiDocument(routes);
    res.json(document);
  });
  r.get('/api/docs', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(PAGE);
  });
  r.get('/api/docs/init.js', (_req, res) => {
    res.type('text/javascript').send(INIT);
  });
  for (const asset of ASSETS) {
    r.get(`/api/docs/${asset}`, (_req, res) => {
      res.sendFile(path.join(SWAGGER_UI_DIR, asset), { maxAge: '1d' });
    });
  }
  return r;
}
