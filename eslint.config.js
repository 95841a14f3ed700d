import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'migrations', 'coverage', 'client/src/locales/**/*.ts', '**/*.tmp.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Server layers: services never touch HTTP; shared stays isomorphic.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/client/**', '**/drizzle/**', 'node:*', 'express', 'pg', 'postgres'] }],
    },
  },
  {
    files: ['server/modules/**/service.ts', 'server/modules/**/repo.ts', 'server/modules/**/policy.ts', 'server/modules/**/state.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['express', 'ws', '@trpc/server'], patterns: ['**/trpc/**', '**/ws/hub*', '**/rest/**', '**/http/**'] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['**/server/**/!(router)', '**/drizzle/**'] }],
    },
  },
  {
    files: ['scripts/**/*.ts', 'e2e/**/*.ts', '**/*.test.ts', '**/*.test.tsx', 'server/test/**'],
    rules: { 'no-console': 'off' },
  },
);
