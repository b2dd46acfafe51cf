import { useCallback, useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  Result,
  Space,
  Table,
  Tabs,
  type FormInstance,
  type TableProps,
} from 'antd';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@aquamall/shared';
import type { Dayjs } from 'dayjs';
import { pickerToDayOrUndefined } from '../lib/china-time.ts';

/** The page of a paged list (docs/product/api-envelope.md#paged-queries: pageIndex from 1). */
export interface PageParams {
  pageIndex: number;
  pageSize: number;
}

/**
 * A paged list's query parameters: its filters and its page. `filter` merges filters and returns to page 1;
 * `reset` replaces every filter (a filter form's 查询/重置); `page` follows the table's pager.
 */
export function useListParams<F extends object>(initial: F = {} as F, pageSize = DEFAULT_PAGE_SIZE) {
  const [params, setParams] = useState<F & PageParams>({ ...initial, pageIndex: 1, pageSize });
  const filter = useCallback((f: Partial<F>) => setParams((p) => ({ ...p, ...f, pageIndex: 1 })), []);
  const reset = useCallback((f: F) => setParams((p) => ({ ...f, pageIndex: 1, pageSize: p.pageSize })), []);
  const page = useCallback(
    (pageIndex: number, size: number) => setParams((p) => ({ ...p, pageIndex, pageSize: size })),
    [],
  );
  return { params, filter, reset, page };
}

/**
 * The status tab a link asked for (`?status=2`, e.g. from the workbench home's to-dos), as a list's initial
 * status filter; undefined when absent or not a number.
 */
export function useStatusParam(): number | undefined {
  const [search] = useSearchParams();
  const raw = search.get('status');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/** Whether a list's query narrows it (a status tab or any filter), for an empty state that says so. */
export const isFiltered = (params: object, scope: readonly string[] = ['type', 'all']) =>
  Object.entries(params).some(
    ([k, v]) => k !== 'pageIndex' && k !== 'pageSize' && !scope.includes(k) && v !== undefined && v !== '',
  );

/**
 * The pager's count: `10000+` when the server stopped counting (`totalCapped`: the product list counts at most
 * PRODUCT_COUNT_CAP products, the filtered order lists ORDER_COUNT_CAP orders).
 */
export const countLabel = (total: number, capped?: boolean) => (capped ? `${total}+` : String(total));

/** What ListTable reads of a list query (a react-query result of `{list, total}`, `totalCapped` when capped). */
export interface ListQuery<T> {
  data?: { list: T[]; total: number; totalCapped?: boolean };
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

type ListTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> & {
  query: ListQuery<T>;
  params: PageParams;
  onPage: (pageIndex: number, pageSize: number) => void;
  /** Shown instead of the table when the list fails to load, with a retry (商品列表加载失败). */
  errorTitle: string;
  /** The empty state (暂无商品 / 没有匹配的用户). */
  emptyText?: ReactNode;
  /** The pager's text for a count (共 n 件); the count reads `10000+` when the total is capped (countLabel). */
  showTotal?: (count: string) => string;
};

/**
 * The table of a paged list with its states: loading, empty, error with retry, and the pager. Every list page
 * uses it with `useListParams` (docs/adding-a-feature.md step 8).
 */
export function ListTable<T extends object>({
  query,
  params,
  onPage,
  errorTitle,
  emptyText,
  showTotal = (n) => `共 ${n} 条`,
  locale,
  scroll,
  ...table
}: ListTableProps<T>) {
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={errorTitle}
        subTitle={query.error instanceof Error ? query.error.message : undefined}
        extra={<Button onClick={() => void query.refetch()}>重试</Button>}
      />
    );
  }
  return (
    <Table<T>
      {...table}
      // Scrolling sideways inside the table (never the page), and the empty state held to the visible width: a
      // table wider than a phone (its columns, or the 720 px floor of the workbench's phone layout) would centre
      // 暂无… in its full width, off the screen's right edge.
      scroll={scroll ?? { x: 'max-content' }}
      loading={query.isFetching}
      dataSource={query.data?.list ?? []}
      locale={{
        // Until the first answer arrives the spinner sits on a blank area: 暂无… would claim the list is empty.
        emptyText:
          query.data || !query.isFetching ? (
            <Empty description={emptyText ?? '暂无数据'} />
          ) : (
            <div data-testid="list-loading" style={{ height: 160 }} />
          ),
        ...locale,
      }}
      pagination={{
        current: params.pageIndex,
        pageSize: params.pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (n) => showTotal(countLabel(n, query.data?.totalCapped)),
        onChange: onPage,
      }}
    />
  );
}

/**
 * A list page: a card with its title and main action, the filter bar, an optional toolbar (batch actions) and
 * the table (`ListTable`).
 */
