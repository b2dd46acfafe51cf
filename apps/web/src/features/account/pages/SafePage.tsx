import { formatChinaDateTime } from '@aquamall/shared';
import { Button, Card, Descriptions, Popconfirm, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionRow } from '@aquamall/shared';
import { accountApi, securityQuery, sessionsQuery } from '../api/account.ts';
import { PersonalDataCard } from '../components/PersonalDataCard.tsx';
import { TwoFactorSection } from '../../../components/two-factor/TwoFactorSection.tsx';

const fmt = (t: string) => formatChinaDateTime(t);
/** Links read as links here (the global style makes anchors inherit the text colour). */
const link = { color: 'var(--am-primary)' };

/** /customer/safe: security overview, active sessions, end the other sessions. */
export default function SafePage() {
  const qc = useQueryClient();
  const security = useQuery(securityQuery);
  const sessions = useQuery(sessionsQuery);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['appuser'] });
  const s = security.data;

  const endOthers = async (ids?: number[]) => {
    await accountApi.endSessions(ids).catch(() => undefined);
    refresh();
  };
  const unbindWechat = async () => {
    await accountApi.unbindWechat().catch(() => undefined);
    refresh();
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="账户安全" variant="borderless" loading={security.isLoading}>
        {s && (
          <Descriptions column={1} styles={{ label: { width: 140 } }} bordered>
            <Descriptions.Item label="登录手机号">
              <Space size={24}>
                <span>{s.phoneMasked}</span>
                <Link to="/sso/modifyPhone" style={link}>更换手机号</Link>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="登录密码">
              <Space size={24}>
                <Tag color="green">已设置</Tag>
                <Link to="/sso/updatePwd" style={link}>修改密码</Link>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="绑定邮箱">
              <Space size={24}>
                {s.email ? <span>{s.email}</span> : <Tag>未绑定</Tag>}
                <Link to="/customer/info" style={link}>{s.email ? '修改' : '去绑定'}</Link>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="微信">
              <Space size={24}>
                {s.wechatBound ? <Tag color="green">已绑定</Tag> : <Tag>未绑定</Tag>}
                {s.wechatBound ? (
                  <Popconfirm title="解绑后将不能用该微信扫码登录，确定解绑？" onConfirm={unbindWechat}>
                    <a style={link}>解绑</a>
                  </Popconfirm>
                ) : (
                  <span style={{ color: 'var(--am-muted)' }}>在登录页使用微信扫码并验证手机号即可绑定</span>
                )}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <TwoFactorSection />
      <Card
        title="登录设备"
        variant="borderless"
        extra={
          <Popconfirm title="其他设备上的登录将立即失效，确定退出？" onConfirm={() => endOthers()}>
            <Button danger disabled={(sessions.data?.list.length ?? 0) < 2}>
              退出其他设备
            </Button>
          </Popconfirm>
        }
      >
        <Table<SessionRow>
          rowKey="id"
          loading={sessions.isLoading}
          dataSource={sessions.data?.list ?? []}
          pagination={false}
          columns={[
            { title: '设备', dataIndex: 'device', render: (d: string, r) => (r.current ? <Space>{d}<Tag color="blue">当前设备</Tag></Space> : d) },
            { title: 'IP 地址', dataIndex: 'ip' },
            { title: '登录时间', dataIndex: 'createdAt', render: fmt },
            { title: '最近活跃', dataIndex: 'lastSeenAt', render: fmt },
            { title: '有效期至', dataIndex: 'expiresAt', render: fmt },
            {
              title: '操作',
              key: 'op',
              render: (_v, r) =>
                r.current ? null : (
                  <Popconfirm title="确定让该设备退出登录？" onConfirm={() => endOthers([r.id])}>
                    <a style={link}>退出</a>
                  </Popconfirm>
                ),
            },
          ]}
        />
      </Card>
      <PersonalDataCard />
    </Space>
  );
}
