import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/console.ts';
import { confirmAndAnswer, orderFromMall, payConfirmOk, popconfirm, uploadTransferProof } from './trade-helpers.ts';

/**
 * The open platform end to end (issue 32, docs/product/open-platform.md): a supplier's company administrator makes
 * an API key in 开放平台, and a small "ERP" in this test — signing exactly as docs/operations.md#open-platform-signing
 * tells an ERP developer, with nothing but node:crypto and fetch — reads the new order and ships it.
 */

const SUPPLIER = '18800000002';
const shots = !!process.env.E2E_SHOTS;

/** One signed call as the docs' Node.js example builds it; answers the envelope. */
interface ErpAnswer {
  code: number;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

function erpClient(baseURL: string, key: { accessKeyId: string; secret: string }) {
  const h = (x: string) => crypto.createHash('sha256').update(x).digest('hex');
  /** The request a signed call sends (kept so the test can send it again: a replay). */
  const prepare = (method: 'GET' | 'POST', target: string, payload?: unknown) => {
    const body = method === 'POST' ? JSON.stringify(payload ?? {}) : '';
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = crypto.randomBytes(16).toString('hex');
    const canonical = [method, target, ts, nonce, h(body)].join('\n');
    const signature = crypto.createHmac('sha256', key.secret).update(`AQM1-HMAC-SHA256\n${h(canonical)}`).digest('hex');
    const headers: Record<string, string> = {
      'x-aqm-key': key.accessKeyId,
      'x-aqm-timestamp': ts,
      'x-aqm-nonce': nonce,
      'x-aqm-signature': signature,
    };
    if (body) headers['content-type'] = 'application/json';
    return { method, url: baseURL + target, headers, body: body || undefined };
  };
  const send = async (req: ReturnType<typeof prepare>): Promise<ErpAnswer> =>
    (await fetch(req.url, { method: req.method, headers: req.headers, body: req.body })).json() as Promise<ErpAnswer>;
  return { prepare, send, call: (method: 'GET' | 'POST', target: string, payload?: unknown) => send(prepare(method, target, payload)) };
}

/** The sandbox messages sent to a phone (GET /api/dev/outbox), newest first. */
async function outbox(request: APIRequestContext, target: string): Promise<{ channel: string; body: string }[]> {
  const res = await request.get(`/api/dev/outbox?target=${encodeURIComponent(target)}`);
  return ((await res.json()) as { data: { list: { channel: string; body: string }[] } }).data.list;
}

async function shot(page: Page, name: string) {
  if (!shots) return;
  for (const [w, h] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/openapi-${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** A local webhook receiver (demo mode allows http and loopback) that checks every delivery's signature. */
async function startReceiver() {
  const received: { ok: boolean; event: string; body: { id: string; type: string; data: { orderId?: number } } }[] = [];
  let secret = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const ts = String(req.headers['x-aqm-timestamp'] ?? '');
      const expected = crypto.createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex');
      const got = Buffer.from(String(req.headers['x-aqm-signature'] ?? ''));
      const ok =
        got.length === expected.length &&
        crypto.timingSafeEqual(got, Buffer.from(expected)) &&
        Math.abs(Date.now() / 1000 - Number(ts)) <= 300;
      received.push({ ok, event: String(req.headers['x-aqm-event'] ?? ''), body: JSON.parse(raw || '{}') });
      res.writeHead(ok ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/aquamall/webhook`,
    received,
    setSecret: (s: string) => (secret = s),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a supplier’s ERP reads a new order and ships it through a signed API key; the purchaser follows the parcel', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const receiver = await startReceiver();
  try {
    // A fresh purchaser orders from the demo supplier (待确认); the supplier's administrator is signed in on `page`.
    const { id: orderId, buyer, buyerAccount } = await orderFromMall(page, browser, SUPPLIER);

    // 开放平台: the key list, then 创建密钥 with two scopes; the secret is shown once.
    await page.goto('/customer/openapi');
    await expect(page.getByRole('tab', { name: 'API 密钥' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/共 \d+ 个密钥|暂无密钥/)).toBeVisible();
    await shot(page, 'keys');
    await page.getByRole('button', { name: '创建密钥' }).click();
    const create = page.getByRole('dialog', { name: '创建 API 密钥' });
    // Nothing filled: the dialog says what is missing, in Chinese.
    await create.getByRole('button', { name: /创\s*建/ }).click();
    await expect(create.getByText('请输入名称')).toBeVisible();
    await expect(create.getByText(/请选择权限范围|请至少选择一项权限范围/)).toBeVisible();
    const keyName = `ERP对接${Date.now() % 100000}`;
    await create.getByLabel('名称').fill(keyName);
    await create.getByRole('checkbox', { name: /读取订单/ }).check();
    await create.getByRole('checkbox', { name: /订单发货/ }).check();
    await shot(page, 'create');
    await create.getByRole('button', { name: /创\s*建/ }).click();
    const secretDialog = page.getByRole('dialog', { name: '密钥已创建' });
    await expect(secretDialog.getByText('密钥只显示这一次')).toBeVisible();
    const accessKeyId = (await secretDialog.getByTestId('secret-AccessKey ID').innerText()).trim();
    const secret = (await secretDialog.getByTestId('secret-Secret').innerText()).trim();
    expect(accessKeyId).toMatch(/^AK[0-9a-f]{20}$/);
    expect(secret).toMatch(/^sk_/);
    await shot(page, 'secret');
    await secretDialog.getByRole('button', { name: '我已保存' }).click();
    await expect(secretDialog).toBeHidden();
    const keyRow = page.getByRole('row', { name: new RegExp(keyName) });
    await expect(keyRow).toContainText(accessKeyId);
    await expect(keyRow).toContainText('读取订单');
    await expect(keyRow).toContainText('订单发货');
    // The secret is never shown again: not in the list, not after a reload.
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(keyName) })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    // 事件推送: the ERP's receiver hears of shipments, signed with the endpoint's secret (shown once too).
    await page.getByRole('tab', { name: '事件推送' }).click();
    await page.getByRole('button', { name: '添加接收地址' }).click();
    const hook = page.getByRole('dialog', { name: '添加接收地址' });
    await hook.getByLabel('接收地址').fill(receiver.url);
    await hook.getByRole('checkbox', { name: '订单已发货' }).check();
    await shot(page, 'webhook-create');
    await hook.getByRole('button', { name: /添\s*加/ }).click();
    const hookSecret = page.getByRole('dialog', { name: '接收地址已添加' });
    receiver.setSecret((await hookSecret.getByTestId('secret-签名密钥').innerText()).trim());
    await hookSecret.getByRole('button', { name: '我已保存' }).click();
    await expect(page.getByRole('row', { name: new RegExp(receiver.url.replace(/[.]/g, '\\.')) })).toBeVisible();
    await shot(page, 'webhooks');

    // The ERP reads the new order (待确认) through the signed API.
    const erp = erpClient(baseURL!, { accessKeyId, secret });
    const fresh = await erp.call('POST', '/api/order/list', { type: 6, all: 1, status: 0, pageIndex: 1, pageSize: 50 });
    expect(fresh.code, fresh.message).toBe(0);
    const row = (fresh.data.list as { id: number; orderNo: string }[]).find((o) => o.id === orderId);
    expect(row, 'the new order in the ERP’s list').toBeTruthy();
    const orderNo = row!.orderNo;

    // A route outside the key's scopes is refused, in Chinese.
    const noScope = await erp.call('POST', '/api/stock/list', { pageIndex: 1, pageSize: 10 });
    expect(noScope.message).toBe('密钥没有权限范围 products:read');

    // The supplier confirms in the workbench, the purchaser pays by transfer, the supplier confirms the money.
    await page.goto(`/customer/order/detail?type=6&id=${orderId}`);
    const confirmButton = page.getByRole('button', { name: /确认订单/ });
    await confirmButton.click();
    expect(await confirmAndAnswer(page, popconfirm(page), '/api/order/confirm', confirmButton)).toMatchObject({ code: 0 });
    await buyer.goto(`/customer/order/detail?type=0&id=${orderId}`);
    await uploadTransferProof(buyer);
    await page.reload();
    const payButton = page.getByRole('button', { name: /确认收款/ });
    await payButton.click();
    expect(await confirmAndAnswer(page, payConfirmOk(page), '/api/order/payConfirm', payButton)).toMatchObject({ code: 0 });
    await expect(page.locator('.ant-card-head').first()).toContainText('待发货');

    // The ERP pulls the orders waiting to ship, reads this one's lines and ships all of them.
    const toShip = await erp.call('POST', '/api/order/list', { type: 6, all: 1, status: 2, pageIndex: 1, pageSize: 50 });
    expect(toShip.code, toShip.message).toBe(0);
    expect((toShip.data.list as { id: number }[]).map((o) => o.id)).toContain(orderId);
    const detail = await erp.call('GET', `/api/order/detail?type=6&id=${orderId}`);
    expect(detail.code, detail.message).toBe(0);
    expect(detail.data.orderNo).toBe(orderNo);
    const lines = detail.data.lines as { id: number; quantity: number; shippedQty: number }[];
    const trackingNo = `SF7${String(orderId).padStart(11, '0')}`;
    const shipReq = erp.prepare('POST', '/api/order/ship', {
      orderId,
      lines: lines.map((l) => ({ lineId: l.id, quantity: l.quantity - l.shippedQty })),
      // The catalogue's code (packages/shared/src/logistics.ts) makes the parcel trackable; `carrier` alone is not.
      carrierCode: 'shunfeng',
      carrier: '顺丰速运',
      trackingNo,
    });
    const shipped = await erp.send(shipReq);
    expect(shipped.code, shipped.message).toBe(0);

    // The same request sent again (a replay) is refused; so is a request whose signature does not match.
    const replay = await erp.send(shipReq);
    expect(replay).toMatchObject({ code: 1, message: '请求已使用过（随机数重复）' });
    const forged = erp.prepare('GET', `/api/order/detail?type=6&id=${orderId}`);
    forged.headers['x-aqm-signature'] = crypto.createHmac('sha256', 'sk_guessed').update('x').digest('hex');
    expect(await erp.send(forged)).toMatchObject({ code: 1, message: '签名不正确' });
    const stale = erp.prepare('GET', `/api/order/detail?type=6&id=${orderId}`);
    stale.headers['x-aqm-timestamp'] = String(Math.floor(Date.now() / 1000) - 600);
    expect(await erp.send(stale)).toMatchObject({ code: 1, message: '请求时间戳超出5分钟有效期' });

    // The purchaser sees the order shipped and the parcel's route as the 快递100 sandbox plays it.
    await buyer.goto(`/customer/order/detail?type=0&id=${orderId}`);
    await expect(buyer.locator('.ant-card-head').first()).toContainText('待收货');
    const card = buyer.locator('.ant-card').filter({ has: buyer.locator('.ant-card-head', { hasText: '物流跟踪' }) });
    await expect(card).toContainText(`顺丰速运 ${trackingNo}`);
    await expect(card.locator('.ant-tag', { hasText: '已签收' })).toBeVisible({ timeout: 45_000 });
    await expect(card).toContainText('快递员已揽收');
    await expect(card).toContainText('快件已签收');
    expect(await card.locator('.ant-timeline-item').count()).toBeGreaterThanOrEqual(2);

    // The shipped SMS to the purchaser is in the dev outbox (the job runner sends it).
    await expect
      .poll(
        async () =>
          (await outbox(buyer.request, buyerAccount.phone)).filter((m) => m.channel === 'sms' && m.body.includes(`您的订单${orderNo}已发货`))
            .length,
        { timeout: 30_000, intervals: [500, 1000, 2000] },
      )
      .toBe(1);

    // The ERP's receiver got order.shipped for this order with a valid signature; the delivery log shows it.
    await expect
      .poll(() => receiver.received.filter((r) => r.event === 'order.shipped' && r.body.data.orderId === orderId).length, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(1);
    expect(receiver.received.every((r) => r.ok)).toBe(true);
    await page.goto('/customer/openapi');
    // The page carries the signing method for the ERP developer (the API reference is not public in a deployment).
    await page.getByRole('button', { name: /签名方法/ }).click();
    await expect(page.getByLabel('Node.js 签名示例')).toContainText('AQM1-HMAC-SHA256');
    await shot(page, 'guide');
    // An address's 推送记录 opens the log filtered to it: this receiver's delivery, delivered with 200.
    await page.getByRole('tab', { name: '事件推送' }).click();
    await page
      .getByRole('row', { name: new RegExp(receiver.url.replace(/[.]/g, '\\.')) })
      .getByRole('button', { name: '推送记录' })
      .click();
    await expect(page.getByRole('tab', { name: '推送记录', selected: true })).toBeVisible();
    // Only the log's own rows: the other tabs' tables stay in the page, hidden.
    const deliveryRows = page.getByRole('tabpanel', { name: '推送记录' }).locator('.ant-table-tbody tr.ant-table-row');
    await expect
      .poll(async () => {
        const texts = await deliveryRows.allInnerTexts();
        return texts.length > 0 && texts.every((t) => t.includes(receiver.url)) && texts.some((t) => t.includes('已送达'));
      })
      .toBe(true);
    await expect(deliveryRows.filter({ hasText: '已送达' }).first()).toContainText('200');
    await shot(page, 'deliveries');

    // 调用记录: each signed call of the key, the shipment answered and the replay and forgery refused, by identity.
    await page.getByRole('tab', { name: '调用记录' }).click();
    const callRows = page.getByRole('tabpanel', { name: '调用记录' }).locator('.ant-table-tbody tr.ant-table-row');
    await expect(callRows.filter({ hasText: '/api/order/ship' }).filter({ hasText: '成功' })).toHaveCount(1);
    await expect(callRows.filter({ hasText: 'SIGN_NONCE_REPLAYED' })).toHaveCount(1);
    await expect(callRows.filter({ hasText: 'SIGN_MISMATCH' })).toHaveCount(1);
    await expect(callRows.first()).toContainText(keyName);
    await shot(page, 'calls');

    // The key list counts the ERP's calls; 停用 stops the key at once.
    await page.getByRole('tab', { name: 'API 密钥' }).click();
    const listed = page.getByRole('row', { name: new RegExp(keyName) });
    // Counted: the two list reads, the refused stock read (signed correctly), the detail read and the shipment.
    await expect(listed.locator('td').nth(4)).toHaveText('5');
    await listed.getByRole('button', { name: /停\s*用/ }).click();
    const revoked = page.waitForResponse((r) => r.url().endsWith('/api/openapi/key/revoke'));
    await popconfirm(page).click();
    expect(((await (await revoked).json()) as { code: number }).code).toBe(0);
    await expect(listed).toContainText('已停用');
    expect(await erp.call('GET', `/api/order/detail?type=6&id=${orderId}`)).toMatchObject({
      code: 1,
      message: '密钥不存在或已停用',
    });
    await shot(page, 'keys-revoked');

    // The receiver goes away with this test: its address is deleted so no delivery waits for it.
    await page.getByRole('tab', { name: '事件推送' }).click();
    const hookRow = page.getByRole('row', { name: new RegExp(receiver.url.replace(/[.]/g, '\\.')) });
    await hookRow.getByRole('button', { name: /删\s*除/ }).click();
    const deleted = page.waitForResponse((r) => r.url().endsWith('/api/openapi/webhook/delete'));
    await popconfirm(page).click();
    expect(((await (await deleted).json()) as { code: number }).code).toBe(0);
    await expect(hookRow).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
