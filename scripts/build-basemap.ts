// Builds the offline base map archive (docs/decisions/0200) when the current version is missing; `npm run build`,
// `npm start`, the browser-test harness and a server that finds none at start all come here. Another process
// building it at the same time is waited for, not joined.
//   node --import tsx scripts/build-basemap.ts [--dir dist/map] [--force]
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildBaseMap } from '../server/lib/basemap/build';
import { BASEMAP_DIR, baseMapFile, removeOldArchives, takeBuildLock } from '../server/lib/basemap';

const argAfter = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dir = path.resolve(argAfter('--dir') ?? BASEMAP_DIR);
const force = process.argv.includes('--force');
const file = baseMapFile(dir);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  if (existsSync(file) && !force) return;
  let release = takeBuildLock(dir);
  while (!release) {
    // Someone else is building it: done when the file appears, or theirs died and the lock went stale.
    await sleep(2000);
    if (existsSync(file) && !force) return;
    release = takeBuildLock(dir);
  }
  try {
    if (existsSync(file) && !force) return;
    console.warn(`Building the offline base map (${path.relative(process.cwd(), file)})…`);
    const tmp = `${file}.tmp`;
    const stats = await buildBaseMap({ out: tmp, log: (m) => console.warn(`  ${m}`) });
    renameSync(tmp, file);
    removeOldArchives(dir);
    console.warn(`Offline base map: ${stats.tiles} tiles (${stats.contents} distinct), ${(stats.bytes / 1e6).toFixed(1)} MB, ${stats.seconds} s`);
  } catch (err) {
    rmSync(`${file}.tmp`, { force: true });
    throw err;
  } finally {
    release();
  }
}

main().catch((err: unknown) => {
  console.error('Building the offline base map failed:', err);
  process.exit(1);
});
