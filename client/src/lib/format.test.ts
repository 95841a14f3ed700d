import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatters, useFormat } from './format';
import { languageStore } from './i18n';

describe('formatting follows the language', () => {
  it('uses Danish separators for dk', () => {
    expect(formatters('dk').number(12345.5)).toBe('12.345,5');
    expect(formatters('dk').money(1234550, 'DKK')).toMatch(/12\.345,50\s*kr\./);
  });
  it('uses British and Malaysian conventions for en and my', () => {
    expect(formatters('en').number(12345.5)).toBe('12,345.5');
    expect(formatters('my').money(1234550, 'MYR')).toMatch(/RM\s?12,345\.50/);
    expect(formatters('en').date('2026-03-04T12:00:00Z')).toBe('4 Mar 2026');
    expect(formatters('dk').date('2026-03-04T12:00:00Z')).toMatch(/4\. mar\.? 2026/);
  });
  it('shows file sizes in kB under 1 MB and MB above, in the language', () => {
    expect(formatters('en').fileSize(200)).toBe('1 kB');
    expect(formatters('en').fileSize(350 * 1024)).toBe('350 kB');
    expect(formatters('en').fileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatters('dk').fileSize(2.5 * 1024 * 1024)).toBe('2,5 MB');
  });
});

describe('useFormat', () => {
  // A language switch re-renders the texts as a transition; the formats must switch in that same render, so they
  // follow Lingui's active locale rather than the language store, which changes at once.
  it('formats in the language the texts are in', () => {
    const dk = setupI18n({ locale: 'dk', messages: { dk: {} } });
    languageStore.set('en');
    const Probe = () => useFormat().number(12345.5);
    expect(renderToStaticMarkup(createElement(I18nProvider, { i18n: dk }, createElement(Probe)))).toBe('12.345,5');
  });
});
