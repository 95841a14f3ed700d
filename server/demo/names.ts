// A donation tag as an administrator would add it (decision 0240): its English name with a Danish one typed,
// no Malay one, so the demo shows a typed name to Danish readers and the "missing" mark on /admin/donations.
import { donation_tags } from '../../drizzle/schema';
import type { Tx } from '../db/client';

export const DEMO_TYPED_TAG = {
  name: 'Community fridges',
  name_dk: 'Fællesskabskøleskabe',
  description: 'Food shared through neighbourhood fridges.',
};

export async function seedDemoTypedNames(tx: Tx): Promise<void> {
  await tx.insert(donation_tags).values(DEMO_TYPED_TAG).onConflictDoNothing({ target: donation_tags.name });
}
