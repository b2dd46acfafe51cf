import { useEffect } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { platformBankInput } from '@aquamall/shared/contracts/merchant';
import { formRules } from '../../../lib/form-rules.ts';
import { consoleCommand, useConsoleQuery } from '../api/admin.ts';

const rules = formRules(platformBankInput);
const save = consoleCommand('adminPlatformBankSave');

/**
 * The platform's account membership fees are transferred to: shown to companies on 会员服务 (户名, 开户行, 账号
 * with copy buttons). Until it is set no membership order can be created. Saving is audited.
 */
export function PlatformBankForm() {
  const { data, refetch, isLoading } = useConsoleQuery('adminPlatformBank');
  const [form] = Form.useForm<{ accountName: string; bankName: string; accountNo: string }>();
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 560 }} disabled={isLoading}
      onFinish={async (v) => {
        await save(v);
        await refetch();
      }}
    >
      {!isLoading && !data && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="尚未设置：企业暂不能购买会员。" />}
      <Form.Item name="accountName" label="户名" rules={rules.accountName}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="bankName" label="开户行" rules={rules.bankName}>
        <Input maxLength={100} placeholder="例如：中国工商银行福州五四支行" />
      </Form.Item>
      <Form.Item name="accountNo" label="账号" rules={rules.accountNo}>
        <Input maxLength={40} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        保存收款账户
      </Button>
    </Form>
  );
}
