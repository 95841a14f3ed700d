// `npm run build:server`: the server bundled into plain JavaScript (dist/server/*.mjs) with rolldown, the bundler
// Vite itself runs on (pinned beside it). Production runs the bundle with `node`: no TypeScript loader, no
// transpiling at start-up. Every package stays in node_modules (argon2's native module, PGlite's WebAssembly and
// data files, the AWS SDK): only the app's own TypeScript (server/, shared/, drizzle/, the compiled catalogs) is
// bundled. `npm run dev` and the tests keep running the TypeScript directly.
//   node scripts/build-server.mjs            build
//   node scripts/build-server.mjs --if-stale only when a source is newer than the bundle (npm start)
//   node scripts/build-server.mjs --out dir  into another directory (a test's)
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_DIST = path.join(ROOT, 'dist/server');
export const SERVER_BUNDLE = path.join(SERVER_DIST, 'index.mjs');

/** What the bundle is made of: a newer file here means the bundle is stale. */
const SOURCES = ['server', 'shared', 'drizzle', 'client/src/locales', 'scripts/migrate.ts', 'scripts/build-server.mjs', 'package.json'];

function newestMtime(p) {
  const full = path.join(ROOT, p);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function serverBundleStale() {
  return !existsSync(SERVER_BUNDLE) || Math.max(...SOURCES.map(newestMtime)) > statSync(SERVER_BUNDLE).mtimeMs;
}

/** A package import (`express`, `@aws-sdk/client-s3`, `node:fs`) stays an import; the app's own files are bundled. */
const isPackage = (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0');

export async function buildServer(dir = SERVER_DIST) {
  const { build } = await import('rolldown');
  rmSync(dir, { recursive: true, force: true });
  await build({
    cwd: ROOT,
    input: {
      index: 'server/index.ts',
      // Forked by path from beside the server (server/lib/password.ts): the same name next to the bundle.
      'password-worker': 'server/lib/password-worker.mjs',
      migrate: 'scripts/migrate.ts',
    },
    platform: 'node',
    external: isPackage,
    logLevel: 'warn',
    output: {
      dir,
      format: 'esm',
      entryFileNames: '[name].mjs',
      // Beside the entries: a module's own directory (import.meta.dirname) is dist/server wherever its code lands.
      chunkFileNames: '[name]-[hash].mjs',
      // For reading a stack trace against the sources (`node --enable-source-maps`); never served.
      sourcemap: true,
    },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale') && !serverBundleStale()) process.exit(0);
  const started = Date.now();
  const out = process.argv.includes('--out') ? path.resolve(process.argv[process.argv.indexOf('--out') + 1]) : SERVER_DIST;
  await buildServer(out);
  console.warn(`server bundled into ${path.relative(ROOT, out)} in ${Date.now() - started} ms`);
}
