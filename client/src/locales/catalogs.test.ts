// Every message ships in en, dk and my: none empty, none left in English (except words that are the same
// in both languages), and every placeholder kept.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES, MESSAGE_CODES } from '@shared/messages';
import { CATALOG_FILE, renderCatalog } from '../../../scripts/messages';

type Catalog = Map<string, string>;

/** Minimal .po reader for Lingui's output: msgid/msgstr pairs, possibly continued over several lines. */
function readPo(lang: string): Catalog {
  const text = readFileSync(path.join(import.meta.dirname, lang, 'messages.po'), 'utf8');
  const out: Catalog = new Map();
  const unquote = (s: string) => JSON.parse(s) as string;
  let field: 'id' | 'str' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (id) out.set(id, str);
    id = '';
    str = '';
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      flush();
      field = 'id';
      id = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      field = 'str';
      str = unquote(line.slice(7));
    } else if (line.startsWith('"') && field) {
      if (field === 'id') id += unquote(line);
      else str += unquote(line);
    } else if (line === '' || line.startsWith('#')) {
      if (line === '') field = null;
    }
  }
  flush();
  return out;
}

/** Words that are spelled the same in English and the target language (names, loanwords). */
const SAME_AS_ENGLISH: Record<'dk' | 'my', string[]> = {
  dk: ['{text}', 'Synergy Marketplace: {summary}', 'Synergy Marketplace', 'Admin', 'Administrator', 'Administration', 'Database', 'Menu', 'Status', 'Plan', 'Type', 'Note', 'Standard', 'Variant', 'Send', 'Model', 'Donor', 'Logo', '{who}: {object} {did}', 'Start', 'Webhooks'],
  my: ['{text}', 'Synergy Marketplace: {summary}', 'Synergy Marketplace', 'Menu', 'Status', 'Logo', 'Asbestos', '{who}: {object} {did}'],
};

const placeholders = (s: string) =>
  [...s.matchAll(/\{(\w+)[,}]|<\/?\d+>|#/g)]
    .map((m) => m[0])
    .sort()
    .join(' ');

const en = readPo('en');
/** The English text of an entry: msgstr for explicit ids (message codes), else the msgid itself. */
const source = (id: string) => en.get(id) || id;

describe('translation catalogs', () => {
  it('holds every server message code with its English text from shared/messages.ts', () => {
    const wrong = MESSAGE_CODES.filter((code) => en.get(code) !== MESSAGES[code]);
    expect(wrong).toEqual([]);
  });

  it('is extracted from the current message table (scripts/messages.ts wrote lib/message-catalog.ts)', () => {
    expect(readFileSync(CATALOG_FILE, 'utf8')).toBe(renderCatalog());
  });

  it('has the English source messages', () => {
    expect(en.size).toBeGreaterThan(100);
  });

  for (const lang of ['dk', 'my'] as const) {
    const catalog = readPo(lang);
    it(`${lang}: has every English message`, () => {
      const missing = [...en.keys()].filter((id) => !catalog.has(id));
      expect(missing).toEqual([]);
    });
    it(`${lang}: translates every message (none empty, none copied from English)`, () => {
      const empty = [...en.keys()].filter((id) => !(catalog.get(id) ?? '').trim());
      const copied = [...en.keys()].filter((id) => catalog.get(id) === source(id) && !SAME_AS_ENGLISH[lang].includes(source(id)));
      expect(empty).toEqual([]);
      expect(copied).toEqual([]);
    });
    it(`${lang}: keeps every placeholder and tag`, () => {
      const broken = [...en.keys()].filter((id) => {
        const tr = catalog.get(id);
        if (!tr) return false;
        // Plural messages may drop the `one` branch (Malay has no plural forms), so compare the set.
        const a = new Set(placeholders(source(id)).split(' '));
        const b = new Set(placeholders(tr).split(' '));
        return a.size !== b.size || [...a].some((p) => !b.has(p));
      });
      expect(broken).toEqual([]);
    });
  }
});
