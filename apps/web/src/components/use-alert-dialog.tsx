import { useCallback, useState, type ReactNode } from 'react';
import { AlertDialog, type AlertDialogProps } from './AlertDialog.tsx';

export type AlertOptions = Omit<AlertDialogProps, 'open' | 'onClose'> & { onClose?: () => void };

/**
 * Opens the alert dialog from an event handler: `const [alert, holder] = useAlertDialog();` then render
 * `{holder}` and call `alert({ kind: 'success', title: '提交成功', autoClose: 3 })`.
 */
export function useAlertDialog(): [(options: AlertOptions) => void, ReactNode] {
  const [options, setOptions] = useState<AlertOptions | null>(null);
  const open = useCallback((o: AlertOptions) => setOptions(o), []);
  const holder = options ? (
    <AlertDialog
      {...options}
      open
      onClose={() => {
        setOptions(null);
        options.onClose?.();
      }}
    />
  ) : null;
  return [open, holder];
}
