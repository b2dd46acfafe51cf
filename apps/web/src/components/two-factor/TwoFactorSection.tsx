import { formatChinaDateTime } from '@aquamall/shared';
import { useState } from 'react';
import { Alert, Button, Card, Input, Modal, Space, Steps, Tag, Tooltip, Typography, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorEnrolment } from '@aquamall/shared';
import { twoFactorApi, twoFactorStatusQuery } from './api.ts';
import { RememberedDevices } from './RememberedDevices.tsx';
import './two-factor.css';

const CODE_RE = /^\d{6}$/;

/** The recovery codes, shown once: copy or download them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success('恢复码已复制');
    } catch {
      void message.warning('无法访问剪贴板，请手动复制或下载');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`AquaMall 两步验证恢复码（每个只能使用一次）\n\n${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'aquamall-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <Alert type="warning" showIcon title="请立即保存这些恢复码：手机丢失时可用它们登录。关闭本窗口后将不再显示。" style={{ marginBottom: 16 }} />
      <ol className="two-factor-codes" aria-label="恢复码">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Space>
        <Button onClick={copy}>复制</Button>
        <Button onClick={download}>下载</Button>
        <Button type="primary" onClick={onDone}>
          我已保存
        </Button>
      </Space>
    </div>
  );
}

/** Enrolment: scan the QR (or type the key), confirm with a code, save the recovery codes. */
function Enrolment({ onClose }: { onClose: (enabled: boolean) => void }) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      setEnrolment(await twoFactorApi.enrol());
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    setBusy(true);
    try {
      setCodes((await twoFactorApi.confirm(code)).recoveryCodes);
    } catch {
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  const step = codes ? 2 : enrolment ? 1 : 0;
  return (
    <div className="two-factor-enrol">
      <Steps size="small" current={step} items={[{ title: '扫描二维码' }, { title: '输入验证码' }, { title: '保存恢复码' }]} style={{ marginBottom: 20 }} />
      {!enrolment && (
        <div>
          <p>开启后，登录时除密码（或短信、邮箱、微信）外，还需输入手机身份验证器中的 6 位动态验证码。</p>
          <p className="two-factor-muted">支持 Google Authenticator、Microsoft Authenticator、腾讯身份验证器等任意 TOTP 验证器。</p>
          <Button type="primary" loading={busy} onClick={start}>
            开始设置
          </Button>
        </div>
      )}
      {enrolment && !codes && (
        <div className="two-factor-scan">
          <img src={enrolment.qrImage} alt="两步验证二维码" width={180} height={180} />
          <div>
            <p>1. 用身份验证器扫描左侧二维码；无法扫码时，手动输入密钥：</p>
            <Typography.Text code copyable={{ text: enrolment.secret }} className="two-factor-key" data-testid="totp-secret">
              {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
            </Typography.Text>
            <p style={{ marginTop: 16 }}>2. 输入验证器显示的 6 位验证码：</p>
            <Space>
              <Input
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                onPressEnter={() => CODE_RE.test(code) && void confirm()}
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="6位验证码"
                aria-label="验证码"
                style={{ width: 160 }}
              />
              <Button type="primary" disabled={!CODE_RE.test(code)} loading={busy} onClick={confirm}>
                确认开启
              </Button>
            </Space>
          </div>
        </div>
      )}
      {codes && <RecoveryCodes codes={codes} onDone={() => onClose(true)} />}
    </div>
  );
}

/** Asks for a current code (or the password) and runs an action with it. */
function CodePrompt({
  title,
  allowPassword,
  onSubmit,
  onCancel,
}: {
  title: string;
  allowPassword?: boolean;
  onSubmit: (v: { code?: string; password?: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const [byPassword, setByPassword] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const ok = byPassword ? value.length > 0 : CODE_RE.test(value) || (allowPassword === true && /^[\w-]{10,12}$/.test(value));
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit(byPassword ? { password: value } : { code: value });
    } catch {
      setValue('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={title} onCancel={onCancel} onOk={submit} okButtonProps={{ disabled: !ok, loading: busy }} okText="确定" cancelText="取消" destroyOnHidden>
      <p>{byPassword ? '请输入登录密码：' : '请输入身份验证器中的 6 位验证码：'}</p>
      {byPassword ? (
        <Input.Password value={value} onChange={(e) => setValue(e.target.value)} placeholder="登录密码" aria-label="登录密码" />
      ) : (
        <Input value={value} onChange={(e) => setValue(e.target.value.trim())} placeholder="6位验证码" aria-label="验证码" inputMode="numeric" />
      )}
      {allowPassword && (
        <a style={{ display: 'inline-block', marginTop: 12 }} onClick={() => (setByPassword(!byPassword), setValue(''))}>
          {byPassword ? '改用验证码' : '改用登录密码'}
        </a>
      )}
    </Modal>
  );
}

/**
 * 两步验证 on the account security page (and the enrolment page a required user is led to): status, enrolment
 * with QR and manual key, recovery codes with copy/download, regenerate, and 关闭.
 */
export function TwoFactorSection({ onEnabled }: { onEnabled?: () => void }) {
  const qc = useQueryClient();
  const status = useQuery(twoFactorStatusQuery);
  const [open, setOpen] = useState<'enrol' | 'disable' | 'regenerate' | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['appuser', '2fa'] });
  const s = status.data;

  return (
    <Card title="两步验证" variant="borderless" loading={status.isLoading} className="two-factor-card">
      {s && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Space size={16} wrap>
            {s.enabled ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>}
            {s.enabled && s.enabledAt && <span className="two-factor-muted">开启于 {formatChinaDateTime(s.enabledAt)}</span>}
            {s.enabled && <span className="two-factor-muted">剩余恢复码 {s.recoveryCodesLeft} 个</span>}
            {s.required && <Tag color="blue">{s.enabled ? '账号要求开启' : '您的账号必须开启两步验证'}</Tag>}
          </Space>
          {!s.enabled && (
            <Button type="primary" onClick={() => setOpen('enrol')}>
              开启两步验证
            </Button>
          )}
          {s.enabled && (
            <Space>
              <Button onClick={() => setOpen('regenerate')}>重新生成恢复码</Button>
              <Tooltip title={s.required ? '您的账号必须开启两步验证，不能关闭' : undefined}>
                <Button danger disabled={s.required} onClick={() => setOpen('disable')}>
                  关闭
                </Button>
              </Tooltip>
            </Space>
          )}
          {s.enabled && <RememberedDevices />}
        </Space>
      )}
      {open === 'enrol' && (
        <Modal open title="开启两步验证" footer={null} width={680} maskClosable={false} onCancel={() => (setOpen(null), refresh())} destroyOnHidden>
          <Enrolment
            onClose={(enabled) => {
              setOpen(null);
              refresh();
              if (enabled) onEnabled?.();
            }}
          />
        </Modal>
      )}
      {open === 'disable' && (
        <CodePrompt
          title="关闭两步验证"
          allowPassword
          onCancel={() => setOpen(null)}
          onSubmit={async (v) => {
            await twoFactorApi.disable(v);
            setOpen(null);
            refresh();
          }}
        />
      )}
      {open === 'regenerate' && (
        <CodePrompt
          title="重新生成恢复码"
          onCancel={() => setOpen(null)}
          onSubmit={async (v) => {
            setNewCodes((await twoFactorApi.regenerate(v.code ?? '')).recoveryCodes);
            setOpen(null);
            refresh();
          }}
        />
      )}
      {newCodes && (
        <Modal open title="新的恢复码" footer={null} width={560} maskClosable={false} onCancel={() => setNewCodes(null)}>
          <RecoveryCodes codes={newCodes} onDone={() => setNewCodes(null)} />
        </Modal>
      )}
    </Card>
  );
}
