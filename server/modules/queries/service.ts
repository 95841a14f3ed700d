import { queries } from '../../../drizzle/schema';
import type { z } from 'zod';
import type { createQueryInput } from '../../../shared/schemas/queries';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';

/** A help-page message becomes a query that administrators see at /admin/queries. */
export async function createQuery(deps: Deps, actor: Actor, input: z.output<typeof createQueryInput>) {
  const [row] = await deps.db
    .insert(queries)
    .values({
      name: input.name,
      email: input.email,
      subject: input.subject ?? null,
      message: input.message,
      user_id: actor.kind === 'user' ? actor.user_id : null,
    })
    .returning({ id: queries.id });
  return { id: row!.id };
}
