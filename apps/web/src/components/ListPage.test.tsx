import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import dayjs from 'dayjs';
import {
  dateParams,
  ExportButton,
  FilterForm,
  isFiltered,
  ListPage,
  ListTable,
  StatusTabs,
  TextFilterItem,
  trimFilters,
  useListParams,
  type ListQuery,
} from './ListPage.tsx';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
}
const columns = [{ title: '名称', dataIndex: 'name' }];
const query = (over: Partial<ListQuery<Row>> = {}): ListQuery<Row> => ({
  isFetching: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});

describe('useListParams', () => {
  it('returns to page 1 when a filter changes and keeps the page size', () => {
    const { result } = renderHook(() =>
      useListParams<{ keyword?: string; status?: number }>({ status: 1 }, 20),
    );
    expect(result.current.params).toEqual({ status: 1, pageIndex: 1, pageSize: 20 });
    act(() => result.current.page(3, 50));
    expect(result.current.params).toEqual({ status: 1, pageIndex: 3, pageSize: 50 });
    act(() => result.current.filter({ keyword: '泵' }));
    expect(result.current.params).toEqual({ status: 1, keyword: '泵', pageIndex: 1, pageSize: 50 });
    act(() => result.current.reset({ status: 2 }));
    expect(result.current.params).toEqual({ status: 2, pageIndex: 1, pageSize: 50 });
  });
});

