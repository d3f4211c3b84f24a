// Lint rules, including the import boundaries of ARCHITECTURE §1:
//   domain ← contracts ← {db, brokers, market-sim, charts} ← apps/*; apps/web never imports db, brokers or
//   market-sim; web features never import each other; shared components never import features.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { fnodeskPlugin } from './tools/eslint-web-layers.js';

const FRAMEWORKS = [
  'react',
  'react-dom',
  'react-*',
  'fastify',
  '@fastify/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  'ioredis',
];
const pkg = (names) => names.map((n) => `@fnodesk/${n}`);
const restrict = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/web/e2e/artifacts/**',
      'packages/db/migrations/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: [
          './packages/*/tsconfig.json',
          './apps/server/tsconfig.json',
          './apps/web/tsconfig.json',
          './apps/web/tsconfig.node.json',
          './apps/web/e2e/tsconfig.json',
          './tsconfig.tools.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      // Interface implementations are async by contract even when one implementation has nothing to await.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'smart'],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  // Package boundaries.
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [...pkg(['*']), ...FRAMEWORKS, 'zod', 'node:*'],
        'domain is pure TypeScript: no framework, ORM, I/O or other workspace package.',
      ),
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [...pkg(['contracts', 'db', 'brokers', 'market-sim', 'charts', 'server', 'web']), ...FRAMEWORKS, 'node:*'],
        'contracts may import only domain and zod.',
      ),
    },
  },
  {
    files: ['packages/db/**/*.ts', 'packages/brokers/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [
          ...pkg(['db', 'brokers', 'market-sim', 'charts', 'server', 'web']).filter(Boolean),
          'react',
          'react-*',
          'fastify',
          '@fastify/*',
        ],
        'Mid-layer packages import only domain, contracts and their own libraries.',
      ),
    },
  },
  {
    // The simulated market is a pure function of (seed, instrument, time): no I/O, no framework, no clock of its own.
    files: ['packages/market-sim/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [...pkg(['db', 'brokers', 'market-sim', 'charts', 'server', 'web']), ...FRAMEWORKS, 'zod', 'node:*'],
        'market-sim is pure TypeScript: it may import only @fnodesk/domain and @fnodesk/contracts.',
      ),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        [
          ...pkg(['db', 'db/*', 'brokers', 'market-sim', 'server']),
          'fastify',
          '@fastify/*',
          'drizzle-orm',
          'pg',
          'ioredis',
          'node:*',
        ],
        'The web app talks to the server over HTTP; it never imports server-side packages.',
      ),
    },
  },
  {
    files: ['apps/web/e2e/**/*.ts', 'apps/web/vite.config.ts', 'apps/web/vitest.setup.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-console': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        ['drizzle-orm', 'drizzle-orm/*', 'pg', 'react', 'react-*', '@fnodesk/web'],
        'Only repositories (*.repository.ts) touch the database library.',
      ),
    },
  },
  // Web: hooks rules, and feature isolation.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, fnodesk: fnodeskPlugin },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['error', { allowConstantExport: true }],
      'fnodesk/web-layers': 'error',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', '**/e2e/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
