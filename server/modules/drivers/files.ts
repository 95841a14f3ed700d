// Who may read a trip document (the `trips` storage folder): the trip's driver and the users of the synergy's
// two companies; administrators read every private file (server/lib/files.ts).
import type { Deps } from '../../deps';
import type { FileAccess } from '../../lib/files';
import * as repo from './repo';

export function registerTripFiles(access: FileAccess, deps: Pick<Deps, 'db'>): void {
  access.register('trips', {
    find: (key) => repo.findDocumentByKey(deps.db, key),
    canRead: (actor, file) => {
      if (actor.kind === 'driver') return file.driver_id !== null && actor.driver_id === file.driver_id;
      if (actor.kind !== 'user' || actor.company_id === null) return false;
      return actor.company_id === file.provider_company_id || actor.company_id === file.requester_company_id;
    },
  });
}
