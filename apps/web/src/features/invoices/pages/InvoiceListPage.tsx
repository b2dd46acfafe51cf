import { Link, useSearchParams } from 'react-router';
import {
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Input,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { CompanyType, enumLabel, InvoiceViewer, type InvoiceRow, formatChina, formatChinaDate, formatMoney } from '@aquamall/shared';
import type { Dayjs } from 'dayjs';
import { ExportButton, ListPage, ListTable, StatusTabs, useListParams, useStatusParam } from '../../../components/ListPage.tsx';
import { Price } from '../../../components/Format.tsx';
import { useSession } from '../../session/index.ts';
import { exportInvoices, useInvoiceCounts, useInvoiceList } from '../api/invoices.ts';
import { InvoiceDetailView } from '../components/InvoiceDetailView.tsx';
import { invoiceDay, InvoiceKindTag, InvoiceStatusTag, STATUS_TABS } from '../components/status.tsx';
import { pickerRange } from '../../../lib/china-time.ts';

interface Filters {
  status?: number;
  kind?: number;
  number?: string;
  counterparty?: string;
  dateFrom?: string;
  dateTo?: string;
  /** 1: invoices whose orders had refunds not yet reversed (待红冲). */
  pendingReversal?: number;
}

/**
 * invoice/index (发票管理): a purchaser's invoice requests, or the requests a supplier is to issue, with status
 * tabs, filters, paging, Excel export and the detail in a drawer (`?id=` opens it, as notices link).
 */
export default function InvoiceListPage() {
  const { user } = useSession();
  const [search] = useSearchParams();
  const supplier = user?.extension.CompanyType === CompanyType.SUPPLIER;
  const type =
    search.get('type') === '1' || (search.get('type') === null && supplier)
      ? InvoiceViewer.SELLER
      : InvoiceViewer.BUYER;
  return <InvoiceList key={type} type={type} openId={Number(search.get('id')) || null} />;
}

function InvoiceList({ type, openId }: { type: number; openId: number | null }) {
  const { params, filter, page } = useListParams<Filters>({ status: useStatusParam() });
  const [, setSearch] = useSearchParams();
  const list = useInvoiceList({ type, ...params });
  const counts = useInvoiceCounts(type);
  const countOf = (status: number) => counts.data?.find((c) => c.status === status)?.count ?? 0;
  const buyer = type === InvoiceViewer.BUYER;
  const open = (id: number | null) =>
    setSearch((s) => {
      const next = new URLSearchParams(s);
      if (id === null) next.delete('id');
      else next.set('id', String(id));
      next.set('type', String(type));
      return next;
    });

  const columns: TableColumnsType<InvoiceRow> = [
    {
      title: '申请单号',
      dataIndex: 'code',
      width: 170,
      render: (v: string, r) => (
        <Typography.Link onClick={() => open(r.id)} data-testid="invoice-code">
          {v}
        </Typography.Link>
      ),
    },
    { title: '类型', dataIndex: 'kind', width: 70, render: (k: number) => <InvoiceKindTag kind={k} /> },
    { title: buyer ? '供应商' : '采购商', dataIndex: 'counterpartName', width: 170, ellipsis: true },
    { title: '发票抬头', dataIndex: 'titleName', width: 160, ellipsis: true },
    {
      title: '申请金额',
      dataIndex: 'requestedAmount',
      width: 110,
      align: 'right',
      render: (v: string) => <Price value={v} />,
    },
    { title: '订单数', dataIndex: 'orderCount', width: 70, align: 'center' },
    {
      title: '发票号码',
      dataIndex: 'invoiceNo',
      width: 120,
      render: (v: string | null, r) =>
        v ? (
          <span>
            {v}
            <div style={{ color: '#8c8c8c', fontSize: 12 }}>{invoiceDay(r.invoiceDate)}</div>
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: number, r) => (
        <Space size={4} wrap>
          <InvoiceStatusTag status={s} reversal={r.reversalOfId !== null} />
          {r.pendingReversal && (
            <Tooltip title={`售后退款 ${formatMoney(r.pendingReversal.total)} 尚未开具红字发票`}>
              <Tag color="volcano">待红冲</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '申请时间',
      dataIndex: 'createdAt',
      width: 110,
      render: (v: string) => (
        <span>
          {formatChinaDate(v)}
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>{formatChina(v, 'HH:mm')}</div>
        </span>
      ),
    },
    {
      title: '操作',
      key: 'a',
      width: 70,
      fixed: 'right',
      render: (_, r) => (
        <Typography.Link onClick={() => open(r.id)}>
          {!buyer && r.status === 0 ? '开票' : '查看'}
        </Typography.Link>
      ),
    },
  ];

  const onRange = (range: [Dayjs | null, Dayjs | null] | null) =>
    filter(pickerRange(range));

  return (
    <ListPage
      title={buyer ? '发票管理 · 我申请的发票' : '发票管理 · 待我开具的发票'}
      extra={
        <Space>
          <ExportButton onExport={() => exportInvoices({ type, ...params })} />
          {buyer && (
            <Link to="/customer/invoice/title">
              <Button>发票抬头</Button>
            </Link>
          )}
          {buyer && (
            <Link to="/customer/invoice/editor">
              <Button type="primary">申请开票</Button>
            </Link>
          )}
        </Space>
      }
      filters={
        <>
          <Input.Search
            allowClear
            placeholder="申请单号 / 发票号码"
            maxLength={40}
            style={{ width: 210 }}
            onSearch={(v) => filter({ number: v.trim() || undefined })}
          />
          <Input.Search
            allowClear
            placeholder={buyer ? '供应商名称' : '采购商名称'}
            maxLength={50}
            style={{ width: 190 }}
            onSearch={(v) => filter({ counterparty: v.trim() || undefined })}
          />
          <Select
            allowClear
            placeholder="全部类型"
            style={{ width: 150 }}
            options={[1, 2].map((v) => ({ value: v, label: enumLabel('InvoiceKind', v) }))}
            onChange={(kind?: number) => filter({ kind })}
          />
          <Checkbox
            checked={params.pendingReversal === 1}
            onChange={(e) => filter({ pendingReversal: e.target.checked ? 1 : undefined })}
          >
            只看待红冲
          </Checkbox>
          <DatePicker.RangePicker
            placeholder={['申请开始日期', '申请结束日期']}
            onChange={(v) => onRange(v as [Dayjs | null, Dayjs | null] | null)}
          />
        </>
      }
    >
      <StatusTabs
        value={params.status}
        statuses={STATUS_TABS}
        label={(s) => enumLabel('InvoiceStatus', s)}
        count={countOf}
        onChange={(status) => filter({ status })}
      />
      <ListTable<InvoiceRow>
        rowKey="id"
        size="middle"
        query={list}
        params={params}
        onPage={page}
        columns={columns}
        scroll={{ x: 1100 }}
        errorTitle="发票列表加载失败"
        emptyText={buyer ? '暂无开票申请，可为已完成的订单申请开票' : '暂无开票申请'}
      />
      <Drawer open={openId !== null} width={760} title="发票详情" onClose={() => open(null)} destroyOnHidden>
        {openId !== null && <InvoiceDetailView id={openId} onOpen={open} />}
      </Drawer>
    </ListPage>
  );
}
