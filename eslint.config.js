// One lint setup for the whole workspace. Import boundaries (docs/architecture.md):
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

// The server's layers, top to bottom (docs/decisions/042-server-layers-and-job-registry.md): a
// file may import its own layer and those below, never one above. Test files and test helpers
// build whole servers and are left out. deps.ts (the dependency bag, types only) sits beside all.
const S = 'apps/server/src';
const serverLayers = [
  {
    name: 'entry',
    files: ['main.ts', 'server.ts', 'app.ts', 'worker-app.ts', 'setup-notes.ts', 'cli/**'],
  },
  {
    name: 'routes and jobs',
    // mcp/ answers HTTP like a route; metrics/routes.ts and metrics/http.ts are a route and a
    // middleware, the rest of metrics/ the instruments that providers and jobs record into.
    files: [
      'routes/**',
      'http/**',
      'jobs/**',
      'uploads/tus-routes.ts',
      'mcp/**',
      'metrics/routes.ts',
      'metrics/http.ts',
    ],
  },
  { name: 'services', files: ['services/**', 'pipeline/**', 'auth.ts'] },
  {
    name: 'providers and integrations',
    // live/: the live transcript's pipeline pieces (ordering, decoder, recognizers) beside audio/.
    files: [
      'providers/**',
      'integrations/**',
      'models/**',
      'audio/**',
      'live/**',
      'uploads/**',
      'metrics/**',
    ],
  },
  { name: 'storage and database', files: ['storage/**', 'realtime/**'] },
  // Shared by every layer: errors, settings, logging, the at-rest encryption of secrets, the
  // outbound address checks (net/) that more than one integration uses, and the thread pool.
  {
    name: 'shared',
    files: ['errors/**', 'env.ts', 'env-*.ts', 'log.ts', 'crypto/**', 'net/**', 'threads/**'],
  },
];
// Specifier patterns that reach each layer's files from anywhere in the server (relative paths).
const layerImports = {
  entry: ['(^|/)(main|server|app|worker-app|setup-notes)\\.ts$', '(^|/)cli/'],
  'routes and jobs': [
    '(^|/)(routes|http|mcp)/',
    // The queues' contracts (jobs/payloads.ts: names and payload schemas, zod only) are for every
    // layer that sends or reads a job; the job client (boss.ts) is below.
    '(^|/)jobs/(?!(boss|payloads)\\.ts$)',
    '(^|/)uploads/tus-routes\\.ts$',
    '(^|/)metrics/(routes|http)\\.ts$',
  ],
  services: ['(^|/)(services|pipeline)/'],
  'providers and integrations': [
    '(^|/)(providers|integrations|models|audio|live)/',
    '(^|/)uploads/(?!tus-routes\\.ts$)',
    '(^|/)metrics/(?!(routes|http)\\.ts$)',
  ],
  'storage and database': ['(^|/)(storage|realtime)/'],
};
// Two types reach every layer through the dependency bag: the job client's (jobs/boss.ts) and
// Better Auth's instance (auth.ts, which token stores decrypt with). A type-only import of them
// is erased at run time; a value import of them from below is refused.
const typeOnlyFromBelow = [
  { layer: 1, regex: '(^|/)jobs/boss\\.ts$' },
  { layer: 2, regex: '(^|/)auth\\.ts$' },
];
const layerPatterns = (i) => {
  const layer = serverLayers[i];
  const above = serverLayers.slice(0, i).flatMap((l) => layerImports[l.name] ?? []);
  const message = `The ${layer.name} layer imports only its own layer and those below it.`;
  const patterns = above.map((regex) => ({ regex, message }));
  for (const t of typeOnlyFromBelow)
    if (i > t.layer) patterns.push({ regex: t.regex, allowTypeImports: true, message });
  return patterns;
};
const serverLayerRules = serverLayers.map((layer, i) => {
  const patterns = layerPatterns(i);
  return {
    files: layer.files.map((f) => `${S}/${f}`),
    ignores: [
      `${S}/**/*.test.ts`,
      // A file named in a higher layer (uploads/tus-routes.ts) is checked there only.
      ...serverLayers
        .slice(0, i)
        .flatMap((l) => l.files.filter((f) => f.endsWith('.ts')).map((f) => `${S}/${f}`)),
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports':
        patterns.length === 0 ? 'off' : ['error', { patterns }],
    },
  };
});

// No integration imports another (what two share lives in a lower layer, such as net/ or
// crypto/). A later setting of a rule replaces an earlier one, so each keeps its layer's patterns.
const integrations = (() => {
  try {
    return readdirSync(`${S}/integrations`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();
const integrationLayer = serverLayers.findIndex((l) => l.name === 'providers and integrations');
const integrationRules = integrations.map((name) => ({
  files: [`${S}/integrations/${name}/**/*.ts`],
  ignores: [`${S}/**/*.test.ts`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          ...layerPatterns(integrationLayer),
          ...integrations
            .filter((other) => other !== name)
            .map((other) => ({
              regex: `(^|/)integrations/${other}/|^(\\.\\./)+${other}/`,
              message: `integrations/${name}/ does not import another integration (integrations/${other}/); share code through a lower layer.`,
            })),
        ],
      },
    ],
  },
}));

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
                "Import z from './zod.ts': it applies the browser's jitless setting first (the Content-Security-Policy forbids eval).",
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
  ...serverLayerRules,
  ...integrationRules,
  {
    // Files stay small enough to read whole: sources, tests, specs, benchmarks and fakes alike.
    files: ['**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A function reads whole on one screen: a long one is split where its steps are, and a
    // branchy one where its cases are. Tests, browser specs, benchmarks and local fakes are
    // scripts of steps and are exempt; so are the test helpers under src/testing/.
    files: ['**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test/**',
      '**/testing/**',
      'e2e/**',
      'bench/**',
      'packages/fakes/**',
    ],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      complexity: ['error', 20],
    },
  },
  {
    // A fixed wait in a browser test stands in for a condition: too short on a loaded machine (the
    // test fails), too long on an idle one (the suite crawls). Wait for the condition itself:
    // locator assertions, expect.poll, page.waitForFunction, a response; an absence for a stretch
    // of time is asserted with holdsFor (e2e/fixtures/settle.ts), which checks it all along.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'waitForTimeout',
          message:
            'Wait for the condition, not a fixed time: a locator assertion, expect.poll, ' +
            'waitForFunction, settled() or holdsFor() from e2e/fixtures/settle.ts.',
        },
      ],
    },
  },
  {
    // Test code stays out of the shipped sources: only test files and the test folders (their
    // helpers, contracts and fixtures) may import vitest; an asserting helper belongs in a test
    // folder such as apps/server/test/contracts/. A syntax rule, not no-restricted-imports: the
    // import rules above are set per folder, and a later setting of a rule replaces an earlier one.
    files: ['**/*.{ts,tsx,js,mjs}'],
    // The setup files vitest.config.ts loads into every test run are test code too.
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test/**',
      'vitest.config.ts',
      'scripts/fail-on-console-error.ts',
      'scripts/no-child-processes.ts',
      'scripts/no-pglite-threads.ts',
      'scripts/no-leftover-pglite-threads.ts',
      'scripts/unfinished-setup-steps.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportDeclaration',
          'ImportExpression',
          'ExportAllDeclaration',
          'ExportNamedDeclaration',
        ].map((node) => ({
          selector: `${node}[source.value=/^vitest(\\/|$)/]`,
          message: 'vitest is for test files and test folders only.',
        })),
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
