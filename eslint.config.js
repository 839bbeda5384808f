import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { webZones, sharedZones, serverZones } from './eslint.zones.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-console': ['error', { allow: ['error', 'warn'] }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'web/ runs in the browser: no Node imports.' },
            { group: ['**/server/**'], message: 'web/ talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // Zones (eslint.zones.js): a feature imports ui/, math/, api/, auth/, paths, content/ and common/, never another
    // feature; common/ imports nothing of ours; web/ and server/ never import each other; in the server, lib/, db/
    // and policies/ import no plugin or module, plugins import no module, and a module reaches another only
    // through its public files. And no import cycles.
    files: ['common/**/*.ts', 'server/**/*.ts', 'web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...webZones(), ...sharedZones, ...serverZones()] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests of common/ may read the server's test corpora; what ships of common/ may not.
    files: ['common/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...webZones(), ...sharedZones.filter((zone) => zone.target !== './common')] },
      ],
    },
  },
  {
    // Server tests may build the whole app from any folder and use server/test; the modules stay fenced.
    files: ['server/**/*.test.ts', 'server/test/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...sharedZones, ...serverZones({ tests: true })] }] },
  },
  {
    files: ['common/**/*.ts'],
    ignores: ['common/**/*.test.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'common/ is shared with the browser: no Node imports.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Take test from './fixtures': it closes the browser contexts a test opens.",
            },
          ],
        },
      ],
    },
  },
);
