import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Result, Space, Steps, Table, Tag } from 'antd';
import {
  PurchaseRequestStatus,
  formatChinaDateTime,
  purchaseRequestDecision,
  purchaseRequestMachine as M,
  purchaseRequestReject,
} from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { Price } from '../../../components/Format.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { useApproveRequest, useRejectRequest, useRequestDetail, useWithdrawRequest } from '../api/approvals.ts';
import { RequestStatusTag } from '../components/status.tsx';

const approveRules = formRules(purchaseRequestDecision);
const rejectRules = formRules(purchaseRequestReject);
const buttonOf = (a: keyof typeof M.actions) => M.actions[a].button ?? M.actions[a].label;

/** approval/request/:id — one purchase request: lines as submitted, steps, decisions and history. */
export default function RequestDetailPage() {
  const raw = useParams().id;
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const q = useRequestDetail(id);
  const approve = useApproveRequest();
  const reject = useRejectRequest();
  const withdraw = useWithdrawRequest();
  const [approveOpen, setApproveOpen] = useState(false);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [form] = Form.useForm<{ comment: string }>();
  const r = q.data;
  if (id === null || q.isError)
    return <Result status="warning" title="采购申请不存在" extra={<Link to="/customer/approval/mine">返回我的采购申请</Link>} />;
  if (!r) return <Card loading variant="borderless" />;
  const can = (a: string) => r.actions.includes(a);
  const stepCurrent = r.status === PurchaseRequestStatus.PENDING ? r.currentStep : r.steps.length;
  return (
    <Card
      variant="borderless"
      // The request number and its subject wrap on a phone instead of being cut off by the buttons.
      styles={{ title: { whiteSpace: 'normal' } }}
      title={
        <Space wrap size={[8, 4]}>
          <RequestStatusTag status={r.status} />
          <span>采购申请 {r.requestNo}</span>
          {r.subject ? <Tag data-testid="request-subject">{r.subject}</Tag> : null}
        </Space>
      }
      extra={
        <Space>
          {can('approve') ? (
            <Button type="primary" data-testid="approve" onClick={() => setApproveOpen(true)}>
              {buttonOf('approve')}
            </Button>
          ) : null}
          {can('reject') ? (
            <Button danger onClick={() => setRejectOpen(true)}>
              {buttonOf('reject')}
            </Button>
          ) : null}
          {can('withdraw') ? (
            <Popconfirm title="撤回这份采购申请？" okText="撤回" onConfirm={() => withdraw.mutateAsync(r.sysNo)}>
              <Button>{buttonOf('withdraw')}</Button>
            </Popconfirm>
          ) : null}
        </Space>
      }
    >
      {r.reason ? (
        <Alert
          type={r.status === PurchaseRequestStatus.RETURNED ? 'warning' : 'error'}
          showIcon
          style={{ marginBottom: 16 }}
          title={r.status === PurchaseRequestStatus.RETURNED ? `已退回：${r.reason}` : `驳回原因：${r.reason}`}
        />
      ) : null}
      <Steps
        size="small"
        style={{ marginBottom: 24 }}
        current={stepCurrent}
        status={r.status === PurchaseRequestStatus.REJECTED ? 'error' : undefined}
        items={r.steps.map((s, i) => ({ title: `第${i + 1}步 ${s.label}`, description: s.approvers.join('、') || '无' }))}
      />
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { label: '申请人', children: r.requesterName },
          { label: '合计金额', children: <Price value={r.totalAmount} /> },
          { label: '审批规则', children: r.ruleName },
          { label: '提交时间', children: formatChinaDateTime(r.createdAt) },
          { label: '审批截止', children: formatChinaDateTime(r.expiresAt) },
          { label: '收货信息', children: `${r.address.contact} ${r.address.phone} ${r.address.text}` },
          { label: '发票', children: r.invoiceText },
        ]}
      />
      <h3 style={{ margin: '16px 0 8px' }}>采购明细（按提交时锁定）</h3>
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        scroll={{ x: 640 }}
        // Award and hand-entered agreement lines carry no SKU (skuId 0): the line's place is its key.
        dataSource={r.lines.map((l, i) => ({ ...l, key: i }))}
        columns={[
          { title: '商品', dataIndex: 'productName', render: (v: string, l) => `${v}${l.spec ? `（${l.spec}）` : ''}` },
          { title: '供应商', dataIndex: 'shopName', width: 160 },
          { title: '单价', dataIndex: 'unitPrice', width: 120, render: (v: string) => <Price value={v} /> },
          { title: '数量', dataIndex: 'quantity', width: 100, render: (v: number, l) => `${v}${l.unit}` },
          { title: '金额', dataIndex: 'amount', width: 140, render: (v: string) => <Price value={v} /> },
        ]}
      />
      {r.orders.length ? (
        <>
          <h3 style={{ margin: '16px 0 8px' }}>已生成的订单</h3>
          <Space wrap>
            {r.orders.map((o) => (
              <Link key={o.id} to={`/customer/order/detail?type=0&id=${o.id}`}>
                订单 {o.orderNo}
              </Link>
            ))}
          </Space>
        </>
      ) : null}
      <h3 style={{ margin: '16px 0 8px' }}>审批记录</h3>
      <Table
        size="small"
        rowKey={(h) => `${h.createdAt}-${h.action}-${h.userName}`}
        pagination={false}
        scroll={{ x: 640 }}
        dataSource={r.history}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatChinaDateTime(v) },
          { title: '操作', dataIndex: 'action', width: 120, render: (v: string) => M.historyLabel(v) },
          { title: '状态', dataIndex: 'toStatus', width: 90, render: (v: number) => M.label(v) },
          { title: '操作人', dataIndex: 'userName', width: 120 },
          { title: '意见', dataIndex: 'note', render: (v: string) => v || '无' },
        ]}
      />
      <Modal
        open={approveOpen}
        title="审批通过"
        okText="通过"
        confirmLoading={approve.isPending}
        destroyOnHidden
        onCancel={() => setApproveOpen(false)}
        onOk={() =>
          void form
            .validateFields()
            .then((v) => approve.mutateAsync({ sysNo: r.sysNo, comment: (v.comment ?? '').trim() }))
            .then(() => setApproveOpen(false))
            .catch(() => undefined)
        }
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="comment" label="审批意见（选填）" rules={approveRules.comment}>
            <Input.TextArea rows={3} maxLength={300} showCount placeholder="如：同意采购" />
          </Form.Item>
        </Form>
      </Modal>
      <ReasonModal
        open={rejectOpen}
        title="驳回采购申请"
        intro="驳回后申请结束，申请人会收到通知和驳回原因。"
        label="驳回原因"
        okText="驳回"
        rules={rejectRules.comment}
        pending={reject.isPending}
        onSubmit={(comment) => reject.mutateAsync({ sysNo: r.sysNo, comment })}
        onClose={() => setRejectOpen(false)}
      />
    </Card>
  );
}
