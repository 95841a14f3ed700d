// PMTiles v3 (the single-file tile archive Protomaps specifies, github.com/protomaps/PMTiles/blob/main/spec/v3):
// a writer for the base map the app builds, and a reader that hands out each tile's stored (gzipped) bytes so the
// server can send them as they are. The `pmtiles` package reads archives too, but it always decompresses a tile;
// its tile-id, header and directory-search functions are used here so both sides agree on the format.
import { createHash } from 'node:crypto';
import { open, writeFile, type FileHandle } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { bytesToHeader, findTile, readVarint, zxyToTileId, type Entry, type Header } from 'pmtiles';

const HEADER_BYTES = 127;
/** Header and root directory together fit in the first 16 KiB (the spec's promise to readers). */
const FIRST_READ = 16_384;

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** The tile as stored: an MVT, gzipped. */
  data: Buffer;
}

export interface ArchiveInfo {
  minZoom: number;
  maxZoom: number;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  center: [number, number, number];
  metadata: Record<string, unknown>;
}

function writeVarint(out: number[], value: number) {
  // Tile ids and offsets pass 2^32; bit operations would truncate them.
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

function serializeDirectory(entries: Entry[]): Buffer {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let last = 0;
  for (const e of entries) {
    writeVarint(out, e.tileId - last);
    last = e.tileId;
  }
  for (const e of entries) writeVarint(out, e.runLength);
  for (const e of entries) writeVarint(out, e.length);
  entries.forEach((e, i) => {
    const prev = entries[i - 1];
    writeVarint(out, prev && e.offset === prev.offset + prev.length ? 0 : e.offset + 1);
  });
  return gzipSync(Buffer.from(out));
}

function parseDirectory(gz: Buffer): Entry[] {
  const p = { buf: new Uint8Array(gunzipSync(gz)), pos: 0 };
  const n = readVarint(p);
  const entries: Entry[] = [];
  let last = 0;
  for (let i = 0; i < n; i++) {
    last += readVarint(p);
    entries.push({ tileId: last, offset: 0, length: 0, runLength: 1 });
  }
  for (const e of entries) e.runLength = readVarint(p);
  for (const e of entries) e.length = readVarint(p);
  entries.forEach((e, i) => {
    const v = readVarint(p);
    const prev = entries[i - 1];
    e.offset = v === 0 && prev ? prev.offset + prev.length : v - 1;
  });
  return entries;
}

/** The root directory, and leaf directories when the root alone would not fit in the first read. */
function directories(entries: Entry[]): { root: Buffer; leaves: Buffer } {
  const root = serializeDirectory(entries);
  if (root.length + HEADER_BYTES <= FIRST_READ) return { root, leaves: Buffer.alloc(0) };
  for (let leafSize = 4096; ; leafSize *= 2) {
    const rootEntries: Entry[] = [];
    const leafParts: Buffer[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const leaf = serializeDirectory(entries.slice(i, i + leafSize));
      rootEntries.push({ tileId: entries[i]!.tileId, offset, length: leaf.length, runLength: 0 });
      leafParts.push(leaf);
      offset += leaf.length;
    }
    const rootDir = serializeDirectory(rootEntries);
    if (rootDir.length + HEADER_BYTES <= FIRST_READ) return { root: rootDir, leaves: Buffer.concat(leafParts) };
  }
}

function u64(buf: Buffer, at: number, value: number) {
  buf.writeBigUInt64LE(BigInt(value), at);
}

const e7 = (deg: number) => Math.round(deg * 1e7);

/**
 * Writes a clustered archive of gzipped MVT tiles: identical tiles are stored once, and consecutive tiles with the
 * same content share one directory entry (a run), which is what keeps the open sea and the inside of large
 * countries cheap.
 */
export async function writeArchive(file: string, tiles: ArchiveTile[], info: ArchiveInfo): Promise<{ bytes: number; contents: number }> {
  const sorted = tiles.map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: t.data })).sort((a, b) => a.id - b.id);
  const byContent = new Map<string, { offset: number; length: number }>();
  const parts: Buffer[] = [];
  let dataLength = 0;
  const entries: Entry[] = [];
  for (const t of sorted) {
    const key = createHash('sha1').update(t.data).digest('hex');
    let at = byContent.get(key);
    if (!at) {
      at = { offset: dataLength, length: t.data.length };
      byContent.set(key, at);
      parts.push(t.data);
      dataLength += t.data.length;
    }
    const last = entries[entries.length - 1];
    if (last && last.offset === at.offset && last.tileId + last.runLength === t.id) last.runLength++;
    else entries.push({ tileId: t.id, offset: at.offset, length: at.length, runLength: 1 });
  }
  const { root, leaves } = directories(entries);
  const metadata = gzipSync(Buffer.from(JSON.stringify(info.metadata)));
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadata.length;
  const dataOffset = leavesOffset + leaves.length;
  u64(header, 8, rootOffset);
  u64(header, 16, root.length);
  u64(header, 24, metadataOffset);
  u64(header, 32, metadata.length);
  u64(header, 40, leavesOffset);
  u64(header, 48, leaves.length);
  u64(header, 56, dataOffset);
  u64(header, 64, dataLength);
  u64(header, 72, sorted.length);
  u64(header, 80, entries.length);
  u64(header, 88, byContent.size);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(2, 97); // internal compression: gzip
  header.writeUInt8(2, 98); // tile compression: gzip
  header.writeUInt8(1, 99); // tile type: MVT
  header.writeUInt8(info.minZoom, 100);
  header.writeUInt8(info.maxZoom, 101);
  header.writeInt32LE(e7(info.bounds[0]), 102);
  header.writeInt32LE(e7(info.bounds[1]), 106);
  header.writeInt32LE(e7(info.bounds[2]), 110);
  header.writeInt32LE(e7(info.bounds[3]), 114);
  header.writeUInt8(info.center[2], 118);
  header.writeInt32LE(e7(info.center[0]), 119);
  header.writeInt32LE(e7(info.center[1]), 123);
  const body = Buffer.concat([header, root, metadata, leaves, ...parts]);
  await writeFile(file, body);
  return { bytes: body.length, contents: byContent.size };
}

