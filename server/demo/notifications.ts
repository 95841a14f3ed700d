// What happened to the demo company lately, as message codes: each reader sees them in their own language.
import { eq } from 'drizzle-orm';
import { material_groups, notifications } from '../../drizzle/schema';
import type { Tx } from '../db/client';
import { must } from './common';
import type { DemoContext } from './context';

export async function seedManagerNotifications(tx: Tx, ctx: DemoContext, managerId: number, exchangeId: Map<string, number>): Promise<void> {
  const { ago, companyOf, lid, listingOf } = ctx;
  const wrap = listingOf('stretch-wrap');
  const [wrapGroup] = await tx
    .select({ name: material_groups.name })
    .from(material_groups)
    .where(eq(material_groups.id, must(ctx.leaves.get(wrap.code), wrap.code).material_group_id));
  const title = (key: string) => listingOf(key).title;
  await tx.insert(notifications).values([
    {
      user_id: managerId,
      type: 'offers',
      code: 'notification.offerReceived',
      params: { company: companyOf('hafen').name, title: title('bottles') },
      link: '/pending-offers',
      created_at: ago(2),
    },
    {
      user_id: managerId,
      type: 'synergies',
      code: 'notification.synergySucceeded',
      params: { company: companyOf('gulf').name, title: title('iso14001') },
      link: `/synergies?exchange=${must(exchangeId.get('iso14001'), 'iso14001 synergy')}`,
      seen: true,
      created_at: ago(10),
    },
    {
      user_id: managerId,
      type: 'offers',
      code: 'notification.offerReceived',
      params: { company: companyOf('carpathia').name, title: title('crates') },
      link: '/pending-offers',
      seen: true,
      created_at: ago(6),
    },
    {
      user_id: managerId,
      type: 'new_materials',
      code: 'notification.newListing',
      params: { group: wrapGroup?.name ?? '', title: wrap.title },
      link: `/material/${lid('stretch-wrap')}`,
      created_at: ago(27),
    },
    {
      user_id: managerId,
      type: 'synergies',
      code: 'notification.synergyRated',
      params: { company: companyOf('aarhus').name, title: title('spent-grain'), rating: 5 },
      link: `/synergies?exchange=${must(exchangeId.get('spent-grain'), 'spent-grain synergy')}`,
      seen: true,
      created_at: ago(74),
    },
  ]);
}
