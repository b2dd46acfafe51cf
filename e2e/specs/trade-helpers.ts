import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { registerViaApi, signIn } from './auth-helpers.ts';
import { PNG } from './merchant-helpers.ts';

/** One SKU's figures as the supplier's inventory page (/customer/product/inventory) shows them. */
export interface StockFigures {
  onHand: number;
  reserved: number;
  available: number;
}

/** Opens the supplier's inventory page filtered to one SKU code and returns its row. */
async function inventoryRow(page: Page, code: string) {
  await page.goto('/customer/product/inventory');
  const search = page.getByPlaceholder('商品名称或规格编码');
  await search.fill(code);
  await search.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toHaveCount(1);
  return row;
}

/** On hand, reserved and available of a SKU, read from the supplier's inventory page. */
export async function stockOf(page: Page, code: string): Promise<StockFigures> {
  const cells = (await inventoryRow(page, code)).locator('td');
  const int = async (i: number) => parseInt(await cells.nth(i).innerText(), 10);
  return { onHand: await int(2), reserved: await int(3), available: await int(4) };
}

/** The SKU's ledger rows of one document (its number) as the 库存流水 drawer lists them, newest first. */
export async function ledgerRowsOf(page: Page, code: string, docNo: string) {
  const row = await inventoryRow(page, code);
  await row.getByRole('button', { name: '库存流水' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.locator('.ant-table-row').first()).toBeVisible();
  return drawer.getByRole('row', { name: new RegExp(docNo) });
}

/** The OK button of the open confirmation bubble. */
export const popconfirm = (page: Page) =>
  page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定|OK/ });

/**
 * The OK of the supplier's 确认收款 dialog (the received amount is prefilled with what is due, decision 0215): a
 * transfer confirmed as received in full.
 */
export const payConfirmOk = (page: Page) =>
  page.getByRole('dialog', { name: '确认收款' }).getByRole('button', { name: '确认收款' });

/**
 * Clicks a confirmation's OK (a Popconfirm bubble or a Modal.confirm dialog) and answers the JSON of the call it
 * sends to `path`. On a heavily loaded CI machine a click on a just-opened bubble or dialog was seen three times to
 * send nothing, the overlay left open; so when no request went out within 5 s and the OK is still there it is
 * clicked once more, as a person would (noted as a test annotation). A second click while the first call runs is
 * ignored by antd (the OK is loading), so this never sends the action twice. Once (orders.spec in CI, 2026-11-24)
 * the bubble closed with nothing sent; given the button that opens it (`opener`), the bubble is opened again and
 * its OK clicked (also noted). The cause is not known (docs: issue 10's note).
 */
export async function confirmAndAnswer(
  page: Page,
  ok: Locator,
  path: string,
  opener?: Locator,
): Promise<{ code: number; message: string }> {
  const answer = page.waitForResponse((r) => r.url().endsWith(path), { timeout: 30_000 });
  await ok.click();
  const early = await Promise.race([answer.then(() => true), page.waitForTimeout(5_000).then(() => false)]);
  if (!early) {
    if (await ok.isVisible()) {
      test.info().annotations.push({ type: 'click-resent', description: `${path}: no request 5 s after the first click` });
      await ok.click();
    } else if (opener) {
      test.info().annotations.push({ type: 'reopened', description: `${path}: the confirmation closed with no request` });
      await opener.click();
      await ok.click();
    }
  }
  return (await answer).json();
}

/** What orderFromMall placed: the order, the fresh purchaser's signed-in page and account, the goods ordered. */
export interface MallOrder {
  id: number;
  buyer: Page;
  buyerAccount: { phone: string; password: string; token: string };
  supplier: Awaited<ReturnType<typeof signIn>>;
  goods: { id: number; name: string }[];
}

