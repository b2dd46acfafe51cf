import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Timeline,
  Typography,
} from 'antd';
import {
  checkVat,
  enumLabel,
  invoiceButtonLabel,
  fenToNumber,
  formatFen,
  formatMoney,
  INVOICE_TAX_RULE,
  invoiceIssueInput,
  invoiceReasonInput,
  invoiceReverseInput,
  INVOICE_FILE_TYPES,
  INVOICE_FILES_MAX,
  splitVat,
  toFen,
  VAT_RATES,
  vatOf,
  type InvoiceDetail,
  type InvoiceFile,
  formatChinaDateTime,
} from '@aquamall/shared';
import type { Dayjs } from 'dayjs';
import { DocumentUpload, type DocumentUploadProps } from '../../../components/DocumentUpload.tsx';
import { Price } from '../../../components/Format.tsx';
import { formRules, problemRule } from '../../../lib/form-rules.ts';
import { fileUrl } from '../../../lib/image.ts';
import {
  useConfirmInvoice,
  useDisputeInvoice,
  useInvoiceDetail,
  useIssueInvoice,
  useRefuseInvoice,
  useReverseInvoice,
  useWithdrawInvoice,
} from '../api/invoices.ts';
import { invoiceDay, InvoiceKindTag, InvoiceStatusTag } from './status.tsx';
import { afterChinaToday, chinaTodayPicker, pickerToDay } from '../../../lib/china-time.ts';

/** Invoice files: PDF, OFD or images into the file host's `invoice` folder (which checks the bytes). */
const InvoiceFiles = (p: Pick<DocumentUploadProps, 'value' | 'onChange'>) => (
  <DocumentUpload
    {...p}
    folder="invoice"
    types={INVOICE_FILE_TYPES}
    max={INVOICE_FILES_MAX}
    buttonText="上传发票文件（PDF / OFD / 图片）"
  />
);

const when = (v: string | null | undefined) => (v ? formatChinaDateTime(v) : '—');
const issueRules = formRules(invoiceIssueInput);
const reasonRules = formRules(invoiceReasonInput);
const reverseRules = formRules(invoiceReverseInput);

/** One invoice with its orders, files, reversal link, history and the caller's actions (drawer or page). */
export function InvoiceDetailView({ id, onOpen }: { id: number; onOpen?: (id: number) => void }) {
  const q = useInvoiceDetail(id);
  if (q.isLoading) return <Skeleton active />;
  if (q.isError || !q.data)
    return (
      <Result
        status="warning"
        title="发票加载失败"
        subTitle={q.error instanceof Error ? q.error.message : undefined}
        extra={<Button onClick={() => void q.refetch()}>重试</Button>}
      />
    );
  return <Detail d={q.data} onOpen={onOpen} />;
}

