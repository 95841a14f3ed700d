// The REST adapters' way into a procedure (issue 17, decision 0157): the procedure's own middlewares (its rung,
// rate limits, input validation) and resolver, run in order exactly as tRPC's caller runs them, without the
// caller's proxies and without copying every option object at every step (tRPC's middleware runner spreads
// the call's options with property descriptors two or three times per middleware: about 8 % of a listing
// detail's CPU at saturation). tRPC is pinned (package.json); the procedures' definitions are read once at
// start-up, and every REST route is exercised through this path by the tests.
import { getTRPCErrorFromUnknown, type AnyProcedure } from '@trpc/server';
import type { TrpcContext } from '../trpc/init';
import { appRouter } from '../trpc/router';

interface Result {
  ok: boolean;
  data?: unknown;
  error?: unknown;
  ctx?: unknown;
  marker: string;
}
interface NextOpts {
  ctx?: Record<string, unknown>;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}
type Middleware = (opts: {
  ctx: unknown;
  type: string;
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  meta: unknown;
  signal: undefined;
  batchIndex: number;
  next: (next?: NextOpts) => Promise<Result>;
}) => Promise<Result>;
interface Definition {
  type: 'query' | 'mutation' | 'subscription';
  meta: unknown;
  middlewares: Middleware[];
}

const MARKER = 'middlewareMarker';

function definitionOf(path: string): Definition {
  const procedure = (appRouter._def.procedures as unknown as Record<string, AnyProcedure | undefined>)[path];
  const def = procedure?._def as unknown as Definition | undefined;
  if (!def || !Array.isArray(def.middlewares) || !def.middlewares.length) throw new Error(`No procedure at ${path}`);
  return def;
}

function step(def: Definition, index: number, path: string, ctx: unknown, input: unknown, getRawInput: () => Promise<unknown>): Promise<Result> {
  const middleware = def.middlewares[index];
  if (!middleware) return Promise.resolve({ ok: false, error: new Error('No result from the middlewares'), marker: MARKER });
  let out: Promise<Result>;
  try {
    out = middleware({
      ctx,
      type: def.type,
      path,
      input,
      getRawInput,
      meta: def.meta,
      signal: undefined,
      batchIndex: 0,
      next: (n) =>
        step(
          def,
          index + 1,
          path,
          n?.ctx ? { ...(ctx as object), ...n.ctx } : ctx,
          n && 'input' in n ? n.input : input,
          n?.getRawInput ?? getRawInput,
        ),
    });
  } catch (cause) {
    return Promise.resolve({ ok: false, error: getTRPCErrorFromUnknown(cause), marker: MARKER });
  }
  return out.catch((cause: unknown) => ({ ok: false, error: getTRPCErrorFromUnknown(cause), marker: MARKER }));
}

/**
 * Calls a procedure by its dotted path with the request's context and raw input; answers its data or throws its
 * TRPCError, as tRPC's caller would. The definitions are looked up once, when the routes are built (an unknown
 * path fails at start-up, not on the first request).
 */
export function createInvoker(paths: readonly string[]) {
  const defs = new Map(paths.map((p) => [p, definitionOf(p)]));
  return async function invoke(path: string, ctx: TrpcContext, rawInput: unknown): Promise<unknown> {
    const def = defs.get(path) ?? definitionOf(path);
    const result = await step(def, 0, path, ctx, undefined, () => Promise.resolve(rawInput));
    if (!result.ok) throw result.error;
    return result.data;
  };
}