/**
 * Signs `page` in as the supplier `supplierPhone`, then a FRESH purchaser (its own page of `browser`) orders
 * `lines` on-sale products of that supplier (stock for the minimum order) from the mall: goods page, cart,
 * checkout with a new address. The order is the caller's alone (待确认), so no spec reads another's orders from a
 * list. `from: 'end'` takes the supplier's products from the end of the mall's list instead of the start, away
 * from the goods the other journeys order and ship (a spec that compares stock figures before and after).
 */
export async function orderFromMall(
  page: Page,
  browser: Browser,
  supplierPhone: string,
  opts: { lines?: number; from?: 'start' | 'end' } = {},
): Promise<MallOrder> {
  const lines = opts.lines ?? 1;
  const supplier = await signIn(page, supplierPhone);
  const list = (await (await page.request.post('/api/product/query', { data: { pageSize: 60 } })).json()).data.list as {
    id: number;
    companyId: number;
    name: string;
  }[];
  const own = list.filter((i) => i.companyId === supplier.extension.CompanyId);
  if (opts.from === 'end') own.reverse();
  const goods: { id: number; name: string }[] = [];
  for (const item of own) {
    // Distinct names, none inside another: each cart row is found by its product's name.
    if (goods.some((g) => g.name.includes(item.name) || item.name.includes(g.name))) continue;
    const d = (await (await page.request.get(`/api/product/${item.id}`)).json()).data as { minOrder: number; skus: { available: number }[] };
    if ((d.skus[0]?.available ?? 0) >= Math.max(1, d.minOrder)) goods.push({ id: item.id, name: item.name });
    if (goods.length === lines) break;
  }
  expect(goods, `${lines} on-sale products of the supplier ${supplierPhone}`).toHaveLength(lines);

  const buyer = await browser.newPage();
  const buyerAccount = await registerViaApi(buyer.request);
  await signIn(buyer, buyerAccount.phone, buyerAccount.password);
  for (const g of goods) {
    await buyer.goto(`/mall/goodsDetail?id=${g.id}`);
    await buyer.getByRole('radio').first().click().catch(() => undefined);
    const added = buyer.waitForResponse((r) => r.url().endsWith('/api/cart/add'));
    await buyer.getByTestId('add-to-cart').click();
    expect((await (await added).json()).code).toBe(0);
  }
  await buyer.goto('/customer/cart');
  await checkoutOnly(
    buyer,
    goods.map((g) => buyer.getByRole('row').filter({ hasText: g.name }).getByRole('checkbox')),
    1,
  );
  await addCheckoutAddress(buyer);
  await buyer.getByTestId('submit-checkout').click();
  const link = buyer.getByTestId('checkout-result').getByTestId('order-link');
  await expect(link).toHaveCount(1);
  const id = Number(/id=(\d+)/.exec((await link.getAttribute('href')) ?? '')?.[1]);
  expect(id, 'the new order id').toBeGreaterThan(0);
  return { id, buyer, buyerAccount, supplier, goods };
}

/** Adds a receiving address from the checkout page (it is chosen when saved). */
export async function addCheckoutAddress(page: Page, receiver = '赵明远') {
  await page.getByTestId('checkout-add-address').click();
  const dialog = page.getByRole('dialog', { name: '新增收货地址' });
  await dialog.getByLabel('收货人').fill(receiver);
  await dialog.getByLabel('手机号').fill('13811112222');
  await dialog.getByLabel('所在地区').click();
  await page
    .getByRole('menuitemcheckbox', { name: '北京市' })
    .first()
    .click()
    .catch(async () => page.locator('.ant-cascader-menu-item', { hasText: '北京市' }).first().click());
  await page.locator('.ant-cascader-menu').nth(1).locator('.ant-cascader-menu-item').first().click();
  await page
    .locator('.ant-cascader-menu')
    .nth(2)
    .locator('.ant-cascader-menu-item', { hasText: '大兴区' })
    .click();
  await dialog.getByLabel('详细地址').fill('黄村镇再生水厂路1号');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toHaveCount(0);
  const chosen = page.getByRole('radiogroup', { name: '收货地址' }).getByRole('radio', { checked: true });
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toContainText(receiver);
}

