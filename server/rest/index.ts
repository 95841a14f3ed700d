import express, { type RequestHandler, type Response, type Router } from 'express';
import { LIMITS } from '../../shared/constants/limits';
import type { Deps } from '../deps';
import { auditRest } from '../modules/audit/rest';
import { authRest } from '../modules/auth/rest';
import { commonAdminRest, commonRest } from '../modules/common/rest';
import { companiesRest } from '../modules/companies/rest';
import { donationsRest } from '../modules/donations/rest';
import { materialsRest } from '../modules/materials/rest';
import { needsRest } from '../modules/needs/rest';
import { newsletterRest } from '../modules/newsletter/rest';
import { notificationsRest } from '../modules/notifications/rest';
import { offersRest } from '../modules/offers/rest';
import { exchangesRest } from '../modules/exchanges/rest';
import { chatRest } from '../modules/chat/rest';
import { driversRest } from '../modules/drivers/rest';
import { integrationsRest } from '../modules/integrations/rest';
import { jobsRest } from '../modules/jobs/rest';
import { queriesRest } from '../modules/queries/rest';
import { registrationRest } from '../modules/registration/rest';
import { statsRest } from '../modules/stats/rest';
import { subscriptionsRest } from '../modules/subscriptions/rest';
import { usersRest } from '../modules/users/rest';
import { bodyGuard, bodyLimitFor, bodyLimitOf } from '../http/body-limit';
import { invitationsRest } from '../modules/invitations/rest';
import { createContext } from '../trpc/context';
import { appRouter, createCaller } from '../trpc/router';
import { callProcedure, readInput, type RestRoute } from './define';
import { apiDocsRouter } from './docs';

export const REST_ROUTES: RestRoute[] = [
  ...authRest,
  ...commonRest,
  ...commonAdminRest,
  ...companiesRest,
  ...integrationsRest,
  ...registrationRest,
  ...subscriptionsRest,
  ...notificationsRest,
  ...jobsRest,
  ...materialsRest,
  ...needsRest,
  ...donationsRest,
  ...offersRest,
  ...exchangesRest,
  ...chatRest,
  ...driversRest,
  ...auditRest,
  ...queriesRest,
  ...newsletterRest,
  ...statsRest,
  ...usersRest,
  ...invitationsRest,
];

/** The first two segments of a path (`/api/v2`, `/admin/companies`): REST routes are grouped by them. */
const prefixOf = (p: string) => {
  const second = p.indexOf('/', 1);
  const third = second < 0 ? -1 : p.indexOf('/', second + 1);
  return third < 0 ? p : p.slice(0, third);
};

/**
 * A JSON answer written as it is: Express's res.json() also works out a charset, an ETag (off here) and
 * freshness for every answer; an API answer needs none of them. Node sets Content-Length, leaves
 * the body out for HEAD, and the compression middleware still sees the write.
 */
function sendJson(res: Response, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

/**
 * Fails at start-up, not on a route's first request, when a route names no procedure. The router object carries
 * its procedures under their keys (`appRouter.materials.get`), as its type says.
 */
function assertProcedure(path: string) {
  let target: unknown = appRouter;
  for (const key of path.split('.')) target = target && typeof target === 'object' ? (target as Record<string, unknown>)[key] : undefined;
  if (typeof target !== 'function') throw new Error(`REST route: no procedure at ${path}`);
}

export function createRestRouter(deps: Deps, routes: RestRoute[] = REST_ROUTES): Router {
  const r = express.Router();
  for (const route of routes) assertProcedure(route.procedure);
  // JSON bodies are read up to the limit bodyGuard settled on for the request (one parser per limit).
  const parsers = new Map<number, RequestHandler>();
  const json: RequestHandler = (req, res, next) => {
    const limit = bodyLimitFor(req);
    let parse = parsers.get(limit);
    if (!parse) parsers.set(limit, (parse = express.json({ limit })));
    parse(req, res, next);
  };
  // One router per path prefix, picked by a map lookup: a request is matched against the few routes of its
  // prefix, not against all 160 in turn. Routes keep their full paths (metrics labels, req.params).
  const byPrefix = new Map<string, Router>();
  for (const route of routes) {
    const prefix = prefixOf(route.path);
    if (prefix.includes(':')) throw new Error(`REST route ${route.path}: the first two segments must be fixed`);
    let sub = byPrefix.get(prefix);
    if (!sub) {
      byPrefix.set(prefix, (sub = express.Router()));
    }
    // A form upload: its file's limit plus the form's own bytes (boundaries, part headers, a few fields).
    const limit = route.upload ? Math.max(LIMITS.plainBodyBytes, route.upload.maxBytes + 64 * 1024) : bodyLimitOf([route.procedure]);
    sub[route.method](
      route.path,
      bodyGuard(deps, () => limit, { apiKeys: true }),
      json,
      async (req, res) => {
        const caller = createCaller(await createContext(deps, req, { apiKeys: true }));
        const result = await callProcedure(caller, route.procedure, await readInput(route, req));
        if (route.respond) return route.respond.send(res, result);
        sendJson(res, route.status, result ?? null);
      },
    );
  }
  // Requests outside every prefix pass straight on (the app mounts this router ahead of the others).
  r.use((req, res, next) => {
    const sub = byPrefix.get(prefixOf(req.path));
    if (!sub) return next();
    sub(req, res, next);
  });
  r.use(apiDocsRouter(routes));
  return r;
}
