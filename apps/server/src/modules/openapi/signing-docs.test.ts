import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, OrderStatus } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { advanceOrder, makeOnSaleProduct, makeOrder, makePurchaser, makeSupplier } from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';
import { openapiErrors } from './messages.ts';

/**
 * The signing scheme exactly as docs/operations.md#open-platform-signing hands it to an ERP developer: the worked
 * example's numbers are read from the document, the document's own Node.js snippet is run (not the server's signing
 * code), and what it signs is sent over real HTTP to a listening server. A change of the scheme that the document
 * does not follow (or the other way round) fails here.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const operations = fs.readFileSync(path.join(repo, 'docs/operations.md'), 'utf8');
const product = fs.readFileSync(path.join(repo, 'docs/product/open-platform.md'), 'utf8');
const section = (() => {
  const start = operations.indexOf('## Open platform signing');
  if (start === -1) throw new Error('docs/operations.md has no "Open platform signing" section');
  const end = operations.indexOf('\n## ', start + 3);
  return operations.slice(start, end === -1 ? undefined : end);
})();

const pick = (re: RegExp, what: string): string => {
  const m = re.exec(section);
  if (!m?.[1]) throw new Error(`docs/operations.md signing section: ${what} not found`);
  return m[1];
};

/** The worked example as the document writes it. */
const example = {
  secret: pick(/secret `(sk_[^`]+)`/, 'the example secret'),
  method: pick(/```\n(POST|GET) \/api\//, 'the example method'),
  target: pick(/```\n(?:POST|GET) (\/api\/\S+)/, 'the example target'),
  timestamp: pick(/x-aqm-timestamp: (\d+)/, 'the example timestamp'),
  nonce: pick(/x-aqm-nonce: (\S+)/, 'the example nonce'),
  body: pick(/body: (\{.*\})/, 'the example body'),
  bodyHash: pick(/hex\(SHA256\(body\)\) = ([0-9a-f]{64})/, 'the body hash'),
  canonicalHash: pick(/hex\(SHA256\(canonical\)\) = ([0-9a-f]{64})/, 'the canonical hash'),
  signature: pick(/x-aqm-signature\s+= ([0-9a-f]{64})/, 'the signature'),
  emptyHash: pick(/empty for GET: `([0-9a-f]{8})…/, 'the empty-body hash'),
};

/** The document's Node.js snippet, run as an ERP developer would paste it. */
const snippet = pick(/```js\n([\s\S]*?)```/, 'the Node.js snippet');
const requireCjs = createRequire(import.meta.url);
const documentedSign = new Function(
  'require',
  'method',
  'target',
  'ts',
  'nonce',
  'body',
  'secret',
  `${snippet}\nreturn signature;`,
) as (req: NodeRequire, method: string, target: string, ts: string, nonce: string, body: string, secret: string) => string;
const signAsDocumented = (method: string, target: string, ts: string, nonce: string, body: string, secret: string) =>
  documentedSign(requireCjs, method, target, ts, nonce, body, secret);

describe('docs/operations.md#open-platform-signing', () => {
  it('its Node.js snippet yields the worked example’s hashes and signature', () => {
    const h = (x: string) => crypto.createHash('sha256').update(x).digest('hex');
    expect(h(example.body)).toBe(example.bodyHash);
    const canonical = [example.method, example.target, example.timestamp, example.nonce, h(example.body)].join('\n');
    expect(h(canonical)).toBe(example.canonicalHash);
    expect(signAsDocumented(example.method, example.target, example.timestamp, example.nonce, example.body, example.secret)).toBe(
      example.signature,
    );
    expect(h('').startsWith(example.emptyHash)).toBe(true);
  });

  it('its webhook example verifies with the receiver’s recipe (HMAC-SHA256 of timestamp "." body)', () => {
    const m = /secret `(whsec_[^`]+)`, timestamp `(\d+)`, body\s+`([^`]+)` → `([0-9a-f]{64})`/.exec(section);
    expect(m, 'the webhook example').not.toBeNull();
    const [, secret, ts, body, expected] = m!;
    expect(crypto.createHmac('sha256', secret!).update(`${ts}.${body}`).digest('hex')).toBe(expected);
  });

  it('the refusals listed in docs/product/open-platform.md are the server’s, word for word', () => {
    const listed = /Code 1 \(not authenticated\) with one of: ([^.]+)\./.exec(product.replace(/\n/g, ''))?.[1];
    expect(listed).toBeTruthy();
    const catalogue = Object.values(openapiErrors)
      .filter((e) => e.kind === 'loginExpired')
      .map((e) => e.message as string);
    expect(listed!.split(/,\s*/).sort()).toEqual([...catalogue].sort());
  });
});

describe('the documented snippet against a listening server', () => {
  let t: TestApp;
  let base = '';
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  /** A signed call built only from the document: headers of its table, signature from its snippet, fetch. */
  async function documentedCall(key: { accessKeyId: string; secret: string }, method: 'GET' | 'POST', target: string, body = '', nonce?: string) {
    const ts = String(Math.floor(Date.now() / 1000));
    const n = nonce ?? crypto.randomBytes(16).toString('hex');
    const res = await fetch(base + target, {
      method,
      headers: {
        'x-aqm-key': key.accessKeyId,
        'x-aqm-timestamp': ts,
        'x-aqm-nonce': n,
        'x-aqm-signature': signAsDocumented(method, target, ts, n, body, key.secret),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body || undefined,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (await res.json()) as { code: number; message: string; data: any };
  }

  it('reads the supplier’s orders with the example’s body and one order by the example’s query form', async () => {
    const db = t.database.db;
    const seller = await makeSupplier(db, '文档示例供应商');
    const buyer = await makePurchaser(db, '文档示例采购商');
    const { skuIds } = await makeOnSaleProduct(db, seller, { skus: [{ price: 100, stock: 20 }] });
    const order = await makeOrder(db, buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 2 }]);
    await advanceOrder(db, order.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.TO_SHIP);
    const created = await call(t.app, seller.admin.token, 'POST', '/api/openapi/key/create', { name: '文档示例', scopes: ['orders:read'] });
    expect(created.code).toBe(0);
    const key = { accessKeyId: created.data.accessKeyId as string, secret: created.data.secret as string };

    // The worked example's request, as the document writes it, signed now with a real key.
    const list = await documentedCall(key, example.method as 'POST', example.target, example.body);
    expect(list.code, list.message).toBe(0);
    expect(list.data.list.map((o: { id: number }) => o.id)).toContain(order.id);
    // "PATH_AND_QUERY is the request target exactly as sent": the document's GET example, empty body.
    const detail = await documentedCall(key, 'GET', `/api/order/detail?type=6&id=${order.id}`);
    expect(detail.code, detail.message).toBe(0);
    expect(detail.data.id).toBe(order.id);

    // The same nonce twice: refused on the second, with the document's words.
    const nonce = crypto.randomBytes(16).toString('hex');
    expect((await documentedCall(key, 'GET', `/api/order/detail?type=6&id=${order.id}`, '', nonce)).code).toBe(0);
    const again = await documentedCall(key, 'GET', `/api/order/detail?type=6&id=${order.id}`, '', nonce);
    expect(again).toMatchObject({ code: Code.LOGIN_EXPIRED, message: '请求已使用过（随机数重复）' });
    // Signed with the example's secret instead of the key's: 签名不正确.
    const wrong = await documentedCall({ ...key, secret: example.secret }, 'GET', `/api/order/detail?type=6&id=${order.id}`);
    expect(wrong).toMatchObject({ code: Code.LOGIN_EXPIRED, message: '签名不正确' });
  });
});
