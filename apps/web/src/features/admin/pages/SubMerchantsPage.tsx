import { useState } from 'react';
import { Button, Form, Radio, Select, Space, Tag, Typography } from 'antd';
import { enumLabel, formatChinaDateTime, subMerchantDecideInput, type SubMerchantAdminRow } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { chinaTimeColumn, payChannelColumn } from '../../../components/table-cells.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { useConsoleQuery } from '../api/admin.ts';
import { useDecideSubMerchant } from '../api/trade.ts';
import { DecisionModal, DecisionNote } from '../components/DecisionModal.tsx';

const rules = formRules(subMerchantDecideInput);
const STATUS_COLOR = ['processing', 'success', 'error'];

function DecideModal({ row, onClose }: { row: SubMerchantAdminRow; onClose: () => void }) {
  const decide = useDecideSubMerchant();
  return (
    <DecisionModal<{ approve: boolean; note: string }>
      title="核验收款商户"
      pending={decide.isPending}
      initialValues={{ approve: true, note: '' }}
      onSubmit={(v) => decide.mutateAsync({ id: row.id, approve: v.approve, note: v.note })}
      onClose={onClose}
      summary={
        <>
          <p>
            {row.companyName} · {enumLabel('PayChannel', row.channel)} · {row.channel === 1 ? '特约商户号' : '支付宝 PID'} {row.subMchId}
          </p>
          <Typography.Paragraph type="secondary">
            {row.channel === 1
              ? '请在微信支付服务商平台确认该特约商户号已与本平台服务商绑定，且主体为该供应商。'
              : '请在支付宝开放平台确认该商户已授权本平台应用，且主体为该供应商。'}
          </Typography.Paragraph>
        </>
      }
    >
      <Form.Item name="approve" label="核验结果">
        <Radio.Group options={[{ value: true, label: '核验通过' }, { value: false, label: '驳回' }]} />
      </Form.Item>
      <DecisionNote name="note" label="说明" rules={rules.note} extra="供应商可见；操作人和时间写入操作日志。" rows={2} maxLength={200} />
    </DecisionModal>
  );
}

/**
 * Console 收款商户核验 (decision 0216): the suppliers' WeChat Pay 特约商户号 and Alipay authorisations; only a verified
 * one receives online payments. Each decision is audited.
 */
export default function SubMerchantsPage() {
  const list = useListParams<{ status?: number }>({ status: 0 }, 20);
  const rows = useConsoleQuery('adminSubMerchants', list.params);
  const [deciding, setDeciding] = useState<SubMerchantAdminRow | null>(null);
  return (
    <ListPage
      title="收款商户核验"
      filters={
        <Space wrap>
          <Select
            style={{ width: 140 }}
            value={list.params.status ?? -1}
            onChange={(v: number) => list.filter({ status: v < 0 ? undefined : v })}
            options={[{ value: -1, label: '全部状态' }, { value: 0, label: '待平台核验' }, { value: 1, label: '已核验' }, { value: 2, label: '未通过' }]}
          />
          <Typography.Text type="secondary">在线支付款项直接进入供应商的特约商户或支付宝账户，平台不经手资金。</Typography.Text>
        </Space>
      }
    >
      <ListTable<SubMerchantAdminRow>
        rowKey="id"
        query={rows}
        params={list.params}
        onPage={list.page}
        scroll={{ x: 900 }}
        errorTitle="收款商户加载失败"
        emptyText="暂无收款商户"
        columns={[
          { title: '供应商', dataIndex: 'companyName' },
          payChannelColumn<SubMerchantAdminRow>(),
          { title: '特约商户号 / PID', dataIndex: 'subMchId', width: 180 },
          { title: '状态', dataIndex: 'status', width: 110, render: (s: number) => <Tag color={STATUS_COLOR[s]}>{enumLabel('SubMerchantStatus', s)}</Tag> },
          { title: '说明', dataIndex: 'note', render: (v: string) => v || '—' },
          chinaTimeColumn<SubMerchantAdminRow>('提交时间', 'submittedAt'),
          {
            title: '操作',
            width: 100,
            render: (_, r) => (r.status === 0 ? <Button type="link" onClick={() => setDeciding(r)}>核验</Button> : r.verifiedAt ? formatChinaDateTime(r.verifiedAt) : null),
          },
        ]}
      />
      {deciding && <DecideModal row={deciding} onClose={() => setDeciding(null)} />}
    </ListPage>
  );
}
