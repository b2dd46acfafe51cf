import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Form, Input, Modal, Result, Row, Select, Space, Statistic, Table, Tabs, type TableColumnsType } from 'antd';
import { chinaMonthToDate, CreditAccountStatus, creditApplyInput, enumLabel, formatChinaDate, formatChinaDateTime, statementMachine, type CreditAccountAction, type CreditAccountDetail, type CreditLedgerRow, type StatementRow } from '@aquamall/shared';
import type { Dayjs } from 'dayjs';
import { Price } from '../../../components/Format.tsx';
import { afterChinaToday, pickerToDay, pickerToDayOrUndefined, rangeToPicker } from '../../../lib/china-time.ts';
import { ListTable, useListParams } from '../../../components/ListPage.tsx';
import { formRules, problemRule } from '../../../lib/form-rules.ts';
import {
  exportLedger,
  exportStatementExcel,
  exportStatementPdf,
  useAccountDetail,
  useApply,
  useConfirmStatement,
  useDisputeStatement,
  useFreeze,
  useIssueStatement,
  useLedger,
  useStatementDetail,
  useStatementList,
  useStatementOverlap,
  useSupplierOptions,
  useUnfreeze,
} from '../api/credit.ts';
import { AdjustModal, AmountModal, RechargeModal, ReasonModal, TermsModal } from '../components/CreditModals.tsx';
import { AccountStatusTag, Delta, MovementTag, StatementStatusTag } from '../components/status.tsx';
import { accountLabel, canOnAccount, useCreditSide } from '../components/side.ts';

const applyRules = formRules(creditApplyInput);
const fmt = (v: string | null) => formatChinaDateTime(v);
const day = (v: string) => formatChinaDate(v);
/** The last China day of a period whose end is a China midnight (exclusive) or a moment of the last day. */
const lastDay = (v: string) => formatChinaDate(Date.parse(v) - 1);

/** companyAccount/editor: without id the purchaser's request form; with id the account, its ledger and statements. */
export default function EditorPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || null;
  return id ? <AccountView id={id} statementId={Number(search.get('statement')) || null} /> : <ApplyForm sellerId={Number(search.get('seller')) || undefined} />;
}

function ApplyForm({ sellerId }: { sellerId?: number }) {
  const buyer = useCreditSide() === 'buyer';
  const [keyword, setKeyword] = useState('');
  const options = useSupplierOptions(keyword);
  const apply = useApply();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ sellerCompanyId: number; remark: string }>();
  if (!buyer) return <Result status="info" title="信用账户由采购商申请" subTitle="客户的申请在「账户申请」中审核" extra={<Button onClick={() => void navigate('/customer/companyAccount/requestIndex')}>查看账户申请</Button>} />;
  const submit = async () => {
    const v = await form.validateFields();
    await apply.mutateAsync(v);
    void navigate('/customer/companyAccount/requestIndex');
  };
  return (
    <Card title="申请信用账户" variant="borderless">
      <Form form={form} layout="vertical" style={{ maxWidth: 520 }} initialValues={{ sellerCompanyId: sellerId, remark: '' }}>
        <Form.Item name="sellerCompanyId" label="供应商" rules={[problemRule((v: number | undefined) => (v ? null : '请选择供应商'), true)]} extra="从已入驻的店铺中选择；已开通或待审核的供应商不在列表中">
          <Select
            showSearch
            placeholder="输入企业或店铺名称搜索"
            filterOption={false}
            onSearch={setKeyword}
            loading={options.isFetching}
            options={(options.data ?? []).map((o) => ({ value: o.id, label: o.shopName ? `${o.name}（${o.shopName}）` : o.name }))}
            notFoundContent={options.isFetching ? '加载中…' : '没有可申请的供应商'}
          />
        </Form.Item>
        <Form.Item name="remark" label="申请说明" rules={applyRules.remark}>
          <Input.TextArea rows={3} maxLength={300} placeholder="如月采购量、希望的额度和账期" />
        </Form.Item>
        <Space>
          <Button type="primary" loading={apply.isPending} onClick={() => void submit()}>提交申请</Button>
          <Button onClick={() => void navigate(-1)}>返回</Button>
        </Space>
      </Form>
    </Card>
  );
}

type Dialog = 'recharge' | 'refund' | 'customerRecharge' | 'terms' | 'adjust' | 'freeze' | 'unfreeze' | 'approve' | null;

