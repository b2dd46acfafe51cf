import type { MerchantApplicationView, ReviewEventView } from '@aquamall/shared';

export interface MyApplication {
  application: MerchantApplicationView;
  history: ReviewEventView[];
}

export interface CertificationView {
  id: number | null;
  status: number;
  companyName: string;
  creditCode: string;
  legalPerson: string;
  licenseImage?: string;
  handlerName?: string;
  handlerIdNo?: string;
  handlerPhone?: string;
  verifyRef?: string | null;
  verifiedAt?: string | null;
  contractSigned?: boolean;
  contractSignedAt?: string | null;
  submittedAt?: string | null;
  decidedAt?: string | null;
  rejectReason?: string | null;
  history: ReviewEventView[];
}

export interface MemberInfo {
  memberLevel: number;
  isMemberVail: number;
  levels: { level: number; name: string; unlocks: string[] }[];
  platformBank: { accountName: string; bankName: string; accountNo: string };
  requests: { id: number; fromLevel: number; targetLevel: number; status: number; transferRef: string; rejectReason: string | null; createdAt: string }[];
}

export interface BankAccountView {
  accountName: string;
  bankName: string;
  branchName: string;
  accountNo: string;
  status: number;
  attemptsLeft: number;
  sentAt: string | null;
  verifiedAt: string | null;
}

export interface StoreSettingsView {
  merchantStatus: number;
  shopOpen: boolean;
  shopName: string | null;
  shopType: number | null;
  logo: string;
  shopBanner: string;
  introduction: string;
  mainBusiness: string;
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
  shopFloors: { title: string; productIds: number[] }[];
}
