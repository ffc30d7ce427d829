import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noProcessExit = {
  selector: "CallExpression[callee.object.name='process'][callee.property.name='exit']",
  message: 'set process.exitCode (or throw a CliError) so piped output is never cut',
};
// A family's actions are loaded by src/cli.ts when one of its commands runs; its declaration only
// names them (import type), so that help, completion and docs never load them.
const actionsLoadedByCliOnly = {
  selector: 'ImportExpression[source.value=/-actions\\.js$/]',
  message: "only src/cli.ts loads a command family's actions",
};
const actionsImportedByCliOnly = { group: ['**/*-actions.js'], message: "only src/cli.ts loads a command family's actions", allowTypeImports: true };
const upward = {
  group: ['**/commands/*', '**/app.js', '**/cli.js', '**/connection.js', '**/main.js'],
  message: 'commands use the layers below them, not the other way round',
};

export default tseslint.config(
  { ignores: ['dist/', 'dist.*/', '.build/', 'node_modules/', 'coverage/', 'test/contract/openapi.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        performance: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.cjs', 'bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', noProcessExit, actionsLoadedByCliOnly],
      'no-restricted-imports': ['error', { patterns: [actionsImportedByCliOnly] }],
    },
  },
  {
    // The one place that loads a family's actions, when one of its commands runs.
    files: ['src/cli.ts'],
    rules: { 'no-restricted-syntax': ['error', noProcessExit] },
  },
  {
    // Below the commands: use cases, the engine client, renderers and helpers never reach up.
    files: ['src/**/*.ts'],
    ignores: ['src/commands/**', 'src/cli.ts', 'src/main.ts', 'src/app.ts', 'src/connection.ts', 'src/help-pages.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [actionsImportedByCliOnly, upward] }],
    },
  },
  {
    // Domain code says what happened (typed results, events, errors); src/render/ says it on a terminal.
    files: [
      'src/{migration,change,access,authorizations,groups,users,tenants,metrics,definitions,batches,incidents,jobs,bulk,history,model-files,deployments,switching,engine,engine-info,plans,input,config}/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            actionsImportedByCliOnly,
            upward,
            {
              group: ['**/render/*', '**/render/**'],
              message: 'domain code knows nothing of terminals: emit an event or return a result that src/render/ turns into text',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/render/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            actionsImportedByCliOnly,
            upward,
            { group: ['undici', '../engine/http*', '../engine/client*'], message: 'renderers know nothing about HTTP', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            actionsImportedByCliOnly,
            upward,
            { group: ['chalk', 'cli-table3', 'ora', '../render/*'], message: 'the engine client knows nothing about terminals' },
          ],
        },
      ],
    },
  },
);