/** Reads tiles from an archive file as stored; leaf directories are kept once read (a few hundred KB at most). */
export class ArchiveReader {
  private readonly leaves = new Map<number, Entry[]>();

  private constructor(
    private readonly handle: FileHandle,
    readonly header: Header,
    private readonly root: Entry[],
  ) {}

  static async open(file: string): Promise<ArchiveReader> {
    const handle = await open(file, 'r');
    try {
      const first = Buffer.alloc(FIRST_READ);
      const { bytesRead } = await handle.read(first, 0, FIRST_READ, 0);
      if (first.toString('ascii', 0, 7) !== 'PMTiles') throw new Error(`${file} is not a PMTiles archive`);
      const header = bytesToHeader(first.buffer.slice(first.byteOffset, first.byteOffset + Math.min(bytesRead, HEADER_BYTES)));
      const root = parseDirectory(first.subarray(header.rootDirectoryOffset, header.rootDirectoryOffset + header.rootDirectoryLength));
      return new ArchiveReader(handle, header, root);
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  private async read(offset: number, length: number): Promise<Buffer> {
    const buf = Buffer.alloc(length);
    await this.handle.read(buf, 0, length, offset);
    return buf;
  }

  async metadata(): Promise<Record<string, unknown>> {
    const gz = await this.read(this.header.jsonMetadataOffset, this.header.jsonMetadataLength);
    return JSON.parse(gunzipSync(gz).toString('utf8')) as Record<string, unknown>;
  }

  /** The stored (gzipped) bytes of a tile, or null where the archive has none (open sea, outside its zooms). */
  async tile(z: number, x: number, y: number): Promise<Buffer | null> {
    if (z < this.header.minZoom || z > this.header.maxZoom || x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) return null;
    const id = zxyToTileId(z, x, y);
    let dir = this.root;
    for (let depth = 0; depth < 4; depth++) {
      const entry = findTile(dir, id);
      if (!entry) return null;
      if (entry.runLength > 0) return this.read(this.header.tileDataOffset + entry.offset, entry.length);
      const leafAt = this.header.leafDirectoryOffset + entry.offset;
      let leaf = this.leaves.get(leafAt);
      if (!leaf) {
        leaf = parseDirectory(await this.read(leafAt, entry.length));
        this.leaves.set(leafAt, leaf);
      }
      dir = leaf;
    }
    return null;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
