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

export function createRestRouter(deps: Deps, routes: RestRoute[] = REST_ROUTES): Router {
  const r = express.Router();
  r.use(express.json({ limit: LIMITS.jsonBodyBytes }));
  r.use(apiDocsRouter(routes));
  for (const route of routes) {
    r[route.method](route.path, async (req, res) => {
      const caller = createCaller(await createContext(deps, req));
      const result = await callProcedure(caller, route.procedure, await readInput(route, req));
      if (route.respond) return route.respond.send(res, result);
      res.status(route.status).json(result ?? null);
    });
  }
  return r;
}
