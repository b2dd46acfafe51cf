import { Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import { API_SCOPES, apiKeyInput, type ApiKeyInput, type ApiKeySecret } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { useCreateKey } from '../api/openapi.ts';

const rules = formRules(apiKeyInput);

/** Create an API key: a name and its scopes; the answer (with the secret) goes to `onCreated`. */
export function ApiKeyModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (s: ApiKeySecret) => void }) {
  const [form] = Form.useForm<ApiKeyInput>();
  const create = useCreateKey();
  const submit = async () => {
    const values = await form.validateFields();
    const created = await create.mutateAsync(values);
    onCreated(created);
  };
  return (
    <Modal
      open={open}
      title="创建 API 密钥"
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText="创建"
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: '', scopes: [] }} preserve={false}>
        <Form.Item name="name" label="名称" rules={rules.name}>
          <Input maxLength={50} placeholder="如：ERP 对接" />
        </Form.Item>
        <Form.Item name="scopes" label="权限范围" rules={rules.scopes} extra="只勾选 ERP 需要的权限；密钥只能调用所选范围内的接口。">
          <Checkbox.Group>
            <Space orientation="vertical" size={4}>
              {API_SCOPES.map((s) => (
                <Checkbox key={s.code} value={s.code}>
                  {s.name} <Typography.Text type="secondary">{s.code}</Typography.Text>
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
