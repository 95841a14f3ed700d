// Vite plugin: the compiled Lingui catalogs split into parts, so the first load carries only the messages of the
// shell and the landing page (initial JS budgets). A message whose every origin lies in one feature
// (`src/features/<x>/`) goes to part <x>; a message of a domain's shared components (`src/components/<d>/`, e.g. the
// trip facts that the driver app and the administrators' trip page both show) goes to the part of every feature
// that imports them, so it is not in the first download for pages that never show it; every other message (app,
// lib, hooks, components the shell uses, features/common, messages shared by several features) goes to part
// `common`; the server's message codes (errors, field errors, notifications) are part `server`, which the first
// render does not wait for: until it arrives (a moment after), lib/messages.ts shows a code's English text.
// `virtual:catalog-parts` exports `catalogParts[lang][part]()`, each a lazily loaded chunk of compiled messages;
// lib/i18n.ts loads `common` before the first render and a feature's part with the feature's pages (app/pages.ts).
// Code that loads a feature's component lazily anywhere else loads its part with it (`loadCatalogPart`, as
// app/layouts/NotificationsButton.tsx does for the notifications panel), else its texts show as message ids.
// The compiled catalogs (`npm run i18n:compile`) and the .po origins stay the one source: nothing is generated
// into the tree.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:catalog-parts';
const PART_PREFIX = 'virtual:catalog-part/';
export const COMMON_PART = 'common';
/** The server's message codes (lib/message-catalog.ts): loaded right after the first render, not before it. */
export const SERVER_PART = 'server';
const SERVER_CATALOG = 'src/lib/message-catalog.ts';
/** Features whose code is in the first download (app/pages.ts imports the landing page statically). */
const SHELL_FEATURES = new Set(['common']);

type Compiled = Record<string, unknown>;

const FEATURE_FILE = /^src\/features\/([^/]+)\//;
const COMPONENT_FILE = /^src\/components\/([^/]+)\//;

/**
 * The parts a message belongs to, from its origins (paths relative to client/). `homes` says which features import
 * each components/ folder (`componentHomes`); a folder it does not name, or names with no feature, is shell code.
 */
export function partsOf(origins: string[], homes: ReadonlyMap<string, readonly string[]> = new Map()): string[] {
  if (origins.length > 0 && origins.every((file) => file === SERVER_CATALOG)) return [SERVER_PART];
  const features = new Set<string>();
  let viaComponents = false;
  for (const file of origins) {
    const feature = FEATURE_FILE.exec(file)?.[1];
    const folder = COMPONENT_FILE.exec(file)?.[1];
    const owners = feature ? [feature] : folder ? homes.get(folder) : undefined;
    if (!owners?.length || owners.some((f) => SHELL_FEATURES.has(f))) return [COMMON_PART];
    if (!feature) viaComponents = true;
    for (const f of owners) features.add(f);
  }
  // Texts several features write themselves stay one copy in `common`; a shared component's go where it is used.
  if (features.size === 0 || (features.size > 1 && !viaComponents)) return [COMMON_PART];
  return [...features].sort();
}

/**
 * For each folder under src/components/: the features whose code imports it, or none when anything outside the
 * features (the app shell, lib, hooks, another components/ folder) does, which puts its texts in `common`.
 */
export function componentHomes(srcDir: string): Map<string, string[]> {
  const importers = new Map<string, Set<string>>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'locales') walk(file);
        continue;
      }
      if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const rel = path.relative(path.dirname(srcDir), file).split(path.sep).join('/');
      const from = FEATURE_FILE.exec(rel)?.[1] ?? COMPONENT_FILE.exec(rel)?.[0] ?? 'shell';
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const target = spec!.startsWith('@/')
          ? `src/${spec!.slice(2)}`
          : spec!.startsWith('.')
            ? path.posix.join(path.posix.dirname(rel), spec!)
            : null;
        const folder = target && COMPONENT_FILE.exec(target)?.[1];
        if (!folder || from === `src/components/${folder}/`) continue;
        let set = importers.get(folder);
        if (!set) importers.set(folder, (set = new Set()));
        set.add(from);
      }
    }
  };
  walk(srcDir);
  const homes = new Map<string, string[]>();
  for (const [folder, from] of importers) {
    const features = [...from];
    // A folder imported by the shell or by another components/ folder: its texts stay in `common`.
    homes.set(folder, features.some((f) => f === 'shell' || f.startsWith('src/')) ? [] : features.sort());
  }
  return homes;
}

