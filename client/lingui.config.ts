import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// UI codes as SPEC writes them (en, dk, my); Intl formatting uses en-GB, da-DK, ms-MY (lib/i18n.ts).
export default defineConfig({
  locales: ['en', 'dk', 'my'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/locales/**'],
    },
  ],
  // File names without line numbers: a moved line does not rewrite the catalogs, so parallel branches merge cleanly.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
