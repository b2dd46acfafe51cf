import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch, TreeSelect } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  approvalRuleInput,
  approvalStepKind,
  approverRoleId,
  approverUserIds,
  type ApprovalRuleRow,
  type ApprovalStepInput,
  type CategoryNode,
} from '@aquamall/shared';
import { formRules, zodRule } from '../../../lib/form-rules.ts';
import { categoriesQuery } from '../../../lib/site-content/categories.ts';
import { departmentChoices, roleChoices, useRuleSupplierOptions, useSaveRule, userChoices } from '../api/approvals.ts';

const rules = formRules(approvalRuleInput);
const kindRules = [zodRule(approvalStepKind)];
const roleRules = [zodRule(approverRoleId)];
const userRules = [zodRule(approverUserIds)];

interface StepValues {
  kind: 'head' | 'role' | 'users';
  roleId?: number;
  userIds?: number[];
}
interface Values {
  name: string;
  priority: number;
  active: boolean;
  minAmount: number;
  categoryId?: number;
  sellerCompanyId?: number;
  departmentId?: number;
  roleId?: number;
  steps: StepValues[];
}

interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}
const toTree = (nodes: CategoryNode[]): TreeNode[] => nodes.map((n) => ({ value: n.sysNo, title: n.name, children: toTree(n.children) }));

const KINDS = [
  { value: 'head', label: '申请人的部门负责人' },
  { value: 'role', label: '某角色（任一人审批）' },
  { value: 'users', label: '指定人员（任一人审批）' },
];

const toStep = (s: StepValues): ApprovalStepInput =>
  s.kind === 'role' ? { kind: 'role', roleId: s.roleId! } : s.kind === 'users' ? { kind: 'users', userIds: s.userIds ?? [] } : { kind: 'head' };

