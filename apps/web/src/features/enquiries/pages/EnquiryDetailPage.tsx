import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, DatePicker, Descriptions, Form, Modal, Result, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { ENQUIRY_DEADLINE_DAYS_MAX, EnquiryStatus, enquiryMachine, enquiryWithdrawInput, enumLabel, formatChinaDate, formatChinaDateTime } from '@aquamall/shared';
import { formRules, problemRule } from '../../../lib/form-rules.ts';
import { Price } from '../../../components/Format.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { DocumentLinks } from '../../../components/DocumentUpload.tsx';
import { useExtendEnquiry, useMyEnquiry, useWithdrawEnquiry } from '../api/enquiries.ts';
import { AwardWaiting } from '../../../components/AwardWaiting.tsx';
import { enquiryIdFrom, EnquiryMarks, EnquiryStatusTag } from '../components/status.tsx';
import { chinaNowPicker, instantToPicker, pickerToInstant } from '../../../lib/china-time.ts';

const withdrawRules = formRules(enquiryWithdrawInput);
const fmt = (v: string | null) => (v ? formatChinaDateTime(v) : '无');

/** enquiry/detail — one enquiry: facts, lines (with the awarded supplier), invitations, orders; extend, withdraw. */
export default function EnquiryDetailPage() {
  const [search] = useSearchParams();
  const id = enquiryIdFrom(search);
  const q = useMyEnquiry(id);
  const [extendOpen, setExtendOpen] = useState(false);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const e = q.data;
  if (!id || q.isError) return <Result status="warning" title="询价单不存在" extra={<Link to="/customer/enquiry">返回我的询价</Link>} />;
  if (!e) return <Card loading variant="borderless" />;
  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <EnquiryStatusTag status={e.status} />
          <span>{e.title}</span>
          <EnquiryMarks visibility={e.visibility} sealed={e.sealed} />
        </Space>
      }
      extra={
        <Space>
          {e.actions.edit ? <Link to={`/customer/enquiry/edit?id=${e.id}`}><Button type="primary">{enquiryMachine.actions.edit.label}</Button></Link> : null}
          {e.actions.compare ? <Link to={`/customer/enquiry/offerList?id=${e.id}`}><Button type="primary">{e.purchaseRequest ? '比价' : '比价 / 授标'}（{e.offerCount}）</Button></Link> : null}
          {e.actions.extend ? <Button onClick={() => setExtendOpen(true)}>{enquiryMachine.actions.extend.label}</Button> : null}
          {e.actions.withdraw ? <Button danger onClick={() => setWithdrawOpen(true)}>{enquiryMachine.actions.withdraw.label}</Button> : null}
        </Space>
      }
    >
      <AwardWaiting request={e.purchaseRequest} />
      {e.status === EnquiryStatus.REVOKED ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={`询价已撤销：${e.revokeReason ?? ''}`} /> : null}
      {e.sealed && e.status === EnquiryStatus.QUOTING ? <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`密封报价：截止前仅显示报价数量（当前 ${e.offerCount} 家），截止后可查看并比价`} /> : null}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'code', label: '询价单号', children: e.code },
          { key: 'offers', label: '报价数', children: <span data-testid="offer-count">{e.offerCount} 家</span> },
          { key: 'deadline', label: '报价截止', children: fmt(e.deadline) },
          { key: 'pub', label: '发布时间', children: fmt(e.publishedAt) },
          { key: 'area', label: '交货地区', children: e.deliveryAreaName || '无' },
          { key: 'addr', label: '详细地址', children: e.deliveryAddress || '无' },
          { key: 'date', label: '交货日期', children: e.deliveryDate ? formatChinaDate(e.deliveryDate) : '无' },
          { key: 'contact', label: '联系人', children: `${e.contactName || '无'} ${e.contactPhone}` },
          { key: 'invoice', label: '发票要求', children: e.invoiceKind ? enumLabel('InvoiceKind', e.invoiceKind) : '不需要发票' },
          { key: 'pay', label: '付款方式', children: e.paymentTerms || '无' },
          { key: 'vis', label: '询价方式', children: enumLabel('EnquiryVisibility', e.visibility) },
          ...(e.invited.length ? [{ key: 'inv', label: '受邀供应商', children: e.invited.map((s) => s.name).join('、') }] : []),
          ...(e.awardedAt ? [{ key: 'aw', label: '授标时间', children: fmt(e.awardedAt) }] : []),
        ]}
      />
      <h3 style={{ margin: '16px 0 8px' }}>询价明细（{e.items.length} 项）</h3>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={e.items}
        scroll={{ x: 700 }}
        columns={[
          { title: '序号', width: 60, render: (_v, _r, i) => i + 1 },
          { title: '产品名称', dataIndex: 'productName' },
          { title: '规格型号', dataIndex: 'spec', render: (v: string) => v || '无' },
          { title: '数量', dataIndex: 'quantity', width: 110, render: (v: number, r) => `${v} ${r.unit}` },
          { title: '目标单价', dataIndex: 'targetPrice', width: 110, render: (v: string | null) => (v ? <Price value={v} /> : '无') },
          { title: '备注', dataIndex: 'remark', render: (v: string) => v || '无' },
          ...(e.awardedAt ? [{ title: '中标供应商', dataIndex: 'awardedSupplierName', render: (v: string | null) => v ?? '未授标' }] : []),
        ]}
      />
      {e.attachments.length ? (
        <>
          <h3 style={{ margin: '16px 0 8px' }}>附件</h3>
          <DocumentLinks docs={e.attachments} />
        </>
      ) : null}
      {e.remark ? (
        <>
          <h3 style={{ margin: '16px 0 8px' }}>补充说明</h3>
          <p style={{ whiteSpace: 'pre-wrap' }}>{e.remark}</p>
        </>
      ) : null}
      {e.history.length ? (
        <>
          <h3 style={{ margin: '16px 0 8px' }}>操作记录</h3>
          <Table
            size="small"
            rowKey={(r) => `${r.createdAt}-${r.action}`}
            pagination={false}
            dataSource={e.history}
            columns={[
              { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => fmt(v) },
              { title: '操作', dataIndex: 'action', width: 140, render: (v: string) => enquiryMachine.historyLabel(v) },
              { title: '状态', dataIndex: 'toStatus', width: 100, render: (v: number) => enquiryMachine.label(v) },
              { title: '操作人', dataIndex: 'userName', width: 120 },
              { title: '备注', dataIndex: 'note', render: (v: string) => v || '无' },
            ]}
          />
        </>
      ) : null}
      {e.orders.length ? (
        <>
          <h3 style={{ margin: '16px 0 8px' }}>授标生成的订单</h3>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={e.orders}
            columns={[
              { title: '订单号', dataIndex: 'orderNo', render: (v: string, o) => <Link to={`/customer/order/detail?type=4&id=${o.id}`}>{v}</Link> },
              { title: '供应商', dataIndex: 'sellerCompanyName' },
              { title: '订单金额', dataIndex: 'totalAmount', render: (v: string) => <Price value={v} /> },
            ]}
          />
        </>
      ) : null}
      <ExtendModal id={e.id} deadline={e.deadline} open={extendOpen} onClose={() => setExtendOpen(false)} />
      <WithdrawModal id={e.id} open={withdrawOpen} onClose={() => setWithdrawOpen(false)} />
    </Card>
  );
}

