import { Form, Input, Modal } from 'antd';
import type { SchemaRule } from '../lib/form-rules.ts';

/**
 * Asks for the reason of a withdrawal (撤销询价, 撤回报价): required, at most 200 characters, checked by the
 * rules of the command's schema. `onSubmit` runs the command; the modal closes when it succeeds and stays
 * open (with the server's message shown by the API layer) when it fails.
 */
export function ReasonModal({
  open,
  title,
  intro,
  label,
  okText,
  rules,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  intro: string;
  label: string;
  okText: string;
  rules: SchemaRule[];
  pending: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const ok = async () => {
    const v = await form.validateFields();
    await onSubmit(v.reason.trim());
    onClose();
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void ok().catch(() => undefined)}
      okButtonProps={{ danger: true }}
      okText={okText}
      confirmLoading={pending}
      destroyOnHidden
    >
      <p>{intro}</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={label} rules={rules}>
          <Input.TextArea rows={3} maxLength={200} showCount aria-label={label} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
