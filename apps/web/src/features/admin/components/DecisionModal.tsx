import type { ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import type { SchemaRule } from '../../../lib/form-rules.ts';

/**
 * The console's decision dialog (核验收款商户, 处理对账差异, 裁决售后争议): what is being decided, then a form whose
 * fields are the children. 确认 submits the form; `onSubmit` runs the command and the dialog closes when it
 * succeeds (a refusal is shown by the API layer and the dialog stays open).
 */
export function DecisionModal<V extends object>({
  title,
  okText = '确认',
  pending,
  summary,
  initialValues,
  onSubmit,
  onClose,
  children,
}: {
  title: ReactNode;
  okText?: string;
  pending: boolean;
  summary: ReactNode;
  initialValues?: Partial<V>;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  return (
    <Modal open title={title} okText={okText} okButtonProps={{ loading: pending }} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden>
      {summary}
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(v: V) => void onSubmit(v).then(onClose, () => undefined)}>
        {children}
      </Form>
    </Modal>
  );
}

/** The written part of a decision: a text field (`name`) with its counter, checked by the command's rules. */
export function DecisionNote({
  name,
  label,
  rules,
  extra,
  rows = 3,
  maxLength = 300,
}: {
  name: string;
  label: string;
  rules?: SchemaRule[];
  extra: ReactNode;
  rows?: number;
  maxLength?: number;
}) {
  return (
    // The counter (0 / 300) stands at the right end of the line under the field: the note keeps clear of it.
    <Form.Item name={name} label={label} rules={rules} extra={<div style={{ paddingRight: 72 }}>{extra}</div>}>
      <Input.TextArea rows={rows} maxLength={maxLength} showCount />
    </Form.Item>
  );
}
