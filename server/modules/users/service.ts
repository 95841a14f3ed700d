import type { Language } from '../../../shared/constants/enums';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { UserActor } from '../../lib/actor';
import * as repo from './repo';

/** The language choice follows the user across devices (PRODUCT.md "Other"). */
export async function setLanguage(deps: Deps, actor: UserActor, input: { language: Language }) {
  await repo.setLanguage(deps.db, actor.user_id, input.language);
  return { language: input.language };
}

/** The users who act for these companies (members and managers): who hears about their offers and synergies. */
export function companyUserIds(db: DbOrTx, companyIds: readonly number[]): Promise<number[]> {
  return repo.companyUserIds(db, companyIds);
}
