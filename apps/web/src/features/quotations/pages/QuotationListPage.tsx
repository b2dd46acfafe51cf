import { Link } from 'react-router';
import { Badge, Button, DatePicker, Form, Input, Space, type TableColumnsType } from 'antd';
import { enumLabel, type QuotationRow } from '@aquamall/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { Price } from '../../../components/Format.tsx';
import { ExportButton, ListPage, ListTable, StatusTabs, useListParams } from '../../../components/ListPage.tsx';
import { exportQuotations, useQuotationList } from '../api/quotations.ts';
import { QuotationStatusTag, STATUS_TABS } from '../components/status.tsx';

interface Filters {
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}
interface ListFilter {
  status?: number;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
}

const detailUrl = (r: QuotationRow) => `/customer/quotation/detail?id=${r.id}`;
const when = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');

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
      dateFrom: f.range?.[0] ? f.range[0].format('YYYY-MM-DD') : undefined,
      dateTo: f.range?.[1] ? f.range[1].format('YYYY-MM-DD') : undefined,
    });

  const columns: TableColumnsType<QuotationRow> = [
    {
      title: '询价',
      dataIndex: 'enquiryTitle',
      render: (v: string, r) => (
        <div>
          <Link to={detailUrl(r)}>{v}</Link>
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>
            {r.enquiryCode} · {enumLabel('EnquiryStatus', r.enquiryStatus)} · 截止 {when(r.deadline)}
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
      render: (v: string) => dayjs(v).format('YYYY-MM-DD'),
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
        <Form form={form} layout="inline" onFinish={search} style={{ rowGap: 12 }}>
          <Form.Item name="keyword" label="询价">
            <Input allowClear maxLength={60} placeholder="询价标题或单号" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="range" label="报价日期">
            <DatePicker.RangePicker style={{ width: 240 }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  search({});
                }}
              >
                重置
              </Button>
              <ExportButton onExport={() => exportQuotations(params)} />
            </Space>
          </Form.Item>
        </Form>
      }
    >
      <StatusTabs
        value={params.status}
        statuses={STATUS_TABS}
        label={(s) => enumLabel('QuotationStatus', s)}
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
        emptyText="暂无报价，可到询价大厅参与报价"
        scroll={{ x: 1000 }}
      />
    </ListPage>
  );
}
