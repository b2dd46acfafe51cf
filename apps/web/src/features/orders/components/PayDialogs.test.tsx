import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OrderDetail, TransferPayee } from '@aquamall/shared';
import { PayModal } from './OrderActionModals.tsx';

// jsdom has no ResizeObserver; antd's modal and inputs measure with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The answers of the mocked reads, by endpoint name. */
const answers: Record<string, unknown> = {};
vi.mock('../../../lib/api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api.ts')>();
  const read = (name: string) => (name in answers ? Promise.resolve(answers[name]) : Promise.reject(new Error(`unexpected ${name}`)));
  return { ...real, api: { ...real.api, read, run: read } };
});

const order = { id: 7, orderNo: 'D2026112700000007', sellerCompanyName: '清源水处理', totalAmount: '30010.10' } as unknown as OrderDetail;
const verified: TransferPayee = {
  payeeCompanyName: '清源水处理',
  available: true,
  reason: null,
  account: { accountName: '清源水处理有限公司', bankName: '中国工商银行', branchName: '杭州西湖支行', accountNo: '6222021000001234' },
  note: '订单D2026112700000007',
  amount: '30010.10',
};
const none: TransferPayee = { ...verified, available: false, account: null, reason: '该供应商尚未完成对公账户验证，暂不能通过银行转账付款' };
const creditAccount = { id: 3, status: 1, balance: '0.00', available: '50000.00', creditLimit: '50000.00', creditUsed: '0.00', paymentDays: 30 };

const wrap = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

afterEach(() => {
  cleanup();
  for (const k of Object.keys(answers)) delete answers[k];
});

describe('transfer dialog (decision 0198)', () => {
  it('shows the verified account, the amount and the 附言 with copy buttons', async () => {
    Object.assign(answers, { orderPayee: verified, creditForOrder: null });
    wrap(<PayModal order={order} open onClose={() => {}} />);
    const card = await screen.findByTestId('payee-account');
    expect(within(card).getByText('清源水处理有限公司')).toBeTruthy();
    expect(within(card).getByText('中国工商银行 杭州西湖支行')).toBeTruthy();
    expect(within(card).getByText('6222 0210 0000 1234')).toBeTruthy();
    expect(within(card).getByText('订单D2026112700000007')).toBeTruthy();
    // 户名, 开户行, 账号, 金额, 附言: each can be copied.
    expect(card.querySelectorAll('.ant-typography-copy')).toHaveLength(5);
    expect(screen.getByText('提交凭证').closest('button')!.disabled).toBe(false);
  });

  it('without a verified account says why and offers only the credit account', async () => {
    Object.assign(answers, { orderPayee: none, creditForOrder: creditAccount });
    wrap(<PayModal order={order} open onClose={() => {}} />);
    expect(await screen.findByText(/从 清源水处理 的信用账户支付/)).toBeTruthy();
    const transfer = screen.getByRole('radio', { name: '银行转账' }) as HTMLInputElement;
    expect(transfer.disabled).toBe(true);
    expect((screen.getByRole('radio', { name: '账期支付' }) as HTMLInputElement).checked).toBe(true);
  });

  it('without a verified account nor credit, nothing can be submitted', async () => {
    Object.assign(answers, { orderPayee: none, creditForOrder: null });
    wrap(<PayModal order={order} open onClose={() => {}} />);
    expect(await screen.findByText('该供应商尚未完成对公账户验证，暂不能通过银行转账付款')).toBeTruthy();
    expect(screen.queryByText('付款凭证')).toBeNull();
    expect(screen.getByText('提交凭证').closest('button')!.disabled).toBe(true);
  });
});
