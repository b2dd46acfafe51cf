import { useState } from 'react';
import {
  Button,
  Card,
  Form,
  Input,
  Modal,
  Rate,
  Result,
  Select,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { DEFAULT_PAGE_SIZE, replyInput, THUMB_WIDTH, type DiscussionRow, formatChinaDateTime } from '@aquamall/shared';
import { Img } from '../../../components/Img.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import type { InputOf } from '../../../lib/api.ts';
import { useDiscussionList, useReplyDiscussion } from '../api/products.ts';

const rules = formRules(replyInput);
type Params = InputOf<'supplyDiscussionList'> & { pageIndex: number; pageSize: number };
interface Filters {
  kind?: 1 | 2;
  answered?: number;
  productName?: string;
}

/** /customer/product/discussion: reviews and questions of the company's products, unanswered first; replies. */
export default function DiscussionPage() {
  const [form] = Form.useForm<Filters>();
  const [replyForm] = Form.useForm<{ reply: string }>();
  const [params, setParams] = useState<Params>({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [replying, setReplying] = useState<DiscussionRow | null>(null);
  const list = useDiscussionList(params);
  const reply = useReplyDiscussion();

  const open = (r: DiscussionRow) => {
    setReplying(r);
    replyForm.setFieldsValue({ reply: r.reply ?? '' });
  };
  const columns: TableColumnsType<DiscussionRow> = [
    {
      title: '商品',
      dataIndex: 'productName',
      width: 220,
      render: (name: string, r) => (
        <Space>
          <Img
            src={r.productImage}
            width={THUMB_WIDTH}
            style={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 4 }}
          />
          <span>{name}</span>
        </Space>
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
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>
            {r.authorName}
            {r.authorCompanyName ? `（${r.authorCompanyName}）` : ''}
            {r.spec ? ` · ${r.spec}` : ''} · {formatChinaDateTime(r.createdAt)}
            {r.hidden && <Tag style={{ marginLeft: 8 }}>已被平台屏蔽</Tag>}
          </div>
          {r.reply && (
            <div style={{ background: '#fafafa', padding: '4px 8px', marginTop: 4 }}>回复：{r.reply}</div>
          )}
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'reply',
      width: 90,
      render: (v: string | null) => (v ? <Tag color="green">已回复</Tag> : <Tag color="orange">待回复</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => open(r)}>
          {r.reply ? '修改回复' : '回复'}
        </Button>
      ),
    },
  ];

  return (
    <Card title="商品评价" variant="borderless">
      <Form
        form={form}
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(f) =>
          setParams({
            pageIndex: 1,
            pageSize: params.pageSize,
            kind: f.kind,
            answered: f.answered,
            productName: f.productName?.trim() || undefined,
          })
        }
      >
        <Form.Item name="productName" label="商品名称">
          <Input allowClear maxLength={60} placeholder="名称关键字" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="kind" label="类型">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 100 }}
            options={[
              { value: 1, label: '评价' },
              { value: 2, label: '提问' },
            ]}
          />
        </Form.Item>
        <Form.Item name="answered" label="回复">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 100 }}
            options={[
              { value: 0, label: '待回复' },
              { value: 1, label: '已回复' },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setParams({ pageIndex: 1, pageSize: params.pageSize });
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {list.isError ? (
        <Result
          status="warning"
          title="评价列表加载失败"
          extra={<Button onClick={() => void list.refetch()}>重试</Button>}
        />
      ) : (
        <Table<DiscussionRow>
          rowKey="sysNo"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: list.isLoading ? '加载中…' : '暂无评价或提问' }}
          scroll={{ x: 860 }}
          pagination={{
            current: params.pageIndex,
            pageSize: params.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (pageIndex, pageSize) => setParams((p) => ({ ...p, pageIndex, pageSize })),
          }}
        />
      )}
      <Modal
        title={replying?.kind === 2 ? '回复提问' : '回复评价'}
        open={replying !== null}
        onCancel={() => setReplying(null)}
        okText="发布回复"
        confirmLoading={reply.isPending}
        onOk={() =>
          void replyForm
            .validateFields()
            .then((v) => reply.mutateAsync({ sysNo: replying!.sysNo, reply: v.reply }))
            .then(() => setReplying(null))
        }
      >
        <p style={{ color: '#595959' }}>{replying?.content}</p>
        <Form form={replyForm} layout="vertical">
          <Form.Item name="reply" label="回复内容" rules={rules.reply}>
            <Input.TextArea rows={4} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
