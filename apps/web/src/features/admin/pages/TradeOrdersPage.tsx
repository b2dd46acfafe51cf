import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, Result, Select, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import { enumLabel, orderMachine, rmaMachine, type AdminOrderDetail, type AdminOrderRow, formatChinaDateTime } from '@aquamall/shared';
import { DateRangeItem, dateParams, FilterForm, ListPage, ListTable, useListParams, type DateRange } from '../../../components/ListPage.tsx';
import { Price } from '../../../components/Format.tsx';
import { useConsoleQuery } from '../api/admin.ts';

interface Filters {
  status?: number;
  orderNo?: string;
  supplier?: string;
  purchaser?: string;
  dateFrom?: string;
  dateTo?: string;
}
interface FormValues {
  status?: number;
  orderNo?: string;
  supplier?: string;
  purchaser?: string;
  range?: DateRange;
}

const when = (v: string | null | undefined) => formatChinaDateTime(v);
const SIDE: Record<number, string> = { 0: '系统', 1: '采购商', 2: '供应商', 3: '平台' };
const STATUS_OPTIONS = orderMachine.stateValues.map((s) => ({ value: s, label: orderMachine.label(s) }));

function OrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useConsoleQuery('adminOrderDetail', { id: id ?? 0 }, !!id);
  const o: AdminOrderDetail | undefined = detail.data;
  return (
    <Drawer open={!!id} onClose={onClose} width="min(900px, 100vw)" title="订单详情（只读）" destroyOnHidden>
      {detail.isError ? (
        <Result status="warning" title="订单加载失败" subTitle={detail.error instanceof Error ? detail.error.message : undefined} extra={<Button onClick={() => void detail.refetch()}>重试</Button>} />
      ) : !o ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="admin-order-detail">
          <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label="订单号">{o.orderNo}</Descriptions.Item>
            <Descriptions.Item label="状态"><Tag>{orderMachine.label(o.status)}</Tag></Descriptions.Item>
            <Descriptions.Item label="采购商">{o.buyerCompanyName}（{o.buyerUserName}）</Descriptions.Item>
            <Descriptions.Item label="供应商">{o.sellerCompanyName}（{o.shopName}）</Descriptions.Item>
            <Descriptions.Item label="商品金额"><Price value={o.goodsAmount} /></Descriptions.Item>
            <Descriptions.Item label="运费"><Price value={o.freight} /></Descriptions.Item>
            <Descriptions.Item label="订单总额"><Price value={o.totalAmount} /></Descriptions.Item>
            <Descriptions.Item label="已付金额"><Price value={o.paidAmount} /></Descriptions.Item>
            <Descriptions.Item label="下单时间">{when(o.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="收货信息">{o.address.receiver} {o.address.phone} {o.address.areaName}{o.address.detail}</Descriptions.Item>
            {o.cancelReason && <Descriptions.Item label="取消原因" span={2}>{o.cancelReason}</Descriptions.Item>}
            {o.buyerRemark && <Descriptions.Item label="采购商备注" span={2}>{o.buyerRemark}</Descriptions.Item>}
          </Descriptions>
          <Typography.Title level={5} style={{ margin: 0 }}>商品</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 600 }}
            dataSource={o.lines}
            columns={[
              { title: '商品', dataIndex: 'productName', render: (v: string, l) => <div>{v}<div style={{ color: '#8c8c8c', fontSize: 12 }}>{l.spec || '默认规格'}</div></div> },
              { title: '单价', dataIndex: 'unitPrice', width: 110, render: (v: string) => <Price value={v} /> },
              { title: '数量', dataIndex: 'quantity', width: 90, render: (q: number, l) => `${q}${l.unit}` },
              { title: '已发货', dataIndex: 'shippedQty', width: 90, render: (q: number, l) => `${q}${l.unit}` },
              { title: '售后中', dataIndex: 'claimedQty', width: 90, render: (q: number, l) => `${q}${l.unit}` },
              { title: '金额', dataIndex: 'amount', width: 120, render: (v: string) => <Price value={v} /> },
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>发货记录</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 500 }}
            dataSource={o.shipments}
            locale={{ emptyText: '暂无发货' }}
            columns={[
              { title: '时间', dataIndex: 'createdAt', width: 140, render: when },
              { title: '物流', render: (_, s) => `${s.carrier} ${s.trackingNo}` },
              { title: '商品', render: (_, s) => s.lines.map((l) => `${l.productName} ${l.quantity}${l.unit}`).join('、') },
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>付款记录</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 500 }}
            dataSource={o.payments}
            locale={{ emptyText: '暂无付款' }}
            columns={[
              { title: '提交时间', dataIndex: 'submittedAt', width: 140, render: when },
              { title: '方式', dataIndex: 'method', width: 100, render: (v: number) => enumLabel('PaymentMethod', v) },
              { title: '金额', dataIndex: 'amount', width: 120, render: (v: string) => <Price value={v} /> },
              { title: '状态', dataIndex: 'status', width: 100, render: (v: number, p) => `${enumLabel('PaymentStatus', v) ?? ''}${p.rejectReason ? `（${p.rejectReason}）` : ''}` },
            ]}
          />
          {o.rmas.length > 0 && (
            <>
              <Typography.Title level={5} style={{ margin: 0 }}>售后申请</Typography.Title>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={o.rmas}
                columns={[
                  { title: '售后单号', dataIndex: 'rmaNo' },
                  { title: '类型', dataIndex: 'type', render: (v: number) => enumLabel('RmaType', v) },
                  { title: '状态', dataIndex: 'status', render: (v: number) => rmaMachine.label(v) },
                  { title: '退款金额', dataIndex: 'refundAmount', render: (v: string) => <Price value={v} /> },
                ]}
              />
            </>
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>订单记录</Typography.Title>
          <Timeline
            items={o.history.map((h) => ({
              children: (
                <div>
                  <strong>{orderMachine.historyLabel(h.action)}</strong>
                  <Typography.Text type="secondary"> · {SIDE[h.side] ?? ''} {h.userName} · {when(h.createdAt)}</Typography.Text>
                  {h.note && <div style={{ color: '#595959' }}>{h.note}</div>}
                </div>
              ),
            }))}
          />
        </Space>
      )}
    </Drawer>
  );
}

