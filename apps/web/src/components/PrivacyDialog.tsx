import { LegalDialog, PLATFORM, type LegalDialogProps } from './legal/LegalDialog.tsx';
import { PrivacyPolicyText } from './legal/PrivacyPolicyText.tsx';

/** The privacy policy dialog (docs/product/merchants.md#privacy-policy, docs/product/interface.md#shared-dialogs-and-widgets), opened on demand and closed by cancel. */
export function PrivacyDialog({ platform = PLATFORM, ...props }: LegalDialogProps) {
  return (
    <LegalDialog {...props} title="隐私政策">
      <PrivacyPolicyText platform={platform} />
    </LegalDialog>
  );
}
