import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, Popconfirm, Select, Space, Switch, Table, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { adminCommand, adminQuery } from '../api/admin.ts';
import { SortItem } from '../components/RowActions.tsx';
import { CrudModal } from '../components/CrudModal.tsx';
import { SingleImage } from '../components/SingleImage.tsx';

interface MenuRow {
  id?: number;
  menuKey: string;
  parentId: number | null;
  title: string;
  linkUrl: string;
  target: string;
  parameters: string;
  titleImg: string;
  summary: string;
  sort: number;
  hidden: boolean;
  children?: MenuRow[];
}
const KEYS = [
  { key: 'home_top_menu', label: '首页顶部导航' },
  { key: 'web_top_menu', label: '商城顶部导航' },
  { key: 'mall_nav', label: '商城主导航' },
  { key: 'web_bottom_menu', label: '页脚菜单' },
  { key: 'web_comproblem_menu', label: '页脚常见问题' },
];

/** Console: navigation and footer menus (two levels: groups and their links or questions). */
export default function SiteMenusPage() {
  const [menuKey, setMenuKey] = useState('home_top_menu');
  const [edit, setEdit] = useState<Partial<MenuRow> | null>(null);
  const { data, refetch, isFetching } = useQuery({ queryKey: ['admin', 'menus', menuKey], queryFn: () => adminQuery<MenuRow[]>('/api/content/menu/list', { menuKey }) });
  const tree = useMemo(() => {
    const rows = data ?? [];
    return rows.filter((r) => !r.parentId).map((r) => {
      const kids = rows.filter((c) => c.parentId === r.id);
      return { ...r, children: kids.length ? kids : undefined };
    });
  }, [data]);
  const blank = (parentId: number | null): Partial<MenuRow> => ({ menuKey, parentId, target: '_self', sort: 0, hidden: false, linkUrl: '', parameters: '', titleImg: '', summary: '' });
  return (
    <Card title="导航与页脚" extra={<Button type="primary" onClick={() => setEdit(blank(null))}>新增</Button>}>
      <Tabs activeKey={menuKey} onChange={setMenuKey} items={KEYS} />
      <Table<MenuRow>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={tree}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'title' },
          { title: '链接', dataIndex: 'linkUrl' },
          { title: '排序', dataIndex: 'sort' },
          { title: '显示', dataIndex: 'hidden', render: (v: boolean) => (v ? '隐藏' : '显示') },
          {
            title: '操作',
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEdit(r)}>编辑</Button>
                {!r.parentId && <Button type="link" size="small" onClick={() => setEdit(blank(r.id!))}>新增子项</Button>}
                <Popconfirm title="删除后其子项也会删除，确定？" onConfirm={async () => { await adminCommand('/api/content/menu/delete', { id: r.id }); await refetch(); }}>
                  <Button type="link" size="small" danger>删除</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <CrudModal<MenuRow>
        title={edit?.id ? '编辑菜单' : '新增菜单'}
        initial={edit}
        onClose={() => setEdit(null)}
        onSave={async (v) => {
          const { children: _c, ...rest } = v;
          await adminCommand('/api/content/menu/save', rest);
          await refetch();
        }}
      >
        {() => (
          <>
            <Form.Item name="title" label="名称" rules={[{ required: true, message: '请输入名称' }]}><Input maxLength={60} /></Form.Item>
            <Form.Item name="linkUrl" label="链接地址"><Input maxLength={300} /></Form.Item>
            <Form.Item name="target" label="打开方式"><Select options={[{ value: '_self', label: '当前窗口' }, { value: '_blank', label: '新窗口' }]} /></Form.Item>
            <Form.Item name="parameters" label="参数"><Input maxLength={300} /></Form.Item>
            <Form.Item name="titleImg" label="标题图标"><SingleImage /></Form.Item>
            <Form.Item name="summary" label="摘要（常见问题的回答）"><Input.TextArea rows={3} maxLength={2000} /></Form.Item>
            <SortItem />
            <Form.Item name="hidden" label="隐藏" valuePropName="checked"><Switch /></Form.Item>
          </>
        )}
      </CrudModal>
    </Card>
  );
}
