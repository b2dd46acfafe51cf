import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { clientStore } from '../../../lib/storage.ts';
import { sessionStore } from '../../session/index.ts';
import { LoginPage } from './LoginPage.tsx';

// jsdom has no ResizeObserver; antd Tabs measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function renderLogin(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/sso/login', element: <LoginPage /> },
      { path: '/mall', element: <p>商城首页</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.reset();
});
afterEach(() => cleanup());

describe('login page (docs/product/accounts.md#sign-in-pages, docs/product/interface.md#input-rules)', () => {
  it('redirects to the mall home when a token exists', async () => {
    clientStore.setToken('tok', true);
    sessionStore.sync();
    const router = renderLogin('/sso/login?returnUrl=%2Fcustomer%2Fhome');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall'));
  });

  it('offers four ways in, with the account input rules', async () => {
    renderLogin('/sso/login');
    for (const tab of ['账号密码', '短信验证码', '邮箱验证码', '微信扫码']) expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    const account = screen.getByPlaceholderText('请输入账号');
    expect(account.getAttribute('maxlength')).toBe('40');
    expect(screen.getByPlaceholderText('请输入密码').getAttribute('maxlength')).toBe('20');
  });
});
