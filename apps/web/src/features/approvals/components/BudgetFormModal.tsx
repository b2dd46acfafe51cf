import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { budgetAdjustInput, budgetDepartmentPick, budgetInput, budgetUserPick, chinaDay, type BudgetRow } from '@aquamall/shared';
import { formRules, zodRule } from '../../../lib/form-rules.ts';
import { departmentChoices, userChoices } from '../api/approvals.ts';
import { useAdjustBudget, useCreateBudget } from '../api/budgets.ts';

const rules = formRules(budgetInput);
const adjustRules = formRules(budgetAdjustInput);
const departmentRules = [zodRule(budgetDepartmentPick)];
const userRules = [zodRule(budgetUserPick)];

/** Period choices around today (China time): months, quarters and years of last, this and next year. */
export function periodOptions(kind: 'month' | 'quarter' | 'year') {
  const year = Number(chinaDay().slice(0, 4));
  const out: { value: string; label: string }[] = [];
  for (const y of [year - 1, year, year + 1]) {
    if (kind === 'year') out.push({ value: String(y), label: `${y}年度` });
    if (kind === 'quarter') for (let q = 1; q <= 4; q++) out.push({ value: `${y}-Q${q}`, label: `${y}年第${q}季度` });
    if (kind === 'month') for (let m = 1; m <= 12; m++) out.push({ value: `${y}-${String(m).padStart(2, '0')}`, label: `${y}年${m}月` });
  }
  return out;
}

interface Values {
  target: 'department' | 'user';
  departmentId?: number;
  userId?: number;
  kind: 'month' | 'quarter' | 'year';
  periodKey: string;
  amount: number;
  note?: string;
}

/** 下达预算: a department or user, a China period, an amount (docs/product/budgets.md#allocating). */
export function BudgetFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateBudget();
  const departments = useQuery({ ...departmentChoices, enabled: open });
  const users = useQuery({ ...userChoices, enabled: open });
  const target = Form.useWatch('target', form) ?? 'department';
  const kind = Form.useWatch('kind', form) ?? 'month';
  const periods = useMemo(() => periodOptions(kind), [kind]);
  useEffect(() => {
    if (open) form.setFieldsValue({ target: 'department', kind: 'month', periodKey: chinaDay().slice(0, 7), note: '' });
  }, [open, form]);
  const submit = async () => {
    const v = await form.validateFields();
    await create.mutateAsync({
      departmentId: v.target === 'department' ? (v.departmentId ?? null) : null,
      userId: v.target === 'user' ? (v.userId ?? null) : null,
      periodKey: v.periodKey,
      amount: v.amount,
      note: v.note ?? '',
    });
    onClose();
  };
  return (
    <Modal open={open} title="下达预算" okText="保存" onCancel={onClose} onOk={() => void submit().catch(() => undefined)} confirmLoading={create.isPending} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="target" label="预算对象">
          <Radio.Group options={[{ value: 'department', label: '部门' }, { value: 'user', label: '人员' }]} />
        </Form.Item>
        {target === 'department' ? (
          <Form.Item name="departmentId" label="部门" rules={departmentRules}>
            <Select placeholder="选择部门" loading={departments.isLoading} options={(departments.data ?? []).map((d) => ({ value: d.sysNo, label: d.name }))} />
          </Form.Item>
        ) : (
          <Form.Item name="userId" label="人员" rules={userRules}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="选择人员"
              loading={users.isLoading}
              options={(users.data?.list ?? []).filter((u) => !u.disabled).map((u) => ({ value: u.sysNo, label: u.realName || u.nickName || u.phone }))}
            />
          </Form.Item>
        )}
        <Form.Item name="kind" label="预算周期">
          <Radio.Group
            options={[{ value: 'month', label: '月度' }, { value: 'quarter', label: '季度' }, { value: 'year', label: '年度' }]}
            onChange={(e) => form.setFieldValue('periodKey', periodOptions(e.target.value as Values['kind']).find((o) => o.value.startsWith(chinaDay().slice(0, 4)))?.value)}
          />
        </Form.Item>
        <Form.Item name="periodKey" label="预算期间（北京时间）" rules={rules.periodKey}>
          <Select options={periods} />
        </Form.Item>
        <Form.Item name="amount" label="预算金额（元）" rules={rules.amount}>
          <InputNumber min={0} precision={2} prefix="¥" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="note" label="备注" rules={rules.note}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 调整预算: raise or lower it by an amount, with the reason (a ledger row). */
export function BudgetAdjustModal({ budget, onClose }: { budget: BudgetRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ direction: 'increase' | 'decrease'; amount: number; note: string }>();
  const adjust = useAdjustBudget();
  useEffect(() => {
    if (budget) form.setFieldsValue({ direction: 'increase', note: '' });
  }, [budget, form]);
  const submit = async () => {
    const v = await form.validateFields();
    await adjust.mutateAsync({ sysNo: budget!.sysNo, ...v });
    onClose();
  };
  return (
    <Modal
      open={!!budget}
      title={budget ? `调整预算：${budget.targetName} ${budget.periodName}` : ''}
      okText="保存"
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={adjust.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="direction" label="调整方向">
          <Radio.Group options={[{ value: 'increase', label: '追加' }, { value: 'decrease', label: '调减' }]} />
        </Form.Item>
        <Form.Item name="amount" label="调整金额（元）" rules={adjustRules.amount}>
          <InputNumber min={0} precision={2} prefix="¥" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="note" label="调整原因" rules={adjustRules.note}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
