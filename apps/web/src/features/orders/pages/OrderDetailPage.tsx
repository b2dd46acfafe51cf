import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Image,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import {
  formatMoney,
  enumLabel,
  lineTitle,
  orderMachine,
  OrderStatus,
  Side,
  THUMB_WIDTH,
  type OrderAction,
  type OrderDetail,
  type OrderLineView,
  formatChinaDateTime,
} from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import { Img } from '../../../components/Img.tsx';
import { fileUrl, thumbUrl } from '../../../lib/image.ts';
import { useConfirmOrder, useOrderDetail, useReceiveOrder } from '../api/orders.ts';
import { ConfirmPaymentModal } from '../components/ConfirmPaymentModal.tsx';
import {
  CancelModal,
  PayModal,
  RejectPaymentModal,
  RepriceModal,
  ShipModal,
} from '../components/OrderActionModals.tsx';
import { InvoiceStateTag, OrderStatusTag, TYPE_TITLE } from '../components/status.tsx';
import { DeliveryNoteLink, OrderPapersButton, TransferMatchButton } from '../components/OrderPapers.tsx';
import { OnlinePayments } from '../components/OnlinePay.tsx';
import { ContractSettingsButton, ContractStatusTag, OrderContractCard, useContractBlocksShipping } from '../components/OrderContract.tsx';
import { ReorderButton } from '../components/ReorderButton.tsx';
import { AddToShoppingList } from '../../../components/shopping-list/AddToShoppingList.tsx';
import { PriceSource } from '../../../components/PriceSource.tsx';
import { OrderParcels } from '../components/OrderParcels.tsx';

const time = (v: string | null) => (v ? formatChinaDateTime(v) : '—');
const SIDE_NAME: Record<number, string> = {
  [Side.SYSTEM]: '系统',
  [Side.BUYER]: '采购商',
  [Side.SELLER]: '供应商',
  [Side.PLATFORM]: '平台',
};
/** A button's text: the order table's (packages/shared/src/machines/order.ts). */
const button = (a: OrderAction) => orderMachine.actions[a].button ?? orderMachine.actions[a].label;
const LIST_PATH: Record<number, string> = {
  0: '/customer/order',
  4: '/customer/enorder',
  6: '/customer/saleOrder',
  8: '/customer/offerOrder',
};

/** What the deadline of the running timed rule means, by status. */
function deadlineText(o: OrderDetail): string | null {
  if (!o.deadline) return null;
  const at = time(o.deadline);
  if (o.status === OrderStatus.TO_CONFIRM) return `供应商需在 ${at} 前确认，逾期订单自动取消`;
  if (o.status === OrderStatus.TO_PAY) return `请在 ${at} 前付款，逾期订单自动取消`;
  if (o.status === OrderStatus.TO_RECEIVE) return `${at} 将自动确认收货`;
  return null;
}

type ModalName = 'reprice' | 'cancel' | 'pay' | 'payConfirm' | 'payReject' | 'ship' | null;

/**
 * /customer/order/detail?type=…&id=…: one order as the viewer's side sees it — lines with old and new prices,
 * amounts, address, invoice, payments with their proofs, shipments, the history timeline, related orders —
 * and the buttons of the actions the server says the viewer may take.
 */
