import { useQuery } from '@tanstack/react-query';
import type { MerchantApplicationView, Paged, ReviewEventView } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

/*
 * Review queues whose server routes still live in the merchant and certification modules and are not declared
 * in packages/shared/src/endpoints yet (issue 9: they move to the console module after issue 8). Until then
 * their paths and answer types are written here, once; pages use these hooks only.
 */

export type MerchantRow = MerchantApplicationView & { id: number; companyId: number };
export interface MerchantDetail {
  application: MerchantRow & { agreementIp: string | null };
  company: { id: number; name: string; disabled: boolean } | null;
  history: ReviewEventView[];
}
export interface CertRow {
  id: number;
  companyId: number;
  status: number;
  companyName: string;
  creditCode: string;
  legalPerson: string;
  licenseImage: string;
  handlerName: string;
  handlerIdNo: string;
  handlerPhone: string;
  verifyRef: string | null;
  verifiedAt: string | null;
  contractSigned: boolean;
  submittedAt: string | null;
  rejectReason: string | null;
}
export interface UpgradeRow {
  id: number;
  companyId: number;
  companyName: string;
  fromLevel: number;
  targetLevel: number;
  status: number;
  transferRef: string;
  remark: string;
  rejectReason: string | null;
  createdAt: string;
}
export interface ReviewListQuery {
  status?: number;
  keyword?: string;
  pageIndex: number;
  pageSize: number;
}

const read = <T>(url: string, body?: unknown) => api.query<T>(url, body);
const get = <T>(url: string) => api.get<T>(url);
const decide = (url: string) => (body: { id: number; reason?: string }) => api.command<null>(url, body);

export const useMerchantApplications = (query: ReviewListQuery) =>
  useQuery({ queryKey: ['admin', 'merchant', 'list', query], queryFn: () => read<Paged<MerchantRow>>('/admin/api/merchant/list', query) });
export const useMerchantApplication = (id: number | null) =>
  useQuery({ queryKey: ['admin', 'merchant', id], queryFn: () => get<MerchantDetail>(`/admin/api/merchant/detail/${id}`), enabled: !!id });
export const approveMerchant = decide('/admin/api/merchant/approve');
export const rejectMerchant = decide('/admin/api/merchant/reject');

export const useCertifications = (query: ReviewListQuery) =>
  useQuery({ queryKey: ['admin', 'cert', 'list', query], queryFn: () => read<Paged<CertRow>>('/admin/api/certification/list', query) });
export const useCertification = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'cert', id],
    queryFn: () => get<{ certification: CertRow; history: ReviewEventView[] }>(`/admin/api/certification/detail/${id}`),
    enabled: !!id,
  });
export const approveCertification = decide('/admin/api/certification/approve');
export const rejectCertification = decide('/admin/api/certification/reject');

export const useUpgradeRequests = (query: ReviewListQuery) =>
  useQuery({ queryKey: ['admin', 'upgrades', query], queryFn: () => read<Paged<UpgradeRow>>('/admin/api/member/upgrade/list', query) });
export const confirmUpgrade = decide('/admin/api/member/upgrade/confirm');
export const rejectUpgrade = decide('/admin/api/member/upgrade/reject');
