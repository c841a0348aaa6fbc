import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import cycles from './eslint/no-import-cycles.mjs';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way. In the site: app (router, layout) -> features -> components, lib, config, domain.
 * A feature uses another only through its public entry (features/x/index.ts); pages load lazily
 * through the router. In the functions: endpoints -> http, platform -> domain, and the domain imports
 * nothing but itself (it is shared with the site).
 */
const noAppImport = { regex: '^\\.{1,2}/(.*/)?app(/|$)', message: 'Only app/ composes features: import config/paths for routes, not app/.' };
const featureDeepImport = {
  regex: '^\\.\\./[^./][^/]*/',
  message: 'Use the other feature through its public entry (`../feature`), not its files.',
};
const noFeatureImport = { regex: '^\\.{1,2}/(.*/)?features(/|$)', message: 'Shared code (components, lib, config) may not depend on a feature.' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'functions/lib/**', 'tests/.reports/**', 'emulators/.cache/**', 'perf-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'functions/src/**/*.ts'],
    plugins: { local: cycles },
    rules: { 'local/no-import-cycles': 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppImport, featureDeepImport] }] },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}', 'web/src/config/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppImport, noFeatureImport] }] },
  },
  {
    files: ['functions/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./', message: 'The domain is shared with the site: it imports nothing outside functions/src/domain.' },
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
