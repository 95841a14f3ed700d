import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText } from './text';

describe('safe text', () => {
  it('accepts ordinary text with tabs, line breaks, emoji and other scripts', () => {
    for (const s of ['', 'Spent grain', 'line 1\nline 2\r\n\tindented', 'Kjær Ølbryggeri', 'Syarikat 🍺 Sdn Bhd', '中文'])
      expect(isSafeText(s)).toBe(true);
  });
  it('refuses NUL, other control characters and lone surrogates', () => {
    for (const s of ['a\u0000b', 'bell\u0007', 'esc\u001b[31m', 'lone \ud800 high', 'lone \udc00 low', '\udfff\ud800'])
      expect(isSafeText(s)).toBe(false);
  });
  it('names the path of the first bad string, keys included', () => {
    expect(findUnsafeText({ title: 'ok', sub_listings: [{ title: 'ok' }, { title: 'bad\u0000' }] })).toBe('sub_listings.1.title');
    expect(findUnsafeText({ ['k\u0000']: 1 })).toBe('_');
    expect(findUnsafeText({ a: [1, true, null, { b: 'fine' }] })).toBeNull();
  });
});
