// The typed REST registry (docs/decisions/0002, 0008). A route names the tRPC procedure it calls and says,
// key by key, where the procedure's input comes from: path parameters, query string, JSON body, or a value
// the route fixes. The compiler checks every key against the procedure's input type; zod checks the values
// at run time, exactly as for a tRPC call. docs/rest-api.md and /api/openapi.json are built from the same
// declarations, so a route cannot be added without being typed and documented.
import type { AnyProcedure, inferProcedureInput, inferProcedureOutput } from '@trpc/server';
import type { Request, Response } from 'express';
import type { AppRouter, createCaller } from '../trpc/router';

export type Caller = ReturnType<typeof createCaller>;
export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

type AppRecord = AppRouter['_def']['record'];

type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? `${Prefix}${K}` : R[K] extends object ? PathsOf<R[K], `${Prefix}${K}.`> : never;
}[keyof R & string];

/** Every procedure of the app router by its dotted path: 'companies.admin.list'. */
export type ProcedurePath = PathsOf<AppRecord>;

type ProcedureAt<R, P extends string> = P extends `${infer Head}.${infer Tail}`
  ? Head extends keyof R
    ? ProcedureAt<R[Head], Tail>
    : never
  : P extends keyof R
    ? R[P]
    : never;

type Procedure<P extends ProcedurePath> = ProcedureAt<AppRecord, P> extends infer X extends AnyProcedure ? X : never;

/** What the procedure's zod schema accepts (before defaults and transforms). */
export type ProcedureInput<P extends ProcedurePath> = Exclude<inferProcedureInput<Procedure<P>>, undefined | void>;
export type ProcedureOutput<P extends ProcedurePath> = inferProcedureOutput<Procedure<P>>;

/** The names of the procedure's input fields; none for a procedure without input. */
export type InputKey<P extends ProcedurePath> = [ProcedureInput<P>] extends [never]
  ? never
  : [ProcedureInput<P>] extends [object]
    ? keyof ProcedureInput<P> & string
    : never;

/** ':id' segments of an Express path: '/admin/companies/:id/subscription' → 'id'. */
export type PathParams<S extends string> = S extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParams<`/${Rest}`>
  : S extends `${string}:${infer Param}`
    ? Param
    : never;

/** Input keys read from one part of the request; 'rest' takes every key the route does not map otherwise. */
type KeySource<P extends ProcedurePath> = readonly InputKey<P>[] | 'rest';

type ParamsMapping<Path extends string, P extends ProcedurePath> = [PathParams<Path>] extends [never]
  ? { params?: never }
  : { params: { readonly [K in PathParams<Path>]: InputKey<P> } };

export type RouteDef<Path extends string, P extends ProcedurePath> = {
  method: HttpMethod;
  /** Express 5 path, e.g. '/api/companies/:id'. Kept exactly as SPEC §7 names it: external systems call it. */
  path: Path;
  /** The tRPC procedure this path calls: same schema, same ladder rung, same service. */
  procedure: P;
  /** Status on success; default 200 (201 for postCreated). */
  status?: number;
  /** One line for the API reference. */
  summary?: string;
  query?: KeySource<P>;
  body?: KeySource<P>;
  /** Input values the path itself implies (GET .../offerings lists kind 'offering'). */
  fixed?: { readonly [K in InputKey<P>]?: ProcedureInput<P>[K] };
  /** A multipart body with one file: its name and its content (base64) fill these input fields. */
  upload?: Upload & { fields: { name: InputKey<P>; base64: InputKey<P> } };
  /** A non-JSON answer (a file download) instead of the default JSON body. */
  respond?: { contentType: string; send: (res: Response, result: ProcedureOutput<P>) => void };
} & ParamsMapping<Path, P>;

export interface Upload {
  /** Parses the multipart request into its single file (and refuses anything else). */
  read: (req: Request) => Promise<{ name: string; buffer: Buffer }>;
  /** The file's media type, for the API reference. */
  contentType: string;
  /** The largest request body the upload may send (the whole form); larger ones are refused unread. */
  maxBytes: number;
}

/** A route with its types erased, as the registry, the Express router and the generators see it. */
export interface RestRoute {
  method: HttpMethod;
  path: string;
  procedure: ProcedurePath;
  status: number;
  summary?: string;
  params: Readonly<Record<string, string>>;
  query?: readonly string[] | 'rest';
  body?: readonly string[] | 'rest';
  fixed?: Readonly<Record<string, unknown>>;
  upload?: Upload & { fields: { name: string; base64: string } };
  respond?: { contentType: string; send: (res: Response, result: unknown) => void };
}

