import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OrderDetail } from '@aquamall/shared';
import { ConfirmPaymentModal, transferDifference } from './ConfirmPaymentModal.tsx';

// jsdom has no ResizeObserver; antd's modal and inputs measure with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The bodies sent to the mocked client, by endpoint name. */
const sent: { name: string; body: unknown }[] = [];
vi.mock('../../../lib/api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api.ts')>();
  const run = (name: string, body: unknown) => {
    sent.push({ name, body });
    return Promise.resolve({ paid: true, remainingAmount: '0.00', excessAmount: '0.00', noteMatched: true });
  };
  return { ...real, api: { ...real.api, run } };
});

const order = {
  id: 9,
  orderNo: 'D2026120700000009',
  totalAmount: '30010.10',
  paidAmount: '10000.00',
  remainingAmount: '20010.10',
} as unknown as OrderDetail;

const wrap = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);
const amountInput = () => screen.getByTestId('received-amount') as HTMLInputElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

afterEach(() => {
  cleanup();
  sent.length = 0;
});

describe('transferDifference (fen arithmetic)', () => {
  it('tells short, exact and excess to the fen, where floats would not', () => {
    // A float sum as typed by a spinner reads as its fen (0.30000000000000004 → 30).
    expect(transferDifference('0.30', 0.1 + 0.2)).toMatchObject({ diff: 0, kind: 'exact' });
    expect(transferDifference('0.30', 0.3)).toMatchObject({ diff: 0, kind: 'exact' });
    expect(transferDifference('20010.10', 20010.09)).toMatchObject({ diff: -1, kind: 'short' });
    expect(transferDifference('20010.10', 20110.1)).toMatchObject({ diff: 10_000, kind: 'excess' });
    expect(transferDifference('1.00', null)).toBeNull();
  });
});

describe('the supplier’s confirm-payment dialog (decision 0215)', () => {
  it('prefills the amount due and says it matches', async () => {
    wrap(<ConfirmPaymentModal order={order} open onClose={() => {}} />);
    await waitFor(() => expect(amountInput().value).toBe('20010.10'));
    expect((await screen.findByTestId('received-difference')).textContent).toContain('实收金额与应付金额一致');
  });

  it('shows the shortfall live and sends the received amount and note', async () => {
    const closed = vi.fn();
    wrap(<ConfirmPaymentModal order={order} open onClose={closed} />);
    await waitFor(() => expect(amountInput().value).toBe('20010.10'));
    type(amountInput(), '20000');
    fireEvent.blur(amountInput());
    await waitFor(() =>
      expect(screen.getByTestId('received-difference').textContent).toContain('少付 ¥10.10：确认后订单仍为待付款，采购商需补付剩余 ¥10.10'),
    );
    type(screen.getByTestId('received-note'), '货款');
    expect((await screen.findByTestId('received-note-warning')).textContent).toContain('附言未包含订单号');
    type(screen.getByTestId('received-note'), '订单 d2026120700000009');
    await waitFor(() => expect(screen.queryByTestId('received-note-warning')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '确认收款' }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        name: 'orderPayConfirm',
        body: { orderId: 9, receivedAmount: 20000, receivedNote: '订单 d2026120700000009', excessHandling: undefined, refundRef: '' },
      },
    ]);
  });

  it('an excess asks what becomes of it; 退还 needs the refund reference', async () => {
    wrap(<ConfirmPaymentModal order={order} open onClose={() => {}} />);
    await waitFor(() => expect(amountInput().value).toBe('20010.10'));
    type(amountInput(), '20110.10');
    fireEvent.blur(amountInput());
    await waitFor(() => expect(screen.getByTestId('received-difference').textContent).toContain('多付 ¥100.00'));
    fireEvent.click(screen.getByRole('button', { name: '确认收款' }));
    expect(await screen.findByText('请选择多付部分的处理方式')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '退还' }));
    await screen.findByPlaceholderText('退还多付款项的银行流水号');
    fireEvent.click(screen.getByRole('button', { name: '确认收款' }));
    expect(await screen.findByText('请填写退还多付款项的银行流水号')).toBeTruthy();
    expect(sent).toEqual([]);
    type(screen.getByPlaceholderText('退还多付款项的银行流水号'), 'ICBC001');
    fireEvent.click(screen.getByRole('button', { name: '确认收款' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ receivedAmount: 20110.1, excessHandling: 1, refundRef: 'ICBC001' });
  });
});
