import { useEffect, useMemo } from 'react';
import { Alert, Checkbox, Form, Input, Modal, Skeleton, Tree, Typography, type TreeDataNode } from 'antd';
import { roleInput, type MenuItem, type RoleRow } from '@aquamall/shared';
import { useRoleGrants, useSaveRole } from '../api/roles.ts';
import { buildMenuTree } from '../lib/menu-tree.ts';
import { formRules } from '../../../lib/form-rules.ts';

const rules = formRules(roleInput);

interface Values {
  name: string;
  description: string;
  permissions: string[];
  menuIds: number[];
}

const toTree = (nodes: MenuItem[]): TreeDataNode[] =>
  nodes.map((n) => ({
    key: n.sysNo,
    title: n.name,
    children: n.children?.length ? toTree(n.children) : undefined,
  }));

/** Create, edit or (for presets) view a role: name, description, granted menu entries and actions. */
export function RoleFormModal({
  open,
  role,
  onClose,
}: {
  open: boolean;
  role: RoleRow | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const readOnly = !!role?.isPreset;
  const grants = useRoleGrants(open);
  const save = useSaveRole();
  const tree = useMemo(() => toTree(buildMenuTree(grants.data?.menus ?? [])), [grants.data]);
  const groups = useMemo(() => {
    const out = new Map<string, { label: string; value: string }[]>();
    for (const p of grants.data?.permissions ?? [])
      out.set(p.group, [...(out.get(p.group) ?? []), { label: p.name, value: p.code }]);
    return [...out.entries()];
  }, [grants.data]);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      name: role?.name ?? '',
      description: role?.description ?? '',
      permissions: role?.permissions ?? [],
      menuIds: role?.menuIds ?? [],
    });
  }, [open, role, form]);

  const submit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync({ ...values, sysNo: role?.sysNo });
    onClose();
  };

  return (
    <Modal
      open={open}
      title={readOnly ? `查看角色：${role?.name}` : role ? '编辑角色' : '新建角色'}
      onCancel={onClose}
      onOk={readOnly ? onClose : () => void submit().catch(() => undefined)}
      okText={readOnly ? '关闭' : '保存'}
      cancelButtonProps={readOnly ? { style: { display: 'none' } } : undefined}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={720}
    >
      {readOnly && (
        <Alert
          type="info"
          showIcon
          title="系统预设角色不能修改，可分配给用户使用。"
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} layout="vertical" disabled={readOnly} preserve={false}>
        <Form.Item name="name" label="角色名称" rules={rules.name}>
          <Input maxLength={30} showCount placeholder="如：仓库管理员" />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={rules.description}>
          <Input.TextArea maxLength={200} rows={2} placeholder="这个角色负责什么" />
        </Form.Item>
        {grants.isLoading ? (
          <Skeleton active />
        ) : grants.isError ? (
          <Alert type="error" title="权限项加载失败，请关闭后重试" />
        ) : (
          <>
            <Form.Item name="permissions" label="操作权限">
              <Checkbox.Group style={{ display: 'block' }}>
                {groups.map(([group, options]) => (
                  <div key={group} style={{ marginBottom: 8 }}>
                    <Typography.Text type="secondary" style={{ display: 'inline-block', width: 64 }}>
                      {group}
                    </Typography.Text>
                    {options.map((o) => (
                      <Checkbox key={o.value} value={o.value}>
                        {o.label}
                      </Checkbox>
                    ))}
                  </div>
                ))}
              </Checkbox.Group>
            </Form.Item>
            <Form.Item
              name="menuIds"
              label="可见菜单"
              valuePropName="checkedKeys"
              trigger="onCheck"
              getValueFromEvent={(checked: React.Key[] | { checked: React.Key[] }) =>
                (Array.isArray(checked) ? checked : checked.checked).map(Number)
              }
            >
              <Tree
                checkable
                selectable={false}
                defaultExpandAll
                treeData={tree}
                disabled={readOnly}
                height={260}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
