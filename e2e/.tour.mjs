import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4777';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: 1440, height: 900 } });
await p.goto(base + '/sso/login');
await p.getByPlaceholder('请输入账号').fill(process.argv[2] ?? '18800000004');
await p.getByPlaceholder('请输入密码').fill('Demo@2026');
await p.keyboard.press('Enter');
await p.waitForURL((u) => !u.pathname.startsWith('/sso'), { timeout: 20000 });
for (const path of process.argv.slice(3)) {
  await p.goto(base + path);
  await p.waitForTimeout(6000);
  const name = '/tmp/shot-' + path.replace(/[^a-z0-9]+/gi, '_') + '.png';
  await p.screenshot({ path: name });
  console.log(name);
}
await b.close();
