import { useState } from 'react';
import { Button, Card, Form, Input, Radio, Space } from 'antd';
import { Gender, modifyUserInfoInput } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { useSession } from '../../session/index.ts';
import { accountApi } from '../api/account.ts';
import { BindEmailModal } from '../components/BindEmailModal.tsx';

const rules = formRules(modifyUserInfoInput);

interface Values {
  realName: string;
  nickName: string;
  gender: 0 | 1 | null;
  avatar: string[];
}

/** /customer/info: real name, nickname, gender (男 1 / 女 0), avatar (POST /api/appuser/modifyuserinfo); e-mail bound by code. */
export default function InfoPage() {
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const [binding, setBinding] = useState(false);
  if (!user) return null;
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await accountApi.saveInfo({
        realName: v.realName ?? '',
        nickName: v.nickName ?? '',
        gender: v.gender ?? null,
        avatar: v.avatar?.[0] ?? '',
      });
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="个人信息" variant="borderless">
      <Form<Values>
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        onFinish={submit}
        initialValues={{ realName: user.realName, nickName: user.nickName, gender: user.gender, avatar: user.avatar ? [user.avatar] : [] }}
      >
        <Form.Item label="手机号">
          <span>{user.phone}</span>
        </Form.Item>
        <Form.Item label="所属企业">
          <span>{user.extension.CompanyName || '—'}</span>
        </Form.Item>
        <Form.Item name="avatar" label="头像">
          <ImageUpload />
        </Form.Item>
        <Form.Item name="realName" label="真实姓名" rules={rules.realName}>
          <Input maxLength={50} placeholder="请输入真实姓名" />
        </Form.Item>
        <Form.Item name="nickName" label="昵称" rules={rules.nickName}>
          <Input maxLength={50} placeholder="请输入昵称" />
        </Form.Item>
        <Form.Item name="gender" label="性别">
          <Radio.Group>
            <Radio value={Gender.MALE}>男</Radio>
            <Radio value={Gender.FEMALE}>女</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="邮箱" extra="绑定后可使用邮箱验证码登录">
          <Space>
            <span>{user.email || '未绑定'}</span>
            <Button type="link" size="small" onClick={() => setBinding(true)}>
              {user.email ? '更换' : '绑定邮箱'}
            </Button>
          </Space>
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" htmlType="submit" loading={busy}>
            保存
          </Button>
        </Form.Item>
      </Form>
      <BindEmailModal open={binding} onClose={() => setBinding(false)} />
    </Card>
  );
}
