import { Checkbox, Form, Input, Modal } from 'antd';
import { WEBHOOK_EVENTS, webhookInput, type WebhookInput } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { useCreateWebhook } from '../api/openapi.ts';

const rules = formRules(webhookInput);

/** Register a webhook endpoint: an https address and the events it receives; the answer holds its signing secret. */
export function WebhookModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (s: { id: number; secret: string }) => void;
}) {
  const [form] = Form.useForm<WebhookInput>();
  const create = useCreateWebhook();
  const submit = async () => {
    const values = await form.validateFields();
    onCreated(await create.mutateAsync(values));
  };
  return (
    <Modal
      open={open}
      title="添加接收地址"
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText="添加"
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ url: '', events: [] }} preserve={false}>
        <Form.Item name="url" label="接收地址" rules={rules.url} extra="须为 https 地址，不能是内网或本机地址">
          <Input maxLength={500} placeholder="https://erp.example.com/aquamall/webhook" />
        </Form.Item>
        <Form.Item name="events" label="事件" rules={rules.events}>
          <Checkbox.Group options={WEBHOOK_EVENTS.map((e) => ({ label: e.name, value: e.code }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
