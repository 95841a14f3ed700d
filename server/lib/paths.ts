// The app's root directory, found from this code's own place: server/lib/ when the server runs as TypeScript,
// dist/server/ when it runs bundled (scripts/build-server.mjs). Files the server reads at run time (migrations,
// the built client, package.json) are found from here, so both layouts read the same files.
import { existsSync } from 'node:fs';
import path from 'node:path';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'migrations'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No app root (package.json beside migrations/) above ${from}`);
  }
}

export const APP_ROOT = findRoot(import.meta.dirname);
