import { Button, Popconfirm, Space, Tabs, Tag } from 'antd';
import { enumLabel, formatChinaDateTime } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { confirmUpgrade, rejectUpgrade, useUpgradeRequests, type UpgradeRow as Req } from '../api/review.ts';
import { RejectButton } from '../components/RejectButton.tsx';

const STATUS = [['待确认', 'processing'], ['已确认', 'success'], ['已拒绝', 'error']];

/** Console: membership upgrades, confirmed once the bank transfer has arrived. */
export default function MemberUpgradePage() {
  const { params, filter, page } = useListParams({ status: '0' }, 20);
  const list = useUpgradeRequests({ ...params, status: params.status === 'all' ? undefined : Number(params.status) });
  const refetch = list.refetch;
  return (
    <ListPage variant="outlined" title="会员升级确认">
      <Tabs activeKey={params.status} onChange={(k) => filter({ status: k })} items={[{ key: '0', label: '待确认' }, { key: '1', label: '已确认' }, { key: '2', label: '已拒绝' }, { key: 'all', label: '全部' }]} />
      <ListTable<Req>
        rowKey="id"
        query={list}
        params={params}
        onPage={page}
        errorTitle="升级申请加载失败"
        emptyText="暂无升级申请"
        columns={[
          { title: '企业', dataIndex: 'companyName' },
          { title: '升级', render: (_, r) => `${enumLabel('MemberLevel', r.fromLevel)} → ${enumLabel('MemberLevel', r.targetLevel)}` },
          { title: '转账流水号', dataIndex: 'transferRef' },
          { title: '备注', dataIndex: 'remark' },
          { title: '申请时间', dataIndex: 'createdAt', render: (v: string) => formatChinaDateTime(v) },
          { title: '状态', dataIndex: 'status', render: (v: number, r) => <><Tag color={STATUS[v]?.[1]}>{STATUS[v]?.[0]}</Tag>{r.rejectReason}</> },
          {
            title: '操作',
            render: (_, r) =>
              r.status === 0 && (
                <Space>
                  <Popconfirm title="确认已收到该企业的转账？" onConfirm={async () => { await confirmUpgrade({ id: r.id }); await refetch(); }}>
                    <Button type="primary" size="small">确认收款</Button>
                  </Popconfirm>
                  <RejectButton label="拒绝" title="拒绝原因" onReject={async (reason) => { await rejectUpgrade({ id: r.id, reason }); await refetch(); }} />
                </Space>
              ),
          },
        ]}
      />
    </ListPage>
  );
}
