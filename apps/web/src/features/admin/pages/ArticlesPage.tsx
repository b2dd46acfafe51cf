import { formatChinaDateTime } from '@aquamall/shared';
import { RowActions } from '../components/RowActions.tsx';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { useState } from 'react';
import { Button, Drawer, Form, Input, Select, Space, Switch, Tag } from 'antd';
import type { AdminNewsInput } from '@aquamall/shared';
import { adminNewsInput } from '@aquamall/shared/contracts/admin';
import { formRules } from '../../../lib/form-rules.ts';
import { consoleCommand, useConsoleQuery } from '../api/admin.ts';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';
import { SingleImage } from '../components/SingleImage.tsx';

const rules = formRules(adminNewsInput);
const saveNews = consoleCommand('adminNewsSave');
const deleteNews = consoleCommand('adminNewsDelete');
const CATEGORIES = [
  { value: 'notice', label: '平台公告' },
  { value: 'news', label: '平台动态' },
  { value: 'industry', label: '行业资讯' },
  { value: 'policy', label: '政策法规' },
  { value: 'help', label: '帮助中心' },
  { value: 'about', label: '关于我们' },
];

function ArticleEditor({ id, onClose, onSaved }: { id: number | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<AdminNewsInput>();
  const { data } = useConsoleQuery('adminNewsDetail', { id: typeof id === 'number' ? id : 0 }, typeof id === 'number');
  const initial = id === 'new' ? { categoryCode: 'industry', categoryName: '行业资讯', isTop: false, hidden: false, content: '' } : data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={900}
      title={id === 'new' ? '发布资讯' : '编辑资讯'}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          onClick={async () => {
            const v = await form.validateFields();
            const categoryName = CATEGORIES.find((c) => c.value === v.categoryCode)?.label ?? v.categoryCode;
            await saveNews({ ...v, id: typeof id === 'number' ? id : undefined, categoryName });
            onSaved();
            onClose();
          }}
        >
          保存
        </Button>
      }
    >
      {initial && (
        <Form form={form} layout="vertical" initialValues={initial}>
          <Form.Item name="title" label="标题" rules={rules.title}><Input maxLength={150} /></Form.Item>
          <Space size="large" align="start">
            <Form.Item name="categoryCode" label="栏目"><Select style={{ width: 160 }} options={CATEGORIES} /></Form.Item>
            <Form.Item name="author" label="作者"><Input maxLength={50} /></Form.Item>
            <Form.Item name="source" label="来源"><Input maxLength={100} /></Form.Item>
            <Form.Item name="isTop" label="置顶" valuePropName="checked"><Switch /></Form.Item>
            <Form.Item name="hidden" label="隐藏" valuePropName="checked"><Switch /></Form.Item>
          </Space>
          <Form.Item name="cover" label="封面"><SingleImage /></Form.Item>
          <Form.Item name="summary" label="摘要"><Input.TextArea rows={2} maxLength={500} /></Form.Item>
          <Form.Item name="content" label="正文" rules={rules.content}><RichTextEditor /></Form.Item>
        </Form>
      )}
    </Drawer>
  );
}

/** Console: news and notices with a rich-text editor (sanitised by the server on save). */
export default function ArticlesPage() {
  const { params, filter, page } = useListParams<{ keyword?: string }>({}, 20);
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const list = useConsoleQuery('adminNewsList', params);
  const refetch = list.refetch;
  return (
    <ListPage
      variant="outlined"
      title="新闻资讯"
      extra={<Button type="primary" onClick={() => setOpen('new')}>发布资讯</Button>}
      filters={<Input.Search placeholder="标题" allowClear style={{ width: 260 }} onSearch={(v) => filter({ keyword: v.trim() || undefined })} />}
    >
      <ListTable
        rowKey="id"
        size="small"
        query={list}
        params={params}
        onPage={page}
        errorTitle="资讯列表加载失败"
        emptyText={params.keyword ? '没有匹配的资讯' : '暂无资讯'}
        columns={[
          { title: '标题', dataIndex: 'title', render: (v: string, r) => <>{r.isTop && <Tag color="red">置顶</Tag>}{v}</> },
          { title: '栏目', dataIndex: 'categoryName' },
          { title: '浏览', dataIndex: 'views' },
          { title: '发布时间', dataIndex: 'publishedAt', render: (v: string) => formatChinaDateTime(v) },
          { title: '显示', dataIndex: 'hidden', render: (v: boolean) => (v ? '隐藏' : '显示') },
          {
            title: '操作',
            render: (_, r) => (
              <RowActions onEdit={() => setOpen(r.id)} onDelete={async () => { await deleteNews({ id: r.id }); await refetch(); }} />
            ),
          },
        ]}
      />
      <ArticleEditor id={open} onClose={() => setOpen(null)} onSaved={() => void refetch()} />
    </ListPage>
  );
}
