import { useState } from 'react';
import { Button, Form, Input, Modal, Space } from 'antd';
import { bindEmailInput, SMS_CODE_LENGTH } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { accountApi } from '../api/account.ts';

const rules = formRules(bindEmailInput);

/**
 * Binds an e-mail address by proving it: a code is sent to the address (POST /api/appuser/sendemailcode,
 * purpose bind) and entered here (POST /api/appuser/bindemail). An address bound elsewhere is refused.
 */
export function BindEmailModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ email: string; code: string }>();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const { email } = await form.validateFields(['email']);
    setSending(true);
    try {
      await accountApi.sendBindCode(email);
      setSentTo(email);
    } catch {
      /* shown by the API client */
    } finally {
      setSending(false);
    }
  };
  const bind = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await accountApi.bindEmail(v);
      onClose();
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title="绑定邮箱" okText="绑定" onOk={() => void bind().catch(() => undefined)} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="email" label="邮箱" rules={rules.email}>
          <Input maxLength={120} placeholder="请输入邮箱" />
        </Form.Item>
        <Form.Item label="邮箱验证码" required extra={sentTo ? `验证码已发送至 ${sentTo}，5分钟内有效` : undefined}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={rules.code}>
              <Input maxLength={SMS_CODE_LENGTH} inputMode="numeric" placeholder="请输入验证码" />
            </Form.Item>
            <Button loading={sending} onClick={() => void send().catch(() => undefined)}>
              {sentTo ? '重新获取' : '获取验证码'}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
