import { integrationsRouter } from '../modules/integrations/router';
import type { AnyProcedure } from '@trpc/server';
import { auditRouter } from '../modules/audit/router';
import { authRouter } from '../modules/auth/router';
import { chatRouter } from '../modules/chat/router';
import { commonRouter } from '../modules/common/router';
import { donationsRouter } from '../modules/donations/router';
import { companiesRouter } from '../modules/companies/router';
import { exchangesRouter } from '../modules/exchanges/router';
import { invitationsRouter } from '../modules/invitations/router';
import { materialsRouter } from '../modules/materials/router';
import { driverRouter, driversRouter } from '../modules/drivers/router';
import { jobsRouter } from '../modules/jobs/router';
import { needsRouter } from '../modules/needs/router';
import { newsletterRouter } from '../modules/newsletter/router';
import { notificationsRouter } from '../modules/notifications/router';
import { offersRouter } from '../modules/offers/router';
import { queriesRouter } from '../modules/queries/router';
import { registrationRouter } from '../modules/registration/router';
import { statsRouter } from '../modules/stats/router';
import { subscriptionsRouter } from '../modules/subscriptions/router';
import { usersRouter } from '../modules/users/router';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  audit: auditRouter,
  auth: authRouter,
  chat: chatRouter,
  common: commonRouter,
  companies: companiesRouter,
  donations: donationsRouter,
  driver: driverRouter,
  drivers: driversRouter,
  exchanges: exchangesRouter,
  integrations: integrationsRouter,
  jobs: jobsRouter,
  materials: materialsRouter,
  needs: needsRouter,
  newsletter: newsletterRouter,
  notifications: notificationsRouter,
  offers: offersRouter,
  queries: queriesRouter,
  registration: registrationRouter,
  stats: statsRouter,
  subscriptions: subscriptionsRouter,
  users: usersRouter,
  invitations: invitationsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

/** Every procedure by its dotted path ('companies.admin.list'): tRPC keeps them flat at run time. */
export const PROCEDURES = appRouter._def.procedures as unknown as Readonly<Record<string, AnyProcedure>>;
