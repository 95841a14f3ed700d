// Demo listings: a few hundred believable offerings (and a few donations) around the demo companies already
// in the database, each with a generated photo stored through the Storage interface. Idempotent behind an
// app_meta marker. Called after the demo seed (server/db/seed/demo.ts owns companies and users).
import { randomInt } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  app_meta,
  companies,
  company_addresses,
  first_level_subcategories,
  material_groups,
  material_images,
  material_sdgs,
  materials,
  second_level_subcategories,
  sub_listings,
  third_level_subcategories,
  users,
} from '../../../drizzle/schema';
import type { Frequency, ListingCategory } from '../../../shared/constants/enums';
import type { Db } from '../client';
import type { Storage } from '../../lib/storage';

const MARKER = 'demo_listings_version';
const VERSION = 1;

/**
 * A demo photo: the listing's colour as a soft diagonal gradient with concentric rings (the circular
 * motif), so seeded listings read as pictures rather than empty boxes. RGB PNG with no dependency
 * (zlib deflate + CRC-32 from node:zlib).
 */
export function demoPhotoPng(rgb: [number, number, number], width = 240, height = 160): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  const raw = Buffer.alloc(height * (1 + width * 3));
  const cx = width * 0.72;
  const cy = height * 0.4;
  for (let y = 0; y < height; y++) {
    const rowStart = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      // Lighter towards the top left; every 18 px from the centre a pale ring.
      const lift = 0.28 * (1 - (x / width + y / height) / 2);
      const ring = Math.hypot(x - cx, y - cy) % 18 < 3 ? 0.18 : 0;
      const mix = Math.min(0.6, lift + ring);
      for (let c = 0; c < 3; c++) raw[rowStart + 1 + x * 3 + c] = Math.round(rgb[c]! + (255 - rgb[c]!) * mix);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Template {
  title: string;
  description: string;
  category: ListingCategory;
  group: string; // material group slug
  code?: string; // EWC leaf code, when one fits
  condition: string;
  type: string;
  final_use: string;
  quantity: [number, number];
  colour: [number, number, number];
  sdgs: number[];
}

const TEMPLATES: Template[] = [
  { title: 'Brewers spent grain', description: 'Wet spent grain from our brewhouse, collected after each brew. High in protein and fibre.', category: 'by-product', group: 'food-by-products', code: '020704', condition: 'Fresh', type: 'Organic', final_use: 'Animal feed', quantity: [500, 4000], colour: [196, 160, 90], sdgs: [2, 12] },
  { title: 'Fruit peels and pulp', description: 'Citrus and apple peels from juice pressing, kept chilled. Suitable for pectin extraction or biogas.', category: 'by-product', group: 'food-by-products', code: '020304', condition: 'Fresh', type: 'Organic', final_use: 'Biogas', quantity: [200, 2500], colour: [240, 160, 40], sdgs: [7, 12] },
  { title: 'Surplus bread', description: 'Unsold bread and rolls from the previous day, packed in crates.', category: 'surplus', group: 'food-by-products', condition: 'Good', type: 'Food', final_use: 'Food donation or animal feed', quantity: [20, 300], colour: [210, 170, 110], sdgs: [2, 12] },
  { title: 'Cotton fabric offcuts', description: 'Mixed-colour cotton offcuts from cutting tables, sorted by colour in bales.', category: 'waste', group: 'textile-by-products', code: '040221', condition: 'Clean', type: 'Textile', final_use: 'Recycled fibre or insulation', quantity: [50, 800], colour: [90, 120, 200], sdgs: [12] },
  { title: 'Wooden pallets (EUR)', description: 'Used EUR pallets, mostly intact; some need minor repairs.', category: 'surplus', group: 'wood', code: '150103', condition: 'Used', type: 'Wood', final_use: 'Reuse or repair', quantity: [100, 2000], colour: [170, 120, 70], sdgs: [12, 15] },
  { title: 'Sawdust and shavings', description: 'Dry sawdust and shavings from untreated pine, collected in big bags.', category: 'by-product', group: 'wood', code: '030105', condition: 'Dry', type: 'Wood', final_use: 'Animal bedding or pellets', quantity: [300, 5000], colour: [220, 190, 140], sdgs: [7, 12] },
  { title: 'Corrugated cardboard', description: 'Flattened corrugated boxes from goods-in, baled and kept dry.', category: 'waste', group: 'paper-and-cardboard', code: '150101', condition: 'Dry, baled', type: 'Paper', final_use: 'Recycling', quantity: [200, 3000], colour: [180, 140, 90], sdgs: [12, 13] },
  { title: 'Office paper for recycling', description: 'Shredded office paper, confidential waste already destroyed.', category: 'waste', group: 'paper-and-cardboard', code: '200101', condition: 'Shredded', type: 'Paper', final_use: 'Recycling', quantity: [50, 600], colour: [245, 245, 240], sdgs: [12] },
  { title: 'PE stretch film', description: 'Clean transparent LDPE stretch film from pallet unwrapping.', category: 'waste', group: 'plastics-and-rubber', code: '150102', condition: 'Clean', type: 'Plastic', final_use: 'Regranulation', quantity: [100, 1500], colour: [200, 230, 240], sdgs: [12, 14] },
  { title: 'HDPE drums (200 l)', description: 'Emptied and rinsed HDPE drums that held food-grade syrup.', category: 'surplus', group: 'plastics-and-rubber', condition: 'Rinsed', type: 'Plastic', final_use: 'Reuse as containers', quantity: [20, 200], colour: [40, 90, 170], sdgs: [12] },
  { title: 'Aluminium turnings', description: 'Aluminium turnings from CNC machining, oil drained.', category: 'by-product', group: 'metals', code: '120103', condition: 'Oily traces', type: 'Metal', final_use: 'Smelting', quantity: [100, 2000], colour: [190, 195, 200], sdgs: [9, 12] },
  { title: 'Steel offcuts', description: 'Mild steel plate offcuts, 2 to 20 mm, sorted by thickness.', category: 'by-product', group: 'metals', code: '120101', condition: 'Clean', type: 'Metal', final_use: 'Reuse or smelting', quantity: [200, 6000], colour: [110, 115, 125], sdgs: [9, 12] },
  { title: 'Glass cullet', description: 'Clear container glass cullet, free of ceramics.', category: 'waste', group: 'glass', code: '150107', condition: 'Sorted', type: 'Glass', final_use: 'Remelting', quantity: [500, 8000], colour: [150, 210, 200], sdgs: [12] },
  { title: 'Crushed concrete', description: 'Crushed concrete from a demolition project, 0-32 mm.', category: 'waste', group: 'construction-residues', code: '170101', condition: 'Crushed', type: 'Mineral', final_use: 'Road base', quantity: [5000, 40000], colour: [160, 160, 160], sdgs: [9, 11] },
  { title: 'Surplus bricks', description: 'Unused facing bricks left over from a building project, on pallets.', category: 'surplus', group: 'construction-residues', code: '170102', condition: 'New', type: 'Mineral', final_use: 'Construction', quantity: [1000, 12000], colour: [170, 70, 50], sdgs: [11, 12] },
  { title: 'Used laptops', description: 'Business laptops, 4-6 years old, data wiped, working.', category: 'surplus', group: 'electronics-e-waste', code: '160214', condition: 'Working', type: 'Electronics', final_use: 'Refurbishment', quantity: [10, 200], colour: [60, 60, 70], sdgs: [4, 12] },
  { title: 'Used hydraulic oil', description: 'Mineral hydraulic oil from machine servicing, in IBCs.', category: 'waste', group: 'oils-and-fuels', code: '130110', condition: 'Used', type: 'Oil', final_use: 'Re-refining', quantity: [200, 3000], colour: [120, 80, 20], sdgs: [12] },
  { title: 'Spare warehouse space', description: 'Around 400 m2 of ambient racking space available for six months, with forklift access.', category: 'surplus', group: 'industrial-and-logistics-space', condition: 'Available', type: 'Space', final_use: 'Storage', quantity: [100, 1000], colour: [120, 160, 120], sdgs: [9, 11] },
  { title: 'Energy audit know-how', description: 'Our engineers can share how we cut compressed-air losses by 30%.', category: 'knowledge', group: 'engineering', condition: 'Available', type: 'Consulting', final_use: 'Energy efficiency', quantity: [4, 40], colour: [250, 200, 60], sdgs: [7, 9, 13] },
  { title: 'Sustainability reporting help', description: 'Experience with CSRD reporting and carbon accounting, shared with peers.', category: 'knowledge', group: 'sustainability-and-esg', condition: 'Available', type: 'Consulting', final_use: 'Reporting', quantity: [2, 20], colour: [60, 160, 90], sdgs: [12, 13, 17] },
  { title: 'Waste permit guidance', description: 'Our compliance team explains by-product status and waste permits.', category: 'knowledge', group: 'legal', condition: 'Available', type: 'Consulting', final_use: 'Compliance', quantity: [2, 16], colour: [100, 60, 140], sdgs: [16, 17] },
];

const FREQUENCY_FOR: Record<ListingCategory, Frequency[]> = {
  'by-product': ['daily', 'weekly', 'monthly'],
  surplus: ['one-off', 'every few months', 'monthly'],
  waste: ['weekly', 'monthly', 'every few months'],
  knowledge: ['one-off', 'monthly'],
};

const pick = <T>(xs: readonly T[]): T => xs[randomInt(xs.length)]!;

export interface SeedDemoListingsOptions {
  /** Listings per company; default 12 (a few hundred over the demo companies). */
  perCompany?: number;
}

/**
 * Adds listings for every approved company with an address (the demo companies). Photos go through
 * `storage` when given (one generated PNG per kind of listing, shared); without it listings have no photos.
 */
export async function seedDemoListings(db: Db, storage?: Storage, opts: SeedDemoListingsOptions = {}): Promise<{ seeded: boolean; listings: number }> {
  const [done] = await db.select({ value: app_meta.value }).from(app_meta).where(eq(app_meta.key, MARKER));
  if (done && Number(done.value) >= VERSION) return { seeded: false, listings: 0 };

  const perCompany = opts.perCompany ?? 12;
  const companyRows = await db
    .select({ id: companies.id, address_id: company_addresses.id, lat: company_addresses.latitude, lng: company_addresses.longitude })
    .from(companies)
    .innerJoin(company_addresses, eq(company_addresses.company_id, companies.id))
    .where(eq(companies.status, 'approved'))
    .orderBy(asc(companies.id), sql`${company_addresses.is_primary} desc`, asc(company_addresses.id));
  if (!companyRows.length) return { seeded: false, listings: 0 };

  const groups = await db.select({ id: material_groups.id, slug: material_groups.slug }).from(material_groups);
  const groupBySlug = new Map(groups.map((g) => [g.slug, g.id]));
  const codes = [...new Set(TEMPLATES.flatMap((t) => (t.code ? [t.code] : [])))];
  const leaves = await db
    .select({
      code: third_level_subcategories.code,
      third: third_level_subcategories.id,
      second: second_level_subcategories.id,
      first: first_level_subcategories.id,
      group: first_level_subcategories.material_group_id,
    })
    .from(third_level_subcategories)
    .innerJoin(second_level_subcategories, eq(second_level_subcategories.id, third_level_subcategories.second_level_subcategory_id))
    .innerJoin(first_level_subcategories, eq(first_level_subcategories.id, second_level_subcategories.first_level_subcategory_id))
    .where(inArray(third_level_subcategories.code, codes));
  const leafByCode = new Map(leaves.map((l) => [l.code!, l]));
  const makers = await db
    .select({ id: users.id, company_id: users.company_id })
    .from(users)
    .where(inArray(users.company_id, companyRows.map((c) => c.id)));
  const makerOf = new Map(makers.map((m) => [m.company_id, m.id]));

  // One stored photo per template colour, shared by listings of that template (files are content, not rows).
  const photos = new Map<string, { storage_key: string; name: string }>();
  if (storage) {
    for (const t of TEMPLATES) {
      const stored = await storage.put({ folder: 'materials', name: `${t.title.toLowerCase().replace(/\W+/g, '-')}.png`, body: demoPhotoPng(t.colour), kind: 'image', maxBytes: 2 * 1024 * 1024 });
      photos.set(t.title, { storage_key: stored.key, name: stored.name });
    }
  }

  const seen = new Set<number>();
  let count = 0;
  await db.transaction(async (tx) => {
    for (const c of companyRows) {
      if (seen.has(c.id)) continue; // primary address first; one address per company is enough here
      seen.add(c.id);
      for (let i = 0; i < perCompany; i++) {
        const t = pick(TEMPLATES);
        const leaf = t.code ? leafByCode.get(t.code) : undefined;
        const kind = i === perCompany - 1 && i % 2 === 1 ? 'donation' : 'offering';
        const ageDays = randomInt(0, 120);
        const [row] = await tx
          .insert(materials)
          .values({
            kind,
            company_id: c.id,
            created_by_user_id: makerOf.get(c.id) ?? null,
            title: t.title,
            description: t.description,
            category: t.category,
            material_group_id: leaf?.group ?? groupBySlug.get(t.group) ?? null,
            first_level_subcategory_id: leaf?.first ?? null,
            second_level_subcategory_id: leaf?.second ?? null,
            third_level_subcategory_id: leaf?.third ?? null,
            material_group_code: leaf ? t.code! : null,
            frequency: pick(FREQUENCY_FOR[t.category]),
            address_id: c.address_id,
            latitude: c.lat,
            longitude: c.lng,
            quantity: randomInt(t.quantity[0], t.quantity[1] + 1),
            quantity_unit: t.category === 'knowledge' ? 'hours' : 'kg',
            condition: t.condition,
            type: t.type,
            final_use: t.final_use,
            status: randomInt(10) === 0 ? 'archived' : 'active',
            created_at: new Date(Date.now() - ageDays * 86_400_000),
          })
          .returning({ id: materials.id });
        const id = row!.id;
        const photo = photos.get(t.title);
        if (photo) await tx.insert(material_images).values({ material_id: id, ...photo, position: 0 });
        await tx.insert(material_sdgs).values(t.sdgs.map((sdg_id) => ({ material_id: id, sdg_id })));
        if (randomInt(4) === 0) {
          await tx.insert(sub_listings).values([
            { material_id: id, title: `${t.title} - lot A`, description: 'First half of the batch', quantity: Math.floor(t.quantity[0] / 2) },
            { material_id: id, title: `${t.title} - lot B`, description: 'Second half of the batch', quantity: Math.floor(t.quantity[0] / 2) },
          ]);
        }
        count++;
      }
    }
    await tx
      .insert(app_meta)
      .values({ key: MARKER, value: VERSION })
      .onConflictDoUpdate({ target: app_meta.key, set: { value: VERSION } });
  });
  return { seeded: true, listings: count };
}
