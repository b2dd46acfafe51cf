import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureBoundaries from './eslint/feature-boundaries.js';
import formRulesFromSchema from './eslint/form-rules-from-schema.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/drizzle/**', 'test-results/**', 'e2e/test-results/**', '.reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, aquamall: { rules: { 'feature-boundaries': featureBoundaries, 'form-rules-from-schema': formRulesFromSchema } } },
    rules: {
      'aquamall/feature-boundaries': 'error',
      'aquamall/form-rules-from-schema': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
