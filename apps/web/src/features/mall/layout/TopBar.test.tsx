import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { CompanyType } from '@aquamall/shared';
import { clientStore } from '../../../lib/storage.ts';
import { sessionStore } from '../../session/index.ts';
import { TopBar } from './TopBar.tsx';

const calls: string[] = [];
let companyType: number = CompanyType.PURCHASER;
vi.mock('../../../lib/api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api.ts')>();
  return {
    ...real,
    api: {
      ...real.api,
      read: (name: string) => {
        calls.push(name);
        if (name === 'userInfo')
          return Promise.resolve({ realName: '张立伟', extension: { CompanyType: companyType } });
        if (name === 'cartCount') return Promise.resolve({ count: 3 });
        return Promise.reject(new Error(`unexpected ${name}`));
      },
    },
  };
});

function renderBar() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <TopBar siteName="测试平台" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls.length = 0;
  companyType = CompanyType.PURCHASER;
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  sessionStore.reset();
});

describe('TopBar cart link', () => {
  it('is absent for a visitor, and nothing is asked of the server', () => {
    sessionStore.reset();
    renderBar();
    expect(screen.queryByTestId('topbar-cart')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows with the count for a purchaser whose token has no stored user (the user info tells the type)', async () => {
    clientStore.setToken('token-without-user', true);
    sessionStore.reset();
    renderBar();
    await waitFor(() => expect(screen.getByTestId('topbar-cart').textContent).toBe('购物车(3)'));
    expect(calls).toContain('userInfo');
    expect(screen.getByTestId('topbar-user').textContent).toBe('张立伟');
  });

  it('uses the user stored at login without asking again, and stays hidden for a supplier', async () => {
    clientStore.setToken('token-of-supplier', true);
    clientStore.setUser({ realName: '王供', extension: { CompanyType: CompanyType.SUPPLIER } });
    sessionStore.reset();
    renderBar();
    expect(screen.getByTestId('topbar-user').textContent).toBe('王供');
    expect(screen.queryByTestId('topbar-cart')).toBeNull();
    expect(calls).toEqual([]);
  });
});
