import { Alert, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import {
  ExcessHandling,
  formatFen,
  formatMoney,
  noteCarriesOrderNo,
  paymentConfirmInput,
  toFen,
  type OrderDetail,
} from '@aquamall/shared';
import { formRules, problemRule } from '../../../lib/form-rules.ts';
import { useConfirmPayment } from '../api/orders.ts';

const rules = formRules(paymentConfirmInput);
const handlingPicked = [problemRule((v: number | undefined) => (v ? null : '请选择多付部分的处理方式'), true)];
const refundRefTyped = [
  problemRule((v: string | undefined) => (v?.trim() ? null : '请填写退还多付款项的银行流水号'), true),
  ...(rules.refundRef ?? []),
];

/** What a received amount means against the amount due, in fen: short (remainder), exact, or over (excess). */
export function transferDifference(dueYuan: string, received: number | null | undefined) {
  const dueFen = toFen(dueYuan);
  if (received === null || received === undefined || !Number.isFinite(received)) return null;
  let receivedFen: number;
  try {
    receivedFen = toFen(received);
  } catch {
    return null;
  }
  const diff = receivedFen - dueFen;
  return { dueFen, receivedFen, diff, kind: diff === 0 ? 'exact' : diff < 0 ? 'short' : 'excess' } as const;
}

interface Values {
  receivedAmount: number;
  receivedNote?: string;
  excessHandling?: 1 | 2;
  refundRef?: string;
}

/**
 * The supplier confirms a transfer proof (decision 0215): the amount received (prefilled with what is due) and the
 * note (附言) seen on the bank statement; the difference is shown as typed — short leaves the remainder payable, an
 * excess is refunded (退还, with the refund's bank reference) or kept as the purchaser's balance (转为余额).
 */
export function ConfirmPaymentModal({ order, open, onClose }: { order: OrderDetail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const confirm = useConfirmPayment();
  const received = Form.useWatch('receivedAmount', form);
  const note = Form.useWatch('receivedNote', form) ?? '';
  const handling = Form.useWatch('excessHandling', form);
  const d = transferDifference(order.remainingAmount, received);
  const submit = async () => {
    // A refused field shows its message under it; nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await confirm.mutateAsync({
      orderId: order.id,
      receivedAmount: v.receivedAmount,
      receivedNote: v.receivedNote ?? '',
      excessHandling: d?.kind === 'excess' ? v.excessHandling : undefined,
      refundRef: d?.kind === 'excess' && v.excessHandling === ExcessHandling.REFUND ? (v.refundRef ?? '') : '',
    });
    onClose();
  };
  return (
    <Modal
      title="确认收款"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认收款"
      confirmLoading={confirm.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        按银行流水填写实际到账金额和附言。应付 {formatMoney(order.remainingAmount)}
        {toFen(order.paidAmount) > 0 ? `（订单 ${formatMoney(order.totalAmount)}，已收 ${formatMoney(order.paidAmount)}）` : ''}
        ，附言应含订单号 {order.orderNo}。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ receivedAmount: Number(order.remainingAmount), receivedNote: '' }}
      >
        <Form.Item name="receivedAmount" label="实收金额（元）" rules={rules.receivedAmount}>
          <InputNumber min={0.01} precision={2} style={{ width: '100%' }} data-testid="received-amount" />
        </Form.Item>
        <Form.Item name="receivedNote" label="转账附言" rules={rules.receivedNote}>
          <Input maxLength={140} placeholder="银行流水上的附言" data-testid="received-note" />
        </Form.Item>
        {d ? (
          <Alert
            data-testid="received-difference"
            style={{ marginBottom: 16 }}
            showIcon
            type={d.kind === 'exact' ? 'success' : 'warning'}
            message={
              d.kind === 'exact'
                ? '实收金额与应付金额一致，确认后订单进入待发货'
                : d.kind === 'short'
                  ? `少付 ${formatFen(-d.diff)}：确认后订单仍为待付款，采购商需补付剩余 ${formatFen(-d.diff)}`
                  : `多付 ${formatFen(d.diff)}：请选择多付部分的处理方式`
            }
          />
        ) : null}
        {note.trim() && !noteCarriesOrderNo(note, order.orderNo) ? (
          <Alert
            data-testid="received-note-warning"
            style={{ marginBottom: 16 }}
            showIcon
            type="warning"
            message={`附言未包含订单号（应为“订单${order.orderNo}”），请核实付款方`}
          />
        ) : null}
        {d?.kind === 'excess' ? (
          <>
            <Form.Item
              name="excessHandling"
              label="多付部分"
              rules={handlingPicked}
            >
              <Radio.Group
                options={[
                  { value: ExcessHandling.REFUND, label: '退还' },
                  { value: ExcessHandling.BALANCE, label: '转为余额' },
                ]}
              />
            </Form.Item>
            {handling === ExcessHandling.REFUND ? (
              <Form.Item
                name="refundRef"
                label="退款转账流水号"
                rules={refundRefTyped}
              >
                <Input maxLength={60} placeholder="退还多付款项的银行流水号" />
              </Form.Item>
            ) : handling === ExcessHandling.BALANCE ? (
              <Typography.Paragraph type="secondary">
                与该采购商有信用账户时记入账户余额（先抵还已用额度），否则记录在本订单。
              </Typography.Paragraph>
            ) : null}
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