/** Console 订单管理: every company's orders, filtered and paged; the detail is read only (decision 0187). */
export default function TradeOrdersPage() {
  const [form] = Form.useForm<FormValues>();
  const { params, reset, page } = useListParams<Filters>({}, 20);
  const [open, setOpen] = useState<number | null>(null);
  const list = useConsoleQuery('adminOrderList', params);
  const clean = (s?: string) => s?.trim() || undefined;
  return (
    <ListPage
      variant="outlined"
      title="订单管理"
      filters={
        <FilterForm<FormValues>
          form={form}
          onSearch={(v) => reset({ status: v.status, orderNo: clean(v.orderNo), supplier: clean(v.supplier), purchaser: clean(v.purchaser), ...dateParams(v.range) })}
        >
          <Form.Item name="orderNo" label="订单号"><Input allowClear maxLength={32} style={{ width: 180 }} /></Form.Item>
          <Form.Item name="supplier" label="供应商"><Input allowClear maxLength={60} style={{ width: 160 }} /></Form.Item>
          <Form.Item name="purchaser" label="采购商"><Input allowClear maxLength={60} style={{ width: 160 }} /></Form.Item>
          <Form.Item name="status" label="状态"><Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 110 }} /></Form.Item>
          <DateRangeItem label="下单日期" />
        </FilterForm>
      }
    >
      <ListTable<AdminOrderRow>
        rowKey="id"
        query={list}
        params={params}
        onPage={page}
        scroll={{ x: 900 }}
        errorTitle="订单列表加载失败"
        emptyText={Object.keys(params).some((k) => k !== 'pageIndex' && k !== 'pageSize' && params[k as keyof typeof params] !== undefined) ? '没有匹配的订单' : '暂无订单'}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', width: 200 },
          { title: '采购商', dataIndex: 'buyerCompanyName' },
          { title: '供应商', dataIndex: 'sellerCompanyName' },
          { title: '订单总额', dataIndex: 'totalAmount', width: 130, render: (v: string) => <Price value={v} /> },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <Tag>{orderMachine.label(v)}</Tag> },
          { title: '下单时间', dataIndex: 'createdAt', width: 150, render: when },
          { title: '操作', key: 'op', width: 80, fixed: 'right', render: (_, r) => <Button type="link" onClick={() => setOpen(r.id)}>详情</Button> },
        ]}
      />
      <OrderDrawer id={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