describe('ListTable', () => {
  it('shows the rows with the total, or the empty state', () => {
    const params = { pageIndex: 1, pageSize: 20 };
    render(
      <ListTable<Row>
        rowKey="id"
        columns={columns}
        query={query({ data: { list: [{ id: 1, name: '计量泵' }], total: 1 } })}
        params={params}
        onPage={() => {}}
        errorTitle="列表加载失败"
        showTotal={(n) => `共 ${n} 件`}
      />,
    );
    expect(screen.getByText('计量泵')).toBeTruthy();
    expect(screen.getByText('共 1 件')).toBeTruthy();
    cleanup();
    render(
      <ListTable<Row>
        rowKey="id"
        columns={columns}
        query={query({ data: { list: [], total: 0 } })}
        params={params}
        onPage={() => {}}
        errorTitle="列表加载失败"
        emptyText="暂无商品"
      />,
    );
    expect(screen.getByText('暂无商品')).toBeTruthy();
  });

  it('shows no empty state while the first page is loading', () => {
    render(
      <ListTable<Row>
        rowKey="id"
        columns={columns}
        query={query({ isFetching: true })}
        params={{ pageIndex: 1, pageSize: 20 }}
        onPage={() => {}}
        errorTitle="列表加载失败"
        emptyText="暂无商品"
      />,
    );
    expect(screen.queryByText('暂无商品')).toBeNull();
    expect(screen.getByTestId('list-loading')).toBeTruthy();
  });

  it('says 10000+ when the server stopped counting', () => {
    render(
      <ListTable<Row>
        rowKey="id"
        columns={columns}
        query={query({ data: { list: [{ id: 1, name: '计量泵' }], total: 10_000, totalCapped: true } })}
        params={{ pageIndex: 1, pageSize: 20 }}
        onPage={() => {}}
        errorTitle="列表加载失败"
        showTotal={(n) => `共 ${n} 件`}
      />,
    );
    expect(screen.getByText('共 10000+ 件')).toBeTruthy();
  });

  it('replaces the table by the error with a retry', () => {
    const refetch = vi.fn();
    render(
      <ListPage title="商品列表" filters={<span>筛选</span>}>
        <ListTable<Row>
          rowKey="id"
          columns={columns}
          query={query({ isError: true, error: new Error('网络异常'), refetch })}
          params={{ pageIndex: 1, pageSize: 20 }}
          onPage={() => {}}
          errorTitle="商品列表加载失败"
        />
      </ListPage>,
    );
    expect(screen.getByText('商品列表加载失败')).toBeTruthy();
    expect(screen.getByText('网络异常')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});

// jsdom has no ResizeObserver; antd Tabs measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('StatusTabs', () => {
  it('labels 全部 and each status with its count, and answers the chosen status (undefined for 全部)', () => {
    const onChange = vi.fn();
    render(
      <StatusTabs
        value={2}
        statuses={[1, 2, 3]}
        label={(s) => `状态${s}`}
        count={(s) => (s === 2 ? 4 : 0)}
        allCount={9}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('tab', { name: '全部 (9)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '状态1' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '状态2 (4)' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '状态3' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    fireEvent.click(screen.getByRole('tab', { name: '全部 (9)' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('reads 全部 (1000+) when the server stopped counting', () => {
    render(
      <StatusTabs
        value={undefined}
        statuses={[1]}
        count={() => 0}
        allCount={1000}
        allCapped
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('tab', { name: '全部 (1000+)' })).toBeTruthy();
  });
});

describe('ExportButton', () => {
  it('is busy until the export settles', async () => {
    let done!: () => void;
    const onExport = vi.fn(() => new Promise<void>((r) => (done = r)));
    render(<ExportButton onExport={onExport} />);
    const button = screen.getByRole('button', { name: /导出Excel/ });
    fireEvent.click(button);
    expect(onExport).toHaveBeenCalledTimes(1);
    expect(button.className).toContain('ant-btn-loading');
    await act(async () => done());
    expect(button.className).not.toContain('ant-btn-loading');
  });
});

describe('FilterForm', () => {
  function Filters({ onSearch }: { onSearch: (v: { keyword?: string }) => void }) {
    const [form] = Form.useForm<{ keyword?: string }>();
    return (
      <FilterForm form={form} onSearch={onSearch} actions={<span>导出</span>}>
        <Form.Item name="keyword" label="询价">
          <Input placeholder="询价标题或单号" />
        </Form.Item>
      </FilterForm>
    );
  }

  it('searches with the fields on 查询, and 重置 clears them and searches with none', async () => {
    const onSearch = vi.fn();
    render(<Filters onSearch={onSearch} />);
    expect(screen.getByText('导出')).toBeTruthy();
    const input = screen.getByPlaceholderText('询价标题或单号') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '加药泵' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ keyword: '加药泵' }));
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(onSearch).toHaveBeenLastCalledWith({});
    // A reset mounts the field anew: read the new input.
    await waitFor(() =>
      expect((screen.getByPlaceholderText('询价标题或单号') as HTMLInputElement).value).toBe(''),
    );
  });
});

describe('TextFilterItem and trimFilters', () => {
  function Filters({ onSearch }: { onSearch: (v: { purchaser?: string; state?: string }) => void }) {
    const [form] = Form.useForm<{ purchaser?: string; state?: string }>();
    return (
      <FilterForm form={form} onSearch={(v) => onSearch(trimFilters({ ...v, state: 'active' }))}>
        <TextFilterItem name="purchaser" label="采购商" placeholder="采购商名称" maxLength={20} />
      </FilterForm>
    );
  }

  it('searches with the text trimmed, leaves a blank field out and passes other values as they are', async () => {
    const onSearch = vi.fn();
    render(<Filters onSearch={onSearch} />);
    const input = screen.getByPlaceholderText('采购商名称') as HTMLInputElement;
    expect(input.maxLength).toBe(20);
    fireEvent.change(input, { target: { value: '  京南水务 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ purchaser: '京南水务', state: 'active' }));
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ purchaser: undefined, state: 'active' }));
  });

  it('keeps numbers and choices, and trims only strings', () => {
    expect(trimFilters({ keyword: ' 泵 ', status: 2, empty: '', none: undefined })).toEqual({ keyword: '泵', status: 2, empty: undefined, none: undefined });
  });
});

describe('dateParams and isFiltered', () => {
  it('turns a range into dateFrom / dateTo, leaving out an open end', () => {
    expect(dateParams([dayjs('2026-03-01'), dayjs('2026-03-31')])).toEqual({
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
    });
    expect(dateParams([dayjs('2026-03-01'), null])).toEqual({ dateFrom: '2026-03-01', dateTo: undefined });
    expect(dateParams(undefined)).toEqual({ dateFrom: undefined, dateTo: undefined });
  });

  it('counts a status or any filter, not the page or the list scope', () => {
    expect(isFiltered({ pageIndex: 3, pageSize: 50, type: 4, all: 1, keyword: undefined })).toBe(false);
    expect(isFiltered({ pageIndex: 1, pageSize: 20, status: 0 })).toBe(true);
    expect(isFiltered({ pageIndex: 1, pageSize: 20, dateFrom: '2026-03-01' })).toBe(true);
  });
});