/**
 * From the cart page: unselects every line, selects only the given lines' checkboxes (each answered by the
 * server) and goes to checkout with them, one group per supplier.
 */
export async function checkoutOnly(page: Page, boxes: Locator[], suppliers: number) {
  const selectAll = page.getByRole('checkbox', { name: '全选' });
  const count = page.getByTestId('selected-count');
  await expect(count).toBeVisible();
  // Some lines may be selected (全选 then shows as indeterminate): select all first, then none.
  if ((await count.innerText()).trim() !== '0' && !(await selectAll.isChecked())) {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/cart/select'));
    await selectAll.click();
    await answered;
    await expect(selectAll).toBeChecked();
  }
  if (await selectAll.isChecked()) {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/cart/select'));
    await selectAll.click();
    await answered;
  }
  await expect(count).toHaveText('0');
  for (const box of boxes) {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/cart/select'));
    await box.click();
    await answered;
    await expect(box).toBeChecked();
  }
  await expect(page.getByTestId('selected-count')).toHaveText(String(boxes.length));
  await page.getByTestId('go-checkout').click();
  await expect(page).toHaveURL(/\/customer\/cart\/checkout\?lines=/);
  await expect(page.getByTestId('checkout-group')).toHaveCount(suppliers);
}

/** On the purchaser's order detail (待付款): uploads a transfer proof picture and submits it. */
export async function uploadTransferProof(page: Page) {
  await page.getByRole('button', { name: '去付款' }).click();
  const dialog = page.getByRole('dialog', { name: '上传付款凭证' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.locator('.ant-upload-list-item').first()).toBeVisible();
  await expect(dialog.locator('.ant-upload-list-item-uploading')).toHaveCount(0);
  await dialog.getByRole('button', { name: '提交凭证' }).click();
  await expect(page.getByText('已提交付款凭证，等待供应商确认收款')).toBeVisible();
}

/**
 * In the open approve dialog of an after-sales request: a new return address rather than a saved one —
 * 联系人, 电话, 北京市/北京市/东城区 and the street.
 */
export async function fillReturnAddress(page: Page, receiver = '退货仓 周师傅') {
  const modal = page.locator('.ant-modal');
  await modal.getByRole('radio', { name: '填写新地址' }).check();
  await modal.locator('#receiver').fill(receiver);
  await modal.locator('#phone').fill('13912345678');
  await modal.getByLabel('所在地区').click();
  for (const name of ['北京市', '北京市', '东城区']) {
    await page.locator('.ant-cascader-menu:visible').last().getByText(name, { exact: true }).click();
  }
  await modal.locator('#detail').fill('东城区安定门外大街100号 退货仓库');
}

/**
 * Fills the ship dialog's carrier (picked from the catalogue, by its Chinese name) and tracking number (it must fit
 * the carrier: packages/shared/src/logistics.ts).
 */
export async function fillShipment(page: Page, dialog: Locator, carrier: string, trackingNo: string) {
  const select = dialog.getByLabel('物流公司', { exact: true });
  await select.click();
  await select.fill(carrier);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: carrier }).first().click();
  await dialog.getByLabel('运单号', { exact: true }).fill(trackingNo);
}

/**
 * A fresh purchaser orders an on-sale product of the demo supplier 18800000002 in the mall (the demo's own 待确认
 * orders belong to other specs) and the supplier, signed in on `page`, confirms it: the order waits for payment.
 * Answers the purchaser's page and the order id.
 */
export async function confirmedOrderOfFreshBuyer(page: Page, browser: Browser): Promise<{ buyer: Page; id: number }> {
  const { buyer, id } = await orderFromMall(page, browser, '18800000002');
  await page.goto(`/customer/order/detail?type=6&id=${id}`);
  const confirmButton = page.getByRole('button', { name: /确认订单/ });
  await confirmButton.click();
  expect(await confirmAndAnswer(page, popconfirm(page), '/api/order/confirm', confirmButton)).toMatchObject({ code: 0 });
  return { buyer, id };
}
