import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/boundaries.mjs';
import texts from './scripts/eslint/texts.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    // The layers of docs/ARCHITECTURE.md, judged on each import's resolved path.
    plugins: { boundaries },
    rules: { 'boundaries/layers': 'error' },
  },
  {
    // Rules that need the types: a promise nobody awaits or hands on is a failure nobody sees, and
    // `void` marks the few that are fired and forgotten on purpose.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Member-facing words come from the catalogues; tests may write what they expect to read.
    files: ['web/src/**/*.tsx', 'server/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'server/src/test/**'],
    plugins: { texts },
    rules: { 'texts/literal-text': 'error' },
  },
  {
    // The test runner and CI scripts talk to a person on the console.
    files: ['scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
