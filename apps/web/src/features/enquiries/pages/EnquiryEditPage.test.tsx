import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { CompanyType, type EnquiryFromProduct, type SessionUser } from '@aquamall/shared';
import { sessionStore } from '../../session/index.ts';
import EnquiryEditPage, { contactOf, fromProductValues } from './EnquiryEditPage.tsx';

// jsdom has no ResizeObserver; antd Table and Select measure with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const calls: { name: string; input: unknown }[] = [];
let answer: EnquiryFromProduct | null = null;
vi.mock('../../../lib/api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api.ts')>();
  return {
    ...real,
    api: {
      ...real.api,
      read: (name: string, input: unknown) => {
        calls.push({ name, input });
        if (name === 'enquiryFromProduct') return answer ? Promise.resolve(answer) : Promise.reject(new Error('商品不存在或已下架'));
        if (name === 'areaTree' || name === 'enquirySuppliers') return Promise.resolve([]);
        return Promise.reject(new Error(`unexpected ${name}`));
      },
    },
  };
});

const user = {
  userId: 1,
  phone: '13800000009',
  realName: '李采购',
  nickName: 'li',
  avatar: '',
  email: '',
  gender: null,
  extension: { CompanyId: 3, CompanyName: '清源水务', CompanyType: CompanyType.PURCHASER, isMemberVail: 1, memberLv: 1, isCompanyAdmin: true, isPlatformAdmin: false },
} satisfies SessionUser;

const pfs: EnquiryFromProduct = {
  title: '聚合硫酸铁 询价',
  line: { productName: '聚合硫酸铁', spec: 'PFS-21 2号', quantity: 3, unit: '吨', productId: 41 },
  supplier: { id: 8, name: '绿源环保科技有限公司', shopName: '绿源环保', certified: true, memberLevel: 2 },
};

function renderAt(url: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        <EnquiryEditPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

afterEach(() => {
  cleanup();
  calls.length = 0;
  answer = null;
  sessionStore.reset();
});

describe('询价 from a goods page (decision 0185)', () => {
  it('fills line 1 from the product and SKU, invites its supplier and takes the contact from the signed-in user', async () => {
    answer = pfs;
    sessionStore.set({ token: 't', user });
    renderAt('/customer/enquiry/edit?productId=41&skuId=9');
    await waitFor(() => expect(value('第1行产品名称')).toBe('聚合硫酸铁'));
    expect(calls.filter((c) => c.name === 'enquiryFromProduct')).toEqual([{ name: 'enquiryFromProduct', input: { productId: 41, skuId: 9 } }]);
    expect(value('第1行规格')).toBe('PFS-21 2号');
    expect(value('第1行数量')).toBe('3');
    expect(value('第1行单位')).toBe('吨');
    expect((screen.getByPlaceholderText('如：2027年一季度净水药剂采购') as HTMLInputElement).value).toBe('聚合硫酸铁 询价');
    expect((screen.getByLabelText('邀请询价（仅受邀供应商可报价）') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTitle('绿源环保科技有限公司（已认证）')).toBeTruthy();
    expect(screen.getByTestId('from-product').textContent).toContain('已建议邀请「绿源环保」报价');
    expect(value('联系人')).toBe('李采购');
    expect(value('联系电话')).toBe('13800000009');
  });

  it('a product that cannot be read leaves the lines empty and says so; without productId nothing is asked', async () => {
    sessionStore.set({ token: 't', user });
    renderAt('/customer/enquiry/edit?productId=41');
    expect(await screen.findByText('商品不存在或已下架，请手动填写询价明细')).toBeTruthy();
    expect(value('第1行产品名称')).toBe('');
    cleanup();
    calls.length = 0;
    renderAt('/customer/enquiry/edit');
    await waitFor(() => expect(value('联系人')).toBe('李采购'));
    expect(calls.map((c) => c.name)).not.toContain('enquiryFromProduct');
  });

  it('fromProductValues leaves 公开询价 when the supplier cannot be invited; contactOf falls back to the nickname', () => {
    expect(fromProductValues({ ...pfs, supplier: null })).toEqual({ title: '聚合硫酸铁 询价', lines: [{ ...pfs.line, targetPrice: null, remark: '' }] });
    expect(fromProductValues(pfs)).toMatchObject({ visibility: 2, invitedSupplierIds: [8] });
    expect(contactOf({ realName: '', nickName: '小李', phone: '13900000000' })).toEqual({ contactName: '小李', contactPhone: '13900000000' });
    expect(contactOf(null)).toEqual({ contactName: '', contactPhone: '' });
  });
});
