import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { SubMerchantView } from '@aquamall/shared';
import { subMerchantWechatInput } from '@aquamall/shared/contracts/payments';
import { formRules } from '../../../lib/form-rules.ts';
import { subMerchantsQuery, submitAlipayAuthorisation, submitWechatSubMerchant } from '../api/merchant.ts';

const rules = formRules(subMerchantWechatInput);
const STATUS = [
  { text: '待平台核验', color: 'processing' },
  { text: '已核验', color: 'success' },
  { text: '未通过', color: 'error' },
];

/**
 * 在线收款 on the bank page (decision 0216): the supplier's WeChat Pay 特约商户号 and Alipay authorisation. Online
 * payments go straight to these merchants of the supplier (the platform holds no money); the purchaser may pay online
 * only once the platform verified them. Alipay returns here with `app_auth_code`, which is recorded at once.
 */
export default function OnlinePayeeCard() {
  const qc = useQueryClient();
  const { data, isLoading } = useQuery(subMerchantsQuery);
  const [editing, setEditing] = useState(false);
  const [params, setParams] = useSearchParams();
  const code = params.get('app_auth_code');
  const sent = useRef<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: subMerchantsQuery.queryKey });
  useEffect(() => {
    if (!code || sent.current === code) return;
    sent.current = code;
    void submitAlipayAuthorisation(code)
      .catch(() => undefined)
      .finally(() => {
        setParams({}, { replace: true });
        void refresh();
      });
  });
  const rows = data ?? [];
  const ready = rows.some((r) => r.status === 1);
  return (
    <Card title="在线收款（微信支付、支付宝）" style={{ marginTop: 16 }} loading={isLoading}>
      <Alert
        type={ready ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        message="采购商在线支付的款项直接进入您本人的微信支付特约商户或支付宝账户，平台不经手资金。"
        description={ready ? undefined : '设置并经平台核验后，采购商才可向您在线支付；此前可使用银行转账或账期支付。'}
      />
      <Table<SubMerchantView>
        rowKey="channel"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          { title: '渠道', dataIndex: 'label', width: 100 },
          {
            title: '收款商户',
            render: (_, r) => (r.subMchId ? `${r.channel === 1 ? '特约商户号' : '支付宝 PID'} ${r.subMchId}` : r.offReason ?? '未设置'),
          },
          {
            title: '状态',
            width: 120,
            render: (_, r) => (r.status === null ? <Tag>未设置</Tag> : <Tag color={STATUS[r.status]?.color}>{STATUS[r.status]?.text}</Tag>),
          },
          { title: '说明', dataIndex: 'note', render: (v: string) => v || '—' },
          {
            title: '操作',
            width: 140,
            render: (_, r) =>
              !r.configured ? null : r.channel === 1 ? (
                <Button type="link" size="small" onClick={() => setEditing(true)}>
                  {r.status === null ? '填写特约商户号' : '更换特约商户号'}
                </Button>
              ) : r.authorizeUrl ? (
                <Button type="link" size="small" href={r.authorizeUrl}>
                  {r.status === null ? '去支付宝授权' : '重新授权'}
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal open={editing} title="微信支付特约商户号" footer={null} destroyOnHidden onCancel={() => setEditing(false)}>
        <Form<{ subMchId: string }>
          layout="vertical"
          onFinish={async (v) => {
            try {
              await submitWechatSubMerchant(v.subMchId);
              setEditing(false);
            } finally {
              await refresh();
            }
          }}
        >
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="请填写贵公司在本平台服务商下开通的微信支付特约商户号（子商户号）。提交后由平台核验，更换后需重新核验。"
          />
          <Form.Item name="subMchId" label="特约商户号" rules={rules.subMchId}>
            <Input maxLength={10} inputMode="numeric" placeholder="8至10位数字" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            提交核验
          </Button>
        </Form>
      </Modal>
    </Card>
  );
}
