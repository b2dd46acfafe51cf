import { expect, test } from '../fixtures/console.ts';
import { signIn } from './auth-helpers.ts';

test('a supplier administrator chooses who receives the order notifications and restores the default', async ({ page }) => {
  await signIn(page, '18800000003');
  await page.goto('/customer/user/list');
  const card = page.getByTestId('order-receivers');
  await expect(card).toContainText('订单消息接收人');
  await expect(card).toContainText('当前为默认接收人');
  // The card says when the default applies: nothing chosen, or a choice that reaches nobody.
  await expect(card.getByTestId('order-receivers-fallback-rule')).toContainText('所选用户均已停用或离开企业、所选角色无人拥有时，也改由默认接收人接收');

  // A preset role by name: its members (and only they) receive new orders, payment proofs, after-sales requests…
  await card.getByLabel('指定角色').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: '保存接收人' }).click();
  await expect(page.getByText('已保存').first()).toBeVisible();
  // The demo's first preset role (销售专员) has no member yet: the card says the default still receives.
  await expect(card.getByTestId('order-receivers-now')).toContainText('所选接收人均不可用，当前由默认接收人接收');

  // A user by name as well: the choice reaches someone, and the card names who receives now.
  await card.getByLabel('指定用户').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: '保存接收人' }).click();
  await expect(card.getByTestId('order-receivers-now')).toContainText('当前接收人：');
  await expect(card.getByTestId('order-receivers-now')).not.toContainText('均不可用');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    await card.scrollIntoViewIfNeeded();
    // Nothing of the card runs past the screen's right edge.
    const overflow = await card.evaluate((el) => {
      const right = document.documentElement.clientWidth;
      return Array.from(el.querySelectorAll('*')).filter((c) => c.getBoundingClientRect().right > right + 1).map((c) => c.className.toString()).slice(0, 3);
    });
    expect(overflow, `${width} px`).toEqual([]);
    await page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/order-receivers-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  // 恢复默认: the administrators and the holders of the order permission again (other journeys expect them).
  await card.getByRole('button', { name: '恢复默认' }).click();
  await expect(card).toContainText('当前为默认接收人');
});
