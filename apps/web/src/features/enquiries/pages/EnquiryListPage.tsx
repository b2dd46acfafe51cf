import { Link } from 'react-router';
import { Button, Card, DatePicker, Input, Space, Tabs, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { enumLabel, type MyEnquiryRow } from '@aquamall/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { ListTable, useListParams, useStatusParam } from '../../../components/ListPage.tsx';
import { useEnquiryCounts, useMyEnquiries } from '../api/enquiries.ts';
import { ENQUIRY_TABS, EnquiryMarks, EnquiryStatusTag } from '../components/status.tsx';

interface Filters {
  status?: number;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
}

/** /customer/enquiry — the purchaser's enquiries: status tabs with counts, offers per row, filters, paging. */
export default function EnquiryListPage() {
  const { params, filter, page } = useListParams<Filters>({ status: useStatusParam() });
  const list = useMyEnquiries(params);
  const counts = useEnquiryCounts();
  const countOf = (s: number) => counts.data?.byStatus[String(s)] ?? 0;

  const columns: TableColumnsType<MyEnquiryRow> = [
    {
      title: '询价标题',
      dataIndex: 'title',
      width: 260,
      render: (v: string, r) => (
        <span>
          <Link to={`/customer/enquiry/detail?id=${r.id}`}>{v}</Link> <EnquiryMarks visibility={r.visibility} sealed={r.sealed} />
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>
            {r.code} · {r.itemNames.join('、')}
            {r.itemCount > r.itemNames.length ? ` 等${r.itemCount}项` : ''}
          </div>
        </span>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <EnquiryStatusTag status={s} /> },
    {
      title: '报价数',
      dataIndex: 'offerCount',
      width: 80,
      render: (n: number, r) => (n > 0 && r.status !== 0 ? <Link to={`/customer/enquiry/offerList?id=${r.id}`} data-testid="offer-count">{n} 家</Link> : `${n} 家`),
    },
    { title: '截止时间', dataIndex: 'deadline', width: 140, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    { title: '交货地区', dataIndex: 'deliveryAreaName', width: 150, ellipsis: true },
    { title: '创建时间', dataIndex: 'createdAt', width: 140, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    {
      title: '操作',
      key: 'a',
      width: 120,
      fixed: 'right',
      render: (_, r) => (
        <Space size={8}>
          {r.status === 0 ? <Link to={`/customer/enquiry/edit?id=${r.id}`}>编辑</Link> : null}
          {r.status !== 0 ? <Link to={`/customer/enquiry/offerList?id=${r.id}`}>比价</Link> : null}
          <Link to={`/customer/enquiry/detail?id=${r.id}`}>详情</Link>
        </Space>
      ),
    },
  ];

  const onRange = (range: [Dayjs | null, Dayjs | null] | null) =>
    filter({ dateFrom: range?.[0]?.format('YYYY-MM-DD'), dateTo: range?.[1]?.format('YYYY-MM-DD') });

  return (
    <Card
      title="我的询价"
      variant="borderless"
      extra={
        <Link to="/customer/enquiry/edit">
          <Button type="primary" icon={<PlusOutlined />}>
            发布询价
          </Button>
        </Link>
      }
    >
      <Tabs
        activeKey={params.status === undefined ? 'all' : String(params.status)}
        onChange={(k) => filter({ status: k === 'all' ? undefined : Number(k) })}
        items={[
          { key: 'all', label: `全部 (${counts.data?.all ?? 0})` },
          ...ENQUIRY_TABS.map((s) => ({ key: String(s), label: `${enumLabel('EnquiryStatus', s)} (${countOf(s)})` })),
        ]}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker placeholder={['创建开始日期', '创建结束日期']} onChange={(v) => onRange(v as [Dayjs | null, Dayjs | null] | null)} />
        <Input.Search allowClear placeholder="标题 / 单号 / 产品名称" maxLength={60} style={{ width: 260 }} onSearch={(v) => filter({ keyword: v.trim() || undefined })} />
      </Space>
      <ListTable<MyEnquiryRow>
        rowKey="id"
        size="middle"
        query={list}
        params={params}
        onPage={page}
        columns={columns}
        errorTitle="询价列表加载失败"
        emptyText="暂无询价，点击右上角发布询价"
        scroll={{ x: 1000 }}
      />
    </Card>
  );
}
