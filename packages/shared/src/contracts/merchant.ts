import { z } from 'zod';

/** Version of the merchant registration agreement the applicant signs (recorded with time and IP). */
export const MERCHANT_AGREEMENT_VERSION = '2026.1';

export const MERCHANT_DOC_KINDS = ['license', 'taxRegistration', 'orgCode', 'productionLicense', 'brandAuthorization'] as const;
export type MerchantDocKind = (typeof MERCHANT_DOC_KINDS)[number];
export const MERCHANT_DOC_LABELS: Record<MerchantDocKind, string> = {
  license: '营业执照',
  taxRegistration: '税务登记证',
  orgCode: '组织机构代码证',
  productionLicense: '生产许可证',
  brandAuthorization: '品牌授权书',
};

/** Shop types (ShopType enum): 1 生产厂家, 2 经销商, 3 服务商. */
export const SHOP_TYPE_OPTIONS = [
  { value: 1, label: '生产厂家', hint: '自有工厂，生产并销售产品' },
  { value: 2, label: '经销商', hint: '代理或经销品牌产品' },
  { value: 3, label: '服务商', hint: '提供工程、运维、检测等服务' },
] as const;

/**
 * Documents a shop type must upload (DESIGN §3): 营业执照 always; 税务登记 and 组织机构代码 unless the licence is
 * 三证合一; 生产许可证 for manufacturers; 品牌授权书 for dealers.
 */
export function requiredMerchantDocuments(shopType: number | null | undefined, threeInOne: boolean): MerchantDocKind[] {
  const kinds: MerchantDocKind[] = ['license'];
  if (!threeInOne) kinds.push('taxRegistration', 'orgCode');
  if (shopType === 1) kinds.push('productionLicense');
  if (shopType === 2) kinds.push('brandAuthorization');
  return kinds;
}

const phone = z.string().trim().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码');
const filePath = z.string().trim().min(1).max(300);

/** The application form (draft: every field optional; submit: `merchantSubmitInput`). */
export const merchantFormFields = {
  shopType: z.number().int().min(1, '请选择店铺类型').max(3, '请选择店铺类型'),
  shopName: z.string().trim().min(2, '店铺名称至少2个字').max(50, '店铺名称最多50个字'),
  companyName: z.string().trim().min(4, '请输入企业全称').max(100, '企业名称最多100个字'),
  creditCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{18}$/, '统一社会信用代码为18位数字或大写字母'),
  legalPerson: z.string().trim().min(2, '请输入法定代表人').max(50),
  contactName: z.string().trim().min(2, '请输入联系人').max(50),
  contactPhone: phone,
  contactEmail: z.union([z.literal(''), z.email('请输入正确的邮箱')]),
  address: z.string().trim().min(5, '请输入详细地址').max(200),
  mainBusiness: z.string().trim().max(300, '主营业务最多300个字'),
  threeInOne: z.boolean(),
  documents: z.partialRecord(z.enum(MERCHANT_DOC_KINDS), z.array(filePath).max(5, '每类证件最多5张')),
};

export const merchantDraftInput = z.object(merchantFormFields).partial();
export type MerchantDraftInput = z.infer<typeof merchantDraftInput>;

export const merchantSubmitInput = z.object({
  ...merchantFormFields,
  contactEmail: merchantFormFields.contactEmail.default(''),
  mainBusiness: merchantFormFields.mainBusiness.default(''),
  agreement: z.object({
    version: z.string().min(1).max(20),
    agreed: z.literal(true, { error: '请阅读并同意入驻协议' }),
  }),
});
export type MerchantSubmitInput = z.infer<typeof merchantSubmitInput>;

export const reviewRejectInput = z.object({
  id: z.number().int().positive(),
  reason: z.string().trim().min(2, '请填写驳回原因').max(300, '驳回原因最多300个字'),
});
export const reviewIdInput = z.object({ id: z.number().int().positive() });

/** What the applicant sees of the application. */
export interface MerchantApplicationView {
  id: number | null;
  status: number;
  shopType: number | null;
  shopName: string;
  companyName: string;
  creditCode: string;
  legalPerson: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  address: string;
  mainBusiness: string;
  threeInOne: boolean;
  documents: Partial<Record<MerchantDocKind, string[]>>;
  agreementVersion: string | null;
  agreementSignedAt: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  rejectReason: string | null;
}

export interface ReviewEventView {
  id: number;
  action: string;
  reason: string | null;
  actorName: string;
  createdAt: string;
}
