import type { Language } from '../../../shared/constants/enums';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { UserActor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
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

/** The user's mail choices: new listings in their interests, and activity on their offers and synergies. */
export async function emailPreferences(deps: Deps, actor: UserActor) {
  const row = await repo.emailPreferences(deps.db, actor.user_id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function setEmailPreferences(deps: Deps, actor: UserActor, input: { email_notifications_new_listings?: boolean; email_notifications_activity?: boolean }) {
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  await repo.setEmailPreferences(deps.db, actor.user_id, values);
  return emailPreferences(deps, actor);
}
