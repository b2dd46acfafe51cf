import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, Popconfirm, Select, Space, Switch, Table, Tabs } from 'antd';
import { SITE_MENU_KEYS, type AdminSiteMenuInput, type AdminSiteMenuRow } from '@aquamall/shared';
import { adminSiteMenuInput } from '@aquamall/shared/contracts/admin';
import { formRules } from '../../../lib/form-rules.ts';
import { consoleCommand, useConsoleQuery } from '../api/admin.ts';
import { SortItem } from '../components/RowActions.tsx';
import { CrudModal } from '../components/CrudModal.tsx';
import { SingleImage } from '../components/SingleImage.tsx';

type MenuRow = AdminSiteMenuRow & { children?: MenuRow[] };
type MenuKey = (typeof SITE_MENU_KEYS)[number];
const rules = formRules(adminSiteMenuInput);
const saveMenu = consoleCommand('adminSiteMenuSave');
const deleteMenu = consoleCommand('adminSiteMenuDelete');
const asInput = ({ children: _c, ...r }: MenuRow): AdminSiteMenuInput => ({ ...r, menuKey: r.menuKey as MenuKey, target: r.target === '_blank' ? '_blank' : '_self' });
const KEYS: { key: MenuKey; label: string }[] = [
  { key: 'home_top_menu', label: '首页顶部导航' },
  { key: 'web_top_menu', label: '商城顶部导航' },
  { key: 'mall_nav', label: '商城主导航' },
  { key: 'web_bottom_menu', label: '页脚菜单' },
  { key: 'web_comproblem_menu', label: '页脚常见问题' },
];

/** Console: navigation and footer menus (two levels: groups and their links or questions). */
export default function SiteMenusPage() {
  const [menuKey, setMenuKey] = useState<MenuKey>('home_top_menu');
  const [edit, setEdit] = useState<Partial<AdminSiteMenuInput> | null>(null);
  const { data, refetch, isFetching } = useConsoleQuery('adminSiteMenuList', { menuKey });
  const tree = useMemo(() => {
    const rows = data ?? [];
    return rows.filter((r) => !r.parentId).map((r) => {
      const kids = rows.filter((c) => c.parentId === r.id);
      return { ...r, children: kids.length ? kids : undefined };
    });
  }, [data]);
  const blank = (parentId: number | null): Partial<AdminSiteMenuInput> => ({ menuKey, parentId, target: '_self', sort: 0, hidden: false, linkUrl: '', parameters: '', titleImg: '', summary: '' });
  return (
    <Card title="导航与页脚" extra={<Button type="primary" onClick={() => setEdit(blank(null))}>新增</Button>}>
      <Tabs activeKey={menuKey} onChange={(k) => setMenuKey(k as MenuKey)} items={KEYS} />
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
                <Button type="link" size="small" onClick={() => setEdit(asInput(r))}>编辑</Button>
                {!r.parentId && <Button type="link" size="small" onClick={() => setEdit(blank(r.id))}>新增子项</Button>}
                <Popconfirm title="删除后其子项也会删除，确定？" onConfirm={async () => { await deleteMenu({ id: r.id }); await refetch(); }}>
                  <Button type="link" size="small" danger>删除</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <CrudModal<AdminSiteMenuInput>
        title={edit?.id ? '编辑菜单' : '新增菜单'}
        initial={edit}
        onClose={() => setEdit(null)}
        onSave={async (v) => {
          await saveMenu(v);
          await refetch();
        }}
      >
        {() => (
          <>
            <Form.Item name="title" label="名称" rules={rules.title}><Input maxLength={60} /></Form.Item>
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
