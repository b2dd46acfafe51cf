import type { MerchantApplicationView, MerchantDraftInput, MerchantSubmitInput } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';
import type { BankAccountView, CertificationView, MemberInfo, MyApplication, StoreSettingsView } from './types.ts';

export const merchantKeys = {
  application: ['merchant', 'application'] as const,
  certification: ['merchant', 'certification'] as const,
  member: ['merchant', 'member'] as const,
  bank: ['merchant', 'bank'] as const,
  store: ['merchant', 'store'] as const,
};

export const fetchMyApplication = () => api.get<MyApplication>('/api/merchant/application');
export const saveApplicationDraft = (body: MerchantDraftInput) => api.command<MerchantApplicationView>('/api/merchant/application/save', body);
export const submitApplication = (body: MerchantSubmitInput) => api.command<MerchantApplicationView>('/api/merchant/application/submit', body);

export const fetchCertification = () => api.get<CertificationView>('/api/certification/detail');
export const submitCertification = (body: Record<string, unknown>) => api.command<CertificationView>('/api/certification/submit', body);
export const signContract = () => api.command<CertificationView>('/api/certification/sign');

export const fetchMemberInfo = () => api.get<MemberInfo>('/api/member/info');
export const requestUpgrade = (body: { targetLevel: number; transferRef: string; remark?: string }) => api.command('/api/member/upgrade', body);

export const fetchBankAccount = () => api.get<BankAccountView | null>('/api/bank/account');
export const saveBankAccount = (body: { accountName: string; bankName: string; branchName?: string; accountNo: string }) =>
  api.command<BankAccountView>('/api/bank/account/save', body);
export const sendBankDeposit = () => api.command<BankAccountView>('/api/bank/account/send');
export const verifyBankDeposit = (amount: number) => api.command<{ verified: boolean }>('/api/bank/account/verify', { amount });

export const fetchStoreSettings = () => api.get<StoreSettingsView | null>('/api/store/settings');
export const saveStoreSettings = (body: Record<string, unknown>) => api.command<StoreSettingsView>('/api/store/settings/save', body);
export const fetchOwnProducts = () => api.get<{ id: number; name: string; status: number }[]>('/api/store/products');
