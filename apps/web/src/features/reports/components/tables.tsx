import { Table, type TableColumnsType } from 'antd';
import type { ReportCategory, ReportCounterpart, ReportPeriod, ReportProduct } from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';

const money = (title: string, dataIndex: string, width = 140) => ({
  title,
  dataIndex,
  width,
  align: 'right' as const,
  render: (v: string) => <Price value={v} />,
});

/** Rows of one period each (the chart's data as a table). */
export function PeriodTable({
  rows,
  amountTitle,
  quantity = false,
}: {
  rows: ReportPeriod[];
  amountTitle: string;
  quantity?: boolean;
}) {
  const columns: TableColumnsType<ReportPeriod> = [
    { title: '统计周期', dataIndex: 'period', width: 120 },
    { title: '订单数', dataIndex: 'orderCount', width: 100, align: 'right' },
    ...(quantity ? [{ title: '数量', dataIndex: 'quantity', width: 100, align: 'right' as const }] : []),
    money(amountTitle, 'amount', 160),
  ];
  return (
    <Table<ReportPeriod>
      rowKey="period"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={{ pageSize: 12, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}

export function CounterpartTable({ rows, title }: { rows: ReportCounterpart[]; title: string }) {
  const columns: TableColumnsType<ReportCounterpart> = [
    { title: '排名', key: 'rank', width: 64, render: (_, __, i) => i + 1 },
    { title, dataIndex: 'name' },
    { title: '订单数', dataIndex: 'orderCount', width: 100, align: 'right' },
    money('订单金额', 'amount', 160),
  ];
  return (
    <Table<ReportCounterpart>
      rowKey="companyId"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}

export function CategoryTable({ rows }: { rows: ReportCategory[] }) {
  const columns: TableColumnsType<ReportCategory> = [
    { title: '品类', dataIndex: 'name' },
    { title: '订单数', dataIndex: 'orderCount', width: 100, align: 'right' },
    { title: '数量', dataIndex: 'quantity', width: 100, align: 'right' },
    money('金额', 'amount', 160),
    { title: '占比', dataIndex: 'share', width: 100, align: 'right', render: (v: string) => `${v}%` },
  ];
  return (
    <Table<ReportCategory>
      rowKey={(r) => r.categoryId ?? 0}
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}

export function ProductTable({ rows }: { rows: ReportProduct[] }) {
  const columns: TableColumnsType<ReportProduct> = [
    { title: '排名', key: 'rank', width: 64, render: (_, __, i) => i + 1 },
    { title: '商品名称', dataIndex: 'name', ellipsis: true },
    { title: '品类', dataIndex: 'categoryName', width: 140, ellipsis: true },
    { title: '订单数', dataIndex: 'orderCount', width: 90, align: 'right' },
    {
      title: '数量',
      dataIndex: 'quantity',
      width: 110,
      align: 'right',
      render: (v: number, r) => `${v}${r.unit}`,
    },
    money('金额', 'amount', 150),
  ];
  return (
    <Table<ReportProduct>
      rowKey={(r) => (r.productId === null ? `free-${r.name}-${r.unit}` : String(r.productId))}
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}
