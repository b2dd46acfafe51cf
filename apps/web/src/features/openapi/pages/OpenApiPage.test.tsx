import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ApiCallRow, ApiKeyRow } from '@aquamall/shared';
import OpenApiPage from './OpenApiPage.tsx';

// jsdom has no ResizeObserver; antd's tables and pickers measure with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const reads: { name: string; input: unknown }[] = [];
let calls: () => Promise<{ list: ApiCallRow[]; total: number }> = () => Promise.resolve({ list: [], total: 0 });
const key: ApiKeyRow = {
  id: 7, accessKeyId: 'AK0123456789abcdef0123', name: '仓库ERP', scopes: ['orders:read'], createdAt: '2026-12-01T00:00:00.000Z',
  rotatedAt: null, revokedAt: null, lastUsedAt: null, useCount: 2,
};
const callRow = (over: Partial<ApiCallRow>): ApiCallRow => ({
  id: 1, keyId: 7, accessKeyId: key.accessKeyId, keyName: key.name, method: 'POST', route: '/api/order/list', httpStatus: 200,
  code: 0, errorId: null, ip: '203.0.113.9', durationMs: 12, at: '2026-12-07T02:03:04.000Z', ...over,
});
vi.mock('../../../lib/api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api.ts')>();
  const read = (name: string, input: unknown) => {
    reads.push({ name, input });
    if (name === 'openApiStatus') return Promise.resolve({ enabled: true, isAdmin: true });
    if (name === 'apiKeyList') return Promise.resolve({ list: [key], total: 1 });
    if (name === 'apiCallList') return calls();
    if (name === 'webhookList' || name === 'webhookDeliveries') return Promise.resolve({ list: [], total: 0 });
    return Promise.reject(new Error(`unexpected ${name}`));
  };
  return { ...real, api: { ...real.api, read, run: read } };
});

const open = async () => {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OpenApiPage />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByRole('tab', { name: '调用记录' }));
  return screen.findByRole('tabpanel', { name: '调用记录' });
};

afterEach(() => {
  cleanup();
  reads.length = 0;
});

describe('开放平台 → 调用记录', () => {
  it('lists each call with its key, route, result (a refusal by its identity), IP and China time', async () => {
    calls = () =>
      Promise.resolve({
        list: [callRow({ id: 2, code: 1, errorId: 'SIGN_MISMATCH', method: 'GET', route: '/api/order/detail' }), callRow({})],
        total: 2,
      });
    const panel = await open();
    expect(await within(panel).findByText('SIGN_MISMATCH')).toBeTruthy();
    const rows = panel.querySelectorAll('.ant-table-tbody tr.ant-table-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('失败（code 1）');
    expect(rows[0]!.textContent).toContain('/api/order/detail');
    expect(rows[1]!.textContent).toContain('成功');
    expect(rows[1]!.textContent).toContain('仓库ERP');
    expect(rows[1]!.textContent).toContain('203.0.113.9');
    // 02:03:04 UTC is 10:03:04 in China.
    expect(rows[1]!.textContent).toContain('2026-12-07 10:03:04');
    expect(reads.find((r) => r.name === 'apiCallList')!.input).toMatchObject({ pageIndex: 1 });
  });

  it('says when there is no call yet, and when the log fails to load', async () => {
    calls = () => Promise.resolve({ list: [], total: 0 });
    const empty = await open();
    expect(await within(empty).findByText(/暂无调用记录/)).toBeTruthy();
    cleanup();
    calls = () => Promise.reject(new Error('网络异常'));
    const failed = await open();
    expect(await within(failed).findByText('调用记录加载失败')).toBeTruthy();
  });
});
