import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Dependencies point one way: client -> domain <- server. */
const noImport = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'server/db/migrations/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '@server/*'], message: 'client/ must not import server/' },
            // The common-password list (~50,000 words) is checked on the server only; the bundle stays small.
            { group: ['@zxcvbn-ts/*'], message: 'the password dictionary is server-side only (issue 14)' },
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: noImport(
      ['**/server/**', '**/client/**', '@client/*', 'react', 'react-dom', 'fastify', 'drizzle-orm', 'drizzle-orm/*', 'node:*', '@zxcvbn-ts/*'],
      'domain/ is pure: no I/O, no React, no Fastify, no server or client imports',
    ),
  },
  {
    files: ['server/**/*.ts'],
    rules: noImport(['**/client/**', '@client/*'], 'server/ must not import client/'),
  },
);
