import { Button, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_DEVICE_DAYS, type TwoFactorDevice, formatChinaDateTime } from '@aquamall/shared';
import { twoFactorApi, twoFactorDevicesQuery } from './api.ts';

const fmt = (t: string | null) => (t ? formatChinaDateTime(t) : '—');

/**
 * 记住的设备 (decision 0150): the browsers that skip the second step for 30 days — which browser and system,
 * when remembered and last used, from which address — with 移除 and 移除全部. This browser is marked.
 */
export function RememberedDevices() {
  const qc = useQueryClient();
  const devices = useQuery(twoFactorDevicesQuery);
  const refresh = () => void qc.invalidateQueries({ queryKey: twoFactorDevicesQuery.queryKey });
  const run = async (call: () => Promise<unknown>) => {
    await call().catch(() => undefined);
    refresh();
  };
  const list = devices.data ?? [];

  return (
    <div className="two-factor-devices">
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong>记住的设备</Typography.Text>
        <Popconfirm title="全部设备下次登录时都需要输入两步验证码，确定移除？" onConfirm={() => run(twoFactorApi.removeAllDevices)}>
          <Button size="small" danger disabled={!list.length}>
            移除全部
          </Button>
        </Popconfirm>
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
        登录时勾选“记住此设备”的浏览器在{TWO_FACTOR_DEVICE_DAYS}天内无需再输入验证码。不认识的设备请立即移除。
      </Typography.Paragraph>
      <Table<TwoFactorDevice>
        rowKey="id"
        size="small"
        loading={devices.isLoading}
        dataSource={list}
        pagination={false}
        locale={{ emptyText: devices.data ? '没有记住的设备' : ' ' }}
        columns={[
          {
            title: '设备',
            dataIndex: 'device',
            render: (d: string, r) => (
              <Tooltip title={r.userAgent || undefined}>
                <Space size={6}>
                  {d}
                  {r.current && <Tag color="blue">当前设备</Tag>}
                </Space>
              </Tooltip>
            ),
          },
          { title: 'IP 地址', dataIndex: 'ip', render: (ip: string) => ip || '—' },
          { title: '首次记住', dataIndex: 'createdAt', render: fmt },
          { title: '最近使用', dataIndex: 'lastUsedAt', render: fmt },
          { title: '有效期至', dataIndex: 'expiresAt', render: fmt },
          {
            title: '操作',
            key: 'op',
            render: (_v, r) => (
              <Popconfirm
                title={r.current ? '移除后本设备下次登录需要输入验证码，确定移除？' : '该设备下次登录需要输入验证码，确定移除？'}
                onConfirm={() => run(() => twoFactorApi.removeDevice(r.id))}
              >
                <a style={{ color: 'var(--am-primary)' }}>移除</a>
              </Popconfirm>
            ),
          },
        ]}
      />
    </div>
  );
}
