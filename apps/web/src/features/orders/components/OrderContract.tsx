import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, Form, Input, InputNumber, Modal, Space, Table, Tag, Timeline, Typography } from 'antd';
import {
  ContractStatus,
  contractMachine,
  contractSettingsInput,
  contractSignInput,
  contractVoidInput,
  formatChinaDateTime,
  formatMoney,
  type ContractDetail,
  type OrderDetail,
} from '@aquamall/shared';
import { SmsCodeButton } from '../../../components/SmsCodeButton.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import {
  downloadContract,
  useContractSettings,
  useContractSignCode,
  useCreateContract,
  useOrderContract,
  useSaveContractSettings,
  useSignContract,
  useVoidContract,
} from '../api/orders.ts';

/**
 * The order contract (采购合同, docs/product/contracts.md): its state on both sides, generation, the signing dialog
 * (the PDF shown, then an SMS code to the signer's own phone, then the seal) and the download of the PDF.
 */

const STATUS_COLOR: Record<number, string> = {
  [ContractStatus.PENDING]: 'orange',
  [ContractStatus.BUYER_SIGNED]: 'gold',
  [ContractStatus.SELLER_SIGNED]: 'gold',
  [ContractStatus.SIGNED]: 'green',
  [ContractStatus.VOIDED]: 'default',
};

/** The contract's status line beside the order's status tag (both sides). */
export function ContractStatusTag({ orderId }: { orderId: number }) {
  const q = useOrderContract(orderId);
  const line = q.data?.statusLine;
  if (!line) return null;
  return (
    <Tag color={line === '合同已签署' ? 'green' : 'orange'} data-testid="contract-status-line">
      {line}
    </Tag>
  );
}

/** Whether the order's contract rule still blocks shipping (the server refuses it too). */
export function useContractBlocksShipping(orderId: number | null): boolean {
  const q = useOrderContract(orderId);
  return !!q.data?.required && q.data.contract?.status !== ContractStatus.SIGNED;
}

/**
 * The text of a contract in the page, as its PDF prints it (facts, lines, sums in figures and capitals, clauses):
 * readable on a phone, where a PDF frame shows nothing, and allowed by the page's CSP (no frames).
 */
function ContractText({ contract }: { contract: ContractDetail }) {
  const t = contract.text;
  return (
    <div data-testid="contract-preview" style={{ maxHeight: '50vh', overflow: 'auto', border: '1px solid #f0f0f0', padding: 12, background: '#fff' }}>
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        {t.title}
      </Typography.Title>
      {t.facts.map(([label, value]) => (
        <div key={label}>
          <Typography.Text type="secondary">{label}：</Typography.Text>
          {value}
        </div>
      ))}
      <Table
        style={{ margin: '12px 0' }}
        size="small"
        pagination={false}
        rowKey={(_, i) => String(i)}
        scroll={{ x: 560 }}
        dataSource={t.lines}
        columns={[
          { title: '商品名称', dataIndex: 'name' },
          { title: '规格', dataIndex: 'spec' },
          { title: '单位', dataIndex: 'unit', width: 60 },
          { title: '数量', dataIndex: 'quantity', width: 70, align: 'right' as const },
          { title: '单价（元）', dataIndex: 'unitPrice', align: 'right' as const },
          { title: '金额（元）', dataIndex: 'amount', align: 'right' as const },
        ]}
      />
      {t.sums.map(([label, yuan]) => (
        <div key={label}>
          {label}：{formatMoney(yuan)}
        </div>
      ))}
      <div>
        <Typography.Text strong>金额大写：{t.capital}</Typography.Text>
      </div>
      {t.remarks.map((r) => (
        <div key={r}>{r}</div>
      ))}
      {t.clauses.map((c) => (
        <Typography.Paragraph key={c} style={{ marginTop: 8, marginBottom: 0 }}>
          {c}
        </Typography.Paragraph>
      ))}
    </div>
  );
}

const signRules = formRules(contractSignInput);
const voidRules = formRules(contractVoidInput);

