import type { Request } from 'express';
import type { Deps } from '../deps';
import { authorizationFields } from '../http/authorization';
import { resolveActor } from '../modules/auth/service';
import type { TrpcContext } from './init';

export async function createContext(deps: Deps, req: Request): Promise<TrpcContext> {
  const { actor, authError } = await resolveActor(deps, authorizationFields(req), req.ip);
  return { deps, actor, authError, requestId: String(req.id ?? '') };
}
