// The first-load budget (issue 8): the JavaScript a visitor of /landing downloads before anything else, i.e.
// the entry chunk and every chunk it imports statically, gzip-compressed as a server would send it.
// Reads Vite's build manifest, so run it after `npm run build`:
//   node --import tsx scripts/check-bundle.ts [dist/client]
// Prints the figure per chunk and in total; exits 1 over budget. Lazy route chunks do not count.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Initial JS of the landing page, in KiB of gzip. Raise it only with a reason in the commit message. */
export const INITIAL_JS_BUDGET_KIB = 200;

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The entry's file and the files of its static imports, transitively, each once (dynamic imports excluded). */
export function initialFiles(manifest: Manifest, entryKey = 'index.html'): string[] {
  if (!manifest[entryKey]?.isEntry) throw new Error(`no entry "${entryKey}" in the build manifest`);
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest names "${key}" but has no entry for it`);
    if (chunk.file.endsWith('.js') || chunk.file.endsWith('.mjs')) files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(entryKey);
  return files;
}

export function gzipBytes(content: Buffer): number {
  return gzipSync(content).length;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function main(outDir: string): number {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  let total = 0;
  for (const file of initialFiles(manifest)) {
    const size = gzipBytes(readFileSync(path.join(outDir, file)));
    total += size;
    console.log(`  ${kib(size).padStart(11)}  ${file}`);
  }
  const budget = INITIAL_JS_BUDGET_KIB * 1024;
  const verdict = total <= budget ? 'within' : 'OVER';
  console.log(`initial JS of /landing: ${kib(total)} gzip, budget ${kib(budget)}: ${verdict} budget`);
  return total <= budget ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist/client'));
  process.exitCode = main(outDir);
}
