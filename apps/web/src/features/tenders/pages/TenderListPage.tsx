import { Link } from 'react-router';
import { Button, Input, Tabs, type TableColumnsType } from 'antd';
import { BidStatus, tenderMachine, type TenderRow } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { useTenderList } from '../api/tenders.ts';
import { STATUS_TABS, TenderStatusTag, when, yuan } from '../components/common.tsx';

/** bid/bidindex: the purchaser's tenders by status, with bid counts (contents stay sealed until the opening). */
export default function TenderListPage() {
  const { params, filter, page } = useListParams<{ status?: number; keyword?: string }>();
  const list = useTenderList(params);
  const edit = (id: number) => `/customer/bid/edite?id=${id}`;
  const columns: TableColumnsType<TenderRow> = [
    {
      title: '招标项目',
      dataIndex: 'title',
      width: 280,
      render: (v: string, r) => (
        <span>
          <Link to={edit(r.id)}>{v}</Link>
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>{r.code}{r.invitedOnly ? ' · 邀请招标' : ''}</div>
        </span>
      ),
    },
    { title: '品类', dataIndex: 'category', width: 110, render: (v: string) => v || '—' },
    { title: '预算', dataIndex: 'budget', width: 130, render: (v: string | null) => yuan(v) },
    { title: '标段', dataIndex: 'lotCount', width: 70 },
    { title: '投标数', dataIndex: 'bidCount', width: 80 },
    { title: '投标截止', dataIndex: 'deadline', width: 150, render: when },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <TenderStatusTag status={s} /> },
    {
      title: '操作',
      key: 'a',
      width: 120,
      fixed: 'right',
      render: (_, r) => (
        <span style={{ display: 'inline-flex', gap: 12 }}>
          <Link to={edit(r.id)}>{r.status === BidStatus.DRAFT ? '编辑' : '查看'}</Link>
          {r.status === BidStatus.AWARDED && <Link to={`/customer/bid/bededite?id=${r.id}`}>中标公告</Link>}
        </span>
      ),
    },
  ];
  return (
    <ListPage
      title="招标项目"
      extra={<Link to="/customer/bid/edite"><Button type="primary">发布招标</Button></Link>}
      filters={<Input.Search allowClear placeholder="项目名称 / 编号 / 品类" maxLength={50} style={{ width: 260 }} onSearch={(v) => filter({ keyword: v.trim() || undefined })} />}
    >
      <Tabs
        activeKey={params.status === undefined ? 'all' : String(params.status)}
        onChange={(k) => filter({ status: k === 'all' ? undefined : Number(k) })}
        items={[{ key: 'all', label: '全部' }, ...STATUS_TABS.map((s) => ({ key: String(s), label: tenderMachine.label(s) }))]}
      />
      <ListTable<TenderRow>
        rowKey="id"
        size="middle"
        query={list}
        params={params}
        onPage={page}
        columns={columns}
        scroll={{ x: 1030 }}
        errorTitle="招标项目加载失败"
        emptyText="暂无招标项目，点击右上角发布招标"
      />
    </ListPage>
  );
}
