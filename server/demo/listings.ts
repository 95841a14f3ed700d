// The demo listings, placed in the material taxonomy by their third-level code, with their SDGs and sub-listings.
import { material_sdgs, materials, sub_listings } from '../../drizzle/schema';
import type { MaterialGroupKind } from '../../shared/constants/enums';
import { quantityUnitFor } from '../../shared/schemas/materials';
import type { Tx } from '../db/client';
import { chainsFromCodes, type TaxonomyChain } from '../modules/materials/repo';
import { daysFrom, must } from './common';
import type { DemoCompanies, DemoPeople } from './companies';
import { DEMO_LISTINGS } from './data/listings';
import type { DemoListing } from './types';

/** A demo listing's place in the taxonomy: the chain of its third-level code, with its group's kind. */
type Leaf = TaxonomyChain & { group_kind: MaterialGroupKind };

export interface DemoListings {
  leaves: Map<string, Leaf>;
  lid: (key: string) => number;
  listingOf: (key: string) => DemoListing;
}

// The bulk upload's lookup of many codes at once; every demo code must name a leaf (third level).
async function loadLeaves(tx: Tx, codes: string[]): Promise<Map<string, Leaf>> {
  const leaves = await chainsFromCodes(tx, codes);
  const missing = codes.filter((c) => leaves.get(c)?.third_level_subcategory_id == null);
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
          quantity_unit: quantityUnitFor(l.category, leaf.group_kind),
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