function AccountView({ id, statementId }: { id: number; statementId: number | null }) {
  const q = useAccountDetail(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const freeze = useFreeze();
  const unfreeze = useUnfreeze();
  if (q.isError) return <Result status="warning" title="信用账户加载失败" subTitle={q.error instanceof Error ? q.error.message : undefined} extra={<Button onClick={() => void q.refetch()}>重试</Button>} />;
  const a = q.data;
  if (!a) return <Card loading variant="borderless" />;
  const seller = a.viewer === 1;
  const live = a.status === CreditAccountStatus.ACTIVE || a.status === CreditAccountStatus.FROZEN;
  const can = (action: CreditAccountAction) => canOnAccount(seller ? 'seller' : 'buyer', a.status, action);
  const close = () => setDialog(null);
  const actions = seller ? (
    <Space wrap>
      {can('approve') && <Button type="primary" onClick={() => setDialog('approve')}>{accountLabel('approve')}</Button>}
      {can('customerRecharge') && <Button type="primary" onClick={() => setDialog('customerRecharge')}>客户充值</Button>}
      {can('changeTerms') && <Button onClick={() => setDialog('terms')}>{accountLabel('changeTerms')}</Button>}
      {can('adjust') && <Button onClick={() => setDialog('adjust')}>账户调整</Button>}
      {can('freeze') && <Button danger onClick={() => setDialog('freeze')}>{accountLabel('freeze')}</Button>}
      {can('unfreeze') && <Button onClick={() => setDialog('unfreeze')}>{accountLabel('unfreeze')}</Button>}
    </Space>
  ) : (
    <Space wrap>
      {can('recharge') && <Button type="primary" onClick={() => setDialog('recharge')}>{accountLabel('recharge')}</Button>}
      {can('refund') && <Button onClick={() => setDialog('refund')}>{accountLabel('refund')}</Button>}
    </Space>
  );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={<Space>{seller ? a.buyerCompanyName : a.sellerCompanyName}<AccountStatusTag status={a.status} /></Space>} variant="borderless" extra={actions}>
        <Row gutter={16}>
          <Col span={4}><Statistic title="余额" value={a.balance} precision={2} prefix="¥" /></Col>
          <Col span={4}><Statistic title="已用额度" value={a.creditUsed} precision={2} prefix="¥" /></Col>
          <Col span={4}><Statistic title="可用额度" value={a.available} precision={2} prefix="¥" valueStyle={{ color: '#1677ff' }} /></Col>
          <Col span={4}><Statistic title="逾期金额" value={a.overdue} precision={2} prefix="¥" valueStyle={Number(a.overdue) > 0 ? { color: '#cf1322' } : undefined} /></Col>
          <Col span={4}><Statistic title="信用额度" value={a.creditLimit} precision={2} prefix="¥" /></Col>
          <Col span={4}><Statistic title="账期" value={a.paymentDays} suffix="天" /></Col>
        </Row>
        <Descriptions size="small" column={3} style={{ marginTop: 16 }}>
          <Descriptions.Item label="供应商">{a.sellerCompanyName}</Descriptions.Item>
          <Descriptions.Item label="采购商">{a.buyerCompanyName}</Descriptions.Item>
          <Descriptions.Item label="开通时间">{fmt(a.approvedAt)}</Descriptions.Item>
          <Descriptions.Item label="账龄（未到期）"><Price value={a.ageing.notDue} /></Descriptions.Item>
          <Descriptions.Item label="逾期 0–30 天"><Price value={a.ageing.d0to30} /></Descriptions.Item>
          <Descriptions.Item label="逾期 31–60 天"><Price value={a.ageing.d31to60} /></Descriptions.Item>
          <Descriptions.Item label="逾期 61–90 天"><Price value={a.ageing.d61to90} /></Descriptions.Item>
          <Descriptions.Item label="逾期 90 天以上"><Price value={a.ageing.d90plus} /></Descriptions.Item>
          <Descriptions.Item label="待处理">充值 {a.pendingRecharge} 笔，退款 {a.pendingRefund} 笔</Descriptions.Item>
          {a.status === CreditAccountStatus.FROZEN && <Descriptions.Item label="冻结原因" span={3}>{a.freezeReason}</Descriptions.Item>}
          {a.status === CreditAccountStatus.REJECTED && <Descriptions.Item label="拒绝原因" span={3}>{a.rejectReason}</Descriptions.Item>}
          {a.requestRemark && <Descriptions.Item label="申请说明" span={3}>{a.requestRemark}</Descriptions.Item>}
        </Descriptions>
      </Card>
      {live && (
        <Card variant="borderless">
          <Tabs defaultActiveKey={statementId ? 'statements' : 'ledger'} items={[{ key: 'ledger', label: '账户流水', children: <Ledger account={a} /> }, { key: 'statements', label: '对账单', children: <Statements account={a} openId={statementId} /> }]} />
        </Card>
      )}
      {dialog === 'recharge' && <RechargeModal open account={a} onClose={close} />}
      {(dialog === 'refund' || dialog === 'customerRecharge') && <AmountModal open kind={dialog} account={a} onClose={close} />}
      {(dialog === 'terms' || dialog === 'approve') && <TermsModal open approve={dialog === 'approve'} account={a} onClose={close} />}
      {dialog === 'adjust' && <AdjustModal open account={a} onClose={close} />}
      {dialog === 'freeze' && <ReasonModal open title="冻结账户" okText="冻结" label="冻结原因" danger loading={freeze.isPending} run={(reason) => freeze.mutateAsync({ id: a.id, reason })} onClose={close} />}
      {dialog === 'unfreeze' && <ReasonModal open title="解冻账户" okText="解冻" label="解冻说明" loading={unfreeze.isPending} run={(reason) => unfreeze.mutateAsync({ id: a.id, reason })} onClose={close} />}
    </Space>
  );
}