function ExtendModal({ id, deadline, open, onClose }: { id: number; deadline: string; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ deadline: Dayjs | null }>();
  const extend = useExtendEnquiry();
  const problem = (v: Dayjs | null) => {
    if (!v) return '请选择新的截止时间';
    if (!v.isAfter(instantToPicker(deadline))) return '新的截止时间必须晚于原截止时间';
    if (v.isAfter(chinaNowPicker().add(ENQUIRY_DEADLINE_DAYS_MAX, 'day'))) return `新的截止时间不能超过${ENQUIRY_DEADLINE_DAYS_MAX}天`;
    return null;
  };
  const ok = async () => {
    const v = await form.validateFields();
    await extend.mutateAsync({ id, deadline: pickerToInstant(v.deadline!) });
    onClose();
  };
  return (
    <Modal open={open} title="延长截止时间" onCancel={onClose} onOk={() => void ok().catch(() => undefined)} confirmLoading={extend.isPending} destroyOnHidden>
      <p>当前截止时间：{fmt(deadline)}</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="deadline" label="新的截止时间" rules={[problemRule(problem, true)]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label="新的截止时间" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function WithdrawModal({ id, open, onClose }: { id: number; open: boolean; onClose: () => void }) {
  const withdraw = useWithdrawEnquiry();
  return (
    <ReasonModal
      open={open}
      onClose={onClose}
      title="撤销询价"
      intro="撤销后供应商不能再报价，已报价的供应商会收到通知。"
      label="撤销原因"
      okText="确认撤销"
      rules={withdrawRules.reason}
      pending={withdraw.isPending}
      onSubmit={(reason) => withdraw.mutateAsync({ id, reason })}
    />
  );
}
