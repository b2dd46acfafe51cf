import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, downloadEndpoint, type InputOf } from '../../../lib/api.ts';

export const merchantKeys = {
  application: ['merchant', 'application'] as const,
  certification: ['merchant', 'certification'] as const,
  member: ['merchant', 'member'] as const,
  bank: ['merchant', 'bank'] as const,
  store: ['merchant', 'store'] as const,
};

/** GET /api/merchant/application — the company's application (or the prefilled form) and its history. */
export const myApplicationQuery = (enabled: boolean) =>
  queryOptions({ queryKey: merchantKeys.application, queryFn: () => api.read('merchantApplication'), enabled });
export const saveApplicationDraft = (body: InputOf<'merchantApplicationSave'>) => api.run('merchantApplicationSave', body);
export const submitApplication = (body: InputOf<'merchantApplicationSubmit'>) => api.run('merchantApplicationSubmit', body);

/** GET /api/certification/detail */
export const certificationQuery = queryOptions({ queryKey: merchantKeys.certification, queryFn: () => api.read('certificationDetail') });

/** Runs a command, then refreshes the queries under `key`. */
function useCommand<V>(key: readonly string[], fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export const useSubmitCertification = () =>
  useCommand(merchantKeys.certification, (body: InputOf<'certificationSubmit'>) => api.run('certificationSubmit', body));
export const useSignContract = () => useCommand(merchantKeys.certification, (body: InputOf<'certificationSign'>) => api.run('certificationSign', body));
/** GET /api/certification/agreement — the agreement the signer reads before signing. */
export const agreementQuery = queryOptions({ queryKey: [...merchantKeys.certification, 'agreement'], queryFn: () => api.read('certificationAgreement') });
/** POST /api/certification/sign/code — the SMS code to the signer's own phone (意愿认证). */
export const sendAgreementCode = () => api.run('certificationSignCode');
/** GET /api/certification/contract — the signed agreement as a PDF download. */
export const downloadContract = () => downloadEndpoint('certificationContract');

/** GET /api/member/info */
export const memberInfoQuery = queryOptions({ queryKey: merchantKeys.member, queryFn: () => api.read('memberInfo') });
type MemberCommand = 'memberOrderCreate' | 'memberOrderProof' | 'memberOrderCancel' | 'memberOrderInvoice';
/** A membership order command; the member page is read again after it. */
export const useMemberCommand = <N extends MemberCommand>(name: N) =>
  useCommand(merchantKeys.member, (body: InputOf<N>) => api.run(name, body as never));

/** GET /api/bank/account */
export const bankAccountQuery = queryOptions({ queryKey: merchantKeys.bank, queryFn: () => api.read('bankAccount') });
export const saveBankAccount = (body: InputOf<'bankAccountSave'>) => api.run('bankAccountSave', body);
/** GET /api/bank/accounts — every settlement account of the company (decision 0206). */
export const bankAccountsQuery = queryOptions({ queryKey: [...merchantKeys.bank, 'list'], queryFn: () => api.read('bankAccounts') });
export const sendBankDeposit = (id: number) => api.run('bankAccountSend', { id });
export const verifyBankDeposit = (id: number, amount: number) => api.run('bankAccountVerify', { id, amount });
export const setDefaultBankAccount = (id: number) => api.run('bankAccountDefault', { id });
export const disableBankAccount = (id: number) => api.run('bankAccountDisable', { id });

/** GET /api/store/settings and /api/store/products (the floor picker). */
export const storeSettingsQuery = queryOptions({ queryKey: merchantKeys.store, queryFn: () => api.read('storeSettings') });
export const storeProductsQuery = queryOptions({ queryKey: [...merchantKeys.store, 'products'], queryFn: () => api.read('storeProducts') });
export const useSaveStoreSettings = () =>
  useCommand(merchantKeys.store, (body: InputOf<'storeSettingsSave'>) => api.run('storeSettingsSave', body));

/** GET /api/pay/submerchants — the supplier's payee with each online payment partner (收款设置, decision 0216). */
export const subMerchantsQuery = queryOptions({ queryKey: ['merchant', 'submerchants'] as const, queryFn: () => api.read('subMerchants') });
export const submitWechatSubMerchant = (subMchId: string) => api.run('subMerchantWechat', { subMchId });
export const submitAlipayAuthorisation = (code: string) => api.run('subMerchantAlipay', { code });