/** The order detail of a ledger row's order, as the purchaser (采购订单, type 0) or the supplier (销售订单, type 6) sees it. */
const orderLink = (side: 'buyer' | 'seller') => (orderNo: string | null, row: CreditLedgerRow) =>
  orderNo && row.orderId ? (
    <Link to={`/customer/order/detail?type=${side === 'seller' ? 6 : 0}&id=${row.orderId}`} data-testid="ledger-order">
      {orderNo}
    </Link>
  ) : (
    '—'
  );

const ledgerColumns = (side: 'buyer' | 'seller'): TableColumnsType<CreditLedgerRow> => [
  { title: '时间', dataIndex: 'createdAt', width: 140, render: fmt },
  { title: '类型', dataIndex: 'kind', width: 90, render: (k: number) => <MovementTag kind={k} /> },
  { title: '余额变动', dataIndex: 'balanceDelta', width: 110, align: 'right', render: (v: string) => <Delta value={v} /> },
  { title: '已用额度变动', dataIndex: 'creditDelta', width: 120, align: 'right', render: (v: string) => <Delta value={v} debt /> },
  { title: '订单号', dataIndex: 'orderNo', width: 170, render: orderLink(side) },
  { title: '到期日', dataIndex: 'dueAt', width: 100, render: (v: string | null) => (v ? day(v) : '—') },
  { title: '说明', dataIndex: 'note', ellipsis: true },
  { title: '经办人', dataIndex: 'createdByName', width: 100, ellipsis: true },
];

function Ledger({ account }: { account: CreditAccountDetail }) {
  const side = useCreditSide();
  const { params, filter, page } = useListParams<{ kind?: number; from?: string; to?: string }>();
  const q = useLedger({ accountId: account.id, ...params });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear placeholder="全部类型" style={{ width: 120 }} options={[1, 2, 3, 4, 5, 6].map((v) => ({ value: v, label: enumLabel('CreditMovement', v) }))} onChange={(kind?: number) => filter({ kind })} />
        <DatePicker.RangePicker onChange={(v) => filter({ from: pickerToDayOrUndefined(v?.[0]), to: pickerToDayOrUndefined(v?.[1]) })} />
        <Button onClick={() => void exportLedger({ accountId: account.id, ...params })}>导出Excel</Button>
      </Space>
      <ListTable<CreditLedgerRow> rowKey="id" size="small" query={q} params={params} onPage={page} columns={ledgerColumns(side)} scroll={{ x: 1000 }} errorTitle="账户流水加载失败" emptyText="暂无流水" />
    </>
  );
}

function Statements({ account, openId }: { account: CreditAccountDetail; openId: number | null }) {
  const seller = account.viewer === 1;
  const { params, page } = useListParams<object>();
  const q = useStatementList({ accountId: account.id, ...params });
  const [open, setOpen] = useState<number | null>(openId);
  const [issuing, setIssuing] = useState(false);
  const columns: TableColumnsType<StatementRow> = [
    { title: '对账期间', key: 'p', width: 200, render: (_, s) => `${day(s.periodStart)} 至 ${lastDay(s.periodEnd)}` },
    { title: '期初余额', dataIndex: 'openingBalance', width: 110, align: 'right', render: (v: string) => <Price value={v} /> },
    { title: '期初已用', dataIndex: 'openingCredit', width: 110, align: 'right', render: (v: string) => <Price value={v} /> },
    { title: '期末余额', dataIndex: 'closingBalance', width: 110, align: 'right', render: (v: string) => <Price value={v} /> },
    { title: '期末已用', dataIndex: 'closingCredit', width: 110, align: 'right', render: (v: string) => <Price value={v} /> },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <StatementStatusTag status={s} /> },
    { title: '出具时间', dataIndex: 'createdAt', width: 140, render: fmt },
    { title: '操作', key: 'a', width: 80, fixed: 'right', render: (_, s) => <Button type="link" size="small" onClick={() => setOpen(s.id)}>查看</Button> },
  ];
  return (
    <>
      {seller && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setIssuing(true)}>出具对账单</Button>
        </Space>
      )}
      <ListTable<StatementRow> rowKey="id" size="small" query={q} params={params} onPage={page} columns={columns} scroll={{ x: 1000 }} errorTitle="对账单加载失败" emptyText={seller ? '暂无对账单，可按期间出具' : '暂无对账单'} />
      {open && <StatementModal id={open} onClose={() => setOpen(null)} />}
      {issuing && <IssueModal accountId={account.id} onClose={() => setIssuing(false)} onIssued={(id) => setOpen(id)} />}
    </>
  );
}

