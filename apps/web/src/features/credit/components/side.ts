import { CompanyType, creditAccountMachine, type CreditAccountAction } from '@aquamall/shared';
import { useSession } from '../../session/store.ts';

/** The side of the signed-in company in its credit accounts: a supplier grants them, a purchaser holds them. */
export function useCreditSide(): 'buyer' | 'seller' {
  const { user } = useSession();
  return user?.extension.CompanyType === CompanyType.SUPPLIER ? 'seller' : 'buyer';
}

/** Whether this side may take the account action in the account's status (the state table of the credit account). */
export const canOnAccount = (side: 'buyer' | 'seller', status: number, action: CreditAccountAction): boolean =>
  creditAccountMachine.available(status, { side }).includes(action);

/** The button label of an account action (the table's verb). */
export const accountLabel = (action: CreditAccountAction): string => creditAccountMachine.actions[action].label;
