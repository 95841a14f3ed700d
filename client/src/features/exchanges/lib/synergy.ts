// What the synergies screen derives from a synergy as the server sends it (exchanges.list / exchanges.get). The
// forms' schemas are in ./forms.ts, loaded with the dialogs that use them.
import type { RouterOutputs } from '@/lib/types';

export type Synergy = RouterOutputs['exchanges']['list']['items'][number];

type Company = { id: number; name: string };

/** The caller's company and the other one (an administrator reads as the providing side). */
export function companiesOf(x: Pick<Synergy, 'side' | 'providing_company' | 'requesting_company'>): { ours: Company; theirs: Company } {
  return x.side === 'requester'
    ? { ours: x.requesting_company, theirs: x.providing_company }
    : { ours: x.providing_company, theirs: x.requesting_company };
}

/** Our company's rating of the synergy and the other company's, each null until given. */
export function ratingsOf(x: Pick<Synergy, 'side' | 'providing_company' | 'requesting_company' | 'ratings'>) {
  const { ours, theirs } = companiesOf(x);
  return { ours: x.ratings.find((r) => r.company_id === ours.id) ?? null, theirs: x.ratings.find((r) => r.company_id === theirs.id) ?? null };
}