function IssueModal({ accountId, onClose, onIssued }: { accountId: number; onClose: () => void; onIssued: (id: number) => void }) {
  // This China month to date: the days the picker shows are the China days sent.
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => rangeToPicker(chinaMonthToDate()));
  const issue = useIssueStatement();
  const period = { accountId, from: pickerToDay(range[0]), to: pickerToDay(range[1]) };
  // The same check issuing makes, asked as soon as a period is chosen (decision 0185).
  const overlap = useStatementOverlap(period);
  const current = overlap.isPlaceholderData ? undefined : overlap.data;
  const ok = async () => {
    const r = await issue.mutateAsync(period);
    onClose();
    onIssued(r.id);
  };
  return (
    <Modal title="出具对账单" open onCancel={onClose} onOk={() => void ok()} okText="出具" confirmLoading={issue.isPending} okButtonProps={{ disabled: !!current }}>
      <p>对账期间（含首尾两天）：</p>
      <DatePicker.RangePicker value={range} allowClear={false} disabledDate={afterChinaToday} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
      {current ? <Alert type="warning" showIcon style={{ marginTop: 12 }} message={current.message} data-testid="statement-overlap" /> : null}
    </Modal>
  );
}

function StatementModal({ id, onClose }: { id: number; onClose: () => void }) {
  const side = useCreditSide();
  const q = useStatementDetail(id);
  const confirm = useConfirmStatement();
  const dispute = useDisputeStatement();
  const [disputing, setDisputing] = useState(false);
  const s = q.data;
  const answers = s && s.viewer === 0 ? statementMachine.available(s.status, { side: 'buyer' }) : [];
  return (
    <Modal
      title={`对账单（编号${id}）`}
      open
      width={1000}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={() => void exportStatementExcel(id)}>导出Excel</Button>
          <Button onClick={() => void exportStatementPdf(id)}>导出PDF</Button>
          {answers.includes('dispute') && <Button danger onClick={() => setDisputing(true)}>{statementMachine.actions.dispute.label}</Button>}
          {answers.includes('confirm') && <Button type="primary" loading={confirm.isPending} onClick={() => void confirm.mutateAsync({ id })}>{statementMachine.actions.confirm.label}</Button>}
          <Button onClick={onClose}>关闭</Button>
        </Space>
      }
    >
      {!s ? (
        <Card loading variant="borderless" />
      ) : (
        <>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="供应商">{s.sellerCompanyName}</Descriptions.Item>
            <Descriptions.Item label="采购商">{s.buyerCompanyName}</Descriptions.Item>
            <Descriptions.Item label="状态"><StatementStatusTag status={s.status} /></Descriptions.Item>
            <Descriptions.Item label="对账期间">{day(s.periodStart)} 至 {lastDay(s.periodEnd)}</Descriptions.Item>
            <Descriptions.Item label="期初余额"><Price value={s.openingBalance} /></Descriptions.Item>
            <Descriptions.Item label="期初已用额度"><Price value={s.openingCredit} /></Descriptions.Item>
            <Descriptions.Item label="变动笔数">{s.movements.length} 笔</Descriptions.Item>
            <Descriptions.Item label="期末余额"><Price value={s.closingBalance} /></Descriptions.Item>
            <Descriptions.Item label="期末已用额度"><Price value={s.closingCredit} /></Descriptions.Item>
            {s.disputeReason && <Descriptions.Item label="异议" span={3}>{s.disputeReason}</Descriptions.Item>}
          </Descriptions>
          <Table<CreditLedgerRow> rowKey="id" size="small" style={{ marginTop: 12 }} columns={ledgerColumns(side)} dataSource={s.movements} pagination={{ pageSize: 20, hideOnSinglePage: true }} scroll={{ x: 900 }} />
        </>
      )}
      {disputing && <ReasonModal open title="对账单异议" okText="提交异议" label="异议说明" danger loading={dispute.isPending} run={(reason) => dispute.mutateAsync({ id, reason })} onClose={() => setDisputing(false)} />}
    </Modal>
  );
}
