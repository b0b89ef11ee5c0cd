// ESLint (flat config): typescript-eslint's recommended rules; prettier decides layout (npm run format).
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'reports/', 'tmp/', '**/*.gen.ts', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // The contract is walked as untyped JSON (dereferenced OpenAPI, ajv's schemas, scenario files).
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // TypeScript checks names; the rule knows nothing of types.
      'no-undef': 'off',
      // Control characters are what the HTTP and JSON code looks for.
      'no-control-regex': 'off',
    },
  },
  {
    // A function in the core or a handler fits on a screen.
    files: ['src/core/**/*.ts', 'src/handlers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60 }] },
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], rules: { 'no-undef': 'error' } },
  { files: ['src/ui/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
    languageOptions: { sourceType: 'commonjs' },
  },
)
