import { expect, test } from '@playwright/test';
import { outboxCode, signIn } from './auth-helpers.ts';


test('an administrator invites a number with a role; its owner joins by SMS code with its own password, sees only what the role grants, and is disabled', async ({
  page,
  browser,
}) => {
  const phone = `139${String(Date.now()).slice(-8)}`;
  await signIn(page, '18800000003');
  await page.goto('/customer/user/list');
  await page.getByRole('button', { name: /邀请用户/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('请输入11位手机号').fill('123');
  await dialog.getByRole('button', { name: /邀\s*请/ }).click();
  await expect(dialog.getByText('请输入正确的11位手机号')).toBeVisible();
  await dialog.getByPlaceholder('请输入11位手机号').fill(phone);
  await dialog.getByPlaceholder('请输入姓名').fill('赵销售');
  // The administrator chooses no password for someone else's number.
  await expect(dialog.getByText('初始密码')).toHaveCount(0);
  await dialog.locator('.ant-select').click();
  await page.getByTitle('销售专员（预设）').click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: /邀\s*请/ }).click();
  await expect(page.getByText(/邀请已发送/)).toBeVisible();
  const pending = page.getByRole('region', { name: '待接受的邀请' });
  await expect(pending.getByRole('row', { name: /赵销售/ })).toContainText('销售专员');

  // The invitee proves the number with the texted code on /sso/invite and sets its own password.
  const sub = await browser.newPage();
  await sub.goto(`/sso/invite?phone=${phone}`);
  await sub.getByPlaceholder('请输入验证码').fill(await outboxCode(sub.request, phone));
  await sub.getByPlaceholder('请设置登录密码').fill('Sales2026x');
  await sub.getByPlaceholder('请再次输入密码').fill('Sales2026x');
  await sub.getByRole('button', { name: /加入企业/ }).click();
  await expect(sub).toHaveURL(/\/customer/);
  await sub.goto('/customer/home');
  const menu = sub.getByTestId('workbench-menu');
  await expect(menu.getByText('报价管理', { exact: true })).toBeVisible();
  await expect(menu.getByText('商品管理', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('企业管理', { exact: true })).toHaveCount(0);
  await sub.goto('/customer/product');
  await expect(sub.getByTestId('access-blocked')).toContainText('您没有访问此页面的权限');
  await sub.goto('/customer/quotation');
  await expect(sub).toHaveTitle(/^我的报价/);
  await expect(sub.getByText('导出Excel').or(sub.getByText('暂无数据')).first()).toBeVisible();
  await expect(sub.getByTestId('access-blocked')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('region', { name: '待接受的邀请' })).toHaveCount(0);
  const row = page.getByRole('row', { name: /赵销售/ });
  await expect(row).toContainText('销售专员');
  await expect(row).toContainText('正常');

  // Disabling ends the sub-user's session at once.
  await row.getByRole('button', { name: /停\s*用/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /停\s*用/ })
    .click();
  await expect(row).toContainText('已停用');
  await sub.reload();
  await expect(sub).toHaveURL(/\/sso\/login\?returnUrl=/);
  await sub.close();
});

test('role management: create a role with permissions, then delete it after confirmation', async ({
  page,
}) => {
  await signIn(page, '18800000003');
  await page.goto('/customer/role/list');
  await expect(page.getByRole('row', { name: /销售专员/ })).toContainText('系统预设');
  await page.getByRole('button', { name: /新建角色/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请输入角色名称')).toBeVisible();
  await dialog.getByPlaceholder('如：仓库管理员').fill('仓库主管');
  await dialog.locator('#permissions').getByRole('checkbox', { name: '库存调整' }).check();
  await dialog.getByRole('treeitem', { name: '库存管理' }).getByRole('checkbox').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('角色已创建')).toBeVisible();
  const row = page.getByRole('row', { name: /仓库主管/ });
  await expect(row).toContainText('库存调整');
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText('角色已删除')).toBeVisible();
  await expect(page.getByRole('row', { name: /仓库主管/ })).toHaveCount(0);
});
