import { Tag } from 'antd';
import { AgreementStatus, agreementMachine } from '@aquamall/shared';

const COLOR: Record<number, string> = {
  [AgreementStatus.PENDING]: 'orange',
  [AgreementStatus.ACTIVE]: 'success',
  [AgreementStatus.EXPIRED]: 'default',
  [AgreementStatus.TERMINATED]: 'default',
  [AgreementStatus.REJECTED]: 'error',
};

/** The agreement's status as a coloured tag (labels from its state table). */
export const AgreementStatusTag = ({ status }: { status: number }) => (
  <Tag color={COLOR[status]} data-testid="agreement-status">
    {agreementMachine.label(status)}
  </Tag>
);

/** Status tabs of the list, in the order an agreement moves. */
export const AGREEMENT_TABS = [
  AgreementStatus.PENDING,
  AgreementStatus.ACTIVE,
  AgreementStatus.EXPIRED,
  AgreementStatus.TERMINATED,
  AgreementStatus.REJECTED,
] as const;
