import { Link } from 'react-router';
import { Badge, Form, Input, type TableColumnsType } from 'antd';
import { enquiryMachine, quotationMachine, type QuotationRow, formatChinaDate, formatChinaDateTime } from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
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
  type DateRange,
} from '../../../components/ListPage.tsx';
import { exportQuotations, useQuotationList } from '../api/quotations.ts';
import { QuotationStatusTag, STATUS_TABS } from '../components/status.tsx';

interface Filters {
  keyword?: string;
  range?: DateRange;
}
interface ListFilter {
  status?: number;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
}

const detailUrl = (r: QuotationRow) => `/customer/quotation/detail?id=${r.id}`;
const when = (v: string) => formatChinaDateTime(v);

/** quotation: the supplier's offers — status tabs with counts, filters, paging, unread messages, Excel export. */
export default function QuotationListPage() {
  const [form] = Form.useForm<Filters>();
  const { params, filter, reset, page } = useListParams<ListFilter>();
  const list = useQuotationList(params);
  const counts = list.data?.counts ?? {};
  const totalAll = Object.values(counts).reduce((s, n) => s + n, 0);

  const search = (f: Filters) =>
    reset({
      status: params.status,
      keyword: f.keyword?.trim() || undefined,
      ...dateParams(f.range),
    });

  const filtered = isFiltered(params);
  const columns: TableColumnsType<QuotationRow> = [
    {
      title: '询价',
      dataIndex: 'enquiryTitle',
      render: (v: string, r) => (
        <div>
          <Link to={detailUrl(r)}>{v}</Link>
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>
            {r.enquiryCode} · {enquiryMachine.label(r.enquiryStatus)} · 截止 {when(r.deadline)}
          </div>
        </div>
      ),
    },
    { title: '采购商', dataIndex: 'buyerCompanyName', width: 200 },
    {
      title: '报价总额',
      dataIndex: 'totalAmount',
      width: 130,
      align: 'right',
      render: (v: string, r) => (
        <div>
          <Price value={v} />
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>
            第{r.version}版 · 交货{r.leadDays}天
          </div>
        </div>
      ),
    },
    {
      title: '有效期至',
      dataIndex: 'validUntil',
      width: 110,
      render: (v: string) => formatChinaDate(v),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: number) => <QuotationStatusTag status={s} />,
    },
    { title: '报价时间', dataIndex: 'updatedAt', width: 140, render: when },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, r) => (
        <Badge count={r.unreadCount} size="small" title={`${r.unreadCount}条未读消息`}>
          <Link to={detailUrl(r)} style={{ paddingRight: 8 }}>
            查看详情
          </Link>
        </Badge>
      ),
    },
  ];

  return (
    <ListPage
      title="我的报价"
      extra={<Link to="/mall/enquiry">去询价大厅报价</Link>}
      filters={
        <FilterForm
          form={form}
          onSearch={search}
          actions={<ExportButton onExport={() => exportQuotations(params)} />}
        >
          <Form.Item name="keyword" label="询价">
            <Input allowClear maxLength={60} placeholder="询价标题或单号" style={{ width: 200 }} />
          </Form.Item>
          <DateRangeItem label="报价日期" />
        </FilterForm>
      }
    >
      <StatusTabs
        value={params.status}
        statuses={STATUS_TABS}
        label={(s) => quotationMachine.label(s)}
        count={(s) => counts[String(s)] ?? 0}
        allCount={totalAll}
        onChange={(status) => filter({ status })}
      />
      <ListTable<QuotationRow>
        rowKey="id"
        size="middle"
        query={list}
        params={params}
        onPage={page}
        columns={columns}
        errorTitle="报价列表加载失败"
        emptyText={filtered ? '没有符合条件的报价' : '暂无报价，可到询价大厅参与报价'}
        scroll={{ x: 1000 }}
      />
    </ListPage>
  );
}
