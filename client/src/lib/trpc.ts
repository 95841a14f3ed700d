// tRPC client: bearer token per call, superjson, and the one place where a 401 ends the session.
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, splitLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/trpc/router';
import { LIMITS } from '../../../shared/constants/limits';
import { usesDriverToken } from './audience';
import { getDriverToken } from './driverSession';
import { getToken } from './session';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export type AuthFailureHandler = (kind: 'user' | 'driver', token: string) => void;

function isAuthFailure(err: unknown) {
  if (!(err instanceof TRPCClientError)) return false;
  const appCode = (err.data as { appCode?: string } | undefined)?.appCode;
  return appCode === 'UNAUTHENTICATED' || appCode === 'SESSION_EXPIRED';
}

/** Attaches the right token to each operation and reports a 401 on a call that carried one. */
function authLink(onAuthFailure: AuthFailureHandler): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        const kind = usesDriverToken(op.path) ? 'driver' : 'user';
        const token = kind === 'driver' ? getDriverToken() : getToken();
        return next({ ...op, context: { ...op.context, token } }).subscribe({
          next: (v) => observer.next(v),
          complete: () => observer.complete(),
          error: (err) => {
            if (token && isAuthFailure(err)) onAuthFailure(kind, token);
            observer.error(err);
          },
        });
      });
}

export function createClient(onAuthFailure: AuthFailureHandler) {
  const batch = () =>
    httpBatchLink({
      url: '/trpc',
      maxItems: LIMITS.trpcBatchMax,
      transformer: superjson,
      headers({ opList }) {
        const token = opList.map((op) => op.context.token).find((t): t is string => typeof t === 'string');
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    });
  return createTRPCClient<AppRouter>({
    links: [
      authLink(onAuthFailure),
      // Driver and user calls carry different tokens, so they never share a batch.
      splitLink({ condition: (op) => usesDriverToken(op.path), true: batch(), false: batch() }),
    ],
  });
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, err) => {
          const status = err instanceof TRPCClientError ? (err.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
          if (status && status >= 400 && status < 500) return false;
          return count < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
