import { CompanyType } from '@aquamall/shared';
import { useSession } from '../../session/store.ts';

/** The side of the signed-in company in its credit accounts: a supplier grants them, a purchaser holds them. */
export function useCreditSide(): 'buyer' | 'seller' {
  const { user } = useSession();
  return user?.extension.CompanyType === CompanyType.SUPPLIER ? 'seller' : 'buyer';
}
