// The local ESLint rules (eslint.config.js), run on sample code: each must fail on what it forbids.
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import featureBoundaries from './feature-boundaries.js';
import formRulesFromSchema from './form-rules-from-schema.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});
const web = (...p) => path.join(path.resolve(import.meta.dirname, '..'), 'apps', 'web', 'src', ...p);

tester.run('form-rules-from-schema', formRulesFromSchema, {
  valid: [
    { code: '<Form.Item name="phone" rules={rules.phone} />' },
    { code: '<Form.Item name="code" rules={[zodRule(schema.shape.code)]} />' },
    { code: '<Form.Item name="phone" rules={editing ? [] : rules.phone} />' },
    { code: '<Form.Item name="a" rules={[problemRule(check, true)]} />' },
    { code: '<Table columns={[{ title: "名称", width: 120 }]} />' },
  ],
  invalid: [
    {
      code: `<Form.Item name="x" rules={[{ required: true, message: '请输入名称' }]} />`,
      errors: [{ messageId: 'inline', data: { key: 'required' } }],
    },
    {
      code: `<Form.Item rules={[{ pattern: /^1\\d{10}$/, message: '手机号' }]} />`,
      errors: [{ messageId: 'inline', data: { key: 'pattern' } }],
    },
    {
      code: `<Form.Item rules={[{ max: 50, message: '最多50个字' }]} />`,
      errors: [{ messageId: 'inline', data: { key: 'max' } }],
    },
    {
      code: `<Form.Item rules={sms ? rules.phone : [{ type: 'email', message: '邮箱' }]} />`,
      errors: [{ messageId: 'inline', data: { key: 'type' } }],
    },
    {
      code: `<Form.Item rules={[...rules.a, { len: 6, message: '6位' }]} />`,
      errors: [{ messageId: 'inline', data: { key: 'len' } }],
    },
    {
      code: `<Form.List rules={[{ validator: async () => {} }]} />`,
      errors: [{ messageId: 'inline', data: { key: 'validator' } }],
    },
  ],
});

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    {
      code: "import { api } from '../../../lib/api.ts';",
      filename: web('features', 'mall', 'pages', 'A.tsx'),
    },
    {
      code: "import { useSession } from '../../session/index.ts';",
      filename: web('features', 'mall', 'pages', 'A.tsx'),
    },
    { code: "import { B } from '../components/B.tsx';", filename: web('features', 'mall', 'pages', 'A.tsx') },
  ],
  invalid: [
    {
      code: "import { x } from '../../workbench/api/users.ts';",
      filename: web('features', 'mall', 'pages', 'A.tsx'),
      errors: [{ messageId: 'crossFeature', data: { from: 'mall', to: 'workbench' } }],
    },
    {
      code: "import { x } from '../features/mall/api/goods.ts';",
      filename: web('lib', 'a.ts'),
      errors: [{ messageId: 'layer', data: { to: 'mall' } }],
    },
  ],
});
