// REST adapters are thin: each one turns a request into the input of the SAME tRPC procedure the
// client uses (same schema, same ladder, same service) and picks the status. See docs/decisions/0002.
import type { Request, Response } from 'express';
import type { createCaller } from '../trpc/router';

export type Caller = ReturnType<typeof createCaller>;

export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express 5 path, e.g. '/api/companies/:id'. */
  path: string;
  /** Status on success; default 200. */
  status?: number;
  handler: (caller: Caller, req: Request) => Promise<unknown>;
  /** Writes a non-JSON answer (a file download) instead of the default JSON body. */
  respond?: (res: Response, result: unknown) => void;
}

/** Path params are strings; the procedures' schemas coerce them. */
export const params = (req: Request) => req.params as Record<string, string>;
export const query = (req: Request) => req.query as Record<string, unknown>;
export const body = (req: Request): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
