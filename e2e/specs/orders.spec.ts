import { expect, test } from '../fixtures/console.ts';
import { confirmAndAnswer, fillShipment, orderFromMall, popconfirm, stockOf, uploadTransferProof, payConfirmOk } from './trade-helpers.ts';

test('a supplier confirms an order, the purchaser uploads a transfer proof, the supplier confirms payment and ships in two parts, the purchaser receives; stock follows', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // A fresh purchaser orders two products of the demo supplier from the mall: an order of this test's own (no
  // other spec's order is read from the 待确认 list). The goods come from the end of the supplier's list, away from
  // those the other journeys order and ship, so the stock figures below move only with this order.
  const { id, buyer } = await orderFromMall(page, browser, '18800000002', { lines: 2, from: 'end' });

  // Before confirming, the supplier lowers the first line's unit price (to 95 %, whole fen).
  const token = { 'x-token': await page.evaluate(() => localStorage.getItem('token') ?? '') };
  const submitted = (await (await page.request.get(`/api/order/detail?id=${id}&type=6`, { headers: token })).json()).data as {
    orderNo: string;
    freight: string;
    lines: { id: number; unitPrice: string }[];
  };
  const firstFen = Math.round(Number(submitted.lines[0]!.unitPrice) * 100);
  const repriced = await page.request.post('/api/order/reprice', {
    headers: token,
    data: { orderId: id, lines: [{ lineId: submitted.lines[0]!.id, unitPrice: Math.floor(firstFen * 0.95) / 100 }], freight: Number(submitted.freight) },
  });
  expect(((await repriced.json()) as { code: number }).code).toBe(0);

  // The supplier finds it under 待确认 in 销售订单 and opens it.
  await page.goto('/customer/saleOrder');
  await page.getByRole('tab', { name: /待确认/ }).click();
  await page.getByRole('row').filter({ hasText: submitted.orderNo }).getByRole('link', { name: '查看详情' }).click();
  await expect(page).toHaveURL(new RegExp(`order/detail\\?type=6&id=${id}$`));
  // The detail is shown (not the list still on screen while it loads): its confirm button and the order's lines.
  await expect(page.getByRole('button', { name: /确认订单/ })).toBeVisible();
  await expect(page.locator('.ant-menu-item-selected')).toContainText('销售订单');
  await expect(page.locator('.ant-table-tbody').first().locator('tr.ant-table-row')).toHaveCount(2);
  const codes = (
    await page.locator('.ant-table-tbody').first().locator('tr.ant-table-row').allInnerTexts()
  ).map((t) => /P\d{6}/.exec(t)?.[0] ?? '');
  const quantities = (
    await page.locator('.ant-table-tbody').first().locator('tr.ant-table-row td:nth-child(3)').allInnerTexts()
  ).map((t) => parseInt(t, 10));
  expect(codes.filter(Boolean)).toHaveLength(2);
  const before = [await stockOf(page, codes[0]!), await stockOf(page, codes[1]!)];

  await page.goto(`/customer/order/detail?type=6&id=${id}`);
  const confirmButton = page.getByRole('button', { name: /确认订单/ });
  await confirmButton.click();
  expect(await confirmAndAnswer(page, popconfirm(page), '/api/order/confirm', confirmButton)).toMatchObject({ code: 0 });
  await expect(page.getByText('订单已确认，等待采购商付款')).toBeVisible();
  await expect(page.locator('.ant-card-head').first()).toContainText('待付款');

  // The purchaser sees the repriced amounts and uploads the transfer proof.
  await buyer.goto(`/customer/order/detail?type=0&id=${id}`);
  await expect(buyer.locator('.ant-menu-item-selected')).toContainText('采购订单');
  await expect(buyer.getByText(/原价 ¥/).first()).toBeVisible();
  await uploadTransferProof(buyer);

  // The supplier confirms the payment and ships one unit of the first line, then the rest.
  await page.reload();
  const payButton = page.getByRole('button', { name: /确认收款/ });
  await payButton.click();
  expect(await confirmAndAnswer(page, payConfirmOk(page), '/api/order/payConfirm', payButton)).toMatchObject({ code: 0 });
  await expect(page.locator('.ant-card-head').first()).toContainText('待发货');
  await page.getByRole('button', { name: /^发\s*货$/ }).click();
  let ship = page.getByRole('dialog', { name: '发货' });
  const inputs = ship.locator('.ant-table-tbody input');
  await inputs.nth(0).fill('1');
  await inputs.nth(1).fill('0');
  await fillShipment(page, ship, '顺丰速运', 'SF123456789012');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(page.locator('.ant-card-head').first()).toContainText('部分发货');
  await page.getByRole('button', { name: /^发\s*货$/ }).click();
  ship = page.getByRole('dialog', { name: '发货' });
  await fillShipment(page, ship, '德邦物流', 'DPK098765432109');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(page.locator('.ant-card-head').first()).toContainText('待收货');
  await expect(page.getByRole('cell', { name: 'SF123456789012' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'DPK098765432109' })).toBeVisible();

  // The purchaser receives; the order is complete and after-sales opens.
  await buyer.reload();
  await buyer.getByRole('button', { name: /确认收货/ }).click();
  await popconfirm(buyer).click();
  await expect(buyer.locator('.ant-card-head').first()).toContainText('已完成');
  await expect(buyer.getByRole('button', { name: /申请售后/ })).toBeVisible();

  // The supplier's stock: the shipped quantities left on hand and the reservation.
  for (const [i, code] of codes.entries()) {
    const after = await stockOf(page, code);
    expect(after).toMatchObject({
      onHand: before[i]!.onHand - quantities[i]!,
      reserved: before[i]!.reserved - quantities[i]!,
    });
  }
});
