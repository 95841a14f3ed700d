// tRPC context and the procedure ladder: public → authed → company → manager; admin; driver.
// Coarse gates live here; row-level checks (own company, own trip) live in services.
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import type { Actor, AdminActor, CompanyActor, DriverActor, UserActor } from '../lib/actor';
import { inWriteScope } from '../lib/cache';
import { AppError, ERROR_TABLE, appErrorFromTrpc } from '../lib/errors';
import type { Deps } from '../deps';
import { ERROR_MESSAGES, type FieldErrors } from '../../shared/errors';
import { findUnsafeText } from '../../shared/lib/text';
import { errorMessage } from '../../shared/messages';
import { takeRateLimit, takeReadLimit, type RateLimitName } from '../lib/rate-limit';

export interface TrpcContext {
  deps: Deps;
  actor: Actor;
  /** Error from reading the bearer token (expired/invalid), raised only when a procedure needs a user. */
  authError: AppError | null;
  requestId: string;
}

/** Who may call a procedure: set once per rung of the ladder, read by the REST docs and the router tests. */
export type Access = 'public' | 'user' | 'company' | 'manager' | 'admin' | 'driver';
export interface ProcedureMeta {
  access: Access;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error, ctx }) {
      const app = appErrorFromTrpc(error);
      if (app.code === 'INTERNAL' && ctx) ctx.deps.logger.error({ err: app.cause ?? error, request_id: ctx.requestId }, 'internal error');
      return {
        ...shape,
        message: app.code === 'INTERNAL' ? ERROR_MESSAGES.INTERNAL : app.message,
        data: {
          code: ERROR_TABLE[app.code].trpc,
          httpStatus: ERROR_TABLE[app.code].http,
          appCode: app.code,
          /** The message as a code for the client to render in the reader's language. */
          detail: app.code === 'INTERNAL' ? errorMessage('INTERNAL') : app.detail,
          fields: (app.fields ?? null) as FieldErrors | null,
          requestId: ctx?.requestId ?? null,
          retryAfterSeconds: app.retryAfterSeconds ?? null,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * A rate limit (server/lib/rate-limit.ts) on one procedure, per address and per signed-in account. REST
 * adapters call the same procedures, so both transports share the count. Use it after `.input(...)`: only
 * well-formed attempts count, so a person correcting a form is not locked out by their own typos.
 */
export const rateLimited = (name: RateLimitName) =>
  t.middleware(async ({ ctx, next }) => {
    const a = ctx.actor;
    await takeRateLimit(
      ctx.deps.db,
      name,
      { ip: a.ip, user_id: a.kind === 'user' ? a.user_id : undefined, api_key_id: a.kind === 'user' ? a.api_key?.id : undefined },
      ctx.deps.env.RATE_LIMIT_SCALE,
    );
    return next();
  });

/**
 * What every procedure does around its own work, on both transports, in one middleware per rung of the ladder
 * (each tRPC middleware copies the call's options and context: with a separate gate per rung, a call paid for
 * one more copy):
 * - every text of every input is checked: NUL, other control characters and lone surrogates are a field error
 *   (`field.invalidCharacters`), never a database error (shared/lib/text.ts);
 * - the rung's gate: who may call (the row-level checks stay in the services);
 * - a read (query) counts against the caller's read limit (server/lib/rate-limit.ts), 429 past it;
 * - a mutation reads past the read caches (what it reads back after its write is what it wrote) and answers only
 *   once this instance's caches hold none of what it changed (server/lib/cache.ts), so the caller's next
 *   request, here, sees its own write;
 * - every failure (AppError, zod input error, unknown) is re-thrown as a TRPCError whose cause is an AppError;
 * - every call is timed for /metrics (trpc_procedure_duration_seconds).
 */
function rung<A extends Actor>(gate: (ctx: TrpcContext) => A) {
  return t.middleware(async ({ ctx, path, type, getRawInput, next }) => {
    const started = performance.now();
    let res: Awaited<ReturnType<typeof next<{ actor: A }>>> | undefined;
    let failure: AppError | null = null;
    try {
      const unsafe = findUnsafeText(await getRawInput());
      if (unsafe !== null) throw new AppError('VALIDATION', { fields: { [unsafe]: { code: 'field.invalidCharacters' } } });
      const actor = gate(ctx);
      // Reads are limited per account (per address when anonymous) before any of their work is done.
      if (type === 'query') takeReadLimit(ctx.deps.reads, actor, ctx.deps.env.RATE_LIMIT_SCALE);
      if (ctx.actor.kind === 'user' && ctx.actor.api_key) checkApiKey(ctx.actor.api_key.scopes, path, type);
      if (type !== 'mutation') res = await next({ ctx: { actor } });
      else {
        const scope = { sessionsEnded: false };
        res = await inWriteScope(() => next({ ctx: { actor } }), scope);
        // Ended sessions: answered only once every instance refuses them, not only this one.
        if (res.ok) await (scope.sessionsEnded ? ctx.deps.caches.syncAll() : ctx.deps.caches.sync());
      }
      if (!res.ok) failure = appErrorFromTrpc(res.error);
    } catch (err) {
      failure = appErrorFromTrpc(err);
    }
    const http = failure ? ERROR_TABLE[failure.code].http : 200;
    ctx.deps.metrics.observeProcedure(path, http < 400 ? 'ok' : http < 500 ? 'client_error' : 'server_error', (performance.now() - started) / 1000);
    if (failure) throw new TRPCError({ code: ERROR_TABLE[failure.code].trpc, message: failure.message, cause: failure });
    return res!;
  });
}

/**
 * What an API key may not do (docs/decisions/0230): anything about people's accounts (user management, passwords,
 * sessions, profiles) or about keys themselves, which stay with a person who logged in; and with the `read`
 * scope only, any write.
 */
export const KEY_FORBIDDEN = ['auth.', 'users.', 'integrations.apiKeys'];
function checkApiKey(scopes: readonly string[], path: string, type: string) {
  if (KEY_FORBIDDEN.some((prefix) => path.startsWith(prefix))) throw new AppError('FORBIDDEN', { message: { code: 'integration.keyForbidden' } });
  if (type === 'mutation' && !scopes.includes('write')) throw new AppError('FORBIDDEN', { message: { code: 'integration.readOnlyKey' } });
}

function requireUser(ctx: TrpcContext): UserActor {
  if (ctx.actor.kind === 'user') return ctx.actor;
  throw ctx.authError ?? new AppError('UNAUTHENTICATED');
}
function requireCompanyUser(ctx: TrpcContext): CompanyActor {
  const a = requireUser(ctx);
  if ((a.role !== 'MEMBER' && a.role !== 'MANAGER') || a.company_id == null) throw new AppError('FORBIDDEN');
  return a as CompanyActor;
}

export const publicProcedure = t.procedure.meta({ access: 'public' }).use(rung((ctx) => ctx.actor));

export const authedProcedure = t.procedure.meta({ access: 'user' }).use(rung(requireUser));

export const companyProcedure = t.procedure.meta({ access: 'company' }).use(rung(requireCompanyUser));

export const managerProcedure = t.procedure.meta({ access: 'manager' }).use(
  rung((ctx) => {
    const a = requireCompanyUser(ctx);
    if (a.role !== 'MANAGER') throw new AppError('FORBIDDEN');
    return a;
  }),
);

export const adminProcedure = t.procedure.meta({ access: 'admin' }).use(
  rung((ctx) => {
    const a = requireUser(ctx);
    if (a.role !== 'ADMIN') throw new AppError('FORBIDDEN');
    return a as AdminActor;
  }),
);

export const driverProcedure = t.procedure.meta({ access: 'driver' }).use(
  rung((ctx) => {
    if (ctx.actor.kind !== 'driver') throw ctx.authError ?? new AppError('UNAUTHENTICATED');
    return ctx.actor as DriverActor;
  }),
);

/**
 * A procedure's resolver that hands the service the request's dependencies, its actor (as narrowed by the procedure's
 * rung) and the validated input: `list: companyProcedure.input(x).output(y).query(serve(service.list))`. A service
 * that needs less than that is called inline.
 */
export const serve =
  <A, I, O>(fn: (deps: Deps, actor: A, input: I) => O) =>
  ({ ctx, input }: { ctx: { deps: Deps; actor: A }; input: I }) =>
    fn(ctx.deps, ctx.actor, input);
