import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Image, Input, InputNumber, Modal, Popconfirm, Radio, Result, Skeleton, Space, Table, Timeline, Typography } from 'antd';
import { RmaStatus, rmaMachine, RmaType, rmaRefundInput, rmaRejectInput, rmaShipBackInput, type RmaAction, type RmaDetail, type RmaLineView, formatChinaDateTime, formatMoney } from '@aquamall/shared';
import { CarrierFields, carrierOfForm } from '../../../components/CarrierFields.tsx';
import { Img } from '../../../components/Img.tsx';
import { Price } from '../../../components/Format.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { fileUrl, previewUrl } from '../../../lib/image.ts';
import { useApproveRma, useExchangeRma, useRefundRma, useRejectRma, useRmaDetail, useShipBackRma, useWithdrawRma } from '../api/rma.ts';
import { rmaButton, RmaStatusTag, RmaTypeTag } from '../components/status.tsx';
import { DisputePanel } from '../components/DisputePanel.tsx';
import { RmaParcel } from '../components/RmaParcel.tsx';
import { ApproveModal, dispositionText, ReceiveModal, ReturnAddress, ReversalPrompt } from '../components/ReturnSteps.tsx';

const when = (v: string | null | undefined) => (v ? formatChinaDateTime(v) : '无');
const SIDE: Record<number, string> = { 0: '系统', 1: '采购商', 2: '供应商', 3: '平台' };

