import type { Request } from 'express';
import type { Deps } from '../deps';
import { authorizationFields } from '../http/authorization';
import { authResolvedBy } from '../http/body-limit';
import { resolveActor } from '../modules/auth/service';
import type { TrpcContext } from './init';

/** `apiKeys`: the REST paths, where a company's API key stands for a person's token. */
export async function createContext(deps: Deps, req: Request, opts: { apiKeys?: boolean } = {}): Promise<TrpcContext> {
  // A large body's caller was resolved before the body was read (http/body-limit.ts).
  const { actor, authError } = authResolvedBy(req) ?? (await resolveActor(deps, authorizationFields(req), req.ip, opts));
  return { deps, actor, authError, requestId: String(req.id ?? '') };
}
