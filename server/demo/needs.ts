// Demo needs (wanted listings) and a saved search, so both screens show something at once: the demo company needs
// packaging near its brewery (a neighbour's cartons match it, and it was told so), a neighbour needs brewing
// by-products (it shows under "Needs near you" for the demo company, whose spent grain already matches it), and the
// demo manager keeps a saved search of surplus near the brewery with the daily mail on.
import { eq } from 'drizzle-orm';
import { material_groups, notifications, saved_searches } from '../../drizzle/schema';
import { isoDate } from '../../shared/lib/subscription';
import { seedNeed } from '../modules/needs/service';
import type { Tx } from '../db/client';
import { daysFrom } from './common';

export interface DemoNeedsInput {
  now: Date;
  /** The demo company (manager@example.com) and its users. */
  demo: { company_id: number; manager_id: number; user_ids: number[] };
  /** A company a few kilometres away. */
  neighbour: { company_id: number; manager_id: number };
}

export async function seedDemoNeeds(tx: Tx, o: DemoNeedsInput): Promise<void> {
  const ago = (days: number) => daysFrom(o.now, -days);
  const until = isoDate(daysFrom(o.now, 90));
  // Packaging (15 01) sits under each material's group: cardboard is wanted, so the need names Paper and cardboard.
  const [paper] = await tx.select({ id: material_groups.id }).from(material_groups).where(eq(material_groups.code, 'M-PAPER'));
  const packaging = await seedNeed(tx, {
    company_id: o.demo.company_id,
    user_id: o.demo.manager_id,
    created_at: ago(20),
    input: {
      title: 'Cardboard and carton packaging',
      description: 'We pack gift boxes of our beers and need clean cardboard or carton offcuts for padding and dividers. Monthly, collected by us.',
      material_group_id: paper!.id,
      material_group_code: '1501',
      quantity: 400,
      unit: 'kg',
      max_distance_km: 10,
      until,
    },
  });
  await seedNeed(tx, {
    company_id: o.neighbour.company_id,
    user_id: o.neighbour.manager_id,
    created_at: ago(5),
    input: {
      title: 'Brewing by-products for feed trials',
      description: 'Spent grain or yeast for a feed trial with two farms on Zealand. Weekly deliveries for three months.',
      material_group_id: null,
      material_group_code: '0207',
      quantity: 2000,
      unit: 'kg',
      max_distance_km: 40,
      until: null,
    },
  });
  // The demo company was told about the newest listing that matches its need, as a new listing tells it live.
  const newest = packaging.matches[0];
  if (newest) {
    await tx.insert(notifications).values(
      o.demo.user_ids.map((user_id) => ({
        user_id,
        type: 'new_materials' as const,
        code: 'notification.needMatched',
        params: { need: 'Cardboard and carton packaging', title: newest.title, company: newest.company_name },
        link: `/material/${newest.material_id}`,
        created_at: ago(1),
      })),
    );
  }
  await tx.insert(saved_searches).values({
    user_id: o.demo.manager_id,
    company_id: o.demo.company_id,
    name: 'Surplus within 20 km',
    filters: { category: 'surplus', proximity: '20' },
    notify: true,
    checked_at: ago(1),
    created_at: ago(12),
  });
}
