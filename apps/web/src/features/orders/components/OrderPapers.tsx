import { useState } from 'react';
import { Alert, Button, Dropdown, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { formatMoney, OrderStatus, transferMatchInput, type OrderDetail, type TransferMatch } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { downloadOrderPaper, useTransferMatch } from '../api/orders.ts';

/**
 * The papers of an order (decision docs/decisions/0198-transfer-payee-and-order-papers.md): 采购订单/销售订单,
 * the 发货单 of each shipment and the 收货单 once received, as PDFs the two parties download.
 */
export function OrderPapersButton({ order }: { order: OrderDetail }) {
  const title = order.side === 'buyer' ? '采购订单' : '销售订单';
  const items = [
    { key: 'order', label: `${title}（PDF）` },
    ...order.shipments.map((s, i) => ({ key: `delivery-${s.id}`, label: `发货单 第 ${i + 1} 批（PDF）` })),
    ...(order.status === OrderStatus.COMPLETED ? [{ key: 'receiving', label: '收货单（PDF）' }] : []),
  ];
  const open = (key: string) => {
    if (key.startsWith('delivery-')) void downloadOrderPaper(order.id, 'delivery', Number(key.slice(9)));
    else void downloadOrderPaper(order.id, key as 'order' | 'receiving');
  };
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => open(key) }} trigger={['click']}>
      <Button size="small" data-testid="order-papers">
        打印单据
      </Button>
    </Dropdown>
  );
}

/** Downloads the 发货单 of one shipment (a link in the shipments table). */
export function DeliveryNoteLink({ orderId, shipmentId }: { orderId: number; shipmentId: number }) {
  return (
    <Typography.Link onClick={() => void downloadOrderPaper(orderId, 'delivery', shipmentId)}>打印发货单</Typography.Link>
  );
}

const matchRules = formRules(transferMatchInput);

/**
 * The supplier checks an incoming transfer before confirming the payment: the amount and note from its bank
 * statement against the order (exact, short with the remainder still payable, or over with the excess to refund or
 * keep as the purchaser's balance). It only reads; confirming stays the 确认收款 button.
 */
export function TransferMatchButton({ order }: { order: OrderDetail }) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<TransferMatch | null>(null);
  const [form] = Form.useForm<{ amount: number; note: string }>();
  const match = useTransferMatch();
  const check = async () => {
    const v = await form.validateFields();
    setResult(await match.mutateAsync({ orderId: order.id, amount: v.amount, note: v.note ?? '' }));
  };
  const close = () => {
    setOpen(false);
    setResult(null);
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="transfer-match">
        核对到账
      </Button>
      <Modal title="核对到账" open={open} onCancel={close} onOk={() => void check()} okText="核对" cancelText="关闭" confirmLoading={match.isPending} destroyOnHidden>
        <Typography.Paragraph type="secondary">
          按银行流水填写到账金额和附言，核对是否与本订单（应付 {formatMoney(order.totalAmount)}，附言应含订单号 {order.orderNo}）一致。
        </Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="amount" label="到账金额（元）" rules={matchRules.amount}>
            <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="note" label="转账附言" rules={matchRules.note}>
            <Input maxLength={140} placeholder="银行流水上的附言" />
          </Form.Item>
        </Form>
        {result ? (
          <Alert
            data-testid="transfer-match-result"
            type={result.kind === 'exact' && result.noteMatches ? 'success' : 'warning'}
            showIcon
            message={result.message}
            description={`应付 ${formatMoney(result.expected)}，到账 ${formatMoney(result.received)}，差额 ${formatMoney(result.difference)}`}
          />
        ) : null}
      </Modal>
    </>
  );
}
