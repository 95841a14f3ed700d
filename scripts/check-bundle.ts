// The first-load budgets : per route, the JavaScript and CSS a visitor downloads
// before the page shows, gzip-compressed as the server sends it. Counted from Vite's build manifest: the entry and
// its static imports, the route's page chunk and its static imports, and the Lingui catalog parts the page waits
// for (client/catalog-parts.ts: `common`, and the page's feature), in the language where that is largest.
// Lazy chunks (maps, charts, other pages, dialogs) do not count. Run it after `npm run build`:
//   node --import tsx scripts/check-bundle.ts [dist/client]
// Prints the figure per route and file; exits 1 when a route is over a budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1000;

export interface RouteBudget {
  route: string;
  /** The route's page module as the manifest names it (none: the page is in the entry). */
  page?: string;
  /** The page's catalog part (its feature), besides `common`. */
  part?: string;
  /** Initial JS, bytes of gzip. */
  js: number;
  /** Initial CSS, bytes of gzip. */
  css: number;
}

/** The first-load budgets. Raise one only with a reason in the commit message. */
export const ROUTE_BUDGETS: RouteBudget[] = [
  { route: '/landing', js: 150 * KB, css: 30 * KB },
  { route: '/login', page: 'src/features/auth/routes/LoginPage.tsx', part: 'auth', js: 155 * KB, css: 30 * KB },
  { route: '/database', page: 'src/features/materials/routes/DatabasePage.tsx', part: 'materials', js: 200 * KB, css: 30 * KB },
];

export const LANGUAGES = ['en', 'dk', 'my'] as const;

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The manifest key of a catalog part (a virtual module of client/catalog-parts.ts). */
export const partKey = (lang: string, part: string) => `../virtual:catalog-part/${lang}/${part}`;

/** The files of the given chunks and their static imports, transitively, each once (dynamic imports excluded). */
export function initialFiles(manifest: Manifest, keys: string[] = ['index.html']): { js: string[]; css: string[] } {
  if (!manifest[keys[0] ?? '']?.isEntry) throw new Error(`no entry "${keys[0]}" in the build manifest`);
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no entry "${key}"`);
    if (chunk.file.endsWith('.js') || chunk.file.endsWith('.mjs')) js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return { js, css: [...css] };
}

/** The chunks a route waits for in one language: entry, page, catalog parts (English `common` is in the entry). */
export function routeKeys(manifest: Manifest, budget: RouteBudget, lang: string): string[] {
  const keys = ['index.html'];
  if (budget.page) keys.push(budget.page);
  for (const part of ['common', ...(budget.part ? [budget.part] : [])]) if (manifest[partKey(lang, part)]) keys.push(partKey(lang, part));
  return keys;
}

export function gzipBytes(content: Buffer): number {
  return gzipSync(content).length;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function main(outDir: string): number {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const sizes = new Map<string, number>();
  const size = (file: string) => {
    let s = sizes.get(file);
    if (s === undefined) sizes.set(file, (s = gzipBytes(readFileSync(path.join(outDir, file)))));
    return s;
  };
  const sum = (files: string[]) => files.reduce((total, file) => total + size(file), 0);
  let over = 0;
  for (const budget of ROUTE_BUDGETS) {
    const perLanguage = LANGUAGES.map((lang) => ({ lang, ...initialFiles(manifest, routeKeys(manifest, budget, lang)) }));
    const worst = perLanguage.reduce((a, b) => (sum(b.js) > sum(a.js) ? b : a));
    const js = sum(worst.js);
    const css = sum(worst.css);
    const ok = js <= budget.js && css <= budget.css;
    if (!ok) over += 1;
    console.log(
      `${budget.route}: JS ${kb(js)} gzip (budget ${kb(budget.js)}, language ${worst.lang}), CSS ${kb(css)} (budget ${kb(budget.css)}): ${ok ? 'within' : 'OVER'} budget`,
    );
    for (const file of [...worst.js, ...worst.css]) console.log(`  ${kb(size(file)).padStart(9)}  ${file}`);
  }
  return over === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist/client'));
  process.exitCode = main(outDir);
}