/** rma/rmaEditor?type=0|1&id=: one request for either side — lines, photos, history and the next step. */
export default function RmaEditorPage() {
  const [search] = useSearchParams();
  const raw = Number(search.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const listType = search.get('type') === '1' ? 1 : 0;
  const detail = useRmaDetail(id);
  const back = <Link to={`/customer/rma/rmaList?type=${listType}`}><Button>返回列表</Button></Link>;

  if (!id) return <Card variant="borderless"><Result status="404" title="售后单不存在" extra={back} /></Card>;
  if (detail.isLoading) return <Card variant="borderless"><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  if (detail.isError || !detail.data) {
    return <Card variant="borderless"><Result status="warning" title="售后单加载失败" subTitle={detail.error instanceof Error ? detail.error.message : undefined} extra={<Space><Button onClick={() => void detail.refetch()}>重试</Button>{back}</Space>} /></Card>;
  }
  const d = detail.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card variant="borderless" title={<Space>售后单 {d.rmaNo}<RmaStatusTag status={d.status} /></Space>} extra={back}>
        <NextStep d={d} />
        <ReversalPrompt d={d} />
        <DisputePanel d={d} />
        <ReturnAddress d={d} />
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label="售后类型"><RmaTypeTag type={d.type} /></Descriptions.Item>
          <Descriptions.Item label="关联订单"><Link to={`/customer/order/detail?type=${d.orderType}&id=${d.orderId}`}>{d.orderNo}</Link></Descriptions.Item>
          <Descriptions.Item label={d.viewer === 0 ? '供应商' : '采购商'}>{d.counterpartName}</Descriptions.Item>
          <Descriptions.Item label="退款金额">{d.type === RmaType.EXCHANGE ? '换货（不退款）' : <Price value={d.refundAmount} />}</Descriptions.Item>
          <Descriptions.Item label="售后原因">{d.reason}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{when(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="问题描述" span={3}>{d.description || '无'}</Descriptions.Item>
          <Descriptions.Item label="图片凭证" span={3}>
            {d.photos.length ? (
              <Image.PreviewGroup>
                <Space wrap>{d.photos.map((p) => <Image key={p} src={fileUrl(p, 120)} preview={{ src: previewUrl(p) }} width={72} height={72} style={{ objectFit: 'cover' }} alt="凭证" />)}</Space>
              </Image.PreviewGroup>
            ) : '无'}
          </Descriptions.Item>
          {d.rejectReason && <Descriptions.Item label="驳回原因" span={3}><Typography.Text type="danger">{d.rejectReason}</Typography.Text></Descriptions.Item>}
          {d.returnTrackingNo && <Descriptions.Item label="寄回物流" span={3}>{d.returnCarrier} {d.returnTrackingNo}</Descriptions.Item>}
          {d.refundedAmount && (
            <Descriptions.Item label="退款记录" span={3}>
              {d.refundMethod === 3 ? '原路退回' : d.refundMethod === 2 ? '退回信用账户' : '线下转账'} <Price value={d.refundedAmount} />，{when(d.refundedAt)}{d.refundNote ? `，${d.refundNote}` : ''}
            </Descriptions.Item>
          )}
          {d.replacementOrderId && (
            <Descriptions.Item label="换货订单" span={3}>
              <Link to={`/customer/order/detail?type=${d.viewer === 0 ? 0 : 6}&id=${d.replacementOrderId}`}>{d.replacementOrderNo}</Link>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      {d.returnTrackingNo && <RmaParcel rmaId={d.id} onTheWay={d.status === RmaStatus.RETURNED} />}
      <Card variant="borderless" title="售后商品">
        <Table<RmaLineView>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d.lines}
          columns={[
            {
              title: '商品',
              key: 'p',
              render: (_, l) => (
                <Space>
                  <Img src={l.image} width={120} style={{ width: 44, height: 44, objectFit: 'cover', borderRadius: 4 }} />
                  <span><div>{l.productName}</div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{l.spec || '默认规格'}</Typography.Text></span>
                </Space>
              ),
            },
            { title: '规格编码', dataIndex: 'skuCode', width: 150, render: (v: string) => v || '—' },
            { title: '单价', dataIndex: 'unitPrice', width: 110, render: (v: string) => <Price value={v} /> },
            { title: '售后数量', dataIndex: 'quantity', width: 100, render: (q: number, l) => `${q}${l.unit}` },
            { title: '金额', dataIndex: 'amount', width: 120, render: (v: string) => <Price value={v} /> },
            ...(d.lines.some((l) => l.disposition !== null)
              ? [{ title: '收货处理', dataIndex: 'disposition', width: 110, render: (v: number | null) => dispositionText(v) }]
              : []),
          ]}
        />
      </Card>
      <Card variant="borderless" title="处理记录">
        <Timeline
          items={d.history.map((h) => ({
            color: h.toStatus === RmaStatus.REJECTED || h.toStatus === RmaStatus.CANCELLED ? 'red' : h.toStatus === RmaStatus.CLOSED ? 'green' : 'blue',
            children: (
              <div>
                <div>
                  <strong>{rmaMachine.historyLabel(h.action)}</strong>
                  <Typography.Text type="secondary"> · {SIDE[h.side] ?? ''}{h.userName ? ` ${h.userName}` : ''} · {when(h.createdAt)}</Typography.Text>
                </div>
                <div style={{ color: '#595959' }}>
                  {h.fromStatus !== null ? `${rmaMachine.label(h.fromStatus)} → ` : ''}
                  {rmaMachine.label(h.toStatus)}
                  {h.note ? `：${h.note}` : ''}
                </div>
              </div>
            ),
          }))}
        />
      </Card>
    </Space>
  );
}

const shipRules = formRules(rmaShipBackInput);
const rejectRules = formRules(rmaRejectInput);
const refundRules = formRules(rmaRefundInput);

/**
 * What the viewer can do now: the buttons are the detail's `actions` (the after-sales table's `available`), their
 * texts the table's; the purchaser withdraws or ships back, the supplier reviews, receives, settles.
 */
function NextStep({ d }: { d: RmaDetail }) {
  const withdraw = useWithdrawRma();
  const approve = useApproveRma();
  const exchange = useExchangeRma();
  const [modal, setModal] = useState<'reject' | 'refund' | 'approve' | 'receive' | null>(null);
  const can = (a: RmaAction) => d.actions.includes(a);
  const s = d.status;

  if (d.viewer === 0) {
    if (can('withdraw')) {
      return (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="等待供应商审核"
          action={
            <Popconfirm title="撤销后可重新申请。确认撤销？" okText="撤销" onConfirm={() => withdraw.mutateAsync({ id: d.id })}>
              <Button size="small" danger loading={withdraw.isPending}>{rmaButton('withdraw')}</Button>
            </Popconfirm>
          }
        />
      );
    }
    if (can('shipBack')) return <ShipBackForm id={d.id} seller={d.counterpartName} />;
    // The address itself is shown (copyable) below the step.
    if (s === RmaStatus.RETURNED) return <Alert type="info" showIcon style={{ marginBottom: 16 }} message="商品已寄回，等待供应商确认收货" />;
    if (s === RmaStatus.TO_SETTLE) return <Alert type="info" showIcon style={{ marginBottom: 16 }} message={d.type === RmaType.EXCHANGE ? '等待供应商创建换货订单' : '等待供应商退款'} />;
    return null;
  }

  let step: React.ReactNode = null;
  if (can('approve') || can('reject')) {
    step = (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="采购商申请售后，请审核"
        action={
          <Space>
            {!can('approve') ? null : d.type === RmaType.REFUND ? (
              <Popconfirm title="同意后进入待退款。确认同意？" okText="同意" onConfirm={() => approve.mutateAsync({ id: d.id })}>
                <Button size="small" type="primary" loading={approve.isPending}>{rmaButton('approve')}</Button>
              </Popconfirm>
            ) : (
              <Button size="small" type="primary" onClick={() => setModal('approve')}>{rmaButton('approve')}</Button>
            )}
            {can('reject') && <Button size="small" danger onClick={() => setModal('reject')}>{rmaButton('reject')}</Button>}
          </Space>
        }
      />
    );
  } else if (s === RmaStatus.TO_RETURN) {
    step = <Alert type="info" showIcon style={{ marginBottom: 16 }} message="等待采购商寄回商品" />;
  } else if (can('receive')) {
    step = (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={`采购商已寄回：${d.returnCarrier ?? ''} ${d.returnTrackingNo ?? ''}，收到商品后请确认并选择每件商品的处理方式`}
        action={<Button size="small" type="primary" onClick={() => setModal('receive')}>{rmaButton('receive')}</Button>}
      />
    );
  } else if (can('exchange')) {
    step = (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="请创建换货订单（0 元）补发商品"
        action={
          <Popconfirm title="将以 0 元创建换货订单并预占库存，确认？" okText="创建" onConfirm={() => exchange.mutateAsync({ id: d.id })}>
            <Button size="small" type="primary" loading={exchange.isPending}>{rmaButton('exchange')}</Button>
          </Popconfirm>
        }
      />
    );
  } else if (can('refund')) {
    step = (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={`请向采购商退款 ${formatMoney(d.refundAmount)}，并登记退款`}
        action={<Button size="small" type="primary" onClick={() => setModal('refund')}>{rmaButton('refund')}</Button>}
      />
    );
  }
  return (
    <>
      {step}
      {modal === 'reject' && <RejectModal id={d.id} onClose={() => setModal(null)} />}
      {modal === 'refund' && <RefundModal id={d.id} max={d.refundAmount} onClose={() => setModal(null)} />}
      {modal === 'approve' && <ApproveModal d={d} onClose={() => setModal(null)} />}
      {modal === 'receive' && <ReceiveModal d={d} onClose={() => setModal(null)} />}
    </>
  );
}

/**
 * The purchaser's 寄回 form: the carrier from the logistics partner's catalogue (the number checked against it, as
 * shipping an order does), so the return parcel is tracked; another carrier by name is shown but not tracked.
 */
function ShipBackForm({ id, seller }: { id: number; seller: string }) {
  const ship = useShipBackRma();
  return (
    <Card size="small" title={`供应商已同意，请将商品寄回 ${seller}（退货地址见下方）并填写物流信息`} style={{ marginBottom: 16 }}>
      <Form
        layout="inline"
        style={{ rowGap: 8 }}
        onFinish={(v: { carrierCode: string; carrier?: string; trackingNo: string }) =>
          void ship.mutateAsync({ id, ...carrierOfForm(v), trackingNo: v.trackingNo })
        }
      >
        <CarrierFields rules={shipRules} selectWidth={200} inputWidth={220} />
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={ship.isPending}>{rmaButton('shipBack')}</Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

function RejectModal({ id, onClose }: { id: number; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectRma();
  return (
    <Modal open title="驳回售后申请" okText="驳回" okButtonProps={{ danger: true, loading: reject.isPending }} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => void reject.mutateAsync({ id, reason: v.reason }).then(onClose)}>
        <Form.Item name="reason" label="驳回原因" rules={rejectRules.reason}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="请说明驳回原因，采购商将看到" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RefundModal({ id, max, onClose }: { id: number; max: string; onClose: () => void }) {
  const [form] = Form.useForm<{ method: 1 | 2 | 3; amount: number; note: string }>();
  const refund = useRefundRma();
  const method = Form.useWatch('method', form) ?? 1;
  return (
    <Modal open title="登记退款" okText="登记退款" okButtonProps={{ loading: refund.isPending }} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={
          method === 2
            ? '退款退回采购商在本店的信用账户：先冲减该订单占用的额度，其余计入余额。'
            : method === 3
              ? '订单通过微信支付或支付宝付款时，退款经同一渠道原路退回采购商（未在线支付的订单不能选择）。'
              : '请先通过银行转账将款项退给采购商，再在此登记。'
        }
      />
      <Form form={form} layout="vertical" initialValues={{ method: 1, amount: Number(max), note: '' }} onFinish={(v) => void refund.mutateAsync({ id, method: v.method, amount: v.amount, note: v.note ?? '' }).then(onClose)}>
        <Form.Item name="method" label="退款方式" rules={refundRules.method}>
          <Radio.Group options={[{ value: 1, label: '线下转账' }, { value: 2, label: '退回信用账户' }, { value: 3, label: '原路退回' }]} />
        </Form.Item>
        <Form.Item name="amount" label="退款金额" rules={refundRules.amount} extra={`申请退款 ${formatMoney(max)}，不能超过该金额`}>
          <InputNumber min={0} max={Number(max)} precision={2} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="note" label="退款说明" rules={refundRules.note}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="如 转账银行、流水号" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
