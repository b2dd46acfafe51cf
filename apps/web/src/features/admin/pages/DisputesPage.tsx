import { useState } from 'react';
import { Button, Form, Input, Radio, Select, Space, Tag } from 'antd';
import { adminDisputeDecideInput, enumLabel, RMA_DISPUTE_STATUS_NAMES, RmaDisputeStatus, type AdminDisputeRow } from '@aquamall/shared';
import { FilterForm, ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { Price } from '../../../components/Format.tsx';
import { CellWithSub, chinaTimeColumn } from '../../../components/table-cells.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { useConsoleQuery } from '../api/admin.ts';
import { useDecideDispute } from '../api/trade.ts';
import { DecisionModal, DecisionNote } from '../components/DecisionModal.tsx';

const rules = formRules(adminDisputeDecideInput);
const SIDE_NAME: Record<number, string> = { 1: '采购商', 2: '供应商' };
const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'blue' };

function DecideModal({ row, onClose }: { row: AdminDisputeRow; onClose: () => void }) {
  const decide = useDecideDispute();
  return (
    <DecisionModal<{ support: 'buyer' | 'seller'; reason: string }>
      title={`裁决售后争议 ${row.rmaNo}`}
      okText="提交裁决"
      pending={decide.isPending}
      onSubmit={(v) => decide.mutateAsync({ id: row.id, ...v })}
      onClose={onClose}
      summary={
        <>
          <p>采购商申请：{enumLabel('RmaType', row.rmaType)} <Price value={row.refundAmount} />，理由「{row.rmaReason}」{row.rmaDescription ? `：${row.rmaDescription}` : ''}</p>
          <p>供应商驳回：{row.rejectReason}</p>
          <p>{SIDE_NAME[row.raisedBySide]}申请介入：{row.reason}</p>
        </>
      }
    >
      <Form.Item name="support" label="裁决结果" rules={rules.support}>
        <Radio.Group
          options={[
            { value: 'buyer', label: '支持采购商（按同意继续售后）' },
            { value: 'seller', label: '支持供应商（维持驳回并关闭）' },
          ]}
        />
      </Form.Item>
      <DecisionNote name="reason" label="裁决理由" rules={rules.reason} extra="裁决理由将通知采购商和供应商，并记入操作日志。" rows={4} />
    </DecisionModal>
  );
}

/** Console 售后仲裁: refused after-sales requests a party took to the platform, decided once (decision 0187). */
export default function DisputesPage() {
  const [form] = Form.useForm<{ status?: number; keyword?: string }>();
  const { params, reset, page } = useListParams<{ status?: number; keyword?: string }>({}, 20);
  const list = useConsoleQuery('adminDisputeList', params);
  const [deciding, setDeciding] = useState<AdminDisputeRow | null>(null);
  return (
    <ListPage
      variant="outlined"
      title="售后仲裁"
      filters={
        <FilterForm form={form} onSearch={(v) => reset({ status: v.status, keyword: v.keyword?.trim() || undefined })}>
          <Form.Item name="keyword" label="单号"><Input allowClear maxLength={32} placeholder="售后单号/订单号" style={{ width: 200 }} /></Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" style={{ width: 120 }} options={Object.values(RmaDisputeStatus).map((s) => ({ value: s, label: RMA_DISPUTE_STATUS_NAMES[s] }))} />
          </Form.Item>
        </FilterForm>
      }
    >
      <ListTable<AdminDisputeRow>
        rowKey="id"
        query={list}
        params={params}
        onPage={page}
        scroll={{ x: 1000 }}
        errorTitle="售后争议加载失败"
        emptyText="暂无申请平台介入的售后"
        columns={[
          { title: '售后单号', dataIndex: 'rmaNo', width: 180, render: (v: string, r) => <CellWithSub sub={`订单 ${r.orderNo}`}>{v}</CellWithSub> },
          { title: '采购商 / 供应商', render: (_, r) => <CellWithSub sub={r.sellerCompanyName}>{r.buyerCompanyName}</CellWithSub> },
          { title: '申请', width: 160, render: (_, r) => <CellWithSub sub={`驳回：${r.rejectReason}`}>{enumLabel('RmaType', r.rmaType)} <Price value={r.refundAmount} /></CellWithSub> },
          { title: '介入理由', dataIndex: 'reason', render: (v: string, r) => <div><Tag>{SIDE_NAME[r.raisedBySide]}</Tag>{v}</div> },
          chinaTimeColumn<AdminDisputeRow>('申请时间', 'createdAt', 140),
          {
            title: '状态',
            dataIndex: 'status',
            width: 200,
            render: (v: number, r) => (
              <div>
                <Tag color={STATUS_COLOR[v]}>{RMA_DISPUTE_STATUS_NAMES[v]}</Tag>
                {r.decisionReason && <div style={{ color: '#595959', fontSize: 12 }}>{r.decisionReason}</div>}
              </div>
            ),
          },
          {
            title: '操作',
            key: 'op',
            width: 90,
            fixed: 'right',
            render: (_, r) =>
              r.status === RmaDisputeStatus.OPEN ? (
                <Space><Button type="primary" size="small" onClick={() => setDeciding(r)}>裁决</Button></Space>
              ) : null,
          },
        ]}
      />
      {deciding && <DecideModal row={deciding} onClose={() => setDeciding(null)} />}
    </ListPage>
  );
}
