import { expect, test } from '../fixtures/console.ts';
import { passwordLogin } from './auth-helpers.ts';

test.describe('mall enquiries', () => {
  test('enquiry filters by purchaser name and status', async ({ page, request }) => {
    const all = (await (await request.post('/api/openEnquiry/query', { data: { pageSize: 1 } })).json()).data;
    const first = all.list[0] as { companyName: string };
    await page.goto(`/mall/enquiry?companyName=${encodeURIComponent(first.companyName)}`);
    await expect(page.getByTestId('enquiry-row').first()).toContainText(first.companyName);
    await page.getByRole('button', { name: '报价中' }).click();
    await expect(page).toHaveURL(/status=1/);
    // The list refetches after the URL changes: wait until every row's status tag reads 报价中.
    const tags = page.getByTestId('enquiry-row').getByTestId('enquiry-status');
    await expect(tags.first()).toBeVisible();
    await expect(tags.filter({ hasNotText: '报价中' })).toHaveCount(0);
  });

  test('a visitor is led to login and back, then a supplier is led to quote', async ({ page, request }) => {
    const open = (await (await request.post('/api/openEnquiry/query', { data: { status: 1, pageSize: 1 } })).json()).data;
    const e = open.list[0] as { id: number; title: string };
    await page.goto(`/mall/enquiryDetail?id=${e.id}`);
    await expect(page.getByRole('heading', { level: 1, name: e.title })).toBeVisible();
    await expect(page.getByTestId('offer-count')).toContainText('家');
    await expect(page.locator('body')).not.toContainText(/(?<!\d)1[3-9]\d{9}(?!\d)/);
    await page.getByRole('link', { name: '登录后报价' }).click();
    await expect(page).toHaveURL(/\/sso\/login\?returnUrl=/);
    await passwordLogin(page, '18800000003');
    await expect(page).toHaveURL(new RegExp(`/mall/enquiryDetail\\?id=${e.id}$`));
    await expect(page.getByRole('link', { name: '我要报价' })).toHaveAttribute('href', `/customer/quotation/detail?enquiryId=${e.id}`);
  });
});
