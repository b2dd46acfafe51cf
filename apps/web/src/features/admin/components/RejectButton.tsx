import { useState } from 'react';
import { Button, Input, Modal } from 'antd';

/** A reject (or take-down) action that asks for a reason. */
export function RejectButton({ onReject, label = '驳回', title = '驳回原因' }: { onReject: (reason: string) => Promise<unknown>; label?: string; title?: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        okText="确定"
        okButtonProps={{ danger: true, disabled: reason.trim().length < 2, loading: busy }}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          setBusy(true);
          try {
            await onReject(reason.trim());
            setOpen(false);
            setReason('');
          } finally {
            setBusy(false);
          }
        }}
      >
        <Input.TextArea rows={4} maxLength={300} showCount value={reason} onChange={(e) => setReason(e.target.value)} placeholder="请填写原因（将通知申请企业）" data-testid="reject-reason-input" />
      </Modal>
    </>
  );
}
