// The demo listings, placed in the material taxonomy by their third-level code, with their SDGs and sub-listings.
import { eq, inArray } from 'drizzle-orm';
import {
  first_level_subcategories,
  material_groups,
  material_sdgs,
  materials,
  second_level_subcategories,
  sub_listings,
  third_level_subcategories,
} from '../../drizzle/schema';
import type { MaterialGroupKind } from '../../shared/constants/enums';
import { quantityUnitFor } from '../../shared/schemas/materials';
import type { Tx } from '../db/client';
import { daysFrom, must } from './common';
import type { DemoCompanies, DemoPeople } from './companies';
import { DEMO_LISTINGS } from './data/listings';
import type { DemoListing } from './types';

interface Leaf {
  third_level_subcategory_id: number;
  second_level_subcategory_id: number;
  first_level_subcategory_id: number;
  material_group_id: number;
  code: string;
  kind: MaterialGroupKind;
  group_name: string;
}

export interface DemoListings {
  leaves: Map<string, Leaf>;
  lid: (key: string) => number;
  listingOf: (key: string) => DemoListing;
}

async function loadLeaves(tx: Tx, codes: string[]): Promise<Map<string, Leaf>> {
  const rows = await tx
    .select({
      third_level_subcategory_id: third_level_subcategories.id,
      second_level_subcategory_id: second_level_subcategories.id,
      first_level_subcategory_id: first_level_subcategories.id,
      material_group_id: material_groups.id,
      code: third_level_subcategories.code,
      kind: material_groups.kind,
      group_name: material_groups.name,
    })
    .from(third_level_subcategories)
    .innerJoin(second_level_subcategories, eq(second_level_subcategories.id, third_level_subcategories.second_level_subcategory_id))
    .innerJoin(first_level_subcategories, eq(first_level_subcategories.id, second_level_subcategories.first_level_subcategory_id))
    .innerJoin(material_groups, eq(material_groups.id, first_level_subcategories.material_group_id))
    .where(inArray(third_level_subcategories.code, codes));
  const leaves = new Map<string, Leaf>();
  for (const r of rows) if (r.code && !leaves.has(r.code)) leaves.set(r.code, { ...r, code: r.code });
  const missing = codes.filter((c) => !leaves.has(c));
  if (missing.length) throw new Error(`Demo seed needs reference data first; missing subcategories ${missing.join(', ')}`);
  return leaves;
}

export async function seedListings(tx: Tx, { cid, addressOf }: DemoCompanies, { managerOf }: DemoPeople, now: Date): Promise<DemoListings> {
  const ago = (days: number) => daysFrom(now, -days);
  const leaves = await loadLeaves(tx, [...new Set(DEMO_LISTINGS.map((l) => l.code))]);
  const listingRows = await tx
    .insert(materials)
    .values(
      DEMO_LISTINGS.map((l) => {
        const leaf = must(leaves.get(l.code), l.code);
        const address = addressOf(l.company, l.address ?? 0);
        return {
          kind: 'offering' as const,
          company_id: cid(l.company),
          created_by_user_id: managerOf(l.company).id,
          title: l.title,
          description: l.description,
          category: l.category,
          material_group_id: leaf.material_group_id,
          first_level_subcategory_id: leaf.first_level_subcategory_id,
          second_level_subcategory_id: leaf.second_level_subcategory_id,
          third_level_subcategory_id: leaf.third_level_subcategory_id,
          material_group_code: leaf.code,
          frequency: l.frequency,
          address_id: address.id,
          latitude: address.latitude,
          longitude: address.longitude,
          quantity: l.quantity,
          quantity_unit: quantityUnitFor(l.category, leaf.kind),
          condition: l.condition,
          type: l.type,
          final_use: l.final_use,
          status: l.status ?? 'active',
          created_at: ago(l.days_ago),
          updated_at: ago(l.days_ago),
        };
      }),
    )
    .returning({ id: materials.id, company_id: materials.company_id, title: materials.title });
  // Matched on (company, title), which the data keeps unique, rather than trusting RETURNING order.
  const listingId = new Map(
    DEMO_LISTINGS.map((l) => [
      l.key,
      must(
        listingRows.find((r) => r.company_id === cid(l.company) && r.title === l.title),
        l.key,
      ).id,
    ]),
  );
  const lid = (key: string) => must(listingId.get(key), `listing ${key}`);
  const listingOf = (key: string) =>
    must(
      DEMO_LISTINGS.find((l) => l.key === key),
      `listing ${key}`,
    );

  await tx.insert(material_sdgs).values(DEMO_LISTINGS.flatMap((l) => l.sdgs.map((sdg_id) => ({ material_id: lid(l.key), sdg_id }))));
  await tx.insert(sub_listings).values(DEMO_LISTINGS.flatMap((l) => (l.sub_listings ?? []).map((s) => ({ material_id: lid(l.key), ...s }))));
  return { leaves, lid, listingOf };
}
