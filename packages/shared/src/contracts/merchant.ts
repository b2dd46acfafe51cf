import { z } from 'zod';
import { MOBILE_RE } from '../constants.ts';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';

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

const phone = z.string().trim().regex(MOBILE_RE, '请输入正确的手机号码');
/** A mobile number, a landline with area code (0510-87061234, extension allowed) or a 400 number. */
export const CONTACT_PHONE_RE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|400-?\d{3}-?\d{4})$/;
const contactPhone = z.string().trim().regex(CONTACT_PHONE_RE, '请输入正确的联系电话');
const filePath = z.string().trim().min(1).max(300);
const documentFiles = z.array(filePath).max(5, '每类证件最多5张');

/** The files of a document the shop type must upload (`requiredMerchantDocuments`): at least one. */
export const requiredDocumentFiles = (kind: MerchantDocKind) => documentFiles.min(1, `请上传${MERCHANT_DOC_LABELS[kind]}`);

/** The application form (draft: every field optional; submit: `merchantSubmitInput`). */
export const merchantFormFields = {
  shopType: z.number({ error: '请选择店铺类型' }).int().min(1, '请选择店铺类型').max(3, '请选择店铺类型'),
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
  documents: z.partialRecord(z.enum(MERCHANT_DOC_KINDS), documentFiles),
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
  id: recordId,
  reason: z.string().trim().min(2, '请填写驳回原因').max(300, '驳回原因最多300个字'),
});
export const reviewIdInput = z.object({ id: recordId });

const nullableTime = wireTimestamp.nullable();

/** What the applicant sees of the application. */
export const merchantApplicationView = z.object({
  id: z.number().int().nullable(),
  status: z.number().int(),
  shopType: z.number().int().nullable(),
  shopName: z.string(),
  companyName: z.string(),
  creditCode: z.string(),
  legalPerson: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  address: z.string(),
  mainBusiness: z.string(),
  threeInOne: z.boolean(),
  documents: z.partialRecord(z.enum(MERCHANT_DOC_KINDS), z.array(z.string())),
  agreementVersion: z.string().nullable(),
  agreementSignedAt: nullableTime,
  submittedAt: nullableTime,
  decidedAt: nullableTime,
  rejectReason: z.string().nullable(),
});
export type MerchantApplicationView = z.infer<typeof merchantApplicationView>;

/** One step of a review's history (submit, approve, reject, sign, ...), oldest first. */
export const reviewEventView = z.object({
  id: z.number().int(),
  action: z.string(),
  reason: z.string().nullable(),
  actorName: z.string(),
  createdAt: wireTimestamp,
});
export type ReviewEventView = z.infer<typeof reviewEventView>;

/** merchant/application: the caller's application (or an empty prefilled form) and its history. */
export const myApplication = z.object({ application: merchantApplicationView, history: z.array(reviewEventView) });
export type MyApplication = z.infer<typeof myApplication>;

/** Console review lists: status and a keyword (company, shop or credit code). */
export const adminReviewListQuery = pageQuery.extend({
  status: z.number().int().min(0).max(3).optional(),
  keyword: z.string().trim().max(60).optional(),
});
export const adminUpgradeListQuery = pageQuery.extend({ status: z.number().int().min(0).max(2).optional() });

export const adminMerchantRow = merchantApplicationView.extend({ id: z.number().int(), companyId: z.number().int() });
export type AdminMerchantRow = z.infer<typeof adminMerchantRow>;
export const adminMerchantDetail = z.object({
  application: adminMerchantRow.extend({ agreementIp: z.string().nullable() }),
  company: z
    .object({ id: z.number().int(), name: z.string(), type: z.number().int(), disabled: z.boolean(), createdAt: wireTimestamp })
    .nullable(),
  history: z.array(reviewEventView),
});
export type AdminMerchantDetail = z.infer<typeof adminMerchantDetail>;

/** Enterprise certification form (authentication/edit). Check digits are verified by the server. */
export const certificationInput = z.object({
  companyName: merchantFormFields.companyName,
  creditCode: merchantFormFields.creditCode,
  legalPerson: merchantFormFields.legalPerson,
  licenseImage: z.string().trim().min(1, '请上传营业执照').max(300),
  handlerName: z.string().trim().min(2, '请输入经办人姓名').max(50),
  handlerIdNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^\d{17}[\dX]$/, '身份证号码为18位'),
  handlerPhone: phone,
});
export type CertificationInput = z.infer<typeof certificationInput>;

/** What each membership level unlocks (SPEC §4 gates; level 3 has everything). */
export const MEMBER_LEVEL_BENEFITS: { level: number; name: string; unlocks: string[] }[] = [
  { level: 0, name: '普通会员', unlocks: ['商城浏览、询价、下单', '商品发布（入驻审核通过后）'] },
  { level: 1, name: '一级会员', unlocks: ['销售订单详情', '库存调整记录', '商品详情管理'] },
  { level: 2, name: '二级会员', unlocks: ['报价单及报价订单详情'] },
  { level: 3, name: '三级会员', unlocks: ['全部功能：销售订单、库存调整、商品详情、报价'] },
];

export const memberUpgradeInput = z.object({
  targetLevel: z.number({ error: '请选择会员等级' }).int().min(1, '请选择会员等级').max(3, '请选择会员等级'),
  transferRef: z.string().trim().min(4, '请填写转账流水号').max(100),
  remark: z.string().trim().max(300).default(''),
});

export const bankAccountInput = z.object({
  accountName: z.string().trim().min(4, '请输入开户名称').max(100),
  bankName: z.string().trim().min(2, '请输入开户银行').max(100),
  branchName: z.string().trim().max(100).default(''),
  accountNo: z
    .string()
    .trim()
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{8,30}$/, '银行账号为8-30位数字')),
});

