// Prints the test files that use the database the run is given (TEST_DATABASE_URL, else the embedded one), one a line.
// The rest (pure rules, the client, PGlite's own lock and data directory) test the same code whatever that database
// is, so the Postgres run in .ci/run leaves them to the embedded run instead of running them twice (decision 0330).
// A file uses the run's database when it, or a test helper it imports (server/test/, followed through), names one of
// the entry points below. A file wrongly left out would only lose its Postgres run, so the match is broad.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY_POINTS = /\b(createTestDatabase|createTestContext|testPostgresUrl|onPostgres|TEST_DATABASE_URL)\b/;
const TEST_FILE = /\.test\.tsx?$/;
const TEST_HELPERS = path.join(ROOT, 'server/test') + path.sep;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

const usesDatabase = new Map();
/** Whether `file` names an entry point, or imports a test helper that does. */
function touches(file) {
  if (usesDatabase.has(file)) return usesDatabase.get(file);
  usesDatabase.set(file, false);
  const source = readFileSync(file, 'utf8');
  const found =
    ENTRY_POINTS.test(source) ||
    [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)].some((m) => {
      const target = path.resolve(path.dirname(file), m[1]).replace(/\.js$/, '');
      return [`${target}.ts`, path.join(target, 'index.ts')].some((p) => p.startsWith(TEST_HELPERS) && existsSync(p) && touches(p));
    });
  usesDatabase.set(file, found);
  return found;
}

const tests = ['shared', 'server', 'client', 'scripts'].flatMap((dir) => [...files(path.join(ROOT, dir))].filter((f) => TEST_FILE.test(f)));
process.stdout.write(
  tests
    .filter(touches)
    .map((f) => path.relative(ROOT, f))
    .sort()
    .join('\n') + '\n',
);