export default function OrderDetailPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(search.get('id'));
  const typeParam = search.get('type');
  const valid = Number.isInteger(id) && id > 0;
  const detail = useOrderDetail(
    valid ? id : null,
    typeParam !== null && typeParam !== '' ? Number(typeParam) : undefined,
  );
  const [modal, setModal] = useState<ModalName>(null);
  const confirm = useConfirmOrder();
  const receive = useReceiveOrder();
  const contractBlocks = useContractBlocksShipping(valid ? id : null);

  if (!valid)
    return (
      <Result status="404" title="订单不存在" extra={<Button onClick={() => navigate(-1)}>返回</Button>} />
    );
  if (detail.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (detail.isError || !detail.data) {
    return (
      <Result
        status="warning"
        title="订单加载失败"
        subTitle={detail.error instanceof Error ? detail.error.message : undefined}
        extra={<Button onClick={() => void detail.refetch()}>重试</Button>}
      />
    );
  }
  const o = detail.data;
  const can = (a: OrderDetail['actions'][number]) => o.actions.includes(a);
  const buyer = o.side === 'buyer';
  const repriced = o.originalTotalAmount !== null;
  const hint = deadlineText(o);

  const lineColumns = [
    {
      title: '商品',
      dataIndex: 'productName',
      render: (v: string, l: OrderLineView) => (
        <Space align="start">
          {l.image ? (
            <Img
              src={l.image}
              width={THUMB_WIDTH}
              style={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 4 }}
            />
          ) : null}
          <div>
            <div>{v}</div>
            <div style={{ color: '#8c8c8c', fontSize: 12 }}>
              {[l.spec, l.brand, l.skuCode].filter(Boolean).join(' · ')}
            </div>
          </div>
        </Space>
      ),
    },
    {
      title: '单价（元）',
      dataIndex: 'unitPrice',
      width: 140,
      align: 'right' as const,
      render: (v: string, l: OrderLineView) => (
        <div>
          <Price value={v} />
          <PriceSource source={l.priceSource} label={l.priceLabel} />
          {l.originalUnitPrice !== null && (
            <div style={{ color: '#8c8c8c', fontSize: 12, textDecoration: 'line-through' }}>
              原价 {formatMoney(l.originalUnitPrice)}
            </div>
          )}
        </div>
      ),
    },
    {
      title: '数量',
      dataIndex: 'quantity',
      width: 90,
      render: (q: number, l: OrderLineView) => `${q}${l.unit}`,
    },
    {
      title: '已发货',
      dataIndex: 'shippedQty',
      width: 80,
      render: (q: number, l: OrderLineView) => `${q}${l.unit}`,
    },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      width: 120,
      align: 'right' as const,
      render: (v: string) => <Price value={v} />,
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        className="am-detail-head"
        title={
          <Space wrap>
            <span>{TYPE_TITLE[o.type] ?? '订单'}详情</span>
            <Typography.Text type="secondary" copyable={{ text: o.orderNo }}>
              {o.orderNo}
            </Typography.Text>
            <OrderStatusTag status={o.status} paymentSubmitted={o.paymentSubmitted} />
            <InvoiceStateTag status={o.status} invoiceState={o.invoiceState} />
            <ContractStatusTag orderId={o.id} />
            {(o.invoiceState !== 0 || Number(o.refundedAmount) > 0) && (
              <Typography.Text type="secondary" data-testid="invoice-net">
                已开票净额 ¥{o.invoicedAmount}
                {Number(o.refundedAmount) > 0 ? `（已退款 ${formatMoney(o.refundedAmount)}）` : ''}
              </Typography.Text>
            )}
            {o.side === 'buyer' && o.status === OrderStatus.COMPLETED && o.invoiceState !== 2 && (
              <Link to={`/customer/invoice/editor?orderId=${o.id}`}>申请开票</Link>
            )}
          </Space>
        }
        extra={
          <Space>
            {o.side === 'buyer' && <ReorderButton orderId={o.id} />}
            {o.side === 'buyer' && o.lines.some((l) => l.skuId) && (
              <AddToShoppingList
                candidates={() =>
                  o.lines.flatMap((l) =>
                    l.skuId ? [{ skuId: l.skuId, quantity: l.quantity, label: lineTitle(l.productName, l.spec) }] : [],
                  )
                }
                trigger={(open) => (
                  <Button onClick={open} data-testid="order-add-to-list">
                    加入常购清单
                  </Button>
                )}
              />
            )}
            <OrderPapersButton order={o} />
            {!buyer && <ContractSettingsButton />}
            <Link to={LIST_PATH[o.type] ?? '/customer/order'}>返回列表</Link>
          </Space>
        }
      >
        {hint && <Alert type="info" showIcon message={hint} style={{ marginBottom: 12 }} />}
        {o.status === OrderStatus.CANCELLED && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={`订单已由${SIDE_NAME[o.cancelledBy ?? 0]}取消${o.cancelReason ? `：${o.cancelReason}` : ''}`}
          />
        )}
        {o.status === OrderStatus.TO_PAY && Number(o.paidAmount) > 0 && !o.paymentSubmitted && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="part-paid"
            message={`已收款 ${formatMoney(o.paidAmount)}，待付 ${formatMoney(o.remainingAmount)}`}
            description={buyer ? '请将剩余款项转账后再次上传付款凭证。' : '等待采购商补付剩余款项。'}
          />
        )}
        {o.paymentSubmitted && (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 12 }}
            message={
              buyer ? '已提交付款凭证，等待供应商确认收款' : '采购商已提交付款凭证，请核实到账后确认收款'
            }
            action={buyer ? undefined : <TransferMatchButton order={o} />}
          />
        )}
        {repriced && buyer && o.status === OrderStatus.TO_CONFIRM && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={`供应商修改了价格：订单金额 ${formatMoney(o.originalTotalAmount)} → ${formatMoney(o.totalAmount)}`}
          />
        )}
        <Space wrap>
          {can('reprice') && <Button onClick={() => setModal('reprice')}>{button('reprice')}</Button>}
          {can('confirm') && (
            <Popconfirm
              title="确认订单？"
              description="确认后采购商即可付款。"
              onConfirm={() => confirm.mutateAsync(o.id)}
            >
              <Button type="primary" loading={confirm.isPending}>
                {button('confirm')}
              </Button>
            </Popconfirm>
          )}
          {can('pay') && (
            <Button type="primary" onClick={() => setModal('pay')}>
              {button('pay')}
            </Button>
          )}
          {can('payConfirm') && (
            <Button type="primary" onClick={() => setModal('payConfirm')}>
              {button('payConfirm')}
            </Button>
          )}
          {can('payReject') && <Button onClick={() => setModal('payReject')}>{button('payReject')}</Button>}
          {can('ship') && (
            <Button
              type="primary"
              onClick={() => setModal('ship')}
              disabled={contractBlocks}
              title={contractBlocks ? '须先由双方签署采购合同' : undefined}
            >
              {button('ship')}
            </Button>
          )}
          {can('receive') && (
            <Popconfirm
              title="确认已收到全部货物？"
              description="确认后订单完成。"
              onConfirm={() => receive.mutateAsync(o.id)}
            >
              <Button type="primary" loading={receive.isPending}>
                {button('receive')}
              </Button>
            </Popconfirm>
          )}
          {can('rma') && (
            <Button onClick={() => navigate(`/customer/rma/rmaApply?orderId=${o.id}`)}>{button('rma')}</Button>
          )}
          {can('cancel') && (
            <Button danger onClick={() => setModal('cancel')}>
              {button('cancel')}
            </Button>
          )}
        </Space>
      </Card>

      <OrderContractCard order={o} />

      <Card variant="borderless" title="订单信息">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="采购商">{o.buyerCompanyName}</Descriptions.Item>
          <Descriptions.Item label="下单人">{o.buyerUserName || '—'}</Descriptions.Item>
          <Descriptions.Item label="供应商">{o.shopName || o.sellerCompanyName}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{time(o.createdAt)}</Descriptions.Item>
          {(o.poNumber || o.costCentre) && (
            <>
              <Descriptions.Item label="采购单号">
                <span data-testid="order-po-number">{o.poNumber || '—'}</span>
              </Descriptions.Item>
              <Descriptions.Item label="成本中心" span={2}>
                {o.costCentre || '—'}
              </Descriptions.Item>
            </>
          )}
          <Descriptions.Item label="确认时间">{time(o.confirmedAt)}</Descriptions.Item>
          <Descriptions.Item label="付款时间">{time(o.paidAt)}</Descriptions.Item>
          <Descriptions.Item label="收货人">
            {o.address.receiver} {o.address.phone}
          </Descriptions.Item>
          <Descriptions.Item label="收货地址" span={2}>
            {o.address.areaName} {o.address.detail}
          </Descriptions.Item>
          <Descriptions.Item label="发票">
            {enumLabel('InvoiceKind', o.invoice.kind) ?? '—'}
          </Descriptions.Item>
          {o.invoice.kind > 0 && (
            <Descriptions.Item label="发票抬头" span={2}>
              {o.invoice.title}（{o.invoice.taxNo}）
              {o.invoice.kind === 2
                ? ` ${o.invoice.regAddress} ${o.invoice.regPhone} ${o.invoice.bankName} ${o.invoice.bankAccount}`
                : ''}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="采购商备注" span={3}>
            {o.buyerRemark || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card variant="borderless" title="商品清单">
        <Table<OrderLineView>
          rowKey="id"
          size="middle"
          pagination={false}
          columns={lineColumns}
          dataSource={o.lines}
          scroll={{ x: 720 }}
        />
        <div style={{ textAlign: 'right', marginTop: 16, lineHeight: 2 }}>
          <div>
            商品金额：
            <Price value={o.goodsAmount} />
            {o.originalGoodsAmount !== null && (
              <span style={{ color: '#8c8c8c', textDecoration: 'line-through', marginLeft: 8 }}>
                {formatMoney(o.originalGoodsAmount)}
              </span>
            )}
          </div>
          <div>
            运费：
            <Price value={o.freight} />
            {o.originalFreight !== null && o.originalFreight !== o.freight && (
              <span style={{ color: '#8c8c8c', textDecoration: 'line-through', marginLeft: 8 }}>
                {formatMoney(o.originalFreight)}
              </span>
            )}
          </div>
          <div style={{ fontSize: 16 }}>
            订单总额：
            <Price value={o.totalAmount} className="price" />
            {repriced && (
              <span style={{ color: '#8c8c8c', textDecoration: 'line-through', marginLeft: 8, fontSize: 13 }}>
                {formatMoney(o.originalTotalAmount)}
              </span>
            )}
          </div>
          {Number(o.paidAmount) > 0 && (
            <div>
              已付款：
              <Price value={o.paidAmount} />
            </div>
          )}
          {o.status === OrderStatus.TO_PAY && Number(o.paidAmount) > 0 && (
            <div data-testid="order-remaining">
              待付：
              <Price value={o.remainingAmount} className="price" />
            </div>
          )}
        </div>
      </Card>

      <Card variant="borderless" title="付款记录">
        {o.payments.length ? (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={o.payments}
            columns={[
              {
                title: '方式',
                dataIndex: 'method',
                width: 100,
                render: (m: number) => enumLabel('PaymentMethod', m),
              },
              {
                title: '金额（元）',
                dataIndex: 'amount',
                width: 110,
                render: (v: string) => <Price value={v} />,
              },
              {
                title: '到账核对',
                key: 'received',
                width: 220,
                render: (_: unknown, p: OrderDetail['payments'][number]) =>
                  p.excessHandling !== null ? (
                    <span data-testid="payment-excess">
                      多付{enumLabel('ExcessHandling', p.excessHandling)}
                      {p.refundRef ? `（流水号 ${p.refundRef}）` : ''}
                    </span>
                  ) : p.noteMatched === null ? (
                    '—'
                  ) : (
                    <span>
                      附言：{p.receivedNote || '无'}
                      {!p.noteMatched && (
                        <Tag color="orange" style={{ marginLeft: 4 }}>
                          未含订单号
                        </Tag>
                      )}
                    </span>
                  ),
              },
              {
                title: '凭证',
                dataIndex: 'proofFiles',
                render: (files: string[]) => (
                  <Image.PreviewGroup>
                    <Space>
                      {files.map((f) => (
                        <Image
                          key={f}
                          src={thumbUrl(f)}
                          preview={{ src: fileUrl(f) }}
                          width={48}
                          height={48}
                          style={{ objectFit: 'cover' }}
                          alt="付款凭证"
                        />
                      ))}
                    </Space>
                  </Image.PreviewGroup>
                ),
              },
              { title: '付款户名', dataIndex: 'payerName', width: 120, render: (v: string) => v || '—' },
              { title: '提交时间', dataIndex: 'submittedAt', width: 140, render: time },
              {
                title: '状态',
                dataIndex: 'status',
                width: 180,
                render: (s: number, p) => (
                  <span>
                    <Tag color={s === 1 ? 'green' : s === 2 ? 'red' : 'gold'}>
                      {enumLabel('PaymentStatus', s)}
                    </Tag>
                    {p.rejectReason && <span style={{ color: '#8c8c8c' }}>{p.rejectReason}</span>}
                  </span>
                ),
              },
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无付款记录" />
        )}
        <OnlinePayments orderId={o.id} />
      </Card>

      <Card variant="borderless" title="发货记录">
        {o.shipments.length ? (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={o.shipments}
            columns={[
              { title: '发货时间', dataIndex: 'createdAt', width: 140, render: time },
              { title: '物流公司', dataIndex: 'carrier', width: 120 },
              { title: '运单号', dataIndex: 'trackingNo', width: 160 },
              {
                title: '商品',
                dataIndex: 'lines',
                render: (ls: OrderDetail['shipments'][number]['lines']) =>
                  ls
                    .map((l) => `${lineTitle(l.productName, l.spec)} × ${l.quantity}${l.unit}`)
                    .join('；'),
              },
              { title: '发货人', dataIndex: 'shippedByName', width: 100 },
              {
                title: '单据',
                key: 'paper',
                width: 100,
                render: (_: unknown, s: OrderDetail['shipments'][number]) => <DeliveryNoteLink orderId={o.id} shipmentId={s.id} />,
              },
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无发货记录" />
        )}
      </Card>

      {o.shipments.length > 0 && <OrderParcels orderId={o.id} shipments={o.shipments} live={o.status === OrderStatus.TO_RECEIVE || o.status === OrderStatus.PART_SHIPPED} />}

      {o.related.length > 0 && (
        <Card variant="borderless" title="关联订单">
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={o.related}
            columns={[
              {
                title: '订单号',
                dataIndex: 'orderNo',
                render: (no: string, r) => (
                  <Link to={`/customer/order/detail?type=${r.type}&id=${r.id}`}>{no}</Link>
                ),
              },
              { title: '关系', dataIndex: 'relation', width: 100 },
              { title: buyer ? '供应商' : '采购商', dataIndex: 'counterparty' },
              {
                title: '金额（元）',
                dataIndex: 'totalAmount',
                width: 120,
                render: (v: string) => <Price value={v} />,
              },
              {
                title: '状态',
                dataIndex: 'status',
                width: 100,
                render: (s: number) => <OrderStatusTag status={s} />,
              },
            ]}
          />
        </Card>
      )}

      <Card variant="borderless" title="订单跟踪">
        <Timeline
          items={[...o.history].reverse().map((h) => ({
            color:
              h.toStatus === OrderStatus.CANCELLED
                ? 'red'
                : h.toStatus === OrderStatus.COMPLETED
                  ? 'green'
                  : 'blue',
            children: (
              <div>
                <div>
                  <strong>{orderMachine.historyLabel(h.action)}</strong>
                  <span style={{ color: '#8c8c8c', marginLeft: 8 }}>
                    {SIDE_NAME[h.side]}
                    {h.userName && h.side !== Side.SYSTEM ? ` ${h.userName}` : ''} · {time(h.createdAt)}
                  </span>
                </div>
                <div style={{ color: '#595959' }}>
                  {h.fromStatus !== null && h.fromStatus !== h.toStatus
                    ? `${orderMachine.label(h.fromStatus)} → ${orderMachine.label(h.toStatus)}`
                    : orderMachine.label(h.toStatus)}
                  {h.note ? `；${h.note}` : ''}
                </div>
              </div>
            ),
          }))}
        />
      </Card>

      <RepriceModal order={o} open={modal === 'reprice'} onClose={() => setModal(null)} />
      <CancelModal order={o} open={modal === 'cancel'} onClose={() => setModal(null)} />
      <PayModal order={o} open={modal === 'pay'} onClose={() => setModal(null)} />
      <ConfirmPaymentModal order={o} open={modal === 'payConfirm'} onClose={() => setModal(null)} />
      <RejectPaymentModal order={o} open={modal === 'payReject'} onClose={() => setModal(null)} />
      <ShipModal order={o} open={modal === 'ship'} onClose={() => setModal(null)} />
    </Space>
  );
}
