// Photos of the demo listings: each listing of the demo seed (index.ts) gets the picture its entry describes, drawn
// at start-up (photos.ts) and stored through the Storage interface, so seeding needs the app's storage and runs
// after the demo seed. Idempotent behind an app_meta marker; listings that already have a photo keep it.
import { deflateSync, crc32 } from 'node:zlib';
import { and, eq, inArray } from 'drizzle-orm';
import { app_meta, companies, material_images, materials } from '../../drizzle/schema';
import type { Db } from '../db/client';
import type { Storage } from '../lib/storage';
import { DEMO_LISTING_PHOTOS } from './data/listings';
import { demoPhoto } from './photos';

const MARKER = 'demo_listings_version';
/** 2: photos drawn per listing; 1 added random template listings. */
const VERSION = 2;

/**
 * A plain test image: the colour as a soft diagonal gradient with concentric rings. RGB PNG with no dependency
 * (zlib deflate + CRC-32 from node:zlib); tests use it wherever they need a small valid PNG.
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

/**
 * Gives every demo listing without a photo its generated picture. Without `storage` it does nothing (photos are
 * files). Returns how many photos it stored.
 */
export async function seedDemoListings(db: Db, storage?: Storage): Promise<{ seeded: boolean; listings: number }> {
  if (!storage) return { seeded: false, listings: 0 };
  const [done] = await db.select({ value: app_meta.value }).from(app_meta).where(eq(app_meta.key, MARKER));
  if (done && Number(done.value) >= VERSION) return { seeded: false, listings: 0 };

  const rows = await db
    .select({ id: materials.id, title: materials.title, company: companies.name })
    .from(materials)
    .innerJoin(companies, eq(companies.id, materials.company_id))
    .where(
      and(
        inArray(
          materials.title,
          DEMO_LISTING_PHOTOS.map((p) => p.title),
        ),
        inArray(companies.name, [...new Set(DEMO_LISTING_PHOTOS.map((p) => p.company))]),
      ),
    );
  const withPhoto = new Set(
    (
      await db
        .select({ id: material_images.material_id })
        .from(material_images)
        .where(
          inArray(
            material_images.material_id,
            rows.map((r) => r.id),
          ),
        )
    ).map((r) => r.id),
  );
  const todo = DEMO_LISTING_PHOTOS.flatMap((spec) => {
    const row = rows.find((r) => r.title === spec.title && r.company === spec.company);
    return row && !withPhoto.has(row.id) ? [{ spec, row }] : [];
  });
  // Drawn together (libuv's pool), stored one by one in the listings' order.
  const photos = await Promise.all(todo.map(({ spec }) => demoPhoto(spec.photo, spec.title)));
  const images: (typeof material_images.$inferInsert)[] = [];
  for (const [i, { spec, row }] of todo.entries()) {
    const stored = await storage.put({
      folder: 'materials',
      name: `${spec.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}.png`,
      body: photos[i]!,
      kind: 'image',
      maxBytes: 2 * 1024 * 1024,
    });
    images.push({ material_id: row.id, storage_key: stored.key, name: stored.name, position: 0 });
  }
  await db.transaction(async (tx) => {
    if (images.length) await tx.insert(material_images).values(images);
    await tx
      .insert(app_meta)
      .values({ key: MARKER, value: VERSION })
      .onConflictDoUpdate({ target: app_meta.key, set: { value: VERSION } });
  });
  return { seeded: true, listings: images.length };
}
