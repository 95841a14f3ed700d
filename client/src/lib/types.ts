// Session shapes as the server sends them (auth.login / auth.me / auth.driverLogin).
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type SessionUser = RouterOutputs['auth']['login']['user'];
export type SessionCompany = NonNullable<RouterOutputs['auth']['me']['company']>;
export type SessionDriver = RouterOutputs['auth']['driverLogin']['driver'];
