import { useEffect, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Radio, Table } from 'antd';
import {
  formatMoney,
  lineTitle,
  orderCancelInput,
  orderPayInput,
  orderRepriceInput,
  orderShipInput,
  paymentRejectInput,
  type OrderDetail,
  formatFen,
  toFen,
} from '@aquamall/shared';
import { CarrierFields, carrierOfForm } from '../../../components/CarrierFields.tsx';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { TransferPayeeCard } from '../../../components/payee/TransferPayeeCard.tsx';
import { formRules, zodRule } from '../../../lib/form-rules.ts';
import {
  useCancelOrder,
  useCreditForOrder,
  useOrderPayee,
  usePayOrder,
  useRejectPayment,
  useRepriceOrder,
  useShipOrder,
} from '../api/orders.ts';
import { usePayChannels } from '../api/payments.ts';
import { OnlinePayPanel } from './OnlinePay.tsx';

interface ModalProps {
  order: OrderDetail;
  open: boolean;
  onClose: () => void;
}

const cancelRules = formRules(orderCancelInput);
const payRules = formRules(orderPayInput);
const rejectRules = formRules(paymentRejectInput);
const shipRules = formRules(orderShipInput);
const repriceRules = {
  unitPrice: [zodRule(orderRepriceInput.shape.lines.element.shape.unitPrice)],
  freight: formRules(orderRepriceInput).freight,
};

