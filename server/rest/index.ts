import express, { type Response, type Router } from 'express';
import { LIMITS } from '../../shared/constants/limits';
import type { Deps } from '../deps';
import { auditRest } from '../modules/audit/rest';
import { authRest } from '../modules/auth/rest';
import { commonAdminRest, commonRest } from '../modules/common/rest';
import { companiesRest } from '../modules/companies/rest';
import { donationsRest } from '../modules/donations/rest';
import { materialsRest } from '../modules/materials/rest';
import { newsletterRest } from '../modules/newsletter/rest';
import { notificationsRest } from '../modules/notifications/rest';
import { offersRest } from '../modules/offers/rest';
import { exchangesRest } from '../modules/exchanges/rest';
import { chatRest } from '../modules/chat/rest';
import { driversRest } from '../modules/drivers/rest';
import { queriesRest } from '../modules/queries/rest';
import { registrationRest } from '../modules/registration/rest';
import { statsRest } from '../modules/stats/rest';
import { subscriptionsRest } from '../modules/subscriptions/rest';
import { usersRest } from '../modules/users/rest';
import { createContext } from '../trpc/context';
import { readInput, type RestRoute } from './define';
import { createInvoker } from './invoke';
import { apiDocsRouter } from './docs';

export const REST_ROUTES: RestRoute[] = [
  ...authRest,
  ...commonRest,
  ...commonAdminRest,
  ...companiesRest,
  ...registrationRest,
  ...subscriptionsRest,
  ...notificationsRest,
  ...materialsRest,
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
];

/** The first two segments of a path (`/api/v2`, `/admin/companies`): REST routes are grouped by them. */
const prefixOf = (p: string) => {
  const second = p.indexOf('/', 1);
  const third = second < 0 ? -1 : p.indexOf('/', second + 1);
  return third < 0 ? p : p.slice(0, third);
};

/**
 * A JSON answer written as it is: Express's res.json() also works out a charset, an ETag (off here) and
 * freshness for every answer; an API answer needs none of them (issue 17). Node sets Content-Length, leaves
 * the body out for HEAD, and the compression middleware still sees the write.
 */
function sendJson(res: Response, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

export function createRestRouter(deps: Deps, routes: RestRoute[] = REST_ROUTES): Router {
  const r = express.Router();
  const invoke = createInvoker(routes.map((route) => route.procedure));
  const json = express.json({ limit: LIMITS.jsonBodyBytes });
  // One router per path prefix, picked by a map lookup: a request is matched against the few routes of its
  // prefix, not against all 160 in turn (issue 17). Routes keep their full paths (metrics labels, req.params).
  const byPrefix = new Map<string, Router>();
  for (const route of routes) {
    const prefix = prefixOf(route.path);
    if (prefix.includes(':')) throw new Error(`REST route ${route.path}: the first two segments must be fixed`);
    let sub = byPrefix.get(prefix);
    if (!sub) {
      byPrefix.set(prefix, (sub = express.Router()));
      sub.use(json);
    }
    sub[route.method](route.path, async (req, res) => {
      const result = await invoke(route.procedure, await createContext(deps, req), await readInput(route, req));
      if (route.respond) return route.respond.send(res, result);
      sendJson(res, route.status, result ?? null);
    });
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