/** Create or edit an approval rule: its conditions and its steps in sequence (docs/product/approvals.md#rules). */
export function RuleFormModal({ open, rule, onClose }: { open: boolean; rule: ApprovalRuleRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveRule();
  const departments = useQuery({ ...departmentChoices, enabled: open });
  const roles = useQuery({ ...roleChoices, enabled: open });
  const users = useQuery({ ...userChoices, enabled: open });
  const categories = useQuery({ ...categoriesQuery, enabled: open });
  const categoryTree = useMemo(() => toTree(categories.data ?? []), [categories.data]);
  const [supplierKeyword, setSupplierKeyword] = useState('');
  const suppliers = useRuleSupplierOptions(supplierKeyword, open);
  // The rule's own supplier stays labelled by name even when the first page of the search does not hold it.
  const supplierOptions = [
    ...(rule?.sellerCompanyId && rule.sellerCompanyName && !suppliers.data?.list.some((s) => s.id === rule.sellerCompanyId)
      ? [{ value: rule.sellerCompanyId, label: rule.sellerCompanyName }]
      : []),
    ...(suppliers.data?.list ?? []).map((s) => ({ value: s.id, label: s.shopName && s.shopName !== s.name ? `${s.name}（${s.shopName}）` : s.name })),
  ];
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.sysNo, label: r.name }));
  const userOptions = (users.data?.list ?? [])
    .filter((u) => !u.disabled)
    .map((u) => ({ value: u.sysNo, label: u.realName || u.nickName || u.phone }));

  useEffect(() => {
    if (!open) return;
    setSupplierKeyword('');
    form.setFieldsValue({
      name: rule?.name ?? '',
      priority: rule?.priority ?? 0,
      active: rule?.active ?? true,
      minAmount: rule ? Number(rule.minAmount) : 50_000,
      categoryId: rule?.categoryId ?? undefined,
      sellerCompanyId: rule?.sellerCompanyId ?? undefined,
      departmentId: rule?.departmentId ?? undefined,
      roleId: rule?.roleId ?? undefined,
      steps: rule?.steps.map((s) => ({ ...s })) ?? [{ kind: 'head' }],
    });
  }, [open, rule, form]);

  const submit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({
      sysNo: rule?.sysNo,
      name: v.name,
      priority: v.priority,
      active: v.active,
      minAmount: v.minAmount,
      categoryId: v.categoryId ?? null,
      sellerCompanyId: v.sellerCompanyId ?? null,
      departmentId: v.departmentId ?? null,
      roleId: v.roleId ?? null,
      steps: (v.steps ?? []).map(toStep),
    });
    onClose();
  };

  return (
    <Modal
      open={open}
      title={rule ? '编辑审批规则' : '新建审批规则'}
      okText="保存"
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={680}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label="规则名称" rules={rules.name}>
          <Input maxLength={40} placeholder="如：大额采购审批" />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="minAmount" label="订单金额达到（元）" rules={rules.minAmount}>
            <InputNumber min={0} precision={2} style={{ width: 200 }} prefix="¥" />
          </Form.Item>
          <Form.Item name="priority" label="优先级（数字小的先匹配）" rules={rules.priority}>
            <InputNumber min={0} max={999} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="active" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Space wrap size="large">
          <Form.Item name="categoryId" label="仅限商品类目（选填，含下级类目）" rules={rules.categoryId}>
            <TreeSelect
              allowClear
              showSearch
              treeNodeFilterProp="title"
              style={{ width: 240 }}
              placeholder="不限类目"
              loading={categories.isLoading}
              treeData={categoryTree}
              notFoundContent={categories.isError ? '类目加载失败，请稍后重试' : '没有匹配的类目'}
              aria-label="仅限商品类目"
            />
          </Form.Item>
          <Form.Item name="sellerCompanyId" label="仅限供应商（选填）" rules={rules.sellerCompanyId}>
            <Select
              allowClear
              showSearch
              filterOption={false}
              onSearch={setSupplierKeyword}
              style={{ width: 240 }}
              placeholder="不限供应商，输入名称搜索"
              loading={suppliers.isFetching}
              options={supplierOptions}
              notFoundContent={suppliers.isError ? '供应商加载失败，请稍后重试' : '没有匹配的供应商'}
              aria-label="仅限供应商"
            />
          </Form.Item>
        </Space>
        <Space wrap size="large">
          <Form.Item name="departmentId" label="仅限申请人部门（选填）">
            <Select allowClear style={{ width: 240 }} placeholder="不限部门" loading={departments.isLoading} options={(departments.data ?? []).map((d) => ({ value: d.sysNo, label: d.name }))} />
          </Form.Item>
          <Form.Item name="roleId" label="仅限申请人角色（选填）">
            <Select allowClear style={{ width: 240 }} placeholder="不限角色" loading={roles.isLoading} options={roleOptions} />
          </Form.Item>
        </Space>
        <Form.List name="steps" rules={[zodRule(approvalRuleInput.shape.steps, (v: StepValues[] | undefined) => (v ?? []).map(toStep))]}>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="baseline" wrap>
                  <span>第{i + 1}步</span>
                  <Form.Item name={[field.name, 'kind']} rules={kindRules}>
                    <Select style={{ width: 220 }} options={KINDS} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const kind = form.getFieldValue(['steps', field.name, 'kind']) as string | undefined;
                      if (kind === 'role')
                        return (
                          <Form.Item name={[field.name, 'roleId']} rules={roleRules}>
                            <Select style={{ width: 200 }} placeholder="选择角色" options={roleOptions} />
                          </Form.Item>
                        );
                      if (kind === 'users')
                        return (
                          <Form.Item name={[field.name, 'userIds']} rules={userRules}>
                            <Select mode="multiple" style={{ width: 260 }} placeholder="选择审批人" options={userOptions} />
                          </Form.Item>
                        );
                      return null;
                    }}
                  </Form.Item>
                  {fields.length > 1 ? <MinusCircleOutlined aria-label="删除此步" onClick={() => remove(field.name)} /> : null}
                </Space>
              ))}
              {fields.length < 5 ? (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ kind: 'head' })}>
                  添加审批步骤
                </Button>
              ) : null}
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
