import { expect, test } from '../fixtures/console.ts';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';

const SUPPLIER = '18800000003';

async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  const res = await request.post('/api/appuser/login', { data: { account, password: DEMO_PASSWORD } });
  return ((await res.json()) as { data: { authToken: string } }).data.authToken;
}

test('a demo supplier quotes on a public enquiry from the mall, revises it (both versions shown), writes to the purchaser and withdraws with a reason', async ({ page, request }) => {
  // An open public enquiry the demo supplier has not quoted on yet (the seed may have offers of its own).
  const headers = { 'x-token': await tokenOf(request, SUPPLIER) };
  const open = await request.post('/api/openEnquiry/query', { data: { status: 1, pageSize: 30 } });
  const list = ((await open.json()) as { data: { list: { id: number; title: string }[] } }).data.list;
  let enquiry: { id: number; title: string } | undefined;
  for (const e of list) {
    const d = await request.get(`/api/quotation/detail?enquiryId=${e.id}`, { headers });
    const body = (await d.json()) as { code: number; data: { quotation: unknown; canQuote: boolean } };
    if (body.code === 0 && body.data.quotation === null && body.data.canQuote) {
      enquiry = e;
      break;
    }
  }
  expect(enquiry, 'an open enquiry the demo supplier may quote on').toBeDefined();
  const { id, title } = enquiry!;

  await signIn(page, SUPPLIER);
  await page.goto(`/mall/enquiryDetail?id=${id}`);
  await page.getByRole('link', { name: '我要报价' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/quotation/detail\\?enquiryId=${id}$`));
  await expect(page.getByText(title).first()).toBeVisible();

  // First offer: every line priced, lead time 5 days (validity, contact and 13% VAT are pre-filled).
  const prices = page.getByLabel(/^第\d+项含税单价$/);
  const lines = await prices.count();
  expect(lines).toBeGreaterThan(0);
  for (let i = 0; i < lines; i++) await prices.nth(i).fill(String(100 + i));
  await page.getByLabel('交货期（天）').fill('5');
  await page.getByRole('button', { name: '提交报价' }).click();
  await expect(page.getByText('报价已提交')).toBeVisible();
  await expect(page.getByText('报价记录（共1版）')).toBeVisible();

  // Revise: a lower price on the first line, 9% VAT stays selectable; both versions are listed.
  await page.getByRole('button', { name: '修改报价' }).click();
  await page.getByLabel('第1项含税单价').fill('95');
  await page.getByRole('button', { name: '提交修改' }).click();
  await expect(page.getByText('报价已更新（第2版）')).toBeVisible();
  await expect(page.getByText('报价记录（共2版）')).toBeVisible();
  await expect(page.getByTestId('quotation-version')).toHaveCount(2);
  await expect(page.getByText('我的报价（第2版）')).toBeVisible();
  await expect(page.locator('.ant-tag', { hasText: '已修改' }).first()).toBeVisible();

  // A message to the purchaser on this offer's thread.
  await page.getByLabel('消息内容').fill('我司可提供第三方检测报告，欢迎咨询。');
  await page.getByRole('button', { name: /^发\s*送$/ }).click();
  await expect(page.getByTestId('thread-message').filter({ hasText: '我司可提供第三方检测报告' })).toBeVisible();

  // My quotations: the offer is listed as 已修改, second version.
  await page.goto('/customer/quotation');
  const row = page.locator('tr', { hasText: title });
  await expect(row).toContainText('已修改');
  await expect(row).toContainText('第2版');

  // Withdraw: the modal asks for a reason (required); it is kept in the offer's history.
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/customer\/quotation\/detail\?/);
  await page.getByRole('button', { name: '撤回报价' }).click();
  const modal = page.locator('.ant-modal:visible');
  await modal.getByRole('button', { name: '确认撤回' }).click();
  await expect(modal.getByText('请输入撤回原因')).toBeVisible();
  await modal.getByLabel('撤回原因').fill('原材料涨价，暂不报价');
  await modal.getByRole('button', { name: '确认撤回' }).click();
  await expect(page.getByText('报价已撤回')).toBeVisible();
  await expect(page.getByTestId('quotation-withdrawn')).toContainText('原材料涨价，暂不报价');
});
