import { useState } from 'react';
import { Alert, Button, Card, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PRIVACY_DEADLINE_DAYS, PRIVACY_EXPORT_DAYS, PRIVACY_KINDS, PRIVACY_STATUS, type PrivacyRequestView, formatChinaDateTime } from '@aquamall/shared';
import { api, downloadEndpoint } from '../../../lib/api.ts';
import { SmsCodeButton } from '../../../components/SmsCodeButton.tsx';

const requestsQuery = { queryKey: ['appuser', 'privacy'], queryFn: () => api.read('privacyRequests') };
const STATUS_COLOR = ['processing', 'success', 'error'];
/** Texts a code to the account's own phone (purpose delete); true when sent (errors are shown by the API client). */
const sendDeletionCode = () =>
  api.run('codeSend', { purpose: 'delete' }).then(
    () => true,
    () => false,
  );
const fmt = (t: string | null) => (t ? formatChinaDateTime(t) : '—');

/**
 * 个人信息 (PIPL, decision 0151) on the account security page: 下载我的数据, 注销账号 (password or SMS code) and
 * the caller's requests with their status.
 */
export function PersonalDataCard() {
  const qc = useQueryClient();
  const list = useQuery(requestsQuery);
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  // Accounts signed up by SMS or WeChat may have no password: an SMS code to the account's phone instead.
  const [proof, setProof] = useState<'password' | 'sms'>('password');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: requestsQuery.queryKey });

  const requestExport = async () => {
    setExporting(true);
    try {
      await api.run('privacyExport');
    } catch {
      /* the message was shown */
    } finally {
      setExporting(false);
      refresh();
    }
  };
  const requestDeletion = async () => {
    setBusy(true);
    try {
      await api.run('privacyDelete', proof === 'sms' ? { code } : { password });
      setDeleting(false);
      setPassword('');
      setCode('');
    } catch {
      /* the reason was shown; the dialog stays open */
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const deletionOpen = list.data?.some((r) => r.kind === 'delete' && r.status === 0);

  return (
    <Card
      title="个人信息"
      variant="borderless"
      extra={
        <Space>
          <Button onClick={requestExport} loading={exporting}>
            下载我的数据
          </Button>
          <Button danger onClick={() => setDeleting(true)} disabled={deletionOpen}>
            注销账号
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        您可以下载平台保存的您的个人信息（JSON 与 Excel 压缩包，生成后{PRIVACY_EXPORT_DAYS}天内可下载），或申请注销账号。平台将在
        {PRIVACY_DEADLINE_DAYS}天内处理您的申请，处理结果会通过站内消息和短信通知您。
      </Typography.Paragraph>
      <Table<PrivacyRequestView>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: list.data ? '暂无申请' : ' ' }}
        columns={[
          { title: '申请', dataIndex: 'kind', render: (k: PrivacyRequestView['kind']) => PRIVACY_KINDS[k] },
          { title: '申请时间', dataIndex: 'createdAt', render: fmt },
          { title: '处理期限', dataIndex: 'deadlineAt', render: fmt },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: number, r) => (
              <Space size={4}>
                <Tag color={STATUS_COLOR[s]}>{PRIVACY_STATUS[s]}</Tag>
                {r.reason && <span>{r.reason}</span>}
              </Space>
            ),
          },
          {
            title: '操作',
            render: (_, r) =>
              r.downloadable ? (
                <a onClick={() => void downloadEndpoint('privacyDownload', { id: r.id })}>下载（{fmt(r.expiresAt)} 前有效）</a>
              ) : r.kind === 'export' && r.status === 1 ? (
                <span style={{ color: 'var(--am-muted)' }}>已过期</span>
              ) : null,
          },
        ]}
      />
      <Modal
        open={deleting}
        title="注销账号"
        okText="提交注销申请"
        okButtonProps={{ danger: true, disabled: proof === 'sms' ? !/^\d{6}$/.test(code) : !password, loading: busy }}
        onOk={requestDeletion}
        onCancel={() => setDeleting(false)}
        destroyOnHidden
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="注销后无法恢复"
          description="平台处理后，您的姓名、手机号、邮箱、头像和微信绑定将被删除，账号无法再登录；企业依法保留的订单、发票和账务记录将显示为“已注销用户”。"
        />
        <Segmented
          style={{ marginBottom: 12 }}
          value={proof}
          onChange={(v) => setProof(v as 'password' | 'sms')}
          options={[
            { label: '登录密码验证', value: 'password' },
            { label: '短信验证码验证', value: 'sms' },
          ]}
        />
        {proof === 'password' ? (
          <Input.Password placeholder="请输入登录密码" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
        ) : (
          <>
            <div style={{ display: 'flex', gap: 8 }}>
              <Input
                size="large"
                aria-label="注销短信验证码"
                placeholder="请输入短信验证码"
                maxLength={6}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              />
              <SmsCodeButton onSend={sendDeletionCode} />
            </div>
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }}>
              验证码将发送到您账号绑定的手机号；未设置登录密码（短信或微信注册）的账号请用此方式。
            </Typography.Text>
          </>
        )}
      </Modal>
    </Card>
  );
}
