import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CompanyType, type SessionUser } from '@aquamall/shared';
import { clientStore } from '../../../lib/storage.ts';
import { sessionStore } from '../../session/store.ts';
import { useReviewable } from './discussion.ts';

const calls: string[] = [];
let permissions: string[] = [];
vi.mock('../../../lib/api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api.ts')>();
  return {
    ...real,
    api: {
      ...real.api,
      read: (name: string) => {
        calls.push(name);
        return Promise.resolve(name === 'myAccess' ? { isCompanyAdmin: false, permissions } : []);
      },
    },
  };
});

const user = (companyType: number, isCompanyAdmin: boolean): SessionUser => ({
  userId: 1,
  phone: '18800000000',
  realName: '',
  nickName: '',
  avatar: '',
  email: '',
  gender: null,
  extension: { CompanyId: 1, CompanyName: '公司', CompanyType: companyType, isMemberVail: 0, memberLv: 0, isCompanyAdmin, isPlatformAdmin: false },
});

function render() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  return renderHook(() => useReviewable(5), { wrapper });
}

beforeEach(() => {
  calls.length = 0;
  permissions = [];
  // A signed-in browser holds the token in storage too (what the hook used to look at alone).
  clientStore.setToken('t', false);
});
afterEach(() => {
  cleanup();
  clientStore.clear();
  sessionStore.reset();
});

describe('useReviewable (issue 29 item 13): only those the server answers ask', () => {
  it('a supplier (even its administrator) never asks for reviewable lines', async () => {
    sessionStore.set({ token: 't', user: user(CompanyType.SUPPLIER, true), resolved: true });
    const { result } = render();
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('a visitor asks nothing', async () => {
    clientStore.clear();
    sessionStore.set({ token: null, user: null, resolved: true });
    render();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });

  it("a purchaser's administrator asks at once", async () => {
    sessionStore.set({ token: 't', user: user(CompanyType.PURCHASER, true), resolved: true });
    render();
    await waitFor(() => expect(calls).toEqual(['goodsReviewable']));
  });

  it("a purchaser's user without purchase:manage asks only for its permissions", async () => {
    sessionStore.set({ token: 't', user: user(CompanyType.PURCHASER, false), resolved: true });
    render();
    await waitFor(() => expect(calls).toEqual(['myAccess']));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual(['myAccess']);
  });

  it("a purchaser's user with purchase:manage asks", async () => {
    permissions = ['purchase:manage'];
    sessionStore.set({ token: 't', user: user(CompanyType.PURCHASER, false), resolved: true });
    render();
    await waitFor(() => expect(calls).toEqual(['myAccess', 'goodsReviewable']));
  });
});
