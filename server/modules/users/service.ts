import { eq } from 'drizzle-orm';
import { users } from '../../../drizzle/schema';
import type { Language } from '../../../shared/constants/enums';
import type { Deps } from '../../deps';
import type { UserActor } from '../../lib/actor';

/** The language choice follows the user across devices (PRODUCT.md "Other"). */
export async function setLanguage(deps: Deps, actor: UserActor, input: { language: Language }) {
  await deps.db.update(users).set({ language: input.language }).where(eq(users.id, actor.user_id));
  return { language: input.language };
}
