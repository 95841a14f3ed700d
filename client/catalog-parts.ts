// Vite plugin: the compiled Lingui catalogs split into parts, so the first load carries only the messages of the
// shell and the landing page (issue 17: initial JS budgets). A message whose every origin lies in one feature
// (`src/features/<x>/`) goes to part <x>; every other message (app, components, lib, hooks, features/common,
// messages shared by several features) goes to part `common`; the server's message codes (errors, field errors,
// notifications) are part `server`, which the first render does not wait for: until it arrives (a moment after),
// lib/messages.ts shows a code's English text.
// `virtual:catalog-parts` exports `catalogParts[lang][part]()`, each a lazily loaded chunk of compiled messages;
// lib/i18n.ts loads `common` before the first render and a feature's part with the feature's pages (app/pages.ts).
// Code that loads a feature's component lazily anywhere else loads its part with it (`loadCatalogPart`, as
// app/layouts/NotificationsButton.tsx does for the notifications panel), else its texts show as message ids.
// The compiled catalogs (`npm run i18n:compile`) and the .po origins stay the one source: nothing is generated
// into the tree.
import { readFileSync } from 'node:fs';
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

/** The part a message belongs to, from its origins (paths relative to client/). */
export function partOf(origins: string[]): string {
  if (origins.length > 0 && origins.every((file) => file === SERVER_CATALOG)) return SERVER_PART;
  const features = new Set(origins.map((file) => /^src\/features\/([^/]+)\//.exec(file)?.[1] ?? null));
  if (features.size !== 1) return COMMON_PART;
  const [feature] = [...features];
  return feature && !SHELL_FEATURES.has(feature) ? feature : COMMON_PART;
}

export function catalogParts(opts: { root: string; locales: readonly string[]; sourceLocale: string }): Plugin {
  const localesDir = path.join(opts.root, 'src/locales');
  let assignment: Map<string, string> | null = null;

  async function parts(): Promise<Map<string, string>> {
    if (assignment) return assignment;
    const po = formatter({ lineNumbers: false });
    const file = path.join(localesDir, opts.sourceLocale, 'messages.po');
    const catalog = (await po.parse(readFileSync(file, 'utf8'), {
      locale: opts.sourceLocale,
      sourceLocale: opts.sourceLocale,
      filename: file,
    })) as Record<string, { origin?: [string, number?][] }>;
    assignment = new Map(Object.entries(catalog).map(([id, entry]) => [id, partOf((entry.origin ?? []).map(([f]) => f))]));
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
      const names = [COMMON_PART, ...[...new Set(byId.values())].filter((p) => p !== COMMON_PART).sort()];
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
        for (const [msgId, text] of Object.entries(all)) if ((byId.get(msgId) ?? COMMON_PART) === part) picked[msgId] = text;
        return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(picked))});\n`;
      }
      return null;
    },
  };
}