export function ListPage({
  title,
  extra,
  filters,
  toolbar,
  variant = 'borderless',
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  filters?: ReactNode;
  toolbar?: ReactNode;
  /** The workbench's pages sit borderless in its content area; the console's cards are outlined. */
  variant?: 'borderless' | 'outlined';
  children: ReactNode;
}) {
  return (
    <Card title={title} variant={variant} extra={extra}>
      {filters && (
        <Space wrap style={{ marginBottom: 16 }}>
          {filters}
        </Space>
      )}
      {toolbar && (
        <Space wrap style={{ marginBottom: 12 }}>
          {toolbar}
        </Space>
      )}
      {children}
    </Card>
  );
}

/** The value of a date range field (`DateRangeItem`). */
export type DateRange = [Dayjs | null, Dayjs | null] | null | undefined;

/** A date range as the list queries take it: `dateFrom` / `dateTo` as YYYY-MM-DD, each left out when not chosen. */
export const dateParams = (range: DateRange) => ({
  dateFrom: pickerToDayOrUndefined(range?.[0]),
  dateTo: pickerToDayOrUndefined(range?.[1]),
});

/** A date range field of a `FilterForm` (下单日期, 报价日期, 创建日期), read with `dateParams`. */
export function DateRangeItem({
  name = 'range',
  label,
  placeholder,
}: {
  name?: string;
  label: string;
  placeholder?: [string, string];
}) {
  return (
    <Form.Item name={name} label={label}>
      <DatePicker.RangePicker placeholder={placeholder} style={{ width: placeholder ? 290 : 240 }} />
    </Form.Item>
  );
}

/**
 * A filter form's values as a list query takes them: text trimmed, and a field left empty (or only blanks) left
 * out, so the server reads "any"; other values (a status chosen in a Select) as they are.
 */
export function trimFilters<F extends object>(values: F): F {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() || undefined : v]),
  ) as F;
}

/** A text field of a `FilterForm` (分组名称, 采购商, 商品): cleared by its ×; read with `trimFilters`. */
export function TextFilterItem({
  name,
  label,
  placeholder,
  maxLength = 60,
  width = 200,
}: {
  name: string;
  label: string;
  placeholder: string;
  maxLength?: number;
  width?: number;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear maxLength={maxLength} placeholder={placeholder} style={{ width }} />
    </Form.Item>
  );
}

/**
 * The filter bar of a list page: the page's own fields (`children`, Form.Items), then 查询 (also Enter in a
 * field), 重置 (clears the fields and searches with none) and the page's actions (导出Excel). `onSearch` gets
 * the form's values; the page turns them into its query (trimming, `dateParams`) and keeps its status tab.
 */
export function FilterForm<F extends object>({
  form,
  onSearch,
  actions,
  children,
}: {
  form: FormInstance<F>;
  onSearch: (values: F) => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form<F>
      form={form}
      layout="inline"
      onFinish={onSearch}
      style={{ rowGap: 12 }}
      data-testid="list-filters"
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({} as F);
            }}
          >
            重置
          </Button>
          {actions}
        </Space>
      </Form.Item>
    </Form>
  );
}

/**
 * Status tabs of a list: 全部 and one tab a status, each with its count only when there is one (待付款 (3), not
 * 已关闭 (0)): the numbers then point at what needs the user, as in the shops a purchaser knows (decision
 * 0123). `value` undefined is 全部; choosing a tab calls `onChange` with its status (undefined for 全部).
 */
export function StatusTabs({
  value,
  statuses,
  label,
  count,
  allCount,
  allCapped,
  onChange,
}: {
  value: number | undefined;
  statuses: readonly { value: number; label: string }[] | readonly number[];
  /** The label of a status given as a number (an enum label). */
  label?: (status: number) => string | undefined;
  count: (status: number) => number;
  allCount?: number;
  /** The server stopped counting: 全部 reads `1000+` (countLabel). */
  allCapped?: boolean;
  onChange: (status: number | undefined) => void;
}) {
  const withCount = (text: string, n: number | undefined, capped?: boolean) =>
    n ? `${text} (${countLabel(n, capped)})` : text;
  const items = statuses.map((s) => {
    const status = typeof s === 'number' ? s : s.value;
    const text = typeof s === 'number' ? (label?.(s) ?? String(s)) : s.label;
    return { key: String(status), label: withCount(text, count(status)) };
  });
  return (
    <Tabs
      activeKey={value === undefined ? 'all' : String(value)}
      onChange={(k) => onChange(k === 'all' ? undefined : Number(k))}
      items={[{ key: 'all', label: withCount('全部', allCount, allCapped) }, ...items]}
    />
  );
}

/** 导出Excel of a list's current filters: busy while the file is made. */
export function ExportButton({ onExport }: { onExport: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      loading={busy}
      onClick={() => {
        setBusy(true);
        void onExport().finally(() => setBusy(false));
      }}
    >
      导出Excel
    </Button>
  );
}