/** Supplier changes unit prices and freight before confirming (the purchaser sees the old and new figures). */
export function RepriceModal({ order, open, onClose }: ModalProps) {
  const [form] = Form.useForm<{ prices: Record<string, number>; freight: number; note?: string }>();
  const reprice = useRepriceOrder();
  useEffect(() => {
    if (open)
      form.setFieldsValue({
        prices: Object.fromEntries(order.lines.map((l) => [String(l.id), Number(l.unitPrice)])),
        freight: Number(order.freight),
        note: '',
      });
  }, [open, order, form]);
  const submit = async () => {
    const v = await form.validateFields();
    await reprice.mutateAsync({
      orderId: order.id,
      lines: order.lines.map((l) => ({
        lineId: l.id,
        unitPrice: v.prices[String(l.id)] ?? Number(l.unitPrice),
      })),
      freight: v.freight,
      note: v.note || undefined,
    });
    onClose();
  };
  return (
    <Modal
      title="修改价格"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={reprice.isPending}
      width={680}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={order.lines}
          columns={[
            {
              title: '商品',
              dataIndex: 'productName',
              render: (v: string, l) => lineTitle(v, l.spec),
            },
            { title: '数量', dataIndex: 'quantity', width: 80, render: (q: number, l) => `${q}${l.unit}` },
            {
              title: '单价（元）',
              key: 'price',
              width: 160,
              render: (_, l) => (
                <Form.Item name={['prices', String(l.id)]} noStyle rules={repriceRules.unitPrice}>
                  <InputNumber
                    min={0}
                    precision={2}
                    style={{ width: 140 }}
                    aria-label={`${l.productName}单价`}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
        <Form.Item name="freight" label="运费（元）" rules={repriceRules.freight} style={{ marginTop: 16 }}>
          <InputNumber min={0} precision={2} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="note" label="改价说明">
          <Input maxLength={200} placeholder="选填，采购商可见" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Cancel: the purchaser before paying (reason optional), the supplier with a reason. */
export function CancelModal({ order, open, onClose }: ModalProps) {
  const [form] = Form.useForm<{ reason?: string }>();
  const cancel = useCancelOrder();
  const seller = order.side === 'seller';
  const submit = async () => {
    const v = await form.validateFields();
    await cancel.mutateAsync({ orderId: order.id, reason: v.reason?.trim() || undefined });
    onClose();
  };
  return (
    <Modal
      title="取消订单"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认取消"
      okButtonProps={{ danger: true }}
      confirmLoading={cancel.isPending}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        message="取消后预占的库存将释放，订单不能恢复。"
        style={{ marginBottom: 16 }}
      />
      {order.status === 2 && seller && (
        <Alert
          type="error"
          showIcon
          message={`采购商已付款 ${formatMoney(order.paidAmount)}，取消后请线下退还。`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="取消原因"
          rules={seller ? [...rejectRules.reason] : cancelRules.reason}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={seller ? '请填写取消原因，采购商可见' : '选填'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Purchaser pays: by bank transfer (uploads the proof, up to 5 images, the supplier confirms it) or 账期支付 from
 * the credit account with this supplier (balance first, then credit; the available amount is shown).
 */
export function PayModal({ order, open, onClose }: ModalProps) {
  const [form] = Form.useForm<{ proofFiles: string[]; payerName?: string; remark?: string }>();
  const pay = usePayOrder();
  const credit = useCreditForOrder(open ? order.id : null);
  const payee = useOrderPayee(open ? order.id : null);
  const [chosen, setChosen] = useState<1 | 2 | 3 | 4 | null>(null);
  const channels = usePayChannels(open, order.id);
  const account = credit.data ?? null;
  // Checkout offers what is possible: no transfer to a supplier without a verified account (credit if any).
  const transferOk = payee.data?.available ?? true;
  const method: 1 | 2 | 3 | 4 = chosen ?? (!transferOk && account ? 2 : 1);
  // 微信支付 (3) and 支付宝 (4): the payment partner's channel 1 and 2 (decision 0207).
  const online = method === 3 || method === 4 ? (method === 3 ? 1 : 2) : null;
  const channelOf = (c: 1 | 2) => channels.data?.channels.find((x) => x.channel === c);
  const onlineOption = (c: 1 | 2) => {
    const ch = channelOf(c);
    return {
      value: c === 1 ? 3 : 4,
      label: ch && !ch.available ? <span title={ch.reason ?? undefined}>{ch.label}（未开通）</span> : c === 1 ? '微信支付' : '支付宝',
      disabled: !ch?.available,
    };
  };
  const offline = channels.data?.channels.filter((c) => !c.available) ?? [];
  const setMethod = setChosen;
  // A part-paid order (a short transfer confirmed): the remainder is paid by transfer only (decision 0215).
  const partPaid = toFen(order.paidAmount ?? '0') > 0;
  const short = account ? toFen(order.totalAmount) - toFen(account.available) : 0;
  const creditUsable = account !== null && account.status === 1 && short <= 0;
  const submit = async () => {
    if (method === 2) {
      await pay.mutateAsync({ orderId: order.id, method: 2 });
      onClose();
      return;
    }
    const v = await form.validateFields();
    await pay.mutateAsync({
      orderId: order.id,
      method: 1,
      proofFiles: v.proofFiles,
      payerName: v.payerName || undefined,
      remark: v.remark || undefined,
    });
    onClose();
  };
  return (
    <Modal
      title={online ? '在线支付' : method === 2 ? '账期支付' : '上传付款凭证'}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={method === 2 ? '确认账期支付' : '提交凭证'}
      okButtonProps={{ disabled: method === 2 ? !creditUsable : !transferOk }}
      confirmLoading={pay.isPending}
      footer={online ? null : undefined}
      destroyOnHidden
    >
      <Radio.Group
        value={method}
        onChange={(e) => setMethod(e.target.value as 1 | 2 | 3 | 4)}
        style={{ marginBottom: 16 }}
        options={[
          { value: 1, label: '银行转账', disabled: !transferOk },
          { value: 2, label: '账期支付', disabled: !account || partPaid },
          { ...onlineOption(1), disabled: onlineOption(1).disabled || partPaid },
          { ...onlineOption(2), disabled: onlineOption(2).disabled || partPaid },
        ]}
      />
      {partPaid ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="pay-remainder"
          message={`订单已收款 ${formatMoney(order.paidAmount)}，剩余 ${formatMoney(order.remainingAmount)} 请继续通过银行转账支付。`}
        />
      ) : null}
      {offline.length === 2 && !online && !channels.data?.channels.some((c) => c.sandbox || c.reason?.includes('供应商')) ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message="本平台尚未开通在线支付（微信支付、支付宝），请使用银行转账或账期支付。" />
      ) : offline.length && !online ? (
        // The supplier has no verified sub-merchant on a channel (decision 0216): say why it is not offered.
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={[...new Set(offline.map((c) => c.reason))].join(' ')} />
      ) : null}
      {online ? (
        <OnlinePayPanel key={online} order={order} channel={online} onDone={onClose} />
      ) : method === 2 && account ? (
        <Alert
          type={creditUsable ? 'info' : 'warning'}
          showIcon
          message={
            account.status !== 1
              ? '信用账户已冻结，不能账期支付'
              : short > 0
                ? `可用额度不足，还差 ${formatFen(short)}`
                : `从 ${order.sellerCompanyName} 的信用账户支付 ${formatMoney(order.totalAmount)}`
          }
          description={`余额 ${formatMoney(account.balance)}，可用额度 ${formatMoney(account.available)}（信用额度 ${formatMoney(account.creditLimit)}，已用 ${formatMoney(account.creditUsed)}）。先扣余额，不足部分使用信用额度，账期 ${account.paymentDays} 天。`}
        />
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={`请向 ${order.sellerCompanyName} 的以下账户转账 ${formatMoney(payee.data?.amount ?? order.totalAmount)}，附言填写订单号，并上传转账凭证，供应商确认到账后发货。`}
            description={account ? undefined : '与该供应商开通信用账户后可使用账期支付。'}
          />
          <TransferPayeeCard payee={payee.data} loading={payee.isLoading} />
          {transferOk ? (
          <Form form={form} layout="vertical" initialValues={{ proofFiles: [] }}>
            <Form.Item name="proofFiles" label="付款凭证" rules={payRules.proofFiles}>
              <ImageUpload multiple max={5} />
            </Form.Item>
            <Form.Item name="payerName" label="付款户名" rules={payRules.payerName}>
              <Input maxLength={100} placeholder="选填" />
            </Form.Item>
            <Form.Item name="remark" label="备注" rules={payRules.remark}>
              <Input.TextArea rows={2} maxLength={300} placeholder="选填" />
            </Form.Item>
          </Form>
          ) : null}
        </>
      )}
    </Modal>
  );
}

/** Supplier rejects the transfer proof with a reason. */
export function RejectPaymentModal({ order, open, onClose }: ModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectPayment();
  const submit = async () => {
    const v = await form.validateFields();
    await reject.mutateAsync({ orderId: order.id, reason: v.reason });
    onClose();
  };
  return (
    <Modal
      title="驳回付款凭证"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="驳回"
      okButtonProps={{ danger: true }}
      confirmLoading={reject.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label="驳回原因" rules={rejectRules.reason}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：未收到款项、金额不符" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Supplier ships: quantity per line up to what remains, carrier and tracking number. */
export function ShipModal({ order, open, onClose }: ModalProps) {
  const [form] = Form.useForm<{
    qty: Record<string, number>;
    carrierCode: string;
    carrier?: string;
    trackingNo: string;
    remark?: string;
  }>();
  const ship = useShipOrder();
  const remaining = order.lines.filter((l) => l.quantity > l.shippedQty);
  useEffect(() => {
    if (open)
      form.setFieldsValue({
        qty: Object.fromEntries(remaining.map((l) => [String(l.id), l.quantity - l.shippedQty])),
      });
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async () => {
    // An invalid form shows its messages; nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await ship.mutateAsync({
      orderId: order.id,
      lines: remaining.map((l) => ({ lineId: l.id, quantity: v.qty[String(l.id)] ?? 0 })),
      ...carrierOfForm(v),
      trackingNo: v.trackingNo,
      remark: v.remark || undefined,
    });
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      title="发货"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认发货"
      confirmLoading={ship.isPending}
      width={680}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={remaining}
          columns={[
            {
              title: '商品',
              dataIndex: 'productName',
              render: (v: string, l) => lineTitle(v, l.spec),
            },
            { title: '订购', dataIndex: 'quantity', width: 70 },
            { title: '已发', dataIndex: 'shippedQty', width: 70 },
            {
              title: '本次发货',
              key: 'qty',
              width: 150,
              render: (_, l) => (
                <Form.Item name={['qty', String(l.id)]} noStyle>
                  <InputNumber
                    min={0}
                    max={l.quantity - l.shippedQty}
                    precision={0}
                    addonAfter={l.unit}
                    style={{ width: 130 }}
                    aria-label={`${l.productName}本次发货`}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
        <div style={{ marginTop: 16 }} />
        <CarrierFields rules={shipRules} />
        <Form.Item name="remark" label="备注" rules={shipRules.remark}>
          <Input maxLength={300} placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
