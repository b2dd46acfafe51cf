import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, Space, Switch, Table, Tabs } from 'antd';
import type { AdminWebMenuInput, AdminWebMenuRow } from '@aquamall/shared';
import { adminWebMenuInput } from '@aquamall/shared/contracts/admin';
import { formRules } from '../../../lib/form-rules.ts';
import { consoleCommand, useConsoleQuery } from '../api/admin.ts';
import { SortItem } from '../components/RowActions.tsx';
import { CrudModal } from '../components/CrudModal.tsx';
import { MenuIcon } from '../../../components/menu-icons.tsx';

export type WebMenu = AdminWebMenuRow & { children?: WebMenu[] };
type CompanyType = AdminWebMenuInput['companyType'];
const rules = formRules(adminWebMenuInput);
const saveMenu = consoleCommand('adminWorkbenchMenuSave');
const asInput = ({ children: _c, code: _code, ...r }: WebMenu): AdminWebMenuInput => ({ ...r, companyType: r.companyType === 4 ? 4 : 2 });

export function menuTree(rows: WebMenu[]): WebMenu[] {
  const build = (parentId: number | null): WebMenu[] =>
    rows.filter((r) => r.parentId === parentId).map((r) => {
      const kids = build(r.id);
      return { ...r, children: kids.length ? kids : undefined };
    });
  return build(null);
}

/** Console: the workbench menus served by getWebMenus, per company type (hide rather than delete). */
export default function WorkbenchMenusPage() {
  const [type, setType] = useState<'2' | '4'>('2');
  const [edit, setEdit] = useState<Partial<AdminWebMenuInput> | null>(null);
  const { data, refetch, isFetching } = useConsoleQuery('adminWorkbenchMenuList', { companyType: Number(type) as CompanyType });
  const tree = useMemo(() => menuTree(data ?? []), [data]);
  const blank = (parentId: number | null): Partial<AdminWebMenuInput> => ({ companyType: Number(type) as CompanyType, parentId, icon: '', linkPath: '', sort: 0, everyone: false, hidden: false });
  return (
    <Card title="工作台菜单" extra={<Button type="primary" onClick={() => setEdit(blank(null))}>新增一级菜单</Button>}>
      <Tabs activeKey={type} onChange={(k) => setType(k === '4' ? '4' : '2')} items={[{ key: '2', label: '供应商' }, { key: '4', label: '采购商' }]} />
      <Table<WebMenu>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={tree}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '路径', dataIndex: 'linkPath' },
          {
            title: '图标',
            dataIndex: 'icon',
            render: (v: string) =>
              v ? (
                <Space size={6}>
                  <MenuIcon name={v} />
                  <span style={{ color: '#8c8c8c', fontSize: 12 }}>{v}</span>
                </Space>
              ) : (
                '—'
              ),
          },
          { title: '排序', dataIndex: 'sort' },
          { title: '所有用户可见', dataIndex: 'everyone', render: (v: boolean) => (v ? '是' : '否') },
          { title: '显示', dataIndex: 'hidden', render: (v: boolean) => (v ? '隐藏' : '显示') },
          {
            title: '操作',
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEdit(asInput(r))}>编辑</Button>
                {!r.parentId && <Button type="link" size="small" onClick={() => setEdit(blank(r.id))}>新增子菜单</Button>}
              </Space>
            ),
          },
        ]}
      />
      <CrudModal<AdminWebMenuInput>
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
            <Form.Item name="name" label="名称" rules={rules.name}><Input /></Form.Item>
            <Form.Item name="linkPath" label="页面路径（如 /customer/saleOrder；分组留空）"><Input maxLength={300} /></Form.Item>
            <Form.Item name="icon" label="图标名"><Input maxLength={40} /></Form.Item>
            <SortItem />
            <Form.Item name="everyone" label="所有用户可见（无需角色授权）" valuePropName="checked"><Switch /></Form.Item>
            <Form.Item name="hidden" label="隐藏" valuePropName="checked"><Switch /></Form.Item>
          </>
        )}
      </CrudModal>
    </Card>
  );
}
