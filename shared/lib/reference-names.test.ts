import { describe, expect, it } from 'vitest';
import { missingLanguages, nameIn, typedName, typedNameOf, typedNamesByEnglish } from './reference-names';

const catalog = (text: string, language: 'dk' | 'my') => (text === 'Wood' ? { dk: 'Træ', my: 'Kayu' }[language] : null);

describe('a reference name in the reader language', () => {
  it('reads the typed name, else the catalog translation, else English', () => {
    expect(nameIn({ name: 'Coffee grounds', name_dk: 'Kaffegrums' }, 'dk', catalog)).toBe('Kaffegrums');
    expect(nameIn({ name: 'Coffee grounds', name_dk: 'Kaffegrums' }, 'my', catalog)).toBe('Coffee grounds');
    expect(nameIn({ name: 'Coffee grounds', name_dk: 'Kaffegrums' }, 'en', catalog)).toBe('Coffee grounds');
    expect(nameIn({ name: 'Wood', name_dk: null }, 'dk', catalog)).toBe('Træ');
  });

  it('lets a typed name win over the catalog, and treats a blank one as not typed', () => {
    expect(nameIn({ name: 'Wood', name_dk: 'Tømmer' }, 'dk', catalog)).toBe('Tømmer');
    expect(nameIn({ name: 'Wood', name_my: '  ' }, 'my', catalog)).toBe('Kayu');
    expect(typedName({ name: 'Wood', name_my: '  ' }, 'my')).toBeNull();
  });

  it('marks a language missing only when neither a typed name nor the catalog has it', () => {
    const inCatalog = (text: string) => text === 'Wood';
    expect(missingLanguages({ name: 'Coffee grounds', name_dk: 'Kaffegrums' }, inCatalog)).toEqual(['my']);
    expect(missingLanguages({ name: 'Coffee grounds' }, inCatalog)).toEqual(['dk', 'my']);
    expect(missingLanguages({ name: 'Wood' }, inCatalog)).toEqual([]);
  });

  it('finds typed names by English name, the later of two rows sharing one winning', () => {
    const names = typedNamesByEnglish([
      { name: 'Other', name_dk: 'Andet' },
      { name: 'Other', name_dk: 'Øvrigt', name_my: 'Lain-lain' },
      { name: 'Plain' },
    ]);
    expect(typedNameOf(names, 'Other', 'dk')).toBe('Øvrigt');
    expect(typedNameOf(names, 'Other', 'my')).toBe('Lain-lain');
    expect(typedNameOf(names, 'Other', 'en')).toBeNull();
    expect(names.has('Plain')).toBe(false);
  });
});
