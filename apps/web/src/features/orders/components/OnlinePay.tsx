import { useEffect, useRef } from 'react';
import { Alert, Button, Card, QRCode, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import {
  enumLabel,
  formatChinaDateTime,
  formatMoney,
  PayOrderStatus,
  PayRefundStatus,
  type OrderDetail,
  type PayOrderView,
  type PayRefundView,
} from '@aquamall/shared';
import { useCreatePayOrder, useOrderOnlinePayments, usePayStatus } from '../api/payments.ts';

/**
 * The online part of the pay dialog (decision 0207): opens the payment order for the chosen channel, shows the WeChat
 * QR (微信扫一扫) or the button to Alipay's cashier, and polls until the partner's notification paid it.
 */
export function OnlinePayPanel({ order, channel, onDone }: { order: OrderDetail; channel: 1 | 2; onDone: () => void }) {
  const create = useCreatePayOrder();
  const asked = useRef(false);
  const start = () => create.mutate({ orderId: order.id, channel });
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    start();
    // Opened once per dialog and channel (the dialog is re-mounted for another channel).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const status = usePayStatus(create.data?.id ?? null);
  const p: PayOrderView | undefined = status.data ?? create.data;
  if (create.isPending || (!p && !create.isError)) return <Spin style={{ display: 'block', margin: '32px auto' }} tip="正在创建支付单…"><div style={{ height: 60 }} /></Spin>;
  if (create.isError || !p)
    return (
      <Alert
        type="error"
        showIcon
        message="支付单创建失败"
        description={create.error instanceof Error ? create.error.message : '请稍后再试或改用银行转账'}
        action={<Button size="small" onClick={start}>重试</Button>}
      />
    );
  if (p.status === PayOrderStatus.PAID)
    return (
      <Result
        status="success"
        title="支付成功"
        subTitle={`已支付 ${formatMoney(p.amount)}，等待供应商发货。`}
        extra={<Button type="primary" onClick={onDone}>完成</Button>}
      />
    );
  if (p.status !== PayOrderStatus.OPEN)
    return (
      <Result
        status="warning"
        title={p.status === PayOrderStatus.FAILED ? '支付失败' : '支付单已关闭'}
        subTitle="订单仍待付款，可重新发起支付或改用其他付款方式。"
        extra={<Button type="primary" onClick={start} loading={create.isPending}>重新发起支付</Button>}
      />
    );
  const name = channel === 1 ? '微信' : '支付宝';
  return (
    <div style={{ textAlign: 'center' }} data-testid="online-pay">
      <Typography.Paragraph>
        应付金额 <Typography.Text strong style={{ fontSize: 20 }}>{formatMoney(p.amount)}</Typography.Text>
      </Typography.Paragraph>
      {channel === 1 && p.codeUrl ? (
        <Space direction="vertical" align="center">
          <QRCode value={p.codeUrl} size={180} />
          <Typography.Text>请使用微信扫一扫完成支付</Typography.Text>
        </Space>
      ) : (
        <Button type="primary" size="large" href={p.payUrl ?? undefined} target="_blank" rel="noopener noreferrer">
          前往支付宝付款
        </Button>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        <Spin size="small" /> 等待{name}支付结果…（支付单 {p.payNo}，{formatChinaDateTime(p.expiresAt)} 前有效）
      </Typography.Paragraph>
      {p.sandboxUrl ? (
        <Alert
          type="warning"
          showIcon
          style={{ textAlign: 'left' }}
          message="演示环境：支付渠道为离线沙箱"
          description={
            <a href={p.sandboxUrl} target="_blank" rel="noopener noreferrer" data-testid="sandbox-pay-link">
              {channel === 1 ? '打开沙箱扫码支付页（代替手机扫码）' : '打开沙箱支付宝收银台'}
            </a>
          }
        />
      ) : null}
    </div>
  );
}

const payStatusColor: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'default', 3: 'error' };

/** The order's online payments and refunds on its detail page (both sides); nothing when there are none. */
export function OnlinePayments({ orderId }: { orderId: number }) {
  const q = useOrderOnlinePayments(orderId);
  if (q.isLoading) return <Card title="在线支付记录" size="small" style={{ marginTop: 16 }}><Spin /></Card>;
  if (q.isError)
    return (
      <Alert style={{ marginTop: 16 }} type="error" showIcon message="在线支付记录加载失败" action={<Button size="small" onClick={() => void q.refetch()}>重试</Button>} />
    );
  const data = q.data;
  if (!data || (data.payments.length === 0 && data.refunds.length === 0)) return null;
  return (
    <Card title="在线支付记录" size="small" style={{ marginTop: 16 }} data-testid="online-payments">
      <Table<PayOrderView>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 640 }}
        dataSource={data.payments}
        columns={[
          { title: '支付单号', dataIndex: 'payNo' },
          { title: '渠道', dataIndex: 'channel', render: (c: number) => enumLabel('PayChannel', c) },
          { title: '金额', dataIndex: 'amount', render: (v: string) => formatMoney(v) },
          { title: '状态', dataIndex: 'status', render: (s: number) => <Tag color={payStatusColor[s]}>{enumLabel('PayOrderStatus', s)}</Tag> },
          { title: '渠道交易号', dataIndex: 'partnerTradeNo', render: (v: string | null) => v ?? '—' },
          { title: '支付时间', dataIndex: 'paidAt', render: (v: string | null) => (v ? formatChinaDateTime(v) : '—') },
          { title: '已退款', dataIndex: 'refundedAmount', render: (v: string) => formatMoney(v) },
        ]}
      />
      {data.refunds.length ? (
        <Table<PayRefundView>
          style={{ marginTop: 12 }}
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 640 }}
          dataSource={data.refunds}
          columns={[
            { title: '退款单号', dataIndex: 'refundNo' },
            { title: '渠道', dataIndex: 'channel', render: (c: number) => enumLabel('PayChannel', c) },
            { title: '退款金额', dataIndex: 'amount', render: (v: string) => formatMoney(v) },
            { title: '原因', dataIndex: 'reason' },
            { title: '状态', dataIndex: 'status', render: (s: number) => <Tag color={s === PayRefundStatus.SUCCESS ? 'success' : s === PayRefundStatus.FAILED ? 'error' : 'processing'}>{enumLabel('PayRefundStatus', s)}</Tag> },
            { title: '完成时间', dataIndex: 'doneAt', render: (v: string | null) => (v ? formatChinaDateTime(v) : '—') },
          ]}
        />
      ) : null}
    </Card>
  );
}
