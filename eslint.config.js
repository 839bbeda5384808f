import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'server/db/migrations/**', 'test-results/**', 'playwright-report/**'] },
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
      'no-restricted-imports': ['error', { patterns: [
        { group: ['node:*'], message: 'web/ runs in the browser: no Node imports.' },
        { group: ['**/server/**'], message: 'web/ talks to the server over HTTP only.' },
        { group: ['../features/*/*', '../../features/*/*', '../*/components/*'], message: 'A feature imports ui/, math/, api/ and common/, never another feature\'s internals.' },
      ] }],
    },
  },
  {
    files: ['common/**/*.ts'],
    ignores: ['common/**/*.test.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': ['error', { patterns: [
        { group: ['node:*'], message: 'common/ is shared with the browser: no Node imports.' },
        { group: ['**/server/**', '**/web/**'], message: 'common/ depends on nothing of ours.' },
      ] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**'],
    rules: { 'no-console': 'error' },
  },
);
