import { defineConfig } from '@lingui/cli';

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
  format: 'po',
  orderBy: 'messageId',
});
