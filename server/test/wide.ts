// Race tests need calls that really run side by side: the context's own pool is small (and PGlite answers one query
// at a time), so these callers run over a Postgres pool of their own, as large as a server's.
import { openPostgres } from '../db/client';
import { buildDeps } from '../deps';
import type { Actor } from '../lib/actor';
import { registerListeners } from '../listeners';
import { createCaller } from '../trpc/router';
import type { TestContext } from './harness';

/**
 * tRPC callers over a fresh pool of `max` connections to the context's (Postgres) database, with the app's listeners
 * registered as the server does, each call carrying `requestId`. Close it when done.
 */
export async function openWideCallers(t: TestContext, max: number, requestId: string) {
  const wide = await openPostgres(t.database.url!, { max });
  const deps = buildDeps(t.env, wide, t.deps.logger);
  registerListeners(deps);
  return {
    as: (actor: Actor) => createCaller({ deps, actor, authError: null, requestId }),
    close: () => wide.close(),
  };
}

export type WideCallers = Awaited<ReturnType<typeof openWideCallers>>;

/** `body` with wide callers (as openWideCallers opens them), closed after it whatever it did. */
export async function withWideCallers<T>(t: TestContext, max: number, requestId: string, body: (wide: WideCallers) => Promise<T>): Promise<T> {
  const wide = await openWideCallers(t, max, requestId);
  try {
    return await body(wide);
  } finally {
    await wide.close();
  }
}
