import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpError, type HttpAdapter, type HttpRequest } from '../../lib/api.ts';
import { setNotifier } from '../../lib/notify.ts';
import { clientStore } from '../../lib/storage.ts';
import { completeLogin, logout, safeReturnUrl, sessionStore, type SessionUser } from './index.ts';
import { RequireAuth } from './RequireAuth.tsx';

const user: SessionUser = {
  userId: 7,
  phone: '18800000004',
  realName: '王采购',
  nickName: '',
  avatar: '',
  email: '',
  gender: 1,
  extension: { CompanyId: 3, CompanyName: '清源水务', CompanyType: 4, isMemberVail: 0, memberLv: 0, isCompanyAdmin: true, isPlatformAdmin: false },
};

type Reply = (config: HttpRequest) => { code: number; message?: string; data?: unknown } | Error;
let calls: { url: string; token: string | undefined }[] = [];
function serve(reply: Reply) {
  calls = [];
  const adapter: HttpAdapter = async (config) => {
    calls.push({ url: String(config.url), token: config.headers['x-token'] });
    const body = reply(config);
    if (body instanceof Error) throw new HttpError(body.message, 'ERR_NETWORK');
    return { data: body, status: 200, headers: {} };
  };
  http.defaults.adapter = adapter;
}

function renderGuarded(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/customer/home', element: <RequireAuth><p>工作台内容</p></RequireAuth> },
      { path: '/sso/login', element: <p>登录页</p> },
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
  setNotifier({ success: () => {}, warning: () => {}, error: () => {} });
});
afterEach(() => {
  cleanup();
  sessionStore.reset();
});

describe('token storage', () => {
  it('keeps the token in local storage with remember-me, else in session storage; the user in session storage', async () => {
    serve(() => ({ code: 0, data: user }));
    await completeLogin('tok-remember', user, true, '/customer/home');
    expect(localStorage.getItem('token')).toBe('tok-remember');
    expect(localStorage.getItem('rememberMe')).toBe('true');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('user')!).realName).toBe('王采购');

    await completeLogin('tok-session', user, false);
    expect(sessionStorage.getItem('token')).toBe('tok-session');
    expect(localStorage.getItem('token')).toBeNull();
    // completeLogin fetched the latest user info with the new token.
    expect(calls.at(-1)).toEqual({ url: '/api/appuser/loginuserinfo', token: 'tok-session' });
  });
});

describe('RequireAuth', () => {
  it('without a token goes to login carrying the return URL', async () => {
    serve(() => ({ code: 0, data: null }));
    const router = renderGuarded('/customer/home?tab=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sso/login'));
    expect(router.state.location.search).toBe(`?returnUrl=${encodeURIComponent('/customer/home?tab=2')}`);
  });

  it('with a token fetches the user info, then shows the page', async () => {
    clientStore.setToken('tok', false);
    sessionStore.sync();
    serve(() => ({ code: 0, data: user }));
    renderGuarded('/customer/home');
    expect(await screen.findByText('工作台内容')).toBeTruthy();
    expect(sessionStore.get().user?.realName).toBe('王采购');
    expect(calls[0]?.url).toBe('/api/appuser/loginuserinfo');
  });

  it('uses the cached user when user info cannot be loaded, and counts as logged in', async () => {
    clientStore.setToken('tok', false);
    clientStore.setUser({ ...user, realName: '缓存用户' });
    sessionStore.sync();
    serve(() => new Error('Network Error'));
    renderGuarded('/customer/home');
    expect(await screen.findByText('工作台内容')).toBeTruthy();
    expect(sessionStore.get().user?.realName).toBe('缓存用户');
  });

  it('code 1 logs out and returns to login with the return URL', async () => {
    clientStore.setToken('dead', true);
    sessionStore.sync();
    serve(() => ({ code: 1, message: '登录失效，请刷新页面' }));
    const router = renderGuarded('/customer/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sso/login'));
    expect(router.state.location.search).toContain(encodeURIComponent('/customer/home'));
    expect(clientStore.getToken()).toBeNull();
  });
});

describe('other tabs', () => {
  it('a logout in another tab (local storage token removed) signs this tab out too', () => {
    clientStore.setToken('shared', true);
    sessionStore.sync();
    expect(sessionStore.get().token).toBe('shared');
    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(sessionStore.get().token).toBeNull();
  });
});

describe('logout', () => {
  it('revokes the session on the server, clears storage and stays when asked', async () => {
    clientStore.setToken('tok-out', true);
    clientStore.setUser(user);
    sessionStore.sync();
    serve(() => ({ code: 0, data: null }));
    await logout({ redirect: false });
    expect(calls).toEqual([{ url: '/api/appuser/logout', token: 'tok-out' }]);
    expect(clientStore.getToken()).toBeNull();
    expect(clientStore.getUser()).toBeNull();
    expect(sessionStore.get().token).toBeNull();
  });

  it('only follows same-site return URLs', () => {
    expect(safeReturnUrl('/customer/home?a=1')).toBe('/customer/home?a=1');
    expect(safeReturnUrl('https://evil.example/')).toBeNull();
    expect(safeReturnUrl('//evil.example/')).toBeNull();
    expect(safeReturnUrl(null)).toBeNull();
  });
});
