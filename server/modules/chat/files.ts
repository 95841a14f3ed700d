// Who may read a chat attachment (the `chat` storage folder): users of the chat's two companies.
import type { Deps } from '../../deps';
import type { FileAccess } from '../../lib/files';
import * as repo from './repo';

export function registerChatFiles(access: FileAccess, deps: Pick<Deps, 'db'>): void {
  access.register('chat', {
    find: (key) => repo.findAttachmentByKey(deps.db, key),
    canRead: (actor, file) =>
      actor.kind === 'user' && actor.company_id !== null && (actor.company_id === file.company_a_id || actor.company_id === file.company_b_id),
  });
}
