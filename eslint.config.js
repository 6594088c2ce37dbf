// Lint of the hand-written code (generated packages, golden output and third-party specs excluded).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'packages/*/',
      '!packages/runtime/',
      'test/golden/**',
      'test/corpus/**',
      'test/fixtures/**',
      '.tmp/**',
      '.bench/**',
      '.corpus/**',
      // Ajv's compiled OpenAPI schema validators, cached by generate (generator/src/load/schema-validator.ts).
      'generator/.cache/**',
      '.smoke/**',
      'coverage/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
    rules: {
      // `_name` marks an argument or binding kept for its position or to leave it out of a rest.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Tests and type-level code use `any` deliberately in a few places; each must say why.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
      // `{}` is the type-level idiom for "any non-nullish value" (`{} extends Pick<T, K>`), as in
      // openapi-fetch's own types, which the runtime's path-typed methods mirror.
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', 'generator/bin/*.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', globalThis: 'readonly' },
    },
  },
);
