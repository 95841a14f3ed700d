import express, { type Router } from 'express';
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
import { createCaller } from '../trpc/router';
import { callProcedure, readInput, type RestRoute } from './define';
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

export function createRestRouter(deps: Deps, routes: RestRoute[] = REST_ROUTES): Router {
  const r = express.Router();
  r.use(express.json({ limit: LIMITS.jsonBodyBytes }));
  r.use(apiDocsRouter(routes));
  // One router per path prefix, picked by a map lookup: a request is matched against the few routes of its
  // prefix, not against all 160 in turn (issue 17). Routes keep their full paths (metrics labels, req.params).
  const byPrefix = new Map<string, Router>();
  for (const route of routes) {
    const prefix = prefixOf(route.path);
    if (prefix.includes(':')) throw new Error(`REST route ${route.path}: the first two segments must be fixed`);
    let sub = byPrefix.get(prefix);
    if (!sub) byPrefix.set(prefix, (sub = express.Router()));
    sub[route.method](route.path, async (req, res) => {
      const caller = createCaller(await createContext(deps, req));
      const result = await callProcedure(caller, route.procedure, await readInput(route, req));
      if (route.respond) return route.respond.send(res, result);
      res.status(route.status).json(result ?? null);
    });
  }
  r.use((req, res, next) => {
    const sub = byPrefix.get(prefixOf(req.path));
    if (!sub) return next();
    sub(req, res, next);
  });
  return r;
}