function Detail({ d, onOpen }: { d: InvoiceDetail; onOpen?: (id: number) => void }) {
  const [modal, setModal] = useState<'issue' | 'refuse' | 'dispute' | 'reverse' | 'partial' | null>(null);
  const withdraw = useWithdrawInvoice();
  const confirm = useConfirmInvoice();
  const link = (id: number, code: string) =>
    onOpen ? (
      <Typography.Link onClick={() => onOpen(id)}>{code}</Typography.Link>
    ) : (
      <Link to={`/customer/invoice/editor?id=${id}`}>{code}</Link>
    );
  const reversal = d.reversalOfId !== null;
  const has = (a: InvoiceDetail['actions'][number]) => d.actions.includes(a);
  return (
    <div data-testid="invoice-detail">
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {d.code}
        </Typography.Title>
        <InvoiceKindTag kind={d.kind} />
        <InvoiceStatusTag status={d.status} reversal={reversal} />
      </Space>
      {d.status === 3 && d.disputeReason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={`采购商异议：${d.disputeReason}`}
          description={d.viewer === 1 ? '请核对后重新开票，或红冲后由采购商重新申请。' : undefined}
        />
      )}
      {d.status === 6 && d.rejectReason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={`供应商拒绝开票：${d.rejectReason}`}
        />
      )}
      {reversal && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={
            <>
              这是发票 {link(d.reversalOfId!, d.reversalOfCode ?? '')}{' '}
              的红冲发票，原发票金额已可重新申请开票。
            </>
          }
        />
      )}
      {d.pendingReversal && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="pending-reversal"
          message={`待红冲：售后单 ${d.pendingReversal.rmaNo} 已退款，需开具 -${formatMoney(d.pendingReversal.amount)} 的红字发票${
            d.pendingReversal.count > 1 ? `（共 ${d.pendingReversal.count} 笔，合计 ${formatMoney(d.pendingReversal.total)}）` : ''
          }`}
          action={
            d.viewer === 1 && has('reverse') ? (
              <Button size="small" danger onClick={() => setModal('partial')}>
                开具红字发票
              </Button>
            ) : undefined
          }
        />
      )}
      {d.reversedById && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={<>已红冲，红冲发票 {link(d.reversedById, d.reversedByCode ?? '')}</>}
        />
      )}
      {d.actions.length > 0 && (
        <Space wrap style={{ marginBottom: 16 }}>
          {has('issue') && (
            <Button type="primary" onClick={() => setModal('issue')}>
              {invoiceButtonLabel('issue', d.status)}
            </Button>
          )}
          {has('refuse') && (
            <Button danger onClick={() => setModal('refuse')}>
              {invoiceButtonLabel('refuse', d.status)}
            </Button>
          )}
          {has('reverse') && (
            <Button danger onClick={() => setModal('reverse')}>
              {invoiceButtonLabel('reverse', d.status)}
            </Button>
          )}
          {has('confirm') && (
            <Popconfirm title="确认已收到这张发票？" onConfirm={() => confirm.mutateAsync({ id: d.id })}>
              <Button type="primary" loading={confirm.isPending}>
                {invoiceButtonLabel('confirm', d.status)}
              </Button>
            </Popconfirm>
          )}
          {has('dispute') && <Button onClick={() => setModal('dispute')}>{invoiceButtonLabel('dispute', d.status)}</Button>}
          {has('withdraw') && (
            <Popconfirm title="撤销这份开票申请？" onConfirm={() => withdraw.mutateAsync({ id: d.id })}>
              <Button loading={withdraw.isPending}>{invoiceButtonLabel('withdraw', d.status)}</Button>
            </Popconfirm>
          )}
        </Space>
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="采购商">{d.buyerCompanyName}</Descriptions.Item>
        <Descriptions.Item label="供应商">{d.sellerCompanyName}</Descriptions.Item>
        <Descriptions.Item label="发票类型">{enumLabel('InvoiceKind', d.kind)}</Descriptions.Item>
        <Descriptions.Item label="申请金额">
          <Price value={d.requestedAmount} />
        </Descriptions.Item>
        <Descriptions.Item label="发票抬头">{d.title.title}</Descriptions.Item>
        <Descriptions.Item label="纳税人识别号">{d.title.taxNo}</Descriptions.Item>
        {d.kind === 2 && (
          <>
            <Descriptions.Item label="注册地址">{d.title.regAddress}</Descriptions.Item>
            <Descriptions.Item label="注册电话">{d.title.regPhone}</Descriptions.Item>
            <Descriptions.Item label="开户银行">{d.title.bankName}</Descriptions.Item>
            <Descriptions.Item label="银行账号">{d.title.bankAccount}</Descriptions.Item>
          </>
        )}
        <Descriptions.Item label="申请时间">{when(d.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={reversal ? '红冲原因' : '备注'}>{d.remark || '—'}</Descriptions.Item>
        {d.invoiceNo && (
          <>
            <Descriptions.Item label="发票号码">{d.invoiceNo}</Descriptions.Item>
            <Descriptions.Item label="开票日期">{invoiceDay(d.invoiceDate)}</Descriptions.Item>
            <Descriptions.Item label="不含税金额">
              <Price value={d.amountExTax ?? '0'} />
            </Descriptions.Item>
            <Descriptions.Item label="税率 / 税额">
              {Number(d.taxRate ?? 0)}% / <Price value={d.taxAmount ?? '0'} />
            </Descriptions.Item>
            <Descriptions.Item label="价税合计">
              <Price value={d.totalAmount ?? '0'} />
            </Descriptions.Item>
            <Descriptions.Item label="发票文件">
              <Space direction="vertical" size={0}>
                {d.files.length
                  ? d.files.map((f) => (
                      <a
                        key={f.path}
                        href={fileUrl(f.path)}
                        target="_blank"
                        rel="noreferrer"
                        download={f.name}
                      >
                        {f.name}
                      </a>
                    ))
                  : '—'}
              </Space>
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      <Typography.Title level={5}>开票订单</Typography.Title>
      <Table
        rowKey="orderId"
        size="small"
        pagination={false}
        dataSource={d.orders}
        style={{ marginBottom: 16 }}
        columns={[
          {
            title: '订单号',
            dataIndex: 'orderNo',
            render: (v: string, r) => (
              <Link to={`/customer/order/detail?id=${r.orderId}&type=${r.orderType}`}>{v}</Link>
            ),
          },
          {
            title: '订单金额',
            dataIndex: 'orderTotal',
            align: 'right',
            render: (v: string) => <Price value={v} />,
          },
          {
            title: '本次开票金额',
            dataIndex: 'amount',
            align: 'right',
            render: (v: string) => <Price value={v} />,
          },
        ]}
      />
      <Typography.Title level={5}>处理记录</Typography.Title>
      <Timeline
        items={d.history.map((h) => ({
          key: h.id,
          children: (
            <>
              <div>
                {h.action}{' '}
                <span style={{ color: '#8c8c8c' }}>
                  · {h.userName || '系统'} · {when(h.createdAt)}
                </span>
              </div>
              {h.note && <div style={{ color: '#595959' }}>{h.note}</div>}
            </>
          ),
        }))}
      />
      {modal === 'issue' && <IssueModal d={d} onClose={() => setModal(null)} />}
      {modal === 'reverse' && <ReverseModal d={d} onClose={() => setModal(null)} />}
      {modal === 'partial' && d.pendingReversal && (
        <ReverseModal d={d} partial={d.pendingReversal} onClose={() => setModal(null)} />
      )}
      {(modal === 'refuse' || modal === 'dispute') && (
        <ReasonModal id={d.id} kind={modal} onClose={() => setModal(null)} />
      )}
    </div>
  );
}

interface IssueForm {
  invoiceNo: string;
  invoiceDate: Dayjs;
  taxRate: number;
  amountExTax: number;
  taxAmount: number;
  files: InvoiceFile[];
}


function IssueModal({ d, onClose }: { d: InvoiceDetail; onClose: () => void }) {
  const [form] = Form.useForm<IssueForm>();
  const issue = useIssueInvoice();
  const totalFen = toFen(d.requestedAmount);
  /** Before tax and tax from the requested total and the rate, as form numbers (the supplier may adjust by a fen). */
  const splitOf = (rate: number) => {
    const { exFen, taxFen } = splitVat(totalFen, rate);
    return { amountExTax: fenToNumber(exFen), taxAmount: fenToNumber(taxFen) };
  };
  return (
    <Modal
      open
      width={560}
      title={invoiceButtonLabel('issue', d.status)}
      okText="确认开票"
      okButtonProps={{ loading: issue.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`申请金额 ${formatMoney(d.requestedAmount)}`}
        description={INVOICE_TAX_RULE}
      />
      <Form<IssueForm>
        form={form}
        layout="vertical"
        initialValues={{
          invoiceNo: d.status === 3 ? '' : (d.invoiceNo ?? ''),
          invoiceDate: chinaTodayPicker(),
          taxRate: 13,
          ...splitOf(13),
          files: [],
        }}
        onFinish={(v) =>
          void issue
            .mutateAsync({
              id: d.id,
              invoiceNo: v.invoiceNo,
              invoiceDate: pickerToDay(v.invoiceDate),
              taxRate: v.taxRate,
              amountExTax: v.amountExTax,
              taxAmount: v.taxAmount,
              files: v.files,
            })
            .then(onClose)
        }
      >
        <Space.Compact block>
          <Form.Item name="invoiceNo" label="发票号码" rules={issueRules.invoiceNo} style={{ flex: 1 }}>
            <Input maxLength={20} placeholder="8-20位数字或字母" />
          </Form.Item>
          <Form.Item
            name="invoiceDate"
            label="开票日期"
            rules={[problemRule((v: Dayjs | null) => (v ? null : '请选择开票日期'), true)]}
            style={{ width: 180, marginLeft: 12 }}
          >
            <DatePicker style={{ width: '100%' }} disabledDate={afterChinaToday} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="taxRate" label="税率" rules={issueRules.taxRate}>
          <Select
            options={VAT_RATES.map((r) => ({ value: r, label: `${r}%` }))}
            onChange={(r: number) => form.setFieldsValue(splitOf(r))}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="amountExTax" label="不含税金额" rules={issueRules.amountExTax} style={{ flex: 1 }}>
            <InputNumber
              min={0}
              precision={2}
              prefix="¥"
              style={{ width: '100%' }}
              onChange={(ex) =>
                typeof ex === 'number' &&
                form.setFieldValue('taxAmount', fenToNumber(vatOf(toFen(ex), form.getFieldValue('taxRate') as number)))
              }
            />
          </Form.Item>
          <Form.Item
            name="taxAmount"
            label="税额"
            dependencies={['amountExTax', 'taxRate']}
            rules={[
              ...issueRules.taxAmount,
              problemRule((tax: number | null) => {
                const ex = form.getFieldValue('amountExTax') as number | null;
                if (tax === null || ex === null) return null;
                const problem = checkVat(totalFen, toFen(ex), toFen(tax), form.getFieldValue('taxRate') as number);
                if (problem?.kind === 'sum') return `不含税金额 + 税额应等于 ${formatMoney(d.requestedAmount)}`;
                return problem?.kind === 'tax' ? `税额应为 ${formatFen(problem.expectedFen)}（允许 ±0.01 元误差）` : null;
              }),
            ]}
            style={{ flex: 1, marginLeft: 12 }}
          >
            <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="files" label="发票文件" rules={issueRules.files}>
          <InvoiceFiles />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 红冲: the whole invoice, or (`partial`) the refund of one after-sales request — a partial red-letter invoice. */
function ReverseModal({
  d,
  partial,
  onClose,
}: {
  d: InvoiceDetail;
  partial?: NonNullable<InvoiceDetail['pendingReversal']>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{
    invoiceNo: string;
    invoiceDate: Dayjs;
    reason: string;
    files: InvoiceFile[];
  }>();
  const reverse = useReverseInvoice();
  return (
    <Modal
      open
      title={partial ? '开具红字发票（部分红冲）' : '红冲发票'}
      okText="确认红冲"
      okButtonProps={{ danger: true, loading: reverse.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={
          partial
            ? `售后单 ${partial.rmaNo} 已退款：将开具一张 -${formatMoney(partial.amount)} 的红字发票，部分冲销 ${d.invoiceNo ?? d.code}（按原税率拆分税额）。`
            : `将开具一张 -${formatMoney(d.totalAmount ?? d.requestedAmount)} 的红字发票冲销 ${d.invoiceNo ?? d.code}，相应订单金额可重新申请开票。`
        }
      />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ invoiceDate: chinaTodayPicker(), files: [], reason: partial ? `售后退款 ${partial.rmaNo}` : undefined }}
        onFinish={(v) =>
          void reverse
            .mutateAsync({
              id: d.id,
              invoiceNo: v.invoiceNo,
              invoiceDate: pickerToDay(v.invoiceDate),
              reason: v.reason,
              files: v.files ?? [],
              ...(partial ? { rmaId: partial.rmaId } : {}),
            })
            .then(onClose)
        }
      >
        <Form.Item name="invoiceNo" label="红字发票号码" rules={reverseRules.invoiceNo}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="invoiceDate"
          label="红冲日期"
          rules={[problemRule((v: Dayjs | null) => (v ? null : '请选择红冲日期'), true)]}
        >
          <DatePicker disabledDate={afterChinaToday} />
        </Form.Item>
        <Form.Item name="reason" label="红冲原因" rules={reverseRules.reason}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="files" label="红字发票文件（可选）">
          <InvoiceFiles />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ReasonModal({ id, kind, onClose }: { id: number; kind: 'refuse' | 'dispute'; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const refuse = useRefuseInvoice();
  const dispute = useDisputeInvoice();
  const m = kind === 'refuse' ? refuse : dispute;
  return (
    <Modal
      open
      title={kind === 'refuse' ? '拒绝开票' : '对发票提出异议'}
      okText="提交"
      okButtonProps={{ danger: kind === 'refuse', loading: m.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void m.mutateAsync({ id, reason: v.reason }).then(onClose)}
      >
        <Form.Item
          name="reason"
          label={kind === 'refuse' ? '拒绝原因' : '异议原因'}
          rules={reasonRules.reason}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={
              kind === 'refuse' ? '对方将看到该原因' : '如 税号错误、金额不符，供应商可重新开票或红冲'
            }
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
