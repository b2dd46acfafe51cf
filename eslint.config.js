import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureBoundaries from './eslint/feature-boundaries.js';
import formRulesFromSchema from './eslint/form-rules-from-schema.js';
import moduleBoundaries from './eslint/module-boundaries.js';

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
    // Server modules meet through their faces, downwards, without cycles (docs/decisions/0212-module-faces.md).
    files: ['apps/server/src/**/*.ts'],
    plugins: { aquamall: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'aquamall/module-boundaries': 'error' },
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
  {
    // Money in the browser is integer fen through the shared kernel (packages/shared/src/money.ts): no float
    // arithmetic on amounts and one display form. See docs/decisions/0182-money-kernel.md.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='*'][right.value=100], BinaryExpression[operator='*'][left.value=100]",
          message: 'Money: use toFen() from @aquamall/shared (docs/decisions/0182-money-kernel.md).',
        },
        {
          selector: "BinaryExpression[operator='/'][right.value=100]",
          message: 'Money: use toYuan()/formatFen() from @aquamall/shared (docs/decisions/0182-money-kernel.md).',
        },
        {
          selector: "CallExpression[callee.property.name='toFixed']",
          message:
            'Money: format with formatMoney()/<Price> from @aquamall/shared (docs/decisions/0182-money-kernel.md); a number that is not money (a rating) disables this line with its reason.',
        },
      ],
    },
  },
);
