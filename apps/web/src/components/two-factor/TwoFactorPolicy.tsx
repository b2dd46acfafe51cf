import { Button, Card, Popconfirm, Space, Switch } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { twoFactorApi, twoFactorPolicyQuery } from './api.ts';

/** The company setting on the users page: every member must use two-factor sign-in. */
export function TwoFactorPolicyCard({ canManage }: { canManage: boolean }) {
  const qc = useQueryClient();
  const policy = useQuery({ ...twoFactorPolicyQuery, enabled: canManage });
  if (!canManage) return null;
  const save = async (enforce: boolean) => {
    await twoFactorApi.savePolicy(enforce).catch(() => undefined);
    void qc.invalidateQueries({ queryKey: ['user', '2fa'] });
    void qc.invalidateQueries({ queryKey: ['appuser', '2fa'] });
  };
  return (
    <Card size="small" variant="borderless" style={{ marginTop: 16 }} title="登录安全" loading={policy.isLoading}>
      <Space size={12}>
        <Switch checked={!!policy.data?.enforce} onChange={save} aria-label="要求全体成员开启两步验证" />
        <span>要求全体成员开启两步验证</span>
        <span style={{ color: 'var(--am-muted)' }}>开启后，未设置两步验证的成员登录后须先完成设置才能使用工作台。</span>
      </Space>
    </Card>
  );
}

/** Resets a member's two-factor sign-in (lost phone): they set it up again at their next sign-in. */
export function TwoFactorResetButton({ userId, name }: { userId: number; name: string }) {
  return (
    <Popconfirm
      title={`重置“${name}”的两步验证？`}
      description="重置后该用户需重新设置身份验证器，原恢复码作废。"
      okText="重置"
      onConfirm={() => twoFactorApi.reset(userId).catch(() => undefined)}
    >
      <Button type="link" size="small">
        重置两步验证
      </Button>
    </Popconfirm>
  );
}
