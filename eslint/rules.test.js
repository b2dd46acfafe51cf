// The local ESLint rules (eslint.config.js), run on sample code: each must fail on what it forbids.
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import featureBoundaries from './feature-boundaries.js';
import formRulesFromSchema from './form-rules-from-schema.js';
import moduleBoundaries from './module-boundaries.js';
import { KNOWN_REACHES, LAYERS, SCHEMA_OWNERS, TABLE_OWNERS, TABLE_READS, buildModuleGraph, moduleCycles, serverFiles, serverSrc, tableOwners, tableReads } from './server-modules.js';
import fs from 'node:fs';
import { expect } from 'vitest';

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

const server = (...p) => path.join(serverSrc, ...p);

tester.run('module-boundaries', moduleBoundaries, {
  valid: [
    { code: "import { createOrders } from '../orders/index.ts';", filename: server('modules', 'credit', 'x.ts'), options: [{ cycles: false }] },
    { code: "import { fail } from './messages.ts';", filename: server('modules', 'orders', 'x.ts'), options: [{ cycles: false }] },
    { code: "import { listTodos } from '../../modules/workbench/index.ts';", filename: server('db', 'seed', 'x.ts'), options: [{ cycles: false }] },
    { code: "import { orderRoutes } from './modules/orders/index.ts';", filename: server('app.ts'), options: [{ cycles: false }] },
    // Tests may reach into internals and upwards.
    { code: "import { x } from '../reports/queries.ts';", filename: server('modules', 'auth', 'x.test.ts'), options: [{ cycles: false }] },
    { code: "import { sealed } from './sealed.ts';", filename: server('modules', 'tenders', 'index.ts'), options: [{ cycles: false }] },
  ],
  invalid: [
    {
      code: "import { createOrders, type NewOrder } from '../orders/create.ts';",
      filename: server('modules', 'buying', 'x.ts'),
      options: [{ cycles: false }],
      output: "import { createOrders, type NewOrder } from '../orders/index.ts';",
      errors: [{ messageId: 'face' }],
    },
    {
      code: "import orderRoutes from './modules/orders/routes.ts';",
      filename: server('app.ts'),
      options: [{ cycles: false }],
      output: "import { orderRoutes } from './modules/orders/index.ts';",
      errors: [{ messageId: 'face' }],
    },
    {
      code: "export { ageAccount } from '../../credit/ageing.ts';",
      filename: server('modules', 'reports', 'sub', 'x.ts'),
      options: [{ cycles: false }],
      output: "export { ageAccount } from '../../credit/index.ts';",
      errors: [{ messageId: 'face' }],
    },
    {
      code: "import { createOrders } from '../orders/index.ts';",
      filename: server('modules', 'products', 'x.ts'),
      options: [{ cycles: false }],
      errors: [{ messageId: 'layer' }],
    },
    {
      code: "import { sessions } from '../modules/auth/index.ts';",
      filename: server('lib', 'x.ts'),
      options: [{ cycles: false }],
      errors: [{ messageId: 'area' }],
    },
    {
      code: "import { x } from '../nowhere/index.ts';",
      filename: server('modules', 'orders', 'x.ts'),
      options: [{ cycles: false }],
      errors: [{ messageId: 'unknown' }],
    },
  ],
});

describe('the server module graph', () => {
  it('finds a cycle round a loop and none in a chain', () => {
    const g = (edges) => new Map(Object.entries(edges).map(([k, v]) => [k, new Map(v.map((t) => [t, ['f.ts']]))]));
    expect(moduleCycles(g({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    expect(moduleCycles(g({ a: ['b'], b: ['c'], c: [], d: ['a', 'c'] }))).toEqual([]);
  });

  it('has no module cycle and no upward import but the known reaches', () => {
    const graph = buildModuleGraph(serverSrc, { known: false });
    expect(moduleCycles(graph)).toEqual([]);
    const upward = [];
    for (const [from, edges] of graph) for (const to of edges.keys()) if (LAYERS[to] > LAYERS[from]) upward.push(`${from} -> ${to}`);
    expect(upward).toEqual([]);
  });

  it('gives every module a layer and a face', () => {
    const modules = fs.readdirSync(server('modules'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    for (const m of modules) expect(LAYERS[m], m).toBeDefined();
  });

  it('gives every table an owner module (db/schema/<file>.ts ↔ modules/<owner>)', () => {
    const files = fs.readdirSync(server('db', 'schema')).map((f) => f.replace(/\.ts$/, '')).filter((f) => !['index', 'columns'].includes(f));
    for (const f of files) expect(f in SCHEMA_OWNERS, `db/schema/${f}.ts has no owner in SCHEMA_OWNERS`).toBe(true);
    for (const owner of [...Object.values(SCHEMA_OWNERS), ...Object.values(TABLE_OWNERS)]) {
      if (owner !== null && owner !== 'lib') expect(LAYERS[owner], owner).toBeDefined();
    }
    expect([...tableOwners()].filter(([, owner]) => owner === undefined)).toEqual([]);
  });

  it("reads no other module's tables but the listed ones, and lists only reads that still exist", () => {
    const reads = tableReads();
    const unlisted = [...reads].filter(([pair]) => !TABLE_READS.has(pair)).map(([pair, where]) => `${pair} (${where.join(', ')})`);
    expect(unlisted, "a module reads another's table: ask the owner through its face (or a registration)").toEqual([]);
    const gone = [...TABLE_READS.keys()].filter((pair) => !reads.has(pair));
    expect(gone, 'no longer read: remove it from TABLE_READS').toEqual([]);
  });

  it('lists only known reaches that still exist (the list only shrinks)', () => {
    const files = new Map(serverFiles().map((f) => [path.relative(serverSrc, f).split(path.sep).join('/'), f]));
    for (const reach of KNOWN_REACHES) {
      const [file, to] = reach.split(' -> ');
      const text = files.has(file) ? fs.readFileSync(files.get(file), 'utf8') : '';
      expect(new RegExp(`modules/${to}/`).test(text) || new RegExp(`\\.\\./${to}/`).test(text), `${reach} is gone: remove it from KNOWN_REACHES`).toBe(true);
    }
  });
});
