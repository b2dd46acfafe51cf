import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ContractPriceImportResult } from '@aquamall/shared';
import { PriceImportModal } from './PriceImportModal.tsx';

// jsdom has no ResizeObserver; antd's modal and table measure with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The answers of the mocked upload, in order; the uploaded form data is kept. */
const answers: ContractPriceImportResult[] = [];
const sent: { url: string; file: File | null }[] = [];
vi.mock('../../../lib/api.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api.ts')>();
  return {
    ...real,
    request: (_method: string, url: string, data: FormData) => {
      sent.push({ url, file: data.get('file') as File | null });
      return Promise.resolve(answers.shift());
    },
  };
});

const wrap = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);
const pick = (name: string) =>
  fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, {
    target: { files: [new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })] },
  });

afterEach(() => {
  cleanup();
  answers.length = 0;
  sent.length = 0;
});

describe('导入协议价 dialog', () => {
  it('lists every refused row of a file that was not imported, then says what a good file changed', async () => {
    answers.push(
      {
        imported: false,
        created: 0,
        updated: 0,
        unchanged: 0,
        errors: [
          { row: 3, message: '定价方式请填写“固定价”或“折扣”' },
          { row: 3, message: '请填写协议价（元）或优惠比例（%）' },
          { row: 5, message: 'SKU编码“X-1”不是本公司的商品' },
        ],
      },
      { imported: true, created: 2, updated: 1, unchanged: 4, errors: [] },
    );
    wrap(<PriceImportModal open onClose={() => {}} />);
    expect(screen.getByText('下载模板')).toBeTruthy();
    pick('价格表.xlsx');
    const refused = await screen.findByTestId('price-import-refused');
    expect(refused.textContent).toContain('2行有错误，整个文件未导入');
    const table = screen.getByTestId('price-import-errors');
    expect(within(table).getAllByText('第3行')).toHaveLength(2);
    expect(within(table).getByText('SKU编码“X-1”不是本公司的商品')).toBeTruthy();
    expect(sent).toEqual([{ url: expect.stringContaining('/api/contractPrice/import'), file: expect.objectContaining({ name: '价格表.xlsx' }) }]);

    pick('价格表-改.xlsx');
    await waitFor(() => expect(screen.getByTestId('price-import-done').textContent).toContain('导入完成：新增2条，修改1条，未变4条'));
    expect(screen.queryByTestId('price-import-refused')).toBeNull();
    expect(screen.queryByTestId('price-import-errors')).toBeNull();
  });
});
