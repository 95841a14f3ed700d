// The offline base map archive (docs/decisions/0200): where it lives, which version is current, and how the server
// reads it. It is built once, by `npm run build`, by `npm start` and the browser-test harness before the server
// starts, or, when a server finds none, in a background process (scripts/build-basemap.ts); the server answers
// 503 for tiles until it is there. The file name carries a key of everything that shapes its content, so a new
// dataset version or a changed gazetteer builds a new archive rather than serving a stale one.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SIGNUP_COUNTRIES } from '../../../shared/constants/enums';
import { BASEMAP } from '../../../shared/constants/map';
import { GAZETTEER } from '../geocoder';
import type { Logger } from '../logger';
import { APP_ROOT } from '../paths';
import { DATASET_PACKAGE, DATASET_VERSION } from './dataset';
import { ArchiveReader } from './pmtiles';

/** Beside the built client: made by the build, read by the server, never edited. */
export const BASEMAP_DIR = path.join(APP_ROOT, 'dist/map');
/** Raise when build.ts changes what it writes. */
const BUILDER_VERSION = 2;

/** A short hash of what the archive is made from: builder, dataset, zooms, gazetteer, signup countries. */
export const BASEMAP_KEY = createHash('sha1')
  .update(JSON.stringify([BUILDER_VERSION, DATASET_PACKAGE, DATASET_VERSION, BASEMAP.maxZoom, GAZETTEER, SIGNUP_COUNTRIES]))
  .digest('hex')
  .slice(0, 12);

export const baseMapFile = (dir = BASEMAP_DIR) => path.join(dir, `basemap-${BASEMAP_KEY}.pmtiles`);
const lockFile = (dir: string) => path.join(dir, 'basemap.lock');
/** A build that has held the lock this long died: the next one may take it over. */
const STALE_LOCK_MS = 15 * 60_000;

/**
 * Takes the build lock of a directory (one build at a time across processes), or null when another process holds
 * it. A lock older than any build is taken over.
 */
export function takeBuildLock(dir: string): (() => void) | null {
  mkdirSync(dir, { recursive: true });
  const lock = lockFile(dir);
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) unlinkSync(lock);
  } catch {
    /* no lock yet */
  }
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    return null;
  }
  return () => rmSync(lock, { force: true });
}

/** Removes archives of other versions once the current one is there. */
export function removeOldArchives(dir: string) {
  const current = path.basename(baseMapFile(dir));
  for (const name of readdirSync(dir))
    if (/^basemap-.*\.pmtiles(\.tmp)?$/.test(name) && name !== current) rmSync(path.join(dir, name), { force: true });
}

/** Tiles of the archive, opened on first use; null while it does not exist (being built). */
export interface BaseMapTiles {
  readonly key: string;
  tile(z: number, x: number, y: number): Promise<Buffer | null | 'missing'>;
  close(): Promise<void>;
}

export function baseMapTiles(file = baseMapFile()): BaseMapTiles {
  let reader: Promise<ArchiveReader> | null = null;
  return {
    key: BASEMAP_KEY,
    async tile(z, x, y) {
      if (!reader) {
        if (!existsSync(file)) return 'missing';
        reader = ArchiveReader.open(file);
        reader.catch(() => {
          reader = null;
        });
      }
      return (await reader).tile(z, x, y);
    },
    async close() {
      if (reader) await (await reader).close();
    },
  };
}

/**
 * At server start: builds the archive in a background process when there is none (first start of a checkout
 * without `npm run build`). Maps show water until it is done (about 2 minutes, 1.7 GB of memory at the peak).
 */
export function ensureBaseMap(logger: Logger, dir = BASEMAP_DIR): void {
  if (existsSync(baseMapFile(dir))) return;
  const script = path.join(APP_ROOT, 'scripts/build-basemap.ts');
  if (!existsSync(script)) {
    logger.error({ file: baseMapFile(dir) }, 'the offline base map is missing and cannot be built here: maps show no land');
    return;
  }
  logger.warn({ file: baseMapFile(dir) }, 'building the offline base map in the background (first start)');
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--dir', dir], { cwd: APP_ROOT, stdio: 'ignore', detached: false });
  child.on('exit', (code) => {
    if (code === 0) logger.info({ file: baseMapFile(dir) }, 'offline base map built');
    else logger.error({ code }, 'building the offline base map failed: run `node --import tsx scripts/build-basemap.ts`');
  });
  child.unref();
}
