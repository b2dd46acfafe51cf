import { useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Table, Tree } from 'antd';
import { PERMISSIONS, enumLabel, type AdminPresetRow as Preset } from '@aquamall/shared';
import { adminPresetInput } from '@aquamall/shared/contracts/admin';
import { formRules } from '../../../lib/form-rules.ts';
import { consoleCommand, useConsoleQuery } from '../api/admin.ts';
import { CrudModal } from '../components/CrudModal.tsx';
import { menuTree, type WebMenu } from './WorkbenchMenusPage.tsx';

const rules = formRules(adminPresetInput);
const savePreset = consoleCommand('adminPresetSave');

type TreeNode = { key: number; title: string; children?: TreeNode[] };
const toNodes = (menus: WebMenu[]): TreeNode[] => menus.map((m) => ({ key: m.id, title: m.name, children: m.children ? toNodes(m.children) : undefined }));

function MenuPicker({ companyType, value, onChange }: { companyType: number; value?: number[]; onChange?: (v: number[]) => void }) {
  const { data } = useConsoleQuery('adminWorkbenchMenuList', { companyType: companyType === 4 ? 4 : 2 });
  return (
    <Tree<TreeNode>
      checkable
      defaultExpandAll
      treeData={toNodes(menuTree(data ?? []))}
      checkedKeys={value ?? []}
      onCheck={(keys) => onChange?.((Array.isArray(keys) ? keys : keys.checked).map(Number))}
    />
  );
}

/** Console: the role presets offered to every company of a type (menus and action permissions). */
export default function RolePresetsPage() {
  const { data, refetch, isFetching } = useConsoleQuery('adminPresetList');
  const [edit, setEdit] = useState<Preset | null>(null);
  return (
    <Card title="预设角色">
      <Table<Preset>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data}
        pagination={false}
        columns={[
          { title: '企业类型', dataIndex: 'companyType', render: (v: number) => enumLabel('CompanyType', v) },
          { title: '角色', dataIndex: 'name' },
          { title: '说明', dataIndex: 'description' },
          { title: '菜单数', dataIndex: 'menuIds', render: (v: number[]) => v.length },
          { title: '权限', dataIndex: 'permissions', render: (v: string[]) => v.map((c) => PERMISSIONS.find((p) => p.code === c)?.name ?? c).join('、') },
          { title: '操作', render: (_, r) => <Button type="link" size="small" onClick={() => setEdit(r)}>编辑</Button> },
        ]}
      />
      <CrudModal<Preset> title="编辑预设角色" width={720} initial={edit} onClose={() => setEdit(null)} onSave={async (v) => { await savePreset({ id: v.id, name: v.name, description: v.description, menuIds: v.menuIds, permissions: v.permissions }); await refetch(); }}>
        {() => (
          <>
            <Form.Item name="name" label="角色名称" rules={rules.name}><Input /></Form.Item>
            <Form.Item name="description" label="说明"><Input maxLength={200} /></Form.Item>
            <Form.Item name="permissions" label="操作权限">
              <Checkbox.Group options={PERMISSIONS.filter((p) => (p.types as readonly number[]).includes(edit?.companyType ?? 0)).map((p) => ({ value: p.code, label: p.name }))} />
            </Form.Item>
            {edit && <Form.Item name="menuIds" label="菜单"><MenuPicker companyType={edit.companyType} /></Form.Item>}
          </>
        )}
      </CrudModal>
    </Card>
  );
}
