import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';

export interface LegalDialogProps {
  open: boolean;
  /** Cancel (and the close icon) closes the dialog. */
  onCancel: () => void;
  /** When given, an 同意 button is shown; e.g. the merchant entry form ticks its checkbox. */
  onAgree?: () => void;
  /** The platform's name as 甲方 / the policy's owner. */
  platform?: string;
}

export const PLATFORM = 'B2B企业服务平台';

/** A long legal text in a scrolling dialog with 取消 and an optional 同意. */
export function LegalDialog({ open, onCancel, onAgree, title, children }: LegalDialogProps & { title: string; children: ReactNode }) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      width={760}
      centered
      styles={{ body: { maxHeight: '62vh', overflowY: 'auto', paddingRight: 8 } }}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        onAgree ? (
          <Button
            key="agree"
            type="primary"
            onClick={() => {
              onAgree();
              onCancel();
            }}
          >
            同意
          </Button>
        ) : null,
      ]}
    >
      {children}
    </Modal>
  );
}

