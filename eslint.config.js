import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import boundaries from 'eslint-plugin-boundaries';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way: contract <- lib <- components <- features <- routes <- app.
 * Features do not import each other; browser code never imports bff or sandbox;
 * the BFF and the sandbox know each other only by URL and share only src/server-kit (server code
 * both need, such as the database kit). (Entry files in src/ root, main.tsx and
 * start.ts, wire the parts together and are not an element.)
 */
const elements = [
  { type: 'contract', pattern: 'src/contract' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'components', pattern: 'src/components' },
  // A feature is its three folders (src/features/README.md); a file elsewhere in it is no element and fails no-unknown-files.
  ...['api', 'components', 'model'].map((folder) => ({ type: 'feature', pattern: `src/features/*/${folder}`, capture: ['feature'] })),
  { type: 'routes', pattern: 'src/routes' },
  { type: 'app', pattern: 'src/app' },
  { type: 'server-kit', pattern: 'src/server-kit' },
  { type: 'bff', pattern: 'src/bff' },
  { type: 'sandbox', pattern: 'src/sandbox' },
  { type: 'e2e', pattern: 'e2e' },
];

/**
 * Folders whose pages are translated (docs/i18n.md): no user-visible literal string in their JSX,
 * text or the attributes people read. Append a folder when its feature is translated; the goal is
 * all of src/features, src/components, src/app and src/routes.
 */
const TRANSLATED = [
  'src/features/shell',
  'src/components/skip-link.tsx',
  'src/app/startup-error.tsx',
  'src/routes/__root.tsx',
  'src/routes/sign-in.tsx',
  'src/routes/_authenticated.tsx',
  'src/features/tariff',
  'src/routes/_authenticated/tariff',
  'src/features/events',
  'src/routes/_authenticated/events.tsx',
  'src/features/connection',
  'src/routes/_authenticated/connection.tsx',
  'src/features/radar',
  'src/routes/_authenticated/radar.tsx',
  'src/features/notifications',
  'src/routes/_authenticated/notifications.tsx',
  'src/features/approvals',
  'src/routes/_authenticated/approvals.tsx',
  'src/features/dashboard',
  'src/routes/_authenticated/dashboard.tsx',
  'src/features/health',
  'src/routes/_authenticated/health.tsx',
  'src/features/declarations/components/search',
  'src/features/declarations/components/status-badge.tsx',
  'src/features/declarations/components/status-badge-plain.tsx',
  'src/components/owner-filter.tsx',
  'src/routes/_authenticated/declarations/index.tsx',
  'src/features/declarations/components/my-work',
  'src/routes/_authenticated/my-work.tsx',
  'src/features/declarations/components/review',
  'src/routes/_authenticated/review.tsx',
  'src/features/declarations/components/assignment',
  'src/features/declarations/components/detail',
  'src/routes/_authenticated/declarations/$declarationId.tsx',
  'src/features/declarations/components/actions',
  'src/features/classification',
  'src/routes/_authenticated/classification',
  'src/components/run-credit-notice.tsx',
  'src/components/commodity-code-field.tsx',
  'src/components/problem-alert.tsx',
  'src/components/confirm-discard-modal.tsx',
  'src/components/unsaved-changes-guard.tsx',
  'src/components/scope-gated-button.tsx',
  'src/components/copyable-identifier.tsx',
  'src/components/declaration-review-summary.tsx',
  'src/components/retry-notice.tsx',
  'src/components/form-fields.tsx',
  'src/components/picker.tsx',
  'src/components/declaration-link.tsx',
  'src/components/dates-locale.tsx',
  'src/components/anchor-link.tsx',
  'src/components/button-link.tsx',
  'src/components/router-nav-link.tsx',
  'src/features/ingestion',
  'src/routes/_authenticated/ingestion.tsx',
  'src/features/movement-orders',
  'src/routes/_authenticated/movement-orders',
  'src/features/subscriptions',
  'src/routes/_authenticated/subscriptions.tsx',
];
const READ_ATTRIBUTES = [
  'label',
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'alt',
  'description',
  'message',
  'error',
  '.*Label',
];

/** `{ from: [to, ...] }` as boundaries v7 policies. */
function allow(table) {
  return Object.entries(table).map(([from, targets]) => ({
    from: { element: { type: from } },
    allow: targets.map((t) => ({ to: { element: typeof t === 'string' ? { type: t } : t } })),
  }));
}

