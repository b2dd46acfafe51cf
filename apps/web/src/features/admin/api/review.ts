import { useQuery } from '@tanstack/react-query';
import type { AdminCertificationRow, AdminMerchantRow, AdminUpgradeRow } from '@aquamall/shared';
import { api, type InputOf } from '../../../lib/api.ts';

/** Console review queues: merchant applications, certifications and membership upgrades. */

export type MerchantRow = AdminMerchantRow;
export type CertRow = AdminCertificationRow;
export type UpgradeRow = AdminUpgradeRow;
export type ReviewListQuery = InputOf<'adminMerchantList'>;

/** POST /admin/api/merchant/list */
export const useMerchantApplications = (query: ReviewListQuery) =>
  useQuery({ queryKey: ['admin', 'merchant', 'list', query], queryFn: () => api.read('adminMerchantList', query) });
/** GET /admin/api/merchant/detail/:id */
export const useMerchantApplication = (id: number | null) =>
  useQuery({ queryKey: ['admin', 'merchant', id], queryFn: () => api.read('adminMerchantDetail', { id: id! }), enabled: !!id });
export const approveMerchant = (body: InputOf<'adminMerchantApprove'>) => api.run('adminMerchantApprove', body);
export const rejectMerchant = (body: InputOf<'adminMerchantReject'>) => api.run('adminMerchantReject', body);

/** POST /admin/api/certification/list */
export const useCertifications = (query: InputOf<'adminCertificationList'>) =>
  useQuery({ queryKey: ['admin', 'cert', 'list', query], queryFn: () => api.read('adminCertificationList', query) });
/** GET /admin/api/certification/detail/:id */
export const useCertification = (id: number | null) =>
  useQuery({ queryKey: ['admin', 'cert', id], queryFn: () => api.read('adminCertificationDetail', { id: id! }), enabled: !!id });
export const approveCertification = (body: InputOf<'adminCertificationApprove'>) => api.run('adminCertificationApprove', body);
export const rejectCertification = (body: InputOf<'adminCertificationReject'>) => api.run('adminCertificationReject', body);

/** POST /admin/api/member/upgrade/list */
export const useUpgradeRequests = (query: InputOf<'adminUpgradeList'>) =>
  useQuery({ queryKey: ['admin', 'upgrades', query], queryFn: () => api.read('adminUpgradeList', query) });
export const confirmUpgrade = (body: InputOf<'adminUpgradeConfirm'>) => api.run('adminUpgradeConfirm', body);
export const rejectUpgrade = (body: InputOf<'adminUpgradeReject'>) => api.run('adminUpgradeReject', body);
export const issueMemberInvoice = (body: InputOf<'adminMemberInvoiceIssue'>) => api.run('adminMemberInvoiceIssue', body);
