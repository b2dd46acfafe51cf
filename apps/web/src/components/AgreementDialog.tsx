import { LegalDialog, PLATFORM, type LegalDialogProps } from './legal/LegalDialog.tsx';
import { MerchantAgreementText } from './legal/MerchantAgreementText.tsx';

/** The merchant registration agreement dialog (docs/product/merchants.md#service-agreement, docs/product/interface.md#shared-dialogs-and-widgets), opened on demand and closed by cancel. */
export function AgreementDialog({ platform = PLATFORM, ...props }: LegalDialogProps) {
  return (
    <LegalDialog {...props} title="平台商家入驻协议">
      <MerchantAgreementText platform={platform} />
    </LegalDialog>
  );
}
