import { Link } from 'react-router';
import { Form, Input, InputNumber, Space, Tag, type TableColumnsType } from 'antd';
import { ContractStatus, contractListLine, ORDER_COUNT_CAP, type OrderRow, formatChinaDateTime, formatMoney } from '@aquamall/shared';
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
  useStatusParam,
  type DateRange,
} from '../../../components/ListPage.tsx';
import { exportOrders, useOrderList, type OrderListParams } from '../api/orders.ts';
import { ReorderButton } from '../components/ReorderButton.tsx';
import { InvoiceStateTag, OrderStatusTag, STATUS_TABS } from '../components/status.tsx';

export interface OrderListPageProps {
  /** The viewer's order type: 0 采购订单, 4 询价订单 (purchaser), 6 销售订单, 8 报价订单 (supplier). */
  type: 0 | 4 | 6 | 8;
  /** The company's orders (allorder / allenorder) instead of the user's own. */
  all?: boolean;
  title: string;
}

interface Filters {
  orderNo?: string;
  counterparty?: string;
  poRef?: string;
  range?: DateRange;
  amountMin?: number | null;
  amountMax?: number | null;
}

const detailUrl = (r: OrderRow) => `/customer/order/detail?type=${r.type}&id=${r.id}`;

/**
 * The six order lists (order, enorder, allorder, allenorder, saleOrder, offerOrder): status tabs with counts,
 * filters by number, counterparty, date and amount, paging, and the Excel export of the filtered list.
 */
export function OrderListPage({ type, all = false, title }: OrderListPageProps) {
  const [form] = Form.useForm<Filters>();
  const buyerSide = type === 0 || type === 4;
  const scope = { type, all: all ? (1 as const) : undefined };
  const { params, filter, reset, page } = useListParams<OrderListParams>({ ...scope, status: useStatusParam() });
  const list = useOrderList(params);
  const counts = list.data?.counts ?? {};
  const counted = Object.values(counts).reduce((s, n) => s + n, 0);
  // Capped (filters matched more than ORDER_COUNT_CAP orders), 全部 reads 1000+, never the 1001 counted.
  const totalAll = list.data?.totalCapped ? Math.min(counted, ORDER_COUNT_CAP) : counted;

  const search = (f: Filters) =>
    reset({
      ...scope,
      status: params.status,
      orderNo: f.orderNo?.trim() || undefined,
      counterparty: f.counterparty?.trim() || undefined,
      poRef: f.poRef?.trim() || undefined,
      ...dateParams(f.range),
      amountMin: f.amountMin ?? undefined,
      amountMax: f.amountMax ?? undefined,
    });

  const filtered = isFiltered(params);
  const columns: TableColumnsType<OrderRow> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      width: 190,
      render: (no: string, r) => (
        <div>
          <Link to={detailUrl(r)}>{no}</Link>
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>
            {formatChinaDateTime(r.createdAt)}
          </div>
          {(r.poNumber || r.costCentre) && (
            <div style={{ color: '#8c8c8c', fontSize: 12 }} data-testid="row-po-ref">
              {[r.poNumber && `采购单号 ${r.poNumber}`, r.costCentre && `成本中心 ${r.costCentre}`]
                .filter(Boolean)
                .join(' · ')}
            </div>
          )}
        </div>
      ),
    },
    {
      title: '商品',
      dataIndex: 'firstLine',
      render: (v: string, r) => (
        <span>
          {v}
          {r.lineCount > 1 && <span style={{ color: '#8c8c8c' }}> 等 {r.lineCount} 种</span>}
        </span>
      ),
    },
    buyerSide
      ? {
          title: '供应商',
          dataIndex: 'sellerCompanyName',
          width: 200,
          render: (v: string, r) => r.shopName || v,
        }
      : { title: '采购商', dataIndex: 'buyerCompanyName', width: 200 },
    ...(all ? [{ title: '下单人', dataIndex: 'buyerUserName', width: 90 }] : []),
    {
      title: '订单金额',
      dataIndex: 'totalAmount',
      width: 130,
      align: 'right',
      render: (v: string, r) => (
        <div>
          <Price value={v} />
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>
            {Number(r.freight) > 0 ? `含运费 ${formatMoney(r.freight)}` : '免运费'}
            {r.repriced ? ' · 已改价' : ''}
          </div>
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 190,
      render: (s: number, r) => (
        <>
          <OrderStatusTag status={s} paymentSubmitted={r.paymentSubmitted} />
          <InvoiceStateTag status={s} invoiceState={r.invoiceState} />
          {contractListLine(r.contractStatus, r.contractRequired) ? (
            <Tag color={r.contractStatus === ContractStatus.SIGNED ? 'green' : 'orange'} data-testid="list-contract-line">
              {contractListLine(r.contractStatus, r.contractRequired)}
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: buyerSide ? 110 : 80,
      render: (_, r) => (
        <div>
          <Link to={detailUrl(r)}>查看详情</Link>
          {buyerSide && (
            <div>
              <ReorderButton orderId={r.id} size="small" />
            </div>
          )}
        </div>
      ),
    },
  ];

  return (
    <ListPage
      title={title}
      filters={
        <FilterForm
          form={form}
          onSearch={search}
          actions={<ExportButton onExport={() => exportOrders(params)} />}
        >
          <Form.Item name="orderNo" label="订单号">
            <Input allowClear maxLength={32} placeholder="订单号" style={{ width: 170 }} />
          </Form.Item>
          <Form.Item name="counterparty" label={buyerSide ? '供应商' : '采购商'}>
            <Input allowClear maxLength={60} placeholder="单位名称" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="poRef" label="采购单号">
            <Input allowClear maxLength={40} placeholder="采购单号/成本中心" style={{ width: 160 }} />
          </Form.Item>
          <DateRangeItem label="下单日期" />
          <Form.Item label="金额">
            <Space.Compact>
              <Form.Item name="amountMin" noStyle>
                <InputNumber min={0} placeholder="最低" style={{ width: 100 }} />
              </Form.Item>
              <Form.Item name="amountMax" noStyle>
                <InputNumber min={0} placeholder="最高" style={{ width: 100 }} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </FilterForm>
      }
    >
      <StatusTabs
        value={params.status as number | undefined}
        statuses={STATUS_TABS}
        count={(s) => counts[String(s)] ?? 0}
        allCount={totalAll}
        allCapped={list.data?.totalCapped}
        onChange={(status) => filter({ status })}
      />
      <ListTable<OrderRow>
        rowKey="id"
        size="middle"
        query={list}
        params={params}
        onPage={page}
        columns={columns}
        errorTitle="订单列表加载失败"
        emptyText={filtered ? '没有符合条件的订单' : '暂无订单'}
        scroll={{ x: 960 }}
      />
    </ListPage>
  );
}
