import { Button, Popconfirm, Select, Space, Switch, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PRIVACY_DEADLINE_DAYS, PRIVACY_KINDS, PRIVACY_STATUS, type AdminPrivacyRow as Row, formatChinaDateTime } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { api, type InputOf } from '../../../lib/api.ts';
import { RejectButton } from '../components/RejectButton.tsx';

const STATUS_COLOR = ['processing', 'success', 'error'];
const fmt = (v: string | null) => (v ? formatChinaDateTime(v) : '—');

/** The deadline cell: days left (red when overdue, orange in the last 3 days), or when it was answered. */
function Deadline({ r }: { r: Row }) {
  if (r.daysLeft === null) return <span>{fmt(r.deadlineAt)}</span>;
  const color = r.overdue ? 'red' : r.daysLeft <= 3 ? 'orange' : 'blue';
  return (
    <Space size={4} orientation="vertical">
      <Tag color={color}>{r.overdue ? `已逾期${-r.daysLeft}天` : `剩余${r.daysLeft}天`}</Tag>
      <span style={{ color: 'var(--am-muted)', fontSize: 12 }}>{fmt(r.deadlineAt)}</span>
    </Space>
  );
}

/** Console: 个人信息请求 (PIPL, decision 0151): every export and deletion request against its 10-day deadline. */
export default function PrivacyRequestsPage() {
  const { params, filter, page } = useListParams<{ status: string; kind?: 'export' | 'delete'; overdue?: boolean }>({ status: '0' }, 20);
  const query: InputOf<'adminPrivacyList'> = {
    pageIndex: params.pageIndex,
    pageSize: params.pageSize,
    kind: params.kind,
    overdue: params.overdue || undefined,
    status: params.status === 'all' ? undefined : Number(params.status),
  };
  const list = useQuery({ queryKey: ['admin', 'privacy', query], queryFn: () => api.read('adminPrivacyList', query) });
  const refetch = list.refetch;
  const execute = async (id: number) => {
    await api.run('adminPrivacyExecute', { id }).catch(() => undefined);
    await refetch();
  };
  return (
    <ListPage variant="outlined" title="个人信息请求">
      <Tabs
        activeKey={params.status}
        onChange={(k) => filter({ status: k })}
        items={[{ key: '0', label: '待处理' }, { key: '1', label: '已完成' }, { key: '2', label: '已拒绝' }, { key: 'all', label: '全部' }]}
      />
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          style={{ width: 160 }}
          allowClear
          placeholder="全部类型"
          value={params.kind}
          onChange={(kind) => filter({ kind })}
          options={Object.entries(PRIVACY_KINDS).map(([value, label]) => ({ value, label }))}
        />
        <Space>
          <Switch checked={!!params.overdue} onChange={(overdue) => filter({ overdue })} />
          <span>只看逾期</span>
        </Space>
        <span style={{ color: 'var(--am-muted)' }}>依隐私政策，个人信息请求须在{PRIVACY_DEADLINE_DAYS}天内答复</span>
      </Space>
      <ListTable<Row>
        rowKey="id"
        query={list}
        params={params}
        onPage={page}
        errorTitle="个人信息请求加载失败"
        emptyText="暂无个人信息请求"
        onRow={(r) => (r.overdue ? { style: { background: '#fff1f0' } } : {})}
        columns={[
          { title: '编号', dataIndex: 'id', width: 70 },
          { title: '类型', dataIndex: 'kind', render: (k: Row['kind']) => PRIVACY_KINDS[k] },
          { title: '用户', render: (_, r) => <Space orientation="vertical" size={0}><span>{r.userName}</span>{r.phoneMasked !== r.userName && <span style={{ color: 'var(--am-muted)', fontSize: 12 }}>{r.phoneMasked}</span>}</Space> },
          { title: '企业', dataIndex: 'companyName', render: (v: string) => v || '—' },
          { title: '申请时间', dataIndex: 'createdAt', render: fmt },
          { title: '答复期限', render: (_, r) => <Deadline r={r} /> },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: number, r) => (
              <Space orientation="vertical" size={0}>
                <Tag color={STATUS_COLOR[s]}>{PRIVACY_STATUS[s]}</Tag>
                {r.reason && <span style={{ fontSize: 12 }}>{r.reason}</span>}
                {r.handledByName && <span style={{ color: 'var(--am-muted)', fontSize: 12 }}>{r.handledByName} {fmt(r.doneAt)}</span>}
              </Space>
            ),
          },
          {
            title: '操作',
            fixed: 'right',
            width: 200,
            render: (_, r) =>
              r.status === 0 && (
                <Space>
                  <Popconfirm
                    title={r.kind === 'delete' ? '注销后该用户的个人信息将被匿名化且无法恢复，确定执行？' : '立即生成该用户的数据压缩包？'}
                    onConfirm={() => execute(r.id)}
                  >
                    <Button type="primary" size="small" danger={r.kind === 'delete'}>
                      {r.kind === 'delete' ? '执行注销' : '生成数据'}
                    </Button>
                  </Popconfirm>
                  <RejectButton label="拒绝" title="拒绝原因（用户可见）" onReject={async (reason) => { await api.run('adminPrivacyRefuse', { id: r.id, reason }); await refetch(); }} />
                </Space>
              ),
          },
        ]}
      />
    </ListPage>
  );
}
