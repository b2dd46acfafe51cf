import { formatChinaDateTime } from '@aquamall/shared';
import { Button, Form, Input, Rate, Select, Tag, type TableColumnsType } from 'antd';
import type { DiscussionRow } from '@aquamall/shared';
import type { InputOf } from '../../../lib/api.ts';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { useAdminDiscussions, useHideDiscussion } from '../api/product-review.ts';
import { RejectButton } from '../components/RejectButton.tsx';

type Filters = Omit<InputOf<'adminDiscussionList'>, 'pageIndex' | 'pageSize'>;

/** A 全部-or-one filter of the form. */
const choice = (name: string, label: string, options: [number, string][]) => (
  <Form.Item name={name} label={label}>
    <Select
      allowClear
      placeholder="全部"
      style={{ width: 100 }}
      options={options.map(([value, text]) => ({ value, label: text }))}
    />
  </Form.Item>
);

/** Console 评价与问答: every review and question; abusive ones are hidden with a reason (audited). */
export default function DiscussionsPage() {
  const { params, reset, page } = useListParams<Filters>({}, 20);
  const list = useAdminDiscussions(params);
  const hide = useHideDiscussion();
  const columns: TableColumnsType<DiscussionRow> = [
    {
      title: '商品',
      dataIndex: 'productName',
      width: 200,
      render: (n: string, r) => (
        <div>
          {n}
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>{r.sellerCompanyName}</div>
        </div>
      ),
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 70,
      render: (k: number) => (k === 1 ? <Tag color="gold">评价</Tag> : <Tag color="blue">提问</Tag>),
    },
    {
      title: '内容',
      dataIndex: 'content',
      render: (c: string, r) => (
        <div>
          {r.rating !== null && <Rate disabled value={r.rating} style={{ fontSize: 12 }} />}
          <div>{c}</div>
          {r.reply && <div style={{ color: '#595959', fontSize: 12 }}>商家回复：{r.reply}</div>}
          {r.hidden && <div style={{ color: '#cf1322', fontSize: 12 }}>屏蔽原因：{r.hiddenReason}</div>}
        </div>
      ),
    },
    {
      title: '发布人',
      dataIndex: 'authorName',
      width: 160,
      render: (n: string, r) => (
        <div>
          {n}
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>{r.authorCompanyName}</div>
        </div>
      ),
    },
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 140,
      render: (v: string) => formatChinaDateTime(v),
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      render: (_, r) =>
        r.hidden ? (
          <Button
            size="small"
            loading={hide.isPending && hide.variables?.sysNo === r.sysNo}
            onClick={() => hide.mutate({ sysNo: r.sysNo, hidden: false })}
          >
            取消屏蔽
          </Button>
        ) : (
          <RejectButton
            label="屏蔽"
            title="屏蔽原因"
            onReject={(reason) => hide.mutateAsync({ sysNo: r.sysNo, hidden: true, reason })}
          />
        ),
    },
  ];
  return (
    <ListPage
      variant="outlined"
      title="评价与问答"
      filters={
        <Form
          layout="inline"
          style={{ rowGap: 12 }}
          onFinish={(f: { kind?: 1 | 2; hidden?: 0 | 1; productName?: string }) =>
            reset({ kind: f.kind, hidden: f.hidden, productName: f.productName?.trim() || undefined })
          }
        >
          <Form.Item name="productName" label="商品名称">
            <Input allowClear maxLength={60} style={{ width: 160 }} />
          </Form.Item>
          {choice('kind', '类型', [
            [1, '评价'],
            [2, '提问'],
          ])}
          {choice('hidden', '状态', [
            [0, '显示中'],
            [1, '已屏蔽'],
          ])}
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form>
      }
    >
      <ListTable<DiscussionRow>
        rowKey="sysNo"
        size="middle"
        query={list}
        params={params}
        onPage={page}
        columns={columns}
        errorTitle="评价与问答加载失败"
        emptyText="暂无评价或提问"
      />
    </ListPage>
  );
}
