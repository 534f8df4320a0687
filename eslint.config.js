import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Dependencies point one way: client -> domain <- server. */
const noImport = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

/**
 * Modules have front doors (issue 31): another module is used through its index.ts only ('../audit',
 * './modules/audit'), never a file inside it ('../audit/service', '../server/modules/catalogue/kinds'). Within its own
 * folder a module imports its files directly. Tests (and test helpers, server/testing, bench) may also use another
 * module's test-helpers; runtime code imports no test helpers, test kit or seed data (only main.ts the seed's entry).
 * A separate rule name from the layer rule above, so that neither block's patterns replace the other's.
 */
const FRONT_DOOR = "use the module's front door (its index.ts), not a file inside it";
const frontDoors = ({ inModules, tests }) => {
  const inside = tests ? '(?!test-helpers$)[^/]' : '[^/]';
  const patterns = [
    { regex: `(^|/)modules/[^/]+/${inside}`, message: FRONT_DOOR },
    // From server/modules/<x>/: a sibling module's file.
    ...(inModules ? [{ regex: `^\\.\\./[^./][^/]*/${inside}`, message: FRONT_DOOR }] : []),
    ...(tests ? [] : [{ regex: '(^|/)(test-helpers|testing/.+|db/seed/.+)$', message: 'runtime code imports no test helpers or seed data' }]),
  ];
  return { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] };
};
const TEST_CODE = ['**/*.test.ts', '**/test-helpers.ts', 'server/testing/**'];

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
    // Issue 31: the client reaches the API through its one typed client (client/lib/api.ts, typed by the generated
    // client/lib/api-schema.d.ts, `npm run api:types`). A path is written only as the first argument of that
    // client's functions (apiGet('/api/hotels/{id}', ...), apiKey, apiQuery..., checked against the routes) or as a
    // type; a URL built by hand is refused. Tests stand in for the server and may spell URLs.
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/lib/api.ts', 'client/lib/api-schema.d.ts', 'client/**/*.test.{ts,tsx}', 'client/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Literal[value=/^\\/api\\//]:not(CallExpression[callee.name=/^(api[A-Z]\\w*|usePagedList|collectPages)$/] > Literal.arguments:first-child, CallExpression[callee.object.name='api'] > Literal.arguments:first-child, TSLiteralType > Literal)",
          message: "call the API through client/lib/api.ts (apiGet('/api/...'), apiKey, apiQuery...), not a hand-written URL",
        },
        { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: 'build API URLs with client/lib/api.ts (typed paths and params), not a template string' },
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
  { files: ['server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'], rules: frontDoors({ tests: true }) },
  { files: ['server/**/*.ts'], ignores: TEST_CODE, rules: frontDoors({}) },
  { files: ['server/modules/**/*.ts'], rules: frontDoors({ inModules: true, tests: true }) },
  { files: ['server/modules/**/*.ts'], ignores: TEST_CODE, rules: frontDoors({ inModules: true }) },
);
