import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReconDiscrepancyRow, ReconRunRow } from '@aquamall/shared';
import ReconPage, { reconDifferenceFen } from './ReconPage.tsx';

// jsdom has no ResizeObserver; antd's tables and pickers measure with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** What the page asked the console for, by endpoint name. */
const reads: { name: string; input: unknown }[] = [];
const runs: ReconRunRow[] = [
  { id: 2, channel: 2, day: '2026-12-06', status: 'failed', partnerCount: 0, matchedCount: 0, discrepancyCount: 0, openCount: 0, error: '下载对账单失败：网关超时', createdAt: '2026-12-07T00:00:00.000Z' },
  { id: 1, channel: 1, day: '2026-12-06', status: 'done', partnerCount: 12, matchedCount: 9, discrepancyCount: 3, openCount: 2, error: null, createdAt: '2026-12-07T00:00:00.000Z' },
];
const row = (over: Partial<ReconDiscrepancyRow>): ReconDiscrepancyRow =>
  ({ id: 1, runId: 1, channel: 1, day: '2026-12-06', kind: 'amount', payNo: 'ZF1', refundNo: null, partnerTradeNo: null, partnerAmount: null, ourAmount: null, note: '', resolution: null, resolvedBy: null, resolvedAt: null, ...over }) as ReconDiscrepancyRow;
const discrepancies = [
  row({ id: 11, kind: 'amount', payNo: 'ZF_AMOUNT', partnerAmount: '998.00', ourAmount: '1008.00', note: '金额不符' }),
  row({ id: 12, kind: 'long', payNo: 'ZF_LONG', partnerAmount: '300.00', note: '长款' }),
];
vi.mock('../../../lib/api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api.ts')>();
  const read = (name: string, input: unknown) => {
    reads.push({ name, input });
    if (name === 'adminReconRuns') return Promise.resolve({ list: runs, total: runs.length });
    if (name === 'adminReconDiscrepancies') return Promise.resolve({ list: discrepancies, total: discrepancies.length });
    return Promise.reject(new Error(`unexpected ${name}`));
  };
  return { ...real, api: { ...real.api, read, run: read } };
});

const wrap = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

afterEach(() => {
  cleanup();
  reads.length = 0;
});

describe('支付对账 console page', () => {
  it('the difference of an amount mismatch is counted in fen', () => {
    expect(reconDifferenceFen({ partnerAmount: '998.00', ourAmount: '1008.00' })).toBe(-1000);
    expect(reconDifferenceFen({ partnerAmount: '0.30', ourAmount: '0.10' })).toBe(20);
    expect(reconDifferenceFen({ partnerAmount: '300.00', ourAmount: null })).toBeNull();
  });

  it('shows a failed run’s error, the open discrepancies with the difference, and one run’s all from page 1', async () => {
    wrap(<ReconPage />);
    expect((await screen.findByTestId('recon-run-error')).textContent).toBe('下载对账单失败：网关超时');
    expect((await screen.findByTestId('recon-difference')).textContent).toBe('-¥10.00');
    expect(reads.find((r) => r.name === 'adminReconDiscrepancies')!.input).toMatchObject({ open: true, pageIndex: 1 });
    // A run without discrepancies has nothing to view.
    const failedRow = screen.getByTestId('recon-run-error').closest('tr')!;
    expect(within(failedRow).queryByRole('button', { name: '查看差异' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '查看差异' }));
    await waitFor(() =>
      expect(reads.filter((r) => r.name === 'adminReconDiscrepancies').at(-1)!.input).toEqual({ runId: 1, open: undefined, pageIndex: 1, pageSize: 20 }),
    );
    expect(await screen.findByText('2026-12-06 微信支付对账的差异（3 条，未处理 2 条）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查看全部未处理差异' }));
    await waitFor(() =>
      expect(reads.filter((r) => r.name === 'adminReconDiscrepancies').at(-1)!.input).toEqual({ runId: undefined, open: true, pageIndex: 1, pageSize: 20 }),
    );
  });
});
