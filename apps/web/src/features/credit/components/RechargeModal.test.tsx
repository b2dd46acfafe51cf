import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TransferPayee } from '@aquamall/shared';
import { RechargeModal } from './CreditModals.tsx';

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

const verified: TransferPayee = {
  payeeCompanyName: '清源水处理',
  available: true,
  reason: null,
  account: { accountName: '清源水处理有限公司', bankName: '中国工商银行', branchName: '杭州西湖支行', accountNo: '6222021000001234' },
  note: '充值账户000003',
  amount: null,
};
const none: TransferPayee = { ...verified, available: false, account: null, reason: '该供应商尚未完成对公账户验证，暂不能通过银行转账付款' };

const wrap = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

afterEach(() => {
  cleanup();
  for (const k of Object.keys(answers)) delete answers[k];
});

describe('recharge dialog (decision 0198)', () => {
  const account = { id: 3, sellerCompanyName: '清源水处理', buyerCompanyName: '某水厂', balance: '0.00', creditUsed: '0.00', creditLimit: '1000.00', paymentDays: 30 };
  it('shows the account and the recharge note', async () => {
    Object.assign(answers, { creditPayee: verified });
    wrap(<RechargeModal account={account} open onClose={() => {}} />);
    const card = await screen.findByTestId('payee-account');
    expect(within(card).getByText('充值账户000003')).toBeTruthy();
    expect(within(card).queryByText('转账金额')).toBeNull();
  });
  it('refuses to submit when the supplier has no verified account', async () => {
    Object.assign(answers, { creditPayee: none });
    wrap(<RechargeModal account={account} open onClose={() => {}} />);
    await screen.findByTestId('payee-unavailable');
    expect(screen.getByText('提交充值凭证').closest('button')!.disabled).toBe(true);
  });
});
