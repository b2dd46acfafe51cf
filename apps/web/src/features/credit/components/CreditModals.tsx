import { Alert, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { creditAdjustInput, creditAmountInput, creditApproveInput, creditReasonInput, creditRechargeInput, creditTermsInput, formatMoney } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { TransferPayeeCard } from '../../../components/payee/TransferPayeeCard.tsx';
import { useAdjust, useApprove, useCreditPayee, useCustomerRecharge, useRecharge, useRefund, useTerms } from '../api/credit.ts';

const rechargeRules = formRules(creditRechargeInput);
const amountRules = formRules(creditAmountInput);
const approveRules = formRules(creditApproveInput);
const termsRules = formRules(creditTermsInput);
const reasonRules = formRules(creditReasonInput);
const adjustRules = formRules(creditAdjustInput);

interface Props {
  open: boolean;
  onClose: () => void;
}
type Account = { id: number; sellerCompanyName: string; buyerCompanyName: string; balance: string; creditUsed: string; creditLimit: string; paymentDays: number };

/** A modal form: validates, runs `submit`, closes on success (the server's message is shown by the client). */
function FormModal<V extends object>({ open, onClose, title, okText, loading, submit, children, initialValues, danger, disabled }: Props & { title: string; okText: string; loading: boolean; submit: (v: V) => Promise<unknown>; children: React.ReactNode; initialValues?: Partial<V>; danger?: boolean; disabled?: boolean }) {
  const [form] = Form.useForm<V>();
  const ok = async () => {
    const v = await form.validateFields();
    await submit(v);
    onClose();
  };
  return (
    <Modal title={title} open={open} onCancel={onClose} onOk={() => void ok()} okText={okText} okButtonProps={{ danger, disabled }} confirmLoading={loading} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}

/** The purchaser's recharge: amount and the transfer proof, confirmed by the supplier. */
export function RechargeModal({ account, ...p }: Props & { account: Account }) {
  const m = useRecharge();
  const payee = useCreditPayee(p.open ? account.id : null);
  const blocked = payee.data?.available === false;
  return (
    <FormModal<{ amount: number; proofFiles: string[]; remark: string }> {...p} title="账户充值" okText="提交充值凭证" loading={m.isPending} disabled={blocked} initialValues={{ proofFiles: [] }} submit={(v) => m.mutateAsync({ accountId: account.id, ...v })}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`请向 ${account.sellerCompanyName} 的以下账户转账，附言填写充值账户号，然后上传凭证，供应商确认到账后入账；充值先偿还已用额度（当前 ${formatMoney(account.creditUsed)}）。`} />
      <TransferPayeeCard payee={payee.data} loading={payee.isLoading} />
      <Form.Item name="amount" label="充值金额（元）" rules={rechargeRules.amount}>
        <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="proofFiles" label="转账凭证" rules={rechargeRules.proofFiles}>
        <ImageUpload multiple max={5} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={rechargeRules.remark}>
        <Input.TextArea rows={2} maxLength={300} placeholder="选填" />
      </Form.Item>
    </FormModal>
  );
}

/** The purchaser's refund request (≤ balance), or the supplier's 客户充值. */
export function AmountModal({ account, kind, ...p }: Props & { account: Account; kind: 'refund' | 'customerRecharge' }) {
  const refund = useRefund();
  const recharge = useCustomerRecharge();
  const m = kind === 'refund' ? refund : recharge;
  return (
    <FormModal<{ amount: number; remark: string }> {...p} title={kind === 'refund' ? '申请退款' : `客户充值：${account.buyerCompanyName}`} okText="提交" loading={m.isPending} submit={(v) => m.mutateAsync({ accountId: account.id, ...v })}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={kind === 'refund' ? `可退余额 ${formatMoney(account.balance)}，供应商确认后退回。` : `登记已收到的客户款项，立即入账：先偿还已用额度 ${formatMoney(account.creditUsed)}，其余计入余额。`}
      />
      <Form.Item name="amount" label="金额（元）" rules={amountRules.amount}>
        <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={amountRules.remark}>
        <Input.TextArea rows={2} maxLength={300} placeholder="选填" />
      </Form.Item>
    </FormModal>
  );
}

/** The supplier approves a request (limit, days) or changes the terms later (with a reason). */
export function TermsModal({ account, approve, ...p }: Props & { account: Account; approve: boolean }) {
  const a = useApprove();
  const t = useTerms();
  return (
    <FormModal<{ creditLimit: number; paymentDays: number; reason: string }>
      {...p}
      title={approve ? `通过申请：${account.buyerCompanyName}` : '调整额度和账期'}
      okText={approve ? '通过并开通' : '保存'}
      loading={a.isPending || t.isPending}
      initialValues={{ creditLimit: Number(account.creditLimit), paymentDays: account.paymentDays || 30 }}
      submit={(v) => (approve ? a.mutateAsync({ id: account.id, creditLimit: v.creditLimit, paymentDays: v.paymentDays }) : t.mutateAsync({ id: account.id, ...v }))}
    >
      <Form.Item name="creditLimit" label="信用额度（元）" rules={approveRules.creditLimit}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="paymentDays" label="账期（天）" rules={approveRules.paymentDays}>
        <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      {!approve && (
        <Form.Item name="reason" label="调整原因" rules={termsRules.reason}>
          <Input maxLength={200} />
        </Form.Item>
      )}
    </FormModal>
  );
}

/** A command that needs a reason (reject, freeze, unfreeze, dispute). */
export function ReasonModal({ title, okText, label, run, loading, danger, ...p }: Props & { title: string; okText: string; label: string; run: (reason: string) => Promise<unknown>; loading: boolean; danger?: boolean }) {
  return (
    <FormModal<{ reason: string }> {...p} title={title} okText={okText} loading={loading} danger={danger} submit={(v) => run(v.reason)}>
      <Form.Item name="reason" label={label} rules={reasonRules.reason}>
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}

/** The supplier's adjustment of the balance or the credit used (signed), with a reason. */
export function AdjustModal({ account, ...p }: Props & { account: Account }) {
  const m = useAdjust();
  return (
    <FormModal<{ target: number; amount: number; reason: string }> {...p} title="账户调整" okText="确认调整" loading={m.isPending} initialValues={{ target: 1 }} submit={(v) => m.mutateAsync({ id: account.id, ...v })}>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`当前余额 ${formatMoney(account.balance)}，已用额度 ${formatMoney(account.creditUsed)}。调整写入流水，不可撤销。`} />
      <Form.Item name="target" label="调整项目" rules={adjustRules.target}>
        <Radio.Group options={[{ value: 1, label: '余额' }, { value: 2, label: '已用额度（欠款）' }]} />
      </Form.Item>
      <Form.Item name="amount" label="调整金额（元，负数为减少）" rules={adjustRules.amount}>
        <InputNumber precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reason" label="调整原因" rules={adjustRules.reason}>
        <Input maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}
