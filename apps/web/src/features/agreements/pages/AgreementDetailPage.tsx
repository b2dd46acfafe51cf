import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Popconfirm, Result, Skeleton, Space, Table, Tag, Timeline, Typography } from 'antd';
import {
  agreementMachine,
  agreementReasonInput,
  formatChinaDate,
  formatChinaDateTime,
  orderMachine,
  type AgreementDetail,
} from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { zodRule } from '../../../lib/form-rules.ts';
import { useAcceptAgreement, useAgreementDetail, useConfirmAgreement, useDeclineAgreement, useRejectAgreement, useTerminateAgreement } from '../api/agreements.ts';
import { CallOffForm } from '../components/CallOffForm.tsx';
import { AgreementStatusTag } from '../components/status.tsx';

const reasonRules = [zodRule(agreementReasonInput.shape.reason)];
const button = (a: keyof typeof agreementMachine.actions) => agreementMachine.actions[a].button ?? agreementMachine.actions[a].label;

/**
 * agreement/detail (框架协议详情): both sides see the lines with used and remaining quantities, the call-off orders
 * and the history; the purchaser confirms or rejects a pending agreement and places call-offs; either side
 * terminates one in force; the supplier corrects a pending or rejected one. Buttons come from the answer's actions.
 */
export default function AgreementDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || null;
  const detail = useAgreementDetail(id);
  const back = (
    <Link to="/customer/agreement/index">
      <Button>返回列表</Button>
    </Link>
  );
  if (id === null)
    return (
      <Card variant="borderless">
        <Result status="404" title="框架协议不存在" extra={back} />
      </Card>
    );
  if (detail.isLoading)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (detail.isError || !detail.data)
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title="无法打开框架协议"
          subTitle={detail.error instanceof Error ? detail.error.message : undefined}
          extra={
            <Space>
              <Button onClick={() => void detail.refetch()}>重试</Button>
              {back}
            </Space>
          }
        />
      </Card>
    );
  return <AgreementView d={detail.data} back={back} />;
}

