import { Link } from 'react-router';
import { Button, Form, Input, Space, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { enquiryMachine, type MyEnquiryRow, formatChinaDateTime } from '@aquamall/shared';
import {
  DateRangeItem,
  dateParams,
  ExportButton,
  FilterForm,
  isFiltered,
  ListPage,
  ListTable,
  StatusTabs,
  useListParams,
  useStatusParam,
  type DateRange,
} from '../../../components/ListPage.tsx';
import { exportMyEnquiries, useEnquiryCounts, useMyEnquiries } from '../api/enquiries.ts';
import { ENQUIRY_TABS, EnquiryMarks, EnquiryStatusTag } from '../components/status.tsx';

interface FormValues {
  keyword?: string;
  range?: DateRange;
}
interface Filters {
  status?: number;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
}

/** /customer/enquiry — the purchaser's enquiries: status tabs with counts, offers per row, filters, paging, 导出Excel. */
export default function EnquiryListPage() {
  const [form] = Form.useForm<FormValues>();
  const { params, filter, reset, page } = useListParams<Filters>({ status: useStatusParam() });
  const list = useMyEnquiries(params);
  const counts = useEnquiryCounts();
  const search = (f: FormValues) =>
    reset({ status: params.status, keyword: f.keyword?.trim() || undefined, ...dateParams(f.range) });

  const filtered = isFiltered(params);
  const columns: TableColumnsType<MyEnquiryRow> = [
    {
      title: '询价标题',
      dataIndex: 'title',
      width: 260,
      render: (v: string, r) => (
        <span>
          <Link to={`/customer/enquiry/detail?id=${r.id}`}>{v}</Link>{' '}
          <EnquiryMarks visibility={r.visibility} sealed={r.sealed} />
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
      render: (n: number, r) =>
        n > 0 && enquiryMachine.can('compare', r.status) ? (
          <Link to={`/customer/enquiry/offerList?id=${r.id}`} data-testid="offer-count">
            {n} 家
          </Link>
        ) : (
          `${n} 家`
        ),
    },
    {
      title: '截止时间',
      dataIndex: 'deadline',
      width: 140,
      render: (v: string) => formatChinaDateTime(v),
    },
    { title: '交货地区', dataIndex: 'deliveryAreaName', width: 150, ellipsis: true },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 140,
      render: (v: string) => formatChinaDateTime(v),
    },
    {
      title: '操作',
      key: 'a',
      width: 120,
      fixed: 'right',
      render: (_, r) => (
        <Space size={8}>
          {enquiryMachine.can('edit', r.status) ? <Link to={`/customer/enquiry/edit?id=${r.id}`}>编辑</Link> : null}
          {enquiryMachine.can('compare', r.status) ? <Link to={`/customer/enquiry/offerList?id=${r.id}`}>比价</Link> : null}
          <Link to={`/customer/enquiry/detail?id=${r.id}`}>详情</Link>
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="我的询价"
      extra={
        <Link to="/customer/enquiry/edit">
          <Button type="primary" icon={<PlusOutlined />}>
            发布询价
          </Button>
        </Link>
      }
      filters={
        <FilterForm
          form={form}
          onSearch={search}
          actions={<ExportButton onExport={() => exportMyEnquiries(params)} />}
        >
          <Form.Item name="keyword" label="询价">
            <Input allowClear maxLength={60} placeholder="标题 / 单号 / 产品名称" style={{ width: 240 }} />
          </Form.Item>
          <DateRangeItem label="创建日期" placeholder={['创建开始日期', '创建结束日期']} />
        </FilterForm>
      }
    >
      <StatusTabs
        value={params.status}
        statuses={ENQUIRY_TABS}
        label={(s) => enquiryMachine.label(s)}
        count={(s) => counts.data?.byStatus[String(s)] ?? 0}
        allCount={counts.data?.all}
        onChange={(status) => filter({ status })}
      />
      <ListTable<MyEnquiryRow>
        rowKey="id"
        size="middle"
        query={list}
        params={params}
        onPage={page}
        columns={columns}
        errorTitle="询价列表加载失败"
        emptyText={filtered ? '没有符合条件的询价' : '暂无询价，点击右上角发布询价'}
        scroll={{ x: 1000 }}
      />
    </ListPage>
  );
}
