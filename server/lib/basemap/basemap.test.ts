// The offline base map (docs/decisions/0200): the PMTiles archive round-trips through our writer and reader and the
// `pmtiles` package's own reader, and a build of a few cities puts the demo companies' sites and the gazetteer's
// cities on land where Natural Earth 1:10m put some of them in the sea (Refshaleøen in Copenhagen harbour).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../demo';
import { GAZETTEER } from '../geocoder';
import { signupCountryAt } from '../world';
import { buildBaseMap } from './build';
import { ArchiveReader, writeArchive, type ArchiveTile } from './pmtiles';

const dir = mkdtempSync(path.join(os.tmpdir(), 'basemap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The `pmtiles` package reading a file of ours (it asks for byte ranges, as a browser would). */
function officialReader(file: string): PMTiles {
  const bytes = readFileSync(file);
  const source: Source = {
    getKey: () => file,
    getBytes: async (offset, length) => ({ data: bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + length) }),
  };
  return new PMTiles(source);
}

describe('PMTiles archive', () => {
  it('reads back every tile, duplicates and runs included, also through leaf directories', async () => {
    const tiles: ArchiveTile[] = [];
    // 40,000 tiles at zoom 8 with many distinct contents: too many entries for the root directory alone.
    for (let x = 0; x < 200; x++)
      for (let y = 0; y < 200; y++) tiles.push({ z: 8, x, y, data: gzipSync(Buffer.from(x % 3 === 0 ? 'same' : `tile ${x}/${y}`)) });
    tiles.push({ z: 0, x: 0, y: 0, data: gzipSync(Buffer.from('world')) });
    const file = path.join(dir, 'synthetic.pmtiles');
    const written = await writeArchive(file, tiles, {
      minZoom: 0,
      maxZoom: 8,
      bounds: [-180, -85, 180, 85],
      center: [0, 0, 0],
      metadata: { name: 'test' },
    });
    // Every x not a multiple of 3 is distinct (133 columns of 200), plus 'same' and 'world'.
    expect(written.contents).toBe(133 * 200 + 2);

    const ours = await ArchiveReader.open(file);
    expect(ours.header.leafDirectoryLength).toBeGreaterThan(0);
    const official = officialReader(file);
    for (const [x, y] of [
      [0, 0],
      [1, 5],
      [3, 199],
      [199, 199],
      [100, 37],
    ] as const) {
      const want = x % 3 === 0 ? 'same' : `tile ${x}/${y}`;
      expect(gunzipSync((await ours.tile(8, x, y))!).toString()).toBe(want);
      expect(Buffer.from((await official.getZxy(8, x, y))!.data).toString()).toBe(want);
    }
    expect(gunzipSync((await ours.tile(0, 0, 0))!).toString()).toBe('world');
    expect(await ours.tile(8, 250, 3)).toBeNull();
    expect(await ours.tile(9, 0, 0)).toBeNull();
    expect(await official.getMetadata()).toEqual({ name: 'test' });
    await ours.close();
  });
});

/** [west, south, east, north] around a place. */
const around = (lat: number, lng: number, d = 0.3): [number, number, number, number] => [lng - d, lat - d, lng + d, lat + d];
const CITIES = {
  copenhagen: around(55.68, 12.55, 0.35),
  aarhus: around(56.16, 10.2),
  kualaLumpur: around(3.1, 101.6, 0.4),
};

describe('the base map build', () => {
  let reader: ArchiveReader;
  const Z = 8;
  beforeAll(async () => {
    const file = path.join(dir, 'cities.pmtiles');
    await buildBaseMap({ out: file, boxes: Object.values(CITIES), maxZoom: Z });
    reader = await ArchiveReader.open(file);
  }, 120_000);
  afterAll(() => reader?.close());

  async function tileAt(lat: number, lng: number) {
    const n = 2 ** Z;
    const fx = ((lng + 180) / 360) * n;
    const s = Math.sin((lat * Math.PI) / 180);
    const fy = (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * n;
    const [x, y] = [Math.floor(fx), Math.floor(fy)];
    const bytes = await reader.tile(Z, x, y);
    if (!bytes) return null;
    const tile = new VectorTile(new PbfReader(gunzipSync(bytes)));
    return { tile, px: (fx - x) * 4096, py: (fy - y) * 4096 };
  }

  /** The country (ISO alpha-3) whose land polygon holds the point in its tile, or null for the sea. */
  async function landAt(lat: number, lng: number): Promise<string | null> {
    const at = await tileAt(lat, lng);
    const land = at?.tile.layers.land;
    if (!at || !land) return null;
    for (let i = 0; i < land.length; i++) {
      const f = land.feature(i);
      let inside = false;
      for (const ring of f.loadGeometry())
        for (let a = 0, b = ring.length - 1; a < ring.length; b = a++) {
          const [p, q] = [ring[a]!, ring[b]!];
          if (p.y > at.py !== q.y > at.py && at.px < ((q.x - p.x) * (at.py - p.y)) / (q.y - p.y) + p.x) inside = !inside;
        }
      if (inside) return String(f.properties.iso);
    }
    return null;
  }

  const inBoxes = (lat: number, lng: number) => Object.values(CITIES).some(([w, s, e, n]) => lng > w && lng < e && lat > s && lat < n);

  it('puts every demo company site in Copenhagen, Aarhus and Kuala Lumpur on land', async () => {
    const sites = DEMO_COMPANIES.flatMap((c) => c.addresses.map((a) => ({ name: `${c.name}, ${a.address}`, lat: a.latitude, lng: a.longitude })));
    const here = sites.filter((s) => inBoxes(s.lat, s.lng));
    // Refshalevej (the demo company), Nordhavn, Islands Brygge, Aarhus harbour, Kuchai Lama, among others.
    expect(here.length).toBeGreaterThanOrEqual(8);
    for (const s of here) expect(`${s.name}: ${await landAt(s.lat, s.lng)}`).toMatch(/: (DNK|MYS)$/);
  });

  it('puts the address picker’s pins (the gazetteer’s cities) on land', async () => {
    for (const city of GAZETTEER.filter((c) => inBoxes(c.lat, c.lng)))
      expect(`${city.name}: ${await landAt(city.lat, city.lng)}`).toMatch(/: (DNK|MYS)$/);
  });

  it('keeps the harbour and the sound as water', async () => {
    // Copenhagen's inner harbour (off Kalvebod Brygge and west of Refshaleøen, 160-180 m from either shore in
    // OpenStreetMap's unsimplified coastline), the Øresund off Amager, Aarhus bay, the Strait of Malacca.
    const water = [
      [55.665, 12.57],
      [55.69, 12.602],
      [55.66, 12.72],
      [56.15, 10.26],
      [2.9, 101.1],
    ] as const;
    const wet = await Promise.all(water.map(async ([lat, lng]) => `${lat},${lng}: ${(await landAt(lat, lng)) ?? 'water'}`));
    expect(wet).toEqual(water.map(([lat, lng]) => `${lat},${lng}: water`));
  });

  it('is more exact than the Natural Earth outlines it replaces', async () => {
    // Natural Earth 1:10m has the centre of Copenhagen (the gazetteer's point, City Hall Square) in the sea.
    const copenhagen = GAZETTEER.find((c) => c.name === 'Copenhagen')!;
    expect(signupCountryAt(copenhagen.lat, copenhagen.lng)).toBeNull();
    expect(await landAt(copenhagen.lat, copenhagen.lng)).toBe('DNK');
  });

  it('marks signup countries and carries the gazetteer’s cities with their rank', async () => {
    const at = await tileAt(55.6761, 12.5683);
    const land = at!.tile.layers.land!;
    expect(land.feature(0).properties).toMatchObject({ iso: 'DNK', signup: true });
    const places = at!.tile.layers.places!;
    const names = Array.from({ length: places.length }, (_, i) => places.feature(i).properties);
    expect(names).toContainEqual({ name: 'Copenhagen', country: 'DK', rank: 0 });
  });
});
