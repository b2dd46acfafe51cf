import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Card, DatePicker, Input, Result, Select, Space, Table, type TableColumnsType } from 'antd';
import { DEFAULT_PAGE_SIZE, enumLabel, rmaMachine, type RmaRow, formatChinaDateTime } from '@aquamall/shared';
import type { Dayjs } from 'dayjs';
import { Img } from '../../../components/Img.tsx';
import { Price } from '../../../components/Format.tsx';
import { StatusTabs, useStatusParam } from '../../../components/ListPage.tsx';
import { useRmaCounts, useRmaList } from '../api/rma.ts';
import { RmaStatusTag, RmaTypeTag, STATUS_TABS } from '../components/status.tsx';
import { pickerRange } from '../../../lib/china-time.ts';
import { quantitySummary } from '../../../lib/units.ts';

interface Filters {
  pageIndex: number;
  pageSize: number;
  status?: number;
  rmaType?: number;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
}

/**
 * rma/rmaList?type=0 (我的售后, the purchaser's requests) or type=1 (售后处理, requests on the supplier's
 * orders): status tabs, type, number and date filters, paged.
 */
export default function RmaListPage() {
  const [search] = useSearchParams();
  const type = search.get('type') === '1' ? 1 : 0;
  return <RmaList key={type} type={type} />;
}

function RmaList({ type }: { type: 0 | 1 }) {
  const status = useStatusParam();
  const [filters, setFilters] = useState<Filters>({ status, pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  const list = useRmaList({ type, ...filters });
  const counts = useRmaCounts(type);
  const countOf = (status: number) => counts.data?.find((c) => c.status === status)?.count ?? 0;
  const set = (change: Partial<Filters>) => setFilters((f) => ({ ...f, ...change, pageIndex: change.pageIndex ?? 1 }));
  const editor = (id: number) => `/customer/rma/rmaEditor?type=${type}&id=${id}`;

  const columns: TableColumnsType<RmaRow> = [
    {
      title: '售后商品',
      key: 'goods',
      width: 200,
      render: (_, r) => (
        <Space align="start">
          <Img src={r.image} width={120} style={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 4 }} />
          <span>
            <div>{r.productName}{r.lineCount > 1 ? ` 等${r.lineCount}种` : ''}</div>
            <div style={{ color: '#8c8c8c', fontSize: 12 }}>{quantitySummary(r.totalQuantity, r.unit, r.lineCount)} · {r.reason}</div>
          </span>
        </Space>
      ),
    },
    {
      title: '售后单号 / 订单号',
      dataIndex: 'rmaNo',
      width: 180,
      render: (v: string, r) => (
        <span>
          <Link to={editor(r.id)}>{v}</Link>
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>{r.orderNo}</div>
        </span>
      ),
    },
    { title: '类型', dataIndex: 'type', width: 90, render: (t: number) => <RmaTypeTag type={t} /> },
    { title: '退款金额', dataIndex: 'refundAmount', width: 110, render: (v: string, r) => (r.type === 3 ? '换货' : <Price value={v} />) },
    { title: type === 0 ? '供应商' : '采购商', dataIndex: 'counterpartName', width: 150, ellipsis: true },
    { title: '状态', dataIndex: 'status', width: 100, render: (s: number) => <RmaStatusTag status={s} /> },
    { title: '申请时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatChinaDateTime(v) },
    { title: '操作', key: 'a', width: 70, fixed: 'right', render: (_, r) => <Link to={editor(r.id)}>{type === 1 && r.status === 0 ? '审核' : '查看'}</Link> },
  ];

  const onRange = (range: [Dayjs | null, Dayjs | null] | null) =>
    set(pickerRange(range));

  return (
    <Card title={type === 0 ? '我的售后' : '售后处理'} variant="borderless">
      <StatusTabs value={filters.status} statuses={STATUS_TABS} label={(s) => rmaMachine.label(s)} count={countOf} onChange={(status) => set({ status })} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select allowClear placeholder="全部类型" style={{ width: 130 }} options={[1, 2, 3].map((v) => ({ value: v, label: enumLabel('RmaType', v) }))} onChange={(rmaType?: number) => set({ rmaType })} />
        <DatePicker.RangePicker placeholder={['申请开始日期', '申请结束日期']} onChange={(v) => onRange(v as [Dayjs | null, Dayjs | null] | null)} />
        <Input.Search allowClear placeholder="售后单号 / 订单号" maxLength={40} style={{ width: 240 }} onSearch={(v) => set({ keyword: v.trim() || undefined })} />
      </Space>
      {list.isError ? (
        <Result status="warning" title="售后列表加载失败" subTitle={list.error instanceof Error ? list.error.message : undefined} extra={<Button onClick={() => void list.refetch()}>重试</Button>} />
      ) : (
        <Table<RmaRow>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: list.isLoading ? '加载中…' : type === 0 ? '暂无售后申请，可在已完成订单的详情中申请售后' : '暂无售后申请' }}
          scroll={{ x: 1000 }}
          pagination={{
            current: filters.pageIndex,
            pageSize: filters.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (pageIndex, pageSize) => setFilters((f) => ({ ...f, pageIndex, pageSize })),
          }}
        />
      )}
    </Card>
  );
}
