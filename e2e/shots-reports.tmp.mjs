import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4131';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [phone, reports] of [
  ['18800000002', ['orderSale', 'goodsSale', 'goodsCategory', 'saleAmount']],
  ['18800000004', ['procurement', 'procurementGoods', 'payAmount']],
]) {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`${base}/sso/login`);
  await page.getByPlaceholder('请输入账号').fill(phone);
  await page.getByPlaceholder('请输入密码').fill('Demo@2026');
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/sso'), { timeout: 30000 });
  for (const r of reports) {
    await page.goto(`${base}/customer/report/${r}`);
    await page.getByPlaceholder('开始日期').click();
    await page.locator('.ant-picker-presets li', { hasText: '近12个月' }).click();
    await page.getByTestId('report-filters').getByText(process.env.G ?? '按月', { exact: true }).click();
    await page.locator('[data-report-query]').waitFor({ timeout: 30000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/reports-x/${r}.png`, fullPage: true });
    console.log('shot', r);
  }
  await page.close();
}
await browser.close();