/** What a route says besides its method, path and procedure. */
type RouteOptions<Path extends string, P extends ProcedurePath> = Omit<RouteDef<Path, P>, 'method' | 'path' | 'procedure' | 'params'> &
  ([PathParams<Path>] extends [InputKey<P>] ? { params?: ParamsMapping<Path, P>['params'] } : ParamsMapping<Path, P>);

/** The options are optional unless a path parameter must be mapped to an input key of another name. */
type OptionsArg<Path extends string, P extends ProcedurePath> = [PathParams<Path>] extends [InputKey<P>]
  ? [options?: RouteOptions<Path, P>]
  : [options: RouteOptions<Path, P>];

/** Each path parameter fills the input key of its own name ('/admin/trips/:id' → { id: 'id' }). */
const sameNamedParams = (path: string) => Object.fromEntries([...path.matchAll(/:(\w+)/g)].map(([, name]) => [name, name]));

function verb(method: HttpMethod, status?: number) {
  return <const Path extends string, P extends ProcedurePath>(path: Path, procedure: P, ...[options]: OptionsArg<Path, NoInfer<P>>): RestRoute =>
    erase({ method, path, procedure, status, params: sameNamedParams(path), ...(options as object) } as RouteDef<string, ProcedurePath>);
}

/**
 * Declares one REST route in one line: `put('/admin/drivers/:id', 'drivers.admin.updateDriver', { body: 'rest', summary })`.
 * The compiler checks the procedure path and every input key; a path parameter fills the input key of its own name
 * unless `params` maps it to another.
 */
export const get = verb('get');
export const post = verb('post');
export const put = verb('put');
export const del = verb('delete');
/** A POST that makes something (a listing, an offer, a key): it answers 201 Created. */
export const postCreated = verb('post', 201);

function erase(def: RouteDef<string, ProcedurePath>): RestRoute {
  const d = def as RouteDef<string, ProcedurePath> & { params?: Readonly<Record<string, string>> };
  return {
    method: d.method,
    path: d.path,
    procedure: d.procedure,
    status: d.status ?? 200,
    summary: d.summary,
    params: d.params ?? {},
    query: d.query,
    body: d.body,
    fixed: d.fixed as RestRoute['fixed'],
    upload: d.upload as RestRoute['upload'],
    respond: d.respond as RestRoute['respond'],
  };
}

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function take(into: Record<string, unknown>, from: Record<string, unknown>, keys: readonly string[]) {
  for (const k of keys) if (Object.hasOwn(from, k)) into[k] = from[k];
}

/**
 * Copies own keys, never `__proto__`: JSON.parse makes `{"__proto__": {...}}` an own key, and Object.assign would
 * hand it to the prototype setter, so the input would inherit fields the schema then reads.
 */
function copyOwn(into: Record<string, unknown>, from: Record<string, unknown>) {
  for (const k of Object.keys(from)) if (k !== '__proto__') into[k] = from[k];
}

/**
 * The procedure's raw input from the request: 'rest' sources first, then the keys named from body and
 * query, then path parameters, then fixed values, so what the path says always wins.
 */
export async function readInput(r: RestRoute, req: Request): Promise<Record<string, unknown> | undefined> {
  const query = asRecord(req.query);
  const body = asRecord(req.body);
  const input: Record<string, unknown> = {};
  if (r.body === 'rest') copyOwn(input, body);
  if (r.query === 'rest') copyOwn(input, query);
  if (Array.isArray(r.body)) take(input, body, r.body);
  if (Array.isArray(r.query)) take(input, query, r.query);
  if (r.upload) {
    const file = await r.upload.read(req);
    input[r.upload.fields.name] = file.name;
    input[r.upload.fields.base64] = file.buffer.toString('base64');
  }
  for (const [param, key] of Object.entries(r.params)) input[key] = (req.params as Record<string, string>)[param];
  Object.assign(input, r.fixed);
  const reads = r.body || r.query || r.upload || r.fixed || Object.keys(r.params).length;
  return reads ? input : undefined;
}

/**
 * Calls a procedure through a tRPC caller by its dotted path: the REST routes reach their procedures so, through
 * tRPC's public caller (its middlewares, input parsing and errors exactly as for the client), and so do the
 * security tests.
 */
export function callProcedure(caller: Caller, path: ProcedurePath, input: unknown): Promise<unknown> {
  let target: unknown = caller;
  for (const key of path.split('.')) target = (target as Record<string, unknown>)[key];
  if (typeof target !== 'function') throw new Error(`No procedure at ${path}`);
  return (target as (input: unknown) => Promise<unknown>)(input);
}
