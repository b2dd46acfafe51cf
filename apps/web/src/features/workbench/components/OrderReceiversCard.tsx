import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Select, Space, Tag, Typography } from 'antd';
import { NOTICE_EVENTS, SUPPLIER_ORDER_EVENTS } from '@aquamall/shared';
import { LoadError } from '../../../components/Skeletons.tsx';
import { useOrderReceivers, useSaveOrderReceivers } from '../api/notice-settings.ts';

const EVENT_NAMES = SUPPLIER_ORDER_EVENTS.map((k) => NOTICE_EVENTS[k].label).join('、');

/**
 * 订单消息接收人 on the users page of a supplier (docs/product/notifications.md#recipients): the users and roles
 * that receive the supplier-side order events by SMS, WeChat and e-mail. Nothing chosen: the administrators and
 * the members whose roles may confirm and ship orders (or handle after-sales). Shown to those who manage users.
 */
export function OrderReceiversCard({ canManage }: { canManage: boolean }) {
  const q = useOrderReceivers(canManage);
  const save = useSaveOrderReceivers();
  const [userIds, setUserIds] = useState<number[]>([]);
  const [roleIds, setRoleIds] = useState<number[]>([]);
  useEffect(() => {
    if (q.data) {
      setUserIds(q.data.userIds);
      setRoleIds(q.data.roleIds);
    }
  }, [q.data]);
  if (!canManage) return null;
  const d = q.data;
  return (
    <Card size="small" variant="borderless" style={{ marginTop: 16 }} title="订单消息接收人" loading={q.isLoading} data-testid="order-receivers">
      {q.isError || !d ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            选择接收供货订单消息（{EVENT_NAMES}）短信、微信和邮件通知的用户或角色；每人可在「消息设置」中关闭自己的渠道。站内消息不受影响。
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" data-testid="order-receivers-fallback-rule">
            默认接收人：管理员和拥有订单发货（售后消息为售后处理）权限的成员。未选择接收人时由默认接收人接收；所选用户均已停用或离开企业、所选角色无人拥有时，也改由默认接收人接收，订单消息不会无人收到。
          </Typography.Paragraph>
          <Form layout="vertical" style={{ maxWidth: 640 }}>
            <Form.Item label="指定用户">
              <Select
                mode="multiple"
                allowClear
                aria-label="指定用户"
                placeholder="选择用户"
                optionFilterProp="label"
                value={userIds}
                onChange={setUserIds}
                options={[
                  ...d.users.map((u) => ({
                    value: u.id,
                    label: `${u.name}（${u.phone}）${u.isCompanyAdmin ? ' 管理员' : ''}${u.disabled ? ' 已停用' : ''}`,
                    disabled: u.disabled && !userIds.includes(u.id),
                  })),
                  // A chosen user who left the company is no longer listed: named as such, never as a bare id.
                  ...userIds.filter((id) => !d.users.some((u) => u.id === id)).map((id) => ({ value: id, label: '已离开企业的用户', disabled: true })),
                ]}
              />
            </Form.Item>
            <Form.Item label="指定角色" extra="拥有所选角色的全部成员都会收到">
              <Select
                mode="multiple"
                allowClear
                aria-label="指定角色"
                placeholder="选择角色"
                optionFilterProp="label"
                value={roleIds}
                onChange={setRoleIds}
                options={[
                  ...d.roles.map((r) => ({ value: r.id, label: r.isPreset ? `${r.name}（预设）` : r.name })),
                  ...roleIds.filter((id) => !d.roles.some((r) => r.id === id)).map((id) => ({ value: id, label: '已删除的角色', disabled: true })),
                ]}
              />
            </Form.Item>
          </Form>
          <Alert
            type={d.fallback ? 'warning' : d.custom ? 'success' : 'info'}
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="order-receivers-now"
            title={
              <Space wrap size={4}>
                <span>{d.fallback ? '所选接收人均不可用，当前由默认接收人接收：' : d.custom ? '当前接收人：' : '当前为默认接收人：'}</span>
                {d.receivers.length ? d.receivers.map((r) => <Tag key={r.id}>{r.name}</Tag>) : <span>无</span>}
              </Space>
            }
          />
          <Space wrap>
            <Button type="primary" loading={save.isPending} onClick={() => save.mutate({ userIds, roleIds })}>
              保存接收人
            </Button>
            <Button disabled={!d.custom || save.isPending} onClick={() => save.mutate({ userIds: [], roleIds: [] })}>
              恢复默认
            </Button>
          </Space>
        </>
      )}
    </Card>
  );
}
