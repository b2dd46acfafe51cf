import { useEffect, useState, type ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, QuestionCircleFilled } from '@ant-design/icons';

export type AlertKind = 'confirm' | 'success' | 'warn' | 'error';

export interface AlertDialogProps {
  open: boolean;
  kind?: AlertKind;
  title: ReactNode;
  content?: ReactNode;
  /** Seconds until the dialog closes by itself; the remaining time is shown. */
  autoClose?: number;
  okText?: string;
  cancelText?: string;
  /** OK button (confirm: the confirming action). */
  onOk?: () => void;
  /** Cancel, the close icon, Esc and the end of the countdown. */
  onClose: () => void;
}

const ICONS: Record<AlertKind, ReactNode> = {
  confirm: <QuestionCircleFilled style={{ color: '#0b6bcb' }} />,
  success: <CheckCircleFilled style={{ color: '#52c41a' }} />,
  warn: <ExclamationCircleFilled style={{ color: '#faad14' }} />,
  error: <CloseCircleFilled style={{ color: '#ff4d4f' }} />,
};

/** The alert dialog of docs/product/interface.md#shared-dialogs-and-widgets: confirm, success, warn or error, with an optional auto-close countdown. */
export function AlertDialog({ open, kind = 'confirm', title, content, autoClose, okText, cancelText = '取消', onOk, onClose }: AlertDialogProps) {
  const [left, setLeft] = useState(autoClose ?? 0);

  useEffect(() => {
    if (!open || !autoClose) return;
    setLeft(autoClose);
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = autoClose - Math.floor((Date.now() - started) / 1000);
      setLeft(remaining);
      if (remaining <= 0) {
        clearInterval(timer);
        onClose();
      }
    }, 250);
    return () => clearInterval(timer);
    // onClose is a callback prop; restarting the countdown whenever a parent re-renders would be wrong.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, autoClose]);

  const footer = [
    kind === 'confirm' ? (
      <Button key="cancel" onClick={onClose}>
        {cancelText}
      </Button>
    ) : null,
    <Button
      key="ok"
      type="primary"
      danger={kind === 'error'}
      onClick={() => {
        onOk?.();
        onClose();
      }}
    >
      {okText ?? (kind === 'confirm' ? '确定' : '知道了')}
    </Button>,
  ];

  return (
    <Modal open={open} onCancel={onClose} footer={footer} width={420} centered destroyOnHidden>
      <div className={`am-alert am-alert-${kind}`} role="alertdialog" aria-label={typeof title === 'string' ? title : undefined}>
        <span className="am-alert-icon">{ICONS[kind]}</span>
        <div className="am-alert-body">
          <div className="am-alert-title">{title}</div>
          {content ? <div className="am-alert-content">{content}</div> : null}
          {autoClose && left > 0 ? <div className="am-alert-countdown">{left} 秒后自动关闭</div> : null}
        </div>
      </div>
    </Modal>
  );
}
