// ESLint for the project's JavaScript: the pages and modules in web/ (browser; the JS
// API also runs in Node, the batch worker in a Worker, the service worker in its own), the build, serve and command-line
// scripts in tools/ (Node), and the tests (Node, with browser code run in pages through
// Playwright). `npm run lint`; ctest runs it as lint_js.

import js from '@eslint/js';
import globals from 'globals';

export default [
  {
    ignores: ['build/**', 'build-*/**', 'node_modules/**', 'test-results/**', 'cpp/**'],
  },
  js.configs.recommended,
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      // An unused argument is often part of a signature (a callback's, an element's);
      // mark the deliberate ones with a leading underscore.
      'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', caughtErrors: 'all' }],
      eqeqeq: ['error', 'always'],
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },
  {
    files: ['web/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The JS API runs in the browser and in Node (it checks which at run time).
    files: ['web/companion.mjs', 'web/core-loading.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['web/batch/batch-worker.mjs'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    // The service worker: a classic script, after the two constants the site build writes.
    files: ['web/service-worker.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    // The older links' script: a classic script, run at the top of a page's head.
    files: ['web/older-link.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['tools/**/*.mjs', 'eslint.config.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Node test files; the functions they hand to page.evaluate run in the browser.
    files: ['tests/**/*.mjs', 'tests/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