const POLICIES = {
  contract: ['contract'],
  lib: ['contract', 'lib'],
  components: ['contract', 'lib', 'components'],
  feature: ['contract', 'lib', 'components', { type: 'feature', captured: { feature: '{{from.captured.feature}}' } }],
  routes: ['contract', 'lib', 'components', 'feature', 'routes', 'app'],
  app: ['contract', 'lib', 'components', 'feature', 'routes', 'app'],
  'server-kit': ['contract', 'server-kit'],
  bff: ['contract', 'server-kit', 'bff'],
  sandbox: ['contract', 'server-kit', 'sandbox'],
  // Journeys also read the console's catalogs as the console writes them (its pseudo-locale).
  e2e: ['contract', 'server-kit', 'bff', 'sandbox', 'lib', 'e2e'],
};

/** Packages that only run on a server: the browser bundle must never pull one in. */
const SERVER_PACKAGES = [
  'fastify',
  'pg',
  'better-sqlite3',
  'kysely',
  'oidc-provider',
  'sharp',
  '@napi-rs/canvas',
  'pdfjs-dist',
  'ftp-srv',
  'selfsigned',
  'tsx',
  'jose',
];

/** The boundaries/dependencies rule for a policy table. */
const dependencies = (table) => [
  'error',
  {
    default: 'disallow',
    message: '{{from.type}} must not import {{to.type}} (eslint.config.js: imports flow one way)',
    policies: allow(table),
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/routeTree.gen.ts', '*.cjs', 'test-results', 'playwright-report', '.data'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { project: ['./tsconfig.app.json', './tsconfig.node.json'], tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': ['src/**/*', 'e2e/**/*'],
      'import/resolver': { typescript: { project: ['tsconfig.app.json', 'tsconfig.node.json'], noWarnOnMultipleProjects: true } },
    },
    rules: { 'boundaries/dependencies': dependencies(POLICIES) },
  },
  {
    // No import cycles: a cycle makes load order decide what a module sees (undefined at first use) and
    // ties its files into one unit. Type-only imports are erased at build and are not counted.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/external-module-folders': ['node_modules', 'node_modules/@types'],
      // Packages are never part of a cycle of ours: not parsing them keeps the rule affordable.
      'import/ignore': ['node_modules'],
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Browser code (and the contract it shares with the servers) runs in the browser: no Node built-ins, no server packages.
    files: ['src/{main.tsx,redirect-bridge.ts}', 'src/{app,routes,features,components,lib,contract}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...builtinModules.map((name) => ({ name, message: 'Browser code must not import Node built-ins.' })),
            ...SERVER_PACKAGES.map((name) => ({ name, message: 'Browser code must not import a server package.' })),
          ],
          patterns: [
            { group: ['node:*'], message: 'Browser code must not import Node built-ins.' },
            {
              group: SERVER_PACKAGES.map((name) => `${name}/*`).concat('@fastify/*'),
              message: 'Browser code must not import a server package.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every file of a feature sits in its api/, components/ or model/ folder.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: { 'boundaries/no-unknown-files': 'error' },
  },
  {
    // ...by kind: what renders in components/ (tests beside it), plain TypeScript and hooks in model/, server calls in api/.
    files: ['src/features/*/{api,model}/**/*.tsx', 'src/features/*/components/**/*.ts', 'src/features/*/model/**/*.{queries,mutations}.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message:
            'Feature files sit by kind (src/features/README.md): .tsx in components/, *.queries.ts and *.mutations.ts in api/, other .ts in model/.',
        },
      ],
    },
  },
  {
    // BFF integration tests start the real sandbox in process (docs/architecture.md section 7); BFF code itself still knows it only by URL.
    files: ['src/bff/**/*.test.ts', 'src/bff/test-support/**'],
    rules: { 'boundaries/dependencies': dependencies({ ...POLICIES, bff: [...POLICIES.bff, 'sandbox'] }) },
  },
  {
    files: ['src/{main.tsx,redirect-bridge.ts}', 'src/{app,routes,features,components,lib}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, '@tanstack/query': pluginQuery, '@tanstack/router': pluginRouter },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...pluginQuery.configs['flat/recommended'][0]?.rules,
      ...pluginRouter.configs['flat/recommended'][0]?.rules,
    },
  },
  {
    files: TRANSLATED.map((path) => (path.endsWith('.tsx') ? path : `${path}/**/*.tsx`)),
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: READ_ATTRIBUTES.map((name) => `^${name}$`) },
          message: 'Text people read comes from the catalogs (t(...)): see docs/i18n.md',
        },
      ],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/{bff,sandbox,server-kit}/**/*.ts', 'src/start.ts', 'e2e/**/*.ts', '*.config.{js,ts}', '**/*.test.ts'],
    languageOptions: { globals: globals.node },
  },
);
