import { Navigate, type RouteObject } from 'react-router';
import { lazyNamed, lazyPage } from '../../lib/lazy.ts';

/** SSO routes (docs/product/accounts.md#sign-in-pages): login (default), register, invite (accept a company's invitation), forgetPwd, modifyPhone and updatePwd (login required: the pages wrap themselves in RequireAuth), wxCallback (no layout). */
export const ssoRoutes: RouteObject = {
  path: 'sso',
  children: [
    { path: 'wxCallback', lazy: lazyPage(() => import('./pages/WxCallbackPage.tsx')), handle: { title: '微信登录' } },
    {
      lazy: lazyNamed(() => import('./SsoLayout.tsx'), 'SsoLayout'),
      children: [
        { index: true, element: <Navigate to="/sso/login" replace /> },
        { path: 'login', lazy: lazyNamed(() => import('./pages/LoginPage.tsx'), 'LoginPage'), handle: { title: '登录' } },
        { path: 'login/verify', lazy: lazyNamed(() => import('./pages/TwoFactorStepPage.tsx'), 'SecondStepPage'), handle: { title: '两步验证' } },
        { path: 'twoFactor', lazy: lazyNamed(() => import('./pages/TwoFactorSetupPage.tsx'), 'SetupPage'), handle: { title: '开启两步验证' } },
        { path: 'register', lazy: lazyPage(() => import('./pages/RegisterPage.tsx')), handle: { title: '注册' } },
        { path: 'invite', lazy: lazyPage(() => import('./pages/InvitePage.tsx')), handle: { title: '接受邀请' } },
        { path: 'forgetPwd', lazy: lazyPage(() => import('./pages/ForgetPwdPage.tsx')), handle: { title: '找回密码' } },
        { path: 'modifyPhone', lazy: lazyPage(() => import('./pages/ModifyPhonePage.tsx')), handle: { title: '更换手机号' } },
        { path: 'updatePwd', lazy: lazyPage(() => import('./pages/UpdatePwdPage.tsx')), handle: { title: '修改密码' } },
      ],
    },
  ],
};
