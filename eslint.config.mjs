import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import cycles from './eslint/no-import-cycles.mjs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { functionZones, siteZones } from './eslint/layers.mjs';

const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way. In the site: app (router, layout) -> features -> components, lib, config, domain.
 * A feature uses another only through its public entry (features/x/index.ts); pages load lazily
 * through the router. In the functions: endpoints -> capabilities in one declared order -> http -> platform
 * (eslint/layers.mjs; import-x's no-restricted-paths enforces it, import() included). The domain (packages/domain,
 * @upskill/domain) imports nothing but itself and yup: the site, the functions and the tests share it.
 */
const noAppImport = {
  regex: '^\\.{1,2}/(.*/)?app(/|$)',
  message: 'Only app/ composes features: import config/paths for routes, not app/.',
};
// A feature's entries: index (the folder itself), index.lazy and index.forms (see eslint/layers.mjs).
const featureDeepImport = {
  regex: '^\\.\\./[^./][^/]*/(?!index\\.(lazy|forms)$)',
  message: 'Use the other feature through its public entry (`../feature`), not its files.',
};
const noFunctionsImport = {
  regex: '(^|/)functions/',
  message: 'The site and the tests never reach into the functions package: shared code lives in @upskill/domain.',
};
// The domain is in topic folders (packages/domain/src/<topic>/); a topic's index.ts is the only way in from outside
// it (docs/decisions/0021). Inside the domain another topic is `../topic`; elsewhere it is `@upskill/domain/topic`.
const domainTopicDeepImport = {
  regex: '^\\.\\./[^/]+/',
  message: 'Use another domain topic through its index (`../topic`), not its files.',
};
const domainPackageDeepImport = {
  regex: '^@upskill/domain/[^/]+/',
  message: 'Import a domain topic (`@upskill/domain/topic`), not one of its files.',
};
const noFeatureImport = {
  regex: '^\\.{1,2}/(.*/)?features(/|$)',
  message: 'Shared code (components, lib, config) may not depend on a feature.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'functions/lib/**', 'tests/.reports/**', 'emulators/.cache/**', 'perf-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'functions/src/**/*.ts', 'packages/domain/src/**/*.ts'],
    plugins: { local: cycles },
    rules: {
      'local/no-import-cycles': 'error',
      // A file a newcomer can read whole: past 400 lines, split it along what the code does (docs/decisions/0021).
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    // The layers: a folder imports only what the declared order puts below it (eslint/layers.mjs).
    files: ['functions/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['functions/tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...functionZones(), ...siteZones(FEATURES)] }] },
  },
  {
    // A transaction in the functions goes through http/transaction's runTransaction, which will not commit once the
    // request has been (or is about to be) answered 503 (decision 0028).
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/http/transaction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='runTransaction'][callee.object.type='CallExpression']",
          message: "Use runTransaction from http/transaction: it never commits after the request's 503 (decision 0028).",
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['web/**/*.{ts,tsx,mjs,js}', 'tests/**/*.{ts,mjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noFunctionsImport, domainPackageDeepImport] }] },
  },
  {
    files: ['functions/**/*.{ts,mjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainPackageDeepImport] }] },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noFunctionsImport, noAppImport, featureDeepImport, domainPackageDeepImport] }],
    },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}', 'web/src/config/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noFunctionsImport, noAppImport, noFeatureImport, domainPackageDeepImport] }] },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./\\.\\./', message: 'The domain package imports nothing outside its own src/.' },
            domainTopicDeepImport,
            { regex: '^@upskill/', message: 'The domain depends on no other workspace: everything else depends on it.' },
            { regex: '^firebase', message: 'The domain has no Firebase imports: it runs in the browser too.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['tests/e2e/support/*.js', 'web/inline/*.js', 'emulators/razorpay/checkout.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
);
