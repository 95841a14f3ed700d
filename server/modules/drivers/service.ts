import type { Deps } from '../../deps';
import type { DriverActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { findDriverAuthState } from '../auth/repo';

export async function me(deps: Deps, actor: DriverActor) {
  const driver = await findDriverAuthState(deps.db, actor.driver_id);
  if (!driver) throw new AppError('UNAUTHENTICATED');
  const { id, name, email, phone, status } = driver;
  return { driver: { id, name, email, phone, status } };
}
