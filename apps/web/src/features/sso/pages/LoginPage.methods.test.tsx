import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SiteFeatures } from '@aquamall/shared';
import { LoginPage } from './LoginPage.tsx';

// jsdom has no ResizeObserver; antd Tabs measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const features: SiteFeatures = {
  demo: false,
  loginMethods: { password: true, sms: false, email: true, wechat: false },
  frameHosts: [],
};
vi.mock('../../../lib/site-features.ts', () => ({ useSiteFeatures: () => features }));

afterEach(() => cleanup());

describe('login page on a deployment without SMS and WeChat (docs/product/deployment.md#deployment)', () => {
  it('keeps the tabs but explains that SMS and WeChat sign-in are not available', () => {
    const router = createMemoryRouter([{ path: '/sso/login', element: <LoginPage /> }], { initialEntries: ['/sso/login'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('tab', { name: '短信验证码' }));
    expect(screen.getByText('短信登录暂未开通，请使用账号密码登录。')).toBeTruthy();
    expect(screen.queryByPlaceholderText('请输入手机号')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '微信扫码' }));
    expect(screen.getByText('微信扫码登录暂未开通，请使用其他方式登录。')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '邮箱验证码' }));
    expect(screen.queryByText(/邮箱验证码登录暂未开通/)).toBeNull();
  });
});
