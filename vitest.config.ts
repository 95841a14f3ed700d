import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { catalogParts } from './client/catalog-parts';
import { linguiMacro } from './client/lingui-macro';
import linguiConfig from './client/lingui.config';

// Client unit tests need the Lingui macro transform; its config lives in client/.
process.env.LINGUI_CONFIG ??= path.resolve(import.meta.dirname, 'client/lingui.config.ts');

export default defineConfig({
  plugins: [
    linguiMacro({ include: /\/client\/src\// }),
    // lib/i18n.ts imports the catalog parts (decision 0137).
    catalogParts({
      root: path.resolve(import.meta.dirname, 'client'),
      locales: linguiConfig.locales,
      sourceLocale: linguiConfig.sourceLocale ?? 'en',
    }),
  ],
  resolve: {
    alias: {
      '@shared': path.resolve(import.meta.dirname, 'shared'),
      '@': path.resolve(import.meta.dirname, 'client/src'),
    },
  },
  test: {
    include: ['{shared,server,client,scripts}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**', 'e2e/**'],
    globalSetup: ['server/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker imports the server's module graph once, not once per test file. Safe while each file opens its own
    // database (createTestDatabase) and no test mocks modules or writes process.env, which a shared graph would leak
    // (lint forbids both; the figures are in docs/decisions/0280).
    isolate: false,
    // Generous: a hang still fails, but a slow shared machine (several test runs on two cores) does not.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
