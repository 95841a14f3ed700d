import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import drizzle from 'eslint-plugin-drizzle';
import tseslint from 'typescript-eslint';

const client = path.join(import.meta.dirname, 'client/src');
const features = readdirSync(path.join(client, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const serverModules = path.join(import.meta.dirname, 'server/modules');
const modules = readdirSync(serverModules, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const tsResolver = createTypeScriptImportResolver({ project: path.join(import.meta.dirname, 'tsconfig.json') });

// The layer boundaries below are all import-x zones resolved through the TypeScript project, each from its own base folder.
const restrictedPaths = (files, basePath, zones) => ({
  files,
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [tsResolver] },
  rules: { 'import-x/no-restricted-paths': ['error', { basePath, zones }] },
});

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
      'no-restricted-imports': [
        'error',
        { paths: ['express', 'ws', '@trpc/server'], patterns: ['**/trpc/**', '**/ws/hub*', '**/rest/**', '**/http/**'] },
      ],
    },
  },
  // Server modules (ARCHITECTURE §2): a module's repo is private to it. Another module's rows are reached through
  // that module's service, which takes the caller's `tx` when the work must share a transaction
  // (subscriptions.applyPlan). One zone per module folder, so a new module is covered without editing this file.
  restrictedPaths(
    ['server/modules/**/*.ts'],
    serverModules,
    modules.map((module) => ({
      target: `./${module}`,
      from: modules.filter((other) => other !== module).flatMap((other) => [`./${other}/repo.ts`, `./${other}/repo`]),
      message: "A module's repo is private to it: call the owning module's service (pass `tx` to share a transaction).",
    })),
  ),
  {
    // Use cases read as use cases: Drizzle query building (operators, sql``, tables) lives in repo.ts. Types are fine.
    files: ['server/modules/**/service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', allowTypeImports: true, message: 'No Drizzle query building in service.ts: put the query in repo.ts.' }],
          patterns: [
            {
              group: ['drizzle-orm/*', '**/drizzle/schema', '**/drizzle/schema/*'],
              allowTypeImports: true,
              message: 'No Drizzle query building in service.ts: put the query in repo.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // A delete or update without .where() touches every row: forbidden on anything named db or tx (deps.db included).
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
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
  // Client layers (ARCHITECTURE §5, as bulletproof-react): code flows shared → components/hooks/lib/config →
  // features → app. A feature never imports another feature (one zone per feature, so a new feature folder is
  // covered without editing this file): what two features need goes down into components/, hooks/ or lib/,
  // and what joins them (e.g. the manager panel's tab slots) is composed in app/.
  restrictedPaths(['client/**/*.{ts,tsx}'], client, [
    ...features.map((feature) => ({
      target: `./features/${feature}`,
      from: './features',
      except: [`./${feature}`],
      message: 'Features do not import other features: move the shared piece to components/, hooks/ or lib/, or compose the two in app/.',
    })),
    { target: './features', from: './app', message: 'Features do not import app/: app/ composes features, not the other way round.' },
    {
      target: ['./components', './hooks', './lib', './config'],
      from: ['./features', './app'],
      message: 'Shared client code (components/, hooks/, lib/, config/) does not import features or app/.',
    },
  ]),
  {
    files: ['scripts/**/*.ts', 'e2e/**/*.ts', '**/*.test.ts', '**/*.test.tsx', 'server/test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // vitest.config.ts runs test files without isolation (one module graph per worker): a module mock or an
    // environment write would leak into the files that run after it (a stubbed global is undone in afterAll).
    files: ['{shared,server,client,scripts}/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'Test files share one module graph per worker (isolate: false): pass the dependency in instead.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "AssignmentExpression[left.object.object.name='process'][left.object.property.name='env']",
          message: 'Test files share one process per worker (isolate: false): pass the setting in instead of writing process.env.',
        },
      ],
    },
  },
);