export const bankVerifyInput = z.object({
  amount: z.number({ error: '请输入收到的金额' }).gt(0, '请输入收到的金额').lt(1, '打款金额小于1元'),
});

export const storeSettingsInput = z.object({
  shopName: z.string().trim().min(2, '店铺名称至少2个字').max(50, '店铺名称最多50个字'),
  logo: z.string().trim().max(300).default(''),
  shopBanner: z.string().trim().max(300).default(''),
  introduction: z.string().trim().max(2000, '店铺介绍最多2000个字').default(''),
  mainBusiness: z.string().trim().max(300).default(''),
  contactName: z.string().trim().max(50).default(''),
  contactPhone: z.union([z.literal(''), contactPhone]).default(''),
  address: z.string().trim().max(200).default(''),
  shopFloors: z
    .array(
      z.object({
        title: z.string().trim().min(1, '请输入楼层名称').max(20, '楼层名称最多20个字'),
        productIds: z.array(recordId).max(20, '每个楼层最多20个商品'),
      }),
    )
    .max(10, '最多10个楼层')
    .default([]),
});
export type StoreSettingsInput = z.infer<typeof storeSettingsInput>;

// ---- Answers -------------------------------------------------------------------------------------------------

/** A certification as the company sees it (the handler's ID number masked; the console sees it in full). */
export const certificationView = z.object({
  id: z.number().int(),
  status: z.number().int(),
  companyName: z.string(),
  creditCode: z.string(),
  legalPerson: z.string(),
  licenseImage: z.string(),
  handlerName: z.string(),
  handlerIdNo: z.string(),
  handlerPhone: z.string(),
  verifyRef: z.string().nullable(),
  verifiedAt: nullableTime,
  contractSigned: z.boolean(),
  contractSignedAt: nullableTime,
  submittedAt: nullableTime,
  decidedAt: nullableTime,
  rejectReason: z.string().nullable(),
});
export type CertificationView = z.infer<typeof certificationView>;

/**
 * certification/detail: the company's certification with its history; a company that never submitted gets
 * the company's names only (id null).
 */
export const myCertification = certificationView.partial().extend({
  id: z.number().int().nullable(),
  status: z.number().int(),
  companyName: z.string(),
  creditCode: z.string(),
  legalPerson: z.string(),
  contractSigned: z.boolean(),
  history: z.array(reviewEventView),
});
export type MyCertification = z.infer<typeof myCertification>;

export const adminCertificationRow = certificationView.extend({ companyId: z.number().int() });
export type AdminCertificationRow = z.infer<typeof adminCertificationRow>;
export const adminCertificationDetail = z.object({ certification: adminCertificationRow, history: z.array(reviewEventView) });
export type AdminCertificationDetail = z.infer<typeof adminCertificationDetail>;

/** A membership upgrade request (0 待确认, 1 已确认, 2 已拒绝, 3 已撤销). */
export const memberUpgradeRow = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  fromLevel: z.number().int(),
  targetLevel: z.number().int(),
  status: z.number().int(),
  transferRef: z.string(),
  remark: z.string(),
  decidedAt: nullableTime,
  decidedBy: z.number().int().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: wireTimestamp,
});
export type MemberUpgradeRow = z.infer<typeof memberUpgradeRow>;
export const adminUpgradeRow = memberUpgradeRow.extend({ companyName: z.string() });
export type AdminUpgradeRow = z.infer<typeof adminUpgradeRow>;

/** member/info: the level, what each level unlocks, where to pay and the latest requests. */
export const memberInfo = z.object({
  memberLevel: z.number().int(),
  isMemberVail: z.number().int(),
  levels: z.array(z.object({ level: z.number().int(), name: z.string(), unlocks: z.array(z.string()) })),
  platformBank: z.object({ accountName: z.string(), bankName: z.string(), accountNo: z.string() }),
  requests: z.array(memberUpgradeRow),
});
export type MemberInfo = z.infer<typeof memberInfo>;

/** The settlement account as the company sees it (number masked, never the deposited amount). */
export const bankAccountView = z.object({
  accountName: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  accountNo: z.string(),
  status: z.number().int(),
  attemptsLeft: z.number().int(),
  sentAt: nullableTime,
  verifiedAt: nullableTime,
});
export type BankAccountView = z.infer<typeof bankAccountView>;
export const bankVerifyResult = z.object({ verified: z.boolean(), account: bankAccountView });

export const storeSettingsView = z.object({
  merchantStatus: z.number().int(),
  shopOpen: z.boolean(),
  shopName: z.string().nullable(),
  shopType: z.number().int().nullable(),
  logo: z.string(),
  shopBanner: z.string(),
  introduction: z.string(),
  mainBusiness: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  shopFloors: z.array(z.object({ title: z.string(), productIds: z.array(z.number().int()) })),
});
export type StoreSettingsView = z.infer<typeof storeSettingsView>;
/** A product of the shop, for the floor picker. */
export const storeProduct = z.object({ id: z.number().int(), name: z.string(), status: z.number().int() });
export type StoreProduct = z.infer<typeof storeProduct>;

// ---- Files ---------------------------------------------------------------------------------------------------

/** One stored upload as /file/upload answers it. */
export const uploadedFile = z.object({ fileRelativePath: z.string(), fileName: z.string(), size: z.number().int() });
export type UploadedFile = z.infer<typeof uploadedFile>;
export const uploadQuery = z.object({ appName: z.string().max(40).optional() });
/** One of the caller's uploads (file/list). */
export const fileRow = uploadedFile.extend({ id: z.number().int(), mime: z.string(), createdAt: wireTimestamp });
export type FileRow = z.infer<typeof fileRow>;
