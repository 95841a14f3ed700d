import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messageText } from './messages';

describe('messageText', () => {
  it('writes a calendar day parameter the reader’s way (a trip’s date in a notification)', () => {
    const message = { code: 'notification.tripCancelled' as const, params: { title: 'Yeast', date: '2030-05-14', time: '09:30' } };
    const en = setupI18n({ locale: 'en', messages: { en: {} } });
    const dk = setupI18n({ locale: 'dk', messages: { dk: {} } });
    expect(messageText(en, message)).toBe('The pickup for “Yeast” on 14 May 2030 at 09:30 was cancelled.');
    expect(messageText(dk, message)).toContain('14. maj 2030');
  });

  it('leaves a parameter that is not a calendar day as it is', () => {
    const en = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(messageText(en, { code: 'offer.quantityAboveAvailable', params: { available: 3 } })).toBe(
      'Ask for at most 3: accepted offers reserve the rest of this listing',
    );
  });
});
