import { Form, Input, Select, Tabs, Tag } from 'antd';
import { enumLabel, type AdminListingRow, type ListingKind, formatChinaDateTime } from '@aquamall/shared';
import { FilterForm, ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { useConsoleQuery } from '../api/admin.ts';
import { useListingTakedown } from '../api/trade.ts';
import { RejectButton } from '../components/RejectButton.tsx';

interface Filters {
  kind: ListingKind;
  keyword?: string;
  takenDown?: number;
}
const when = (v: string | null) => formatChinaDateTime(v);

/** Console 招标与询价: every tender and enquiry; one is taken down from the public pages with a reason, or restored. */
export default function ListingsPage() {
  const [form] = Form.useForm<{ keyword?: string; takenDown?: number }>();
  const { params, reset, filter, page } = useListParams<Filters>({ kind: 'tender' }, 20);
  const list = useConsoleQuery('adminListingList', params);
  const takedown = useListingTakedown();
  const kind = params.kind;
  return (
    <ListPage
      variant="outlined"
      title="招标与询价"
      filters={
        <>
          <Tabs
            activeKey={kind}
            onChange={(k) => filter({ kind: k as ListingKind })}
            items={[
              { key: 'tender', label: '招标项目' },
              { key: 'enquiry', label: '询价单' },
            ]}
          />
          <FilterForm form={form} onSearch={(v) => reset({ kind, keyword: v.keyword?.trim() || undefined, takenDown: v.takenDown })}>
            <Form.Item name="keyword" label="关键词"><Input allowClear maxLength={60} placeholder="标题/编号/发布单位" style={{ width: 200 }} /></Form.Item>
            <Form.Item name="takenDown" label="展示">
              <Select allowClear placeholder="全部" style={{ width: 110 }} options={[{ value: 0, label: '公开中' }, { value: 1, label: '已下架' }]} />
            </Form.Item>
          </FilterForm>
        </>
      }
    >
      <ListTable<AdminListingRow>
        rowKey="id"
        query={list}
        params={params}
        onPage={page}
        scroll={{ x: 900 }}
        errorTitle="列表加载失败"
        emptyText={kind === 'tender' ? '暂无招标项目' : '暂无询价单'}
        columns={[
          { title: '标题', dataIndex: 'title', render: (v: string, r) => <div>{v}<div style={{ color: '#8c8c8c', fontSize: 12 }}>{r.code}</div></div> },
          { title: '发布单位', dataIndex: 'companyName', width: 200 },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => enumLabel(kind === 'tender' ? 'BidStatus' : 'EnquiryStatus', v) },
          { title: '发布时间', dataIndex: 'publishedAt', width: 140, render: when },
          { title: '截止时间', dataIndex: 'deadline', width: 140, render: when },
          {
            title: '展示',
            dataIndex: 'takenDownAt',
            width: 180,
            render: (v: string | null, r) => (v ? <div><Tag color="red">已下架</Tag><div style={{ color: '#595959', fontSize: 12 }}>{r.takedownReason}</div></div> : <Tag color="green">公开</Tag>),
          },
          {
            title: '操作',
            key: 'op',
            width: 110,
            fixed: 'right',
            render: (_, r) =>
              r.takenDownAt ? (
                <RejectButton label="恢复公开" title="恢复原因" onReject={(reason) => takedown.mutateAsync({ kind, id: r.id, down: false, reason })} />
              ) : (
                <RejectButton label="下架" title="下架原因" onReject={(reason) => takedown.mutateAsync({ kind, id: r.id, down: true, reason })} />
              ),
          },
        ]}
      />
    </ListPage>
  );
}