function SignDialog({ contract, open, onClose }: { contract: ContractDetail; open: boolean; onClose: () => void }) {
  const [agreed, setAgreed] = useState(false);
  const [sentTo, setSentTo] = useState('');
  const [form] = Form.useForm<{ code: string }>();
  const sendCode = useContractSignCode();
  const sign = useSignContract();
  const submit = async () => {
    const v = await form.validateFields();
    await sign.mutateAsync({ id: contract.id, code: v.code });
    onClose();
  };
  const party = contract.side === 'buyer' ? '甲方（需方）' : '乙方（供方）';
  return (
    <Modal
      title={`签署采购合同 ${contract.contractNo}`}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="确认签署"
      cancelText="取消"
      okButtonProps={{ disabled: !agreed, 'data-testid': 'contract-sign-submit' } as never}
      confirmLoading={sign.isPending}
      width={860}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          您将以{party}身份签署，合同金额 {formatMoney(contract.amount)}（人民币{contract.amountCapital}）。请先阅读合同全文：
        </Typography.Text>
        <ContractText contract={contract} />
        <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="contract-agree">
          我已阅读并同意合同全部条款，同意使用本公司电子签章签署
        </Checkbox>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label="短信验证码（意愿认证）" required extra={sentTo ? `验证码已发送至 ${sentTo}，5分钟内有效` : '验证码将发送到您账号绑定的手机号'}>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item name="code" rules={signRules.code} noStyle>
                <Input size="large" maxLength={6} placeholder="6位验证码" data-testid="contract-code" disabled={!agreed} />
              </Form.Item>
              <SmsCodeButton
                disabled={!agreed}
                onSend={() =>
                  sendCode.mutateAsync(contract.id).then(
                    (r) => {
                      setSentTo(r.phone);
                      return true;
                    },
                    () => false,
                  )
                }
              />
            </div>
          </Form.Item>
        </Form>
      </Space>
    </Modal>
  );
}

