import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OrderDetail, TransferMatch } from '@aquamall/shared';
import { OrderPapersButton, TransferMatchButton } from './OrderPapers.tsx';

// jsdom has no ResizeObserver; antd's modal, dropdown and inputs measure with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const calls: { name: string; input: unknown }[] = [];
const short: TransferMatch = {
  expected: '30010.10',
  received: '30000.00',
  difference: '-10.10',
  kind: 'short',
  noteMatches: true,
  expectedNote: '订单D2026112700000007',
  message: '少付 ¥10.10，差额仍需采购商补付；附言含订单号',
};
vi.mock('../../../lib/api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api.ts')>();
  const read = (name: string, input: unknown) => {
    calls.push({ name, input });
    return name === 'orderTransferMatch' ? Promise.resolve(short) : Promise.reject(new Error(`unexpected ${name}`));
  };
  const downloadEndpoint = (name: string, input: unknown) => {
    calls.push({ name, input });
    return Promise.resolve(true);
  };
  return { ...real, api: { ...real.api, read, run: read }, downloadEndpoint };
});

const order = {
  id: 7,
  orderNo: 'D2026112700000007',
  side: 'seller',
  status: 4,
  totalAmount: '30010.10',
  shipments: [{ id: 31 }, { id: 32 }],
} as unknown as OrderDetail;

const wrap = (ui: React.ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe('核对到账 (decision 0198)', () => {
  it('sends the amount and note from the bank statement and shows the difference', async () => {
    wrap(<TransferMatchButton order={order} />);
    fireEvent.click(screen.getByTestId('transfer-match'));
    fireEvent.change(await screen.findByLabelText('到账金额（元）'), { target: { value: '30000' } });
    fireEvent.change(screen.getByLabelText('转账附言'), { target: { value: '订单D2026112700000007' } });
    fireEvent.click(screen.getByRole('button', { name: /^核\s*对$/ }));
    const result = await screen.findByTestId('transfer-match-result');
    expect(result.textContent).toContain('少付 ¥10.10，差额仍需采购商补付');
    expect(result.textContent).toContain('差额 -¥10.10');
    expect(calls).toEqual([{ name: 'orderTransferMatch', input: { orderId: 7, amount: 30000, note: '订单D2026112700000007' } }]);
  });
});

describe('打印单据', () => {
  it('offers the 销售订单 and one 发货单 per shipment, and no 收货单 before receipt', async () => {
    wrap(<OrderPapersButton order={order} />);
    fireEvent.click(screen.getByTestId('order-papers'));
    expect(await screen.findByText('销售订单（PDF）')).toBeTruthy();
    expect(screen.getByText('发货单 第 2 批（PDF）')).toBeTruthy();
    expect(screen.queryByText('收货单（PDF）')).toBeNull();
    fireEvent.click(screen.getByText('发货单 第 2 批（PDF）'));
    expect(calls).toEqual([{ name: 'orderPaper', input: { id: 7, kind: 'delivery', shipmentId: 32 } }]);
  });
});
