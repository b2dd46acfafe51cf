import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { userInviteInput, type CompanyUserRow } from '@aquamall/shared';
import { allRolesQuery } from '../api/roles.ts';
import { useInviteUser, useUpdateUser } from '../api/users.ts';
import { formRules } from '../../../lib/form-rules.ts';

const rules = formRules(userInviteInput);

interface Values {
  phone: string;
  realName: string;
  roleIds: number[];
}

/**
 * Invite a sub-user (mobile number, name, roles) or edit one (name, roles). The administrator sets no
 * password: the number receives an SMS code and its owner joins on /sso/invite with a password of its own.
 */
export function UserFormModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: CompanyUserRow | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const roles = useQuery({ ...allRolesQuery, enabled: open });
  const invite = useInviteUser();
  const update = useUpdateUser();
  const editing = !!user;

  useEffect(() => {
    if (open)
      form.setFieldsValue({
        phone: user?.phone ?? '',
        realName: user?.realName ?? '',
        roleIds: user?.roles.map((r) => r.sysNo) ?? [],
      });
  }, [open, user, form]);

  const submit = async () => {
    const v = await form.validateFields();
    if (user) await update.mutateAsync({ sysNo: user.sysNo, realName: v.realName, roleIds: v.roleIds ?? [] });
    else await invite.mutateAsync({ ...v, roleIds: v.roleIds ?? [] });
    onClose();
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑用户' : '邀请用户'}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={editing ? '保存' : '邀请'}
      confirmLoading={invite.isPending || update.isPending}
      destroyOnHidden
    >
      {!editing && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="对方手机号将收到短信验证码，请告知对方打开“接受邀请”页面（/sso/invite），验证手机号并设置密码后即加入本企业。邀请7天内有效。"
        />
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="phone"
          label="手机号"
          required
          rules={editing ? [] : rules.phone}
        >
          <Input maxLength={11} disabled={editing} placeholder="请输入11位手机号" />
        </Form.Item>
        <Form.Item name="realName" label="姓名" required rules={rules.realName}>
          <Input maxLength={50} placeholder="请输入姓名" />
        </Form.Item>
        <Form.Item name="roleIds" label="角色">
          <Select
            mode="multiple"
            allowClear
            loading={roles.isLoading}
            placeholder="选择角色（可多选）"
            options={(roles.data ?? []).map((r) => ({
              value: r.sysNo,
              label: r.isPreset ? `${r.name}（预设）` : r.name,
            }))}
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