function VoidDialog({ contract, open, onClose }: { contract: ContractDetail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const voidIt = useVoidContract();
  const submit = async () => {
    const v = await form.validateFields();
    await voidIt.mutateAsync({ id: contract.id, reason: v.reason });
    onClose();
  };
  return (
    <Modal title="作废合同" open={open} onCancel={onClose} onOk={() => void submit()} okText="作废" okButtonProps={{ danger: true }} cancelText="取消" confirmLoading={voidIt.isPending} destroyOnHidden>
      <Typography.Paragraph type="secondary">作废后双方的签署失效，可重新生成合同。</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="作废原因" rules={voidRules.reason}>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const signatureText = (s: ContractDetail['buyerSignature']) =>
  s ? `${s.signerName}（${s.phone}）于 ${formatChinaDateTime(s.signedAt)} 签署` : '未签署';

/** The contract card of the order detail page. */
export function OrderContractCard({ order }: { order: OrderDetail }) {
  const q = useOrderContract(order.id);
  const create = useCreateContract();
  const [dialog, setDialog] = useState<'sign' | 'void' | 'view' | null>(null);
  if (q.isLoading) return <Card variant="borderless" title="采购合同" loading />;
  if (q.isError || !q.data)
    return (
      <Card variant="borderless" title="采购合同">
        <Alert type="error" showIcon message="合同信息加载失败" action={<Button size="small" onClick={() => void q.refetch()}>重试</Button>} />
      </Card>
    );
  const { required, requiredReason, canCreate, contract } = q.data;
  const live = contract && contract.status !== ContractStatus.VOIDED ? contract : null;
  return (
    <Card
      variant="borderless"
      title="采购合同"
      data-testid="order-contract"
      extra={
        canCreate ? (
          <Button type="primary" size="small" loading={create.isPending} onClick={() => void create.mutateAsync(order.id)} data-testid="contract-create">
            生成合同
          </Button>
        ) : null
      }
    >
      {required && <Alert type={live?.status === ContractStatus.SIGNED ? 'success' : 'warning'} showIcon style={{ marginBottom: 12 }} message={`${requiredReason}${live?.status === ContractStatus.SIGNED ? '' : '：双方签署后供应商方可发货'}`} />}
      {!contract ? (
        <Typography.Text type="secondary">{required ? '尚未生成合同，请生成后由双方签署。' : '本订单未生成合同（可选）。'}</Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label="合同编号">{contract.contractNo}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={STATUS_COLOR[contract.status]} data-testid="contract-status">
                {contractMachine.label(contract.status)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="合同金额">
              {formatMoney(contract.amount)}（{contract.amountCapital}）
            </Descriptions.Item>
            <Descriptions.Item label="来源">{contract.source}</Descriptions.Item>
            <Descriptions.Item label={`甲方 ${contract.buyerCompanyName}`}>{signatureText(contract.buyerSignature)}</Descriptions.Item>
            <Descriptions.Item label={`乙方 ${contract.sellerCompanyName}`}>{signatureText(contract.sellerSignature)}</Descriptions.Item>
            {contract.voidReason && <Descriptions.Item label="作废原因">{contract.voidReason}</Descriptions.Item>}
          </Descriptions>
          <Space wrap>
            <Button onClick={() => setDialog('view')}>查看合同</Button>
            <Button onClick={() => void downloadContract(contract.id)} data-testid="contract-download">
              下载PDF
            </Button>
            {contract.actions.includes('sign') && (
              <Button type="primary" onClick={() => setDialog('sign')} data-testid="contract-sign">
                {contractMachine.actions.sign.button}
              </Button>
            )}
            {contract.actions.includes('void') && (
              <Button danger onClick={() => setDialog('void')}>
                {contractMachine.actions.void.button}
              </Button>
            )}
          </Space>
          {contract.history.length > 0 && (
            <Timeline
              style={{ marginTop: 8 }}
              items={contract.history.map((h) => ({
                children: `${formatChinaDateTime(h.createdAt)} ${h.userName} ${h.action}${h.note ? `（${h.note}）` : ''}`,
              }))}
            />
          )}
          <SignDialog contract={contract} open={dialog === 'sign'} onClose={() => setDialog(null)} />
          <VoidDialog contract={contract} open={dialog === 'void'} onClose={() => setDialog(null)} />
          <Modal title={`采购合同 ${contract.contractNo}`} open={dialog === 'view'} onCancel={() => setDialog(null)} footer={null} width={860} destroyOnHidden>
            <ContractText contract={contract} />
          </Modal>
        </Space>
      )}
    </Card>
  );
}

const settingsRules = formRules(contractSettingsInput);

/** The supplier's rule (合同设置): every order, or orders from an amount on, need a signed contract before shipping. */
export function ContractSettingsButton() {
  const [open, setOpen] = useState(false);
  const q = useContractSettings(open);
  const save = useSaveContractSettings();
  const [form] = Form.useForm<{ required: boolean; threshold: number | null }>();
  useEffect(() => {
    if (q.data) form.setFieldsValue({ required: q.data.required, threshold: q.data.threshold === null ? null : Number(q.data.threshold) });
  }, [q.data, form]);
  const submit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({ required: !!v.required, threshold: v.threshold ?? null });
    setOpen(false);
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="contract-settings">
        合同设置
      </Button>
      <Modal title="合同设置" open={open} onCancel={() => setOpen(false)} onOk={() => void submit()} okText="保存" cancelText="取消" confirmLoading={save.isPending} destroyOnHidden>
        {q.isError ? (
          <Alert type="error" showIcon message="合同设置加载失败" />
        ) : (
          <Form form={form} layout="vertical" preserve={false} disabled={q.isLoading}>
            <Form.Item name="required" valuePropName="checked" rules={settingsRules.required}>
              <Checkbox>所有订单均须签署采购合同后方可发货</Checkbox>
            </Form.Item>
            <Form.Item name="threshold" label="金额门槛（元）" rules={settingsRules.threshold} extra="订单金额达到该金额时须签署合同；留空表示不按金额要求">
              <InputNumberYuan />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}

function InputNumberYuan(props: { value?: number | null; onChange?: (v: number | null) => void }) {
  return <InputNumber min={0.01} precision={2} style={{ width: '100%' }} value={props.value ?? null} onChange={(v) => props.onChange?.(v ?? null)} />;
}
