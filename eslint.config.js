// One lint setup for the whole workspace. Import boundaries (DESIGN.md "Layout"):
// packages/core has no I/O; web features do not import each other; only the app layer composes.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = (() => {
  try {
    return readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

const ioModules = [
  'node:*',
  'fs',
  'path',
  'child_process',
  'net',
  'http',
  'https',
  'pg',
  'drizzle-orm',
  'drizzle-orm/*',
  '@electric-sql/*',
  'hono',
  'hono/*',
  '@hono/*',
  'better-auth',
  'better-auth/*',
  'react',
  'react-dom',
  '@summy/db',
  '@summy/db/*',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tmp/**',
      'data/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    ignores: [
      'packages/core/**/*.test.ts',
      'packages/core/src/zod.ts',
      'packages/core/src/zod-jitless.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message:
                "Import z from './zod.ts': it applies the browser's jitless setting first (CSP, issue 10).",
            },
          ],
          patterns: [
            {
              group: ioModules,
              message: 'packages/core knows nothing of I/O: pure rules and contracts only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@summy/server', '@summy/web'],
              message: 'packages/db must not depend on apps.',
            },
          ],
        },
      ],
    },
  },
  {
    // The vendor fakes are for tests, e2e, benchmarks and local trials: the server bundle ships none.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@summy/fakes', '@summy/fakes/*', '**/packages/fakes/**'],
              message: 'Vendor fakes are for tests only; the server bundle ships none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/fakes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@summy/server', '@summy/web'],
              message:
                'The fakes stand for vendors and know nothing of Summy: no imports from apps.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/main.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@summy/db', '@summy/db/*', '**/apps/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
            {
              group: ['@/app', '@/app/*'],
              message: 'Only the app layer composes; nothing imports it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/main.tsx'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...features.map((f) => ({
    files: [`apps/web/src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/features/*',
                `!@/features/${f}`,
                `!@/features/${f}/**`,
                '../../*',
                `!../../${f}`,
              ],
              message: 'Features do not import each other; compose them in src/app.',
            },
            {
              group: ['@/app', '@/app/*'],
              message: 'Only the app layer composes; nothing imports it.',
            },
            {
              group: ['@summy/db', '@summy/db/*'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  })),
);
