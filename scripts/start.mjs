// `npm start`: build what is missing or older than its sources (the client, the offline base map once per dataset
// version (docs/decisions/0200), the server bundle), then run the built server in this process, as production does.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, SERVER_BUNDLE, serverBundleStale } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const index = path.join(root, 'dist/client/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

if (!existsSync(index) || newestMtime(path.join(root, 'client')) > statSync(index).mtimeMs) {
  console.warn('Building the client (first start or changed sources)...');
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}
// Returns at once when the current archive is there.
const basemap = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/build-basemap.ts')], { cwd: root, stdio: 'inherit' });
if (basemap.status !== 0) process.exit(basemap.status ?? 1);
if (serverBundleStale()) {
  console.warn('Building the server (first start or changed sources)...');
  await buildServer();
}
await import(pathToFileURL(SERVER_BUNDLE).href);