function AgreementView({ d, back }: { d: AgreementDetail; back: React.ReactNode }) {
  const confirm = useConfirmAgreement();
  const reject = useRejectAgreement();
  const accept = useAcceptAgreement();
  const decline = useDeclineAgreement();
  const terminate = useTerminateAgreement();
  const [asking, setAsking] = useState<'reject' | 'decline' | 'terminate' | null>(null);
  const buyer = d.side === 'buyer';

  const actions = (
    <Space wrap>
      {d.actions.includes('confirm') && (
        <Popconfirm title="确认后协议生效，可按协议价下达订单" onConfirm={() => confirm.mutateAsync({ id: d.id })}>
          <Button type="primary" loading={confirm.isPending} data-testid="agreement-confirm">
            {button('confirm')}
          </Button>
        </Popconfirm>
      )}
      {d.actions.includes('reject') && (
        <Button danger onClick={() => setAsking('reject')}>
          {button('reject')}
        </Button>
      )}
      {d.actions.includes('accept') && (
        <Popconfirm title="确认后协议生效，采购商可按协议价下达订单" onConfirm={() => accept.mutateAsync({ id: d.id })}>
          <Button type="primary" loading={accept.isPending} data-testid="agreement-accept">
            {button('accept')}
          </Button>
        </Popconfirm>
      )}
      {d.actions.includes('decline') && (
        <Button danger onClick={() => setAsking('decline')}>
          {button('decline')}
        </Button>
      )}
      {d.actions.includes('edit') && (
        <Link to={`/customer/agreement/edit?id=${d.id}`}>
          <Button type="primary">{button('edit')}</Button>
        </Link>
      )}
      {d.actions.includes('terminate') && (
        <Button danger onClick={() => setAsking('terminate')}>
          {button('terminate')}
        </Button>
      )}
      {back}
    </Space>
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space wrap>
            <span>{d.title}</span>
            <AgreementStatusTag status={d.status} />
          </Space>
        }
        extra={actions}
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="协议编号">{d.code}</Descriptions.Item>
          <Descriptions.Item label="采购商">{d.buyerCompanyName}</Descriptions.Item>
          <Descriptions.Item label="供应商">{d.sellerCompanyName}</Descriptions.Item>
          <Descriptions.Item label="有效期">
            {formatChinaDate(d.validFrom)} 至 {formatChinaDate(d.validTo)}
          </Descriptions.Item>
          <Descriptions.Item label="协议金额">
            <Price value={d.totalAmount} />
          </Descriptions.Item>
          <Descriptions.Item label="已下达金额">
            <Price value={d.usedAmount} />
          </Descriptions.Item>
          <Descriptions.Item label={d.amountLimit === null ? '剩余金额' : '剩余金额（金额协议）'}>
            <span data-testid="agreement-remaining-amount">
              <Price value={d.remainingAmount} />
            </span>
          </Descriptions.Item>
          {d.remark && <Descriptions.Item label="备注">{d.remark}</Descriptions.Item>}
          {d.rejectReason && <Descriptions.Item label="拒绝原因">{d.rejectReason}</Descriptions.Item>}
          {d.terminateReason && <Descriptions.Item label="终止原因">{d.terminateReason}</Descriptions.Item>}
        </Descriptions>
      </Card>

      <Card variant="borderless" title="协议商品" size="small">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={d.lines}
          scroll={{ x: 760 }}
          data-testid="agreement-lines"
          columns={[
            { title: 'SKU编码', dataIndex: 'skuCode', width: 120, render: (v: string) => v || '—' },
            { title: '商品名称', dataIndex: 'productName' },
            { title: '规格', dataIndex: 'spec', render: (v: string) => v || '—' },
            { title: '协议单价', dataIndex: 'unitPrice', width: 110, align: 'right', render: (v: string) => <Price value={v} /> },
            { title: '协议数量', dataIndex: 'quantity', width: 100, align: 'right', render: (v: number | null, l) => (v === null ? '按金额' : `${v}${l.unit}`) },
            { title: '已下达', dataIndex: 'usedQuantity', width: 90, align: 'right', render: (v: number, l) => `${v}${l.unit}` },
            {
              title: '剩余',
              dataIndex: 'remainingQuantity',
              width: 90,
              align: 'right',
              render: (v: number | null, l) => <span data-testid="line-remaining">{v === null ? '—' : `${v}${l.unit}`}</span>,
            },
          ]}
        />
      </Card>

      {buyer && d.actions.includes('callOff') && <CallOffForm agreement={d} />}

      <Card variant="borderless" title="下达记录" size="small">
        <Table
          size="small"
          rowKey="orderId"
          pagination={false}
          dataSource={d.callOffs}
          locale={{ emptyText: '暂无下达记录' }}
          scroll={{ x: 640 }}
          data-testid="agreement-calloffs"
          columns={[
            {
              title: '订单号',
              dataIndex: 'orderNo',
              render: (v: string, r) => <Link to={`/customer/order/detail?type=${r.orderType}&id=${r.orderId}`}>{v}</Link>,
            },
            { title: '数量合计', dataIndex: 'quantity', width: 90, align: 'right' },
            { title: '订单金额', dataIndex: 'totalAmount', width: 110, align: 'right', render: (v: string) => <Price value={v} /> },
            {
              title: '订单状态',
              dataIndex: 'orderStatus',
              width: 120,
              render: (s: number, r) => (
                <Space size={4}>
                  {orderMachine.label(s)}
                  {r.released && <Tag>已释放数量</Tag>}
                </Space>
              ),
            },
            { title: '下达人', dataIndex: 'userName', width: 100 },
            { title: '下达时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatChinaDateTime(v) },
          ]}
        />
      </Card>

      <Card variant="borderless" title="协议记录" size="small">
        <Timeline
          items={d.history.map((h) => ({
            children: (
              <div>
                <Typography.Text strong>{h.action}</Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {h.userName} · {formatChinaDateTime(h.createdAt)}
                </Typography.Text>
                {h.note && <div>{h.note}</div>}
              </div>
            ),
          }))}
        />
      </Card>

      <ReasonModal
        open={asking === 'reject'}
        title="拒绝框架协议"
        intro="供应商会收到拒绝原因，可修改后重新提交。"
        label="拒绝原因"
        okText="拒绝"
        rules={reasonRules}
        pending={reject.isPending}
        onSubmit={(reason) => reject.mutateAsync({ id: d.id, reason })}
        onClose={() => setAsking(null)}
      />
      <ReasonModal
        open={asking === 'decline'}
        title="拒绝框架协议"
        intro="采购商会收到拒绝原因；您可修改协议后提交采购商确认。"
        label="拒绝原因"
        okText="拒绝"
        rules={reasonRules}
        pending={decline.isPending}
        onSubmit={(reason) => decline.mutateAsync({ id: d.id, reason })}
        onClose={() => setAsking(null)}
      />
      <ReasonModal
        open={asking === 'terminate'}
        title="终止框架协议"
        intro="终止后不能再按该协议下达订单，已下达的订单不受影响。"
        label="终止原因"
        okText="终止"
        rules={reasonRules}
        pending={terminate.isPending}
        onSubmit={(reason) => terminate.mutateAsync({ id: d.id, reason })}
        onClose={() => setAsking(null)}
      />
    </Space>
  );
}
