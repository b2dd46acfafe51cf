import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { CompanyType, type GoodsDetail } from '@aquamall/shared';
import { clientStore } from '../../../lib/storage.ts';
import { setNotifier } from '../../../lib/notify.ts';
import { sessionStore } from '../../session/index.ts';
import { PurchaseBox } from './PurchaseBox.tsx';

const requests: string[] = [];
vi.mock('../../../lib/api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api.ts')>();
  const record = (name: string) => {
    requests.push(name);
    return Promise.reject(new Error(`unexpected ${name}`));
  };
  return { ...real, api: { ...real.api, read: record, run: record } };
});

const goods = {
  id: 41,
  name: '聚合硫酸铁',
  unit: '吨',
  minOrder: 3,
  price: 100,
  priceTiers: [],
  stock: 10,
  skus: [{ sysNo: 9, code: 'S9', spec: '2号', price: 100, priceTiers: [], available: 10 }],
} as unknown as GoodsDetail;

function Where() {
  const l = useLocation();
  return <span data-testid="where">{l.pathname + l.search}</span>;
}

function renderBox() {
  const router = createMemoryRouter(
    [
      { path: '/mall/goodsDetail', element: <PurchaseBox goods={goods} /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/mall/goodsDetail?id=41'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  requests.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.reset();
});

describe('询价 on the goods page (decision 0185)', () => {
  it('a supplier is told why not and nothing is requested', () => {
    const warnings: string[] = [];
    setNotifier({ success: () => undefined, error: () => undefined, warning: (t) => warnings.push(t) });
    clientStore.setToken('supplier-token', true);
    clientStore.setUser({ realName: '王供', extension: { CompanyType: CompanyType.SUPPLIER } });
    sessionStore.reset();
    renderBox();
    fireEvent.click(screen.getByTestId('enquire'));
    expect(warnings).toEqual(['供应商账号不能发布询价，请使用采购单位账号登录后询价']);
    expect(screen.queryByTestId('where')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('a visitor goes to sign-in and comes back to the editor of this product and SKU; a purchaser goes there at once', () => {
    renderBox();
    fireEvent.click(screen.getByTestId('enquire'));
    expect(screen.getByTestId('where').textContent).toBe(`/sso/login?returnUrl=${encodeURIComponent('/customer/enquiry/edit?productId=41&skuId=9')}`);
    cleanup();
    clientStore.setToken('buyer-token', true);
    clientStore.setUser({ realName: '李采购', extension: { CompanyType: CompanyType.PURCHASER } });
    sessionStore.reset();
    renderBox();
    fireEvent.click(screen.getByTestId('enquire'));
    expect(screen.getByTestId('where').textContent).toBe('/customer/enquiry/edit?productId=41&skuId=9');
    // 询价 itself sends nothing; the purchaser's goods page only asked for its own contract prices (decision 0209).
    expect(requests).toEqual(['pricingMine']);
  });
});