export function catalogParts(opts: { root: string; locales: readonly string[]; sourceLocale: string }): Plugin {
  const localesDir = path.join(opts.root, 'src/locales');
  let assignment: Map<string, string[]> | null = null;

  async function parts(): Promise<Map<string, string[]>> {
    if (assignment) return assignment;
    const po = formatter({ lineNumbers: false });
    const file = path.join(localesDir, opts.sourceLocale, 'messages.po');
    const catalog = (await po.parse(readFileSync(file, 'utf8'), {
      locale: opts.sourceLocale,
      sourceLocale: opts.sourceLocale,
      filename: file,
    })) as Record<string, { origin?: [string, number?][] }>;
    const homes = componentHomes(path.join(opts.root, 'src'));
    assignment = new Map(
      Object.entries(catalog).map(([id, entry]) => [
        id,
        partsOf(
          (entry.origin ?? []).map(([f]) => f),
          homes,
        ),
      ]),
    );
    return assignment;
  }

  function compiled(locale: string): Compiled {
    // The compiled catalog is `export const messages=JSON.parse("…")`: read the JSON back without executing it.
    const source = readFileSync(path.join(localesDir, locale, 'messages.ts'), 'utf8');
    const match = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source);
    if (!match?.[1]) throw new Error(`catalog-parts: no JSON.parse("…") in ${locale}/messages.ts`);
    return JSON.parse(JSON.parse(match[1]) as string) as Compiled;
  }

  return {
    name: 'catalog-parts',
    watchChange(id) {
      if (id.startsWith(localesDir)) assignment = null;
    },
    resolveId(id) {
      if (id === VIRTUAL || id.startsWith(PART_PREFIX)) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (!id.startsWith('\0')) return null;
      const bare = id.slice(1);
      if (bare !== VIRTUAL && !bare.startsWith(PART_PREFIX)) return null;
      for (const locale of opts.locales) {
        this.addWatchFile(path.join(localesDir, locale, 'messages.ts'));
        this.addWatchFile(path.join(localesDir, locale, 'messages.po'));
      }
      const byId = await parts();
      const names = [COMMON_PART, ...[...new Set([...byId.values()].flat())].filter((p) => p !== COMMON_PART).sort()];
      if (bare === VIRTUAL) {
        const langs = opts.locales.map(
          (locale) =>
            `${JSON.stringify(locale)}: {${names
              .map((part) => `${JSON.stringify(part)}: () => import(${JSON.stringify(`${PART_PREFIX}${locale}/${part}`)}).then((m) => m.messages)`)
              .join(', ')}}`,
        );
        return `export const PARTS = ${JSON.stringify(names)};\nexport const catalogParts = {${langs.join(',\n')}};\n`;
      }
      if (bare.startsWith(PART_PREFIX)) {
        const [locale, part] = bare.slice(PART_PREFIX.length).split('/');
        if (!locale || !part || !opts.locales.includes(locale)) throw new Error(`catalog-parts: unknown part ${bare}`);
        const all = compiled(locale);
        const picked: Compiled = {};
        // A message the .po does not know (catalog compiled from a newer extraction) stays in `common`.
        for (const [msgId, text] of Object.entries(all)) if ((byId.get(msgId) ?? [COMMON_PART]).includes(part)) picked[msgId] = text;
        return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(picked))});\n`;
      }
      return null;
    },
  };
}
