import { z } from 'zod';
import { MOBILE_RE } from '../constants.ts';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';
import { MEMBER_GATE_MIN_LEVEL, type MemberGate } from './access.ts';
import {
  isValidCreditCode,
  isValidIdCardNumber,
  MSG_CREDIT_CODE_FORMAT,
  MSG_CREDIT_CODE_INVALID,
  MSG_ID_NUMBER_FORMAT,
  MSG_ID_NUMBER_INVALID,
} from '../check-digits.ts';

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
 * Documents a shop type must upload (docs/product/merchants.md#shop-types-and-documents): 营业执照 always; 税务登记 and 组织机构代码 unless the licence is
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

/**
 * The unified social credit code (GB 32100-2015): the form checks it as it is typed and the server checks it
 * again with the same function, so both say the same words.
 */
export const creditCodeField = z
  .string('请输入统一社会信用代码')
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/, MSG_CREDIT_CODE_FORMAT)
  .refine((c) => isValidCreditCode(c), MSG_CREDIT_CODE_INVALID);

/** A resident ID number (GB 11643): 18 characters, a real birth date and the mod-11 check character. */
export const idCardNumberField = z
  .string('请输入身份证号码')
  .trim()
  .toUpperCase()
  .regex(/^\d{17}[\dX]$/, MSG_ID_NUMBER_FORMAT)
  .refine((c) => isValidIdCardNumber(c), MSG_ID_NUMBER_INVALID);

const areaCode = z.number('请选择所在地区').int('请选择所在地区').min(100000, '请选择所在地区').max(999999, '请选择所在地区');
/** 所在地区: the area cascader's codes (province, city[, district]); the server resolves and keeps the names. */
export const areaField = z.array(areaCode, '请选择所在地区').min(2, '请选择所在地区').max(3, '请选择所在地区');

/** Wizard steps: 0 agreement, 1 shop type, 2 company and contact, 3 documents. */
export const MERCHANT_WIZARD_STEPS = 4;

/** The application form (draft: every field optional; submit: `merchantSubmitInput`). */
export const merchantFormFields = {
  shopType: z.number({ error: '请选择店铺类型' }).int().min(1, '请选择店铺类型').max(3, '请选择店铺类型'),
  shopName: z.string().trim().min(2, '店铺名称至少2个字').max(50, '店铺名称最多50个字'),
  companyName: z.string().trim().min(4, '请输入企业全称').max(100, '企业名称最多100个字'),
  creditCode: creditCodeField,
  legalPerson: z.string().trim().min(2, '请输入法定代表人').max(50),
  contactName: z.string().trim().min(2, '请输入联系人').max(50),
  contactPhone: phone,
  contactEmail: z.union([z.literal(''), z.email('请输入正确的邮箱')]),
  area: areaField,
  address: z.string().trim().min(5, '请输入详细地址').max(200),
  mainBusiness: z.string().trim().max(300, '主营业务最多300个字'),
  threeInOne: z.boolean(),
  documents: z.partialRecord(z.enum(MERCHANT_DOC_KINDS), documentFiles),
};

/**
 * A draft keeps what was typed so far, checked only for size (a half-typed credit code is kept as typed), and
 * the wizard step the user reached, so a reload resumes there.
 */
export const merchantDraftInput = z
  .object({
    ...merchantFormFields,
    creditCode: z.string().trim().toUpperCase().max(18),
    area: z.array(areaCode).max(3),
    step: z.number().int().min(0).max(MERCHANT_WIZARD_STEPS - 1),
  })
  .partial();
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
  area: z.array(z.number().int()),
  areaName: z.string(),
  address: z.string(),
  mainBusiness: z.string(),
  threeInOne: z.boolean(),
  documents: z.partialRecord(z.enum(MERCHANT_DOC_KINDS), z.array(z.string())),
  /** The wizard step the applicant reached (saved with each step), where a reload resumes. */
  step: z.number().int(),
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
export const adminUpgradeListQuery = pageQuery.extend({ status: z.number().int().min(0).max(4).optional() });

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
  /** Empty: the licence uploaded with the merchant application is used (not asked again). */
  licenseImage: z.string().trim().max(300).default(''),
  handlerName: z.string().trim().min(2, '请输入经办人姓名').max(50),
  handlerIdNo: idCardNumberField,
  handlerPhone: phone,
});
export type CertificationInput = z.infer<typeof certificationInput>;
export type CertificationFormInput = z.input<typeof certificationInput>;

/** Member levels that can be bought (1–3); 0 普通会员 is free. */
export const MEMBER_LEVEL_NAMES = ['普通会员', '一级会员', '二级会员', '三级会员'] as const;

/**
 * The rights table: each right with the lowest level that holds it. Levels are cumulative — a level holds
 * every right of the levels below it — and the gated pages (MEMBER_GATE_MIN_LEVEL in contracts/access.ts)
 * open at the same levels, so the table and the gates cannot disagree.
 */
export const MEMBER_RIGHTS: { key: string; name: string; minLevel: number; gate?: MemberGate }[] = [
  { key: 'mall', name: '商城浏览、询价、下单', minLevel: 0 },
  { key: 'publish', name: '商品发布（入驻审核通过后）', minLevel: 0 },
  { key: 'saleOrderDetail', name: '销售订单详情', minLevel: MEMBER_GATE_MIN_LEVEL.levels13, gate: 'levels13' },
  { key: 'adjustmentDetail', name: '库存调整记录', minLevel: MEMBER_GATE_MIN_LEVEL.levels13, gate: 'levels13' },
  { key: 'productDetail', name: '商品详情管理', minLevel: MEMBER_GATE_MIN_LEVEL.levels13, gate: 'levels13' },
  { key: 'quotationDetail', name: '报价单及报价订单详情', minLevel: MEMBER_GATE_MIN_LEVEL.levels23, gate: 'levels23' },
];
export const memberRightsOf = (level: number) => MEMBER_RIGHTS.filter((r) => r.minLevel <= level);

/** Price (fen) and term (months) of each level that can be bought; a purchase or renewal buys one term. */
export const MEMBER_PLANS: { level: number; priceFen: number; months: number }[] = [
  { level: 1, priceFen: 198_000, months: 12 },
  { level: 2, priceFen: 398_000, months: 12 },
  { level: 3, priceFen: 598_000, months: 12 },
];
export const memberPlan = (level: number) => MEMBER_PLANS.find((p) => p.level === level) ?? null;

/** Days before the expiry of a paid term when the company is reminded (once per term). */
export const MEMBER_EXPIRY_REMINDER_DAYS = 7;

/** Membership order status: 4 待付款 → 0 待确认 (proof uploaded) → 1 已确认 | 2 已拒绝; 3 已撤销. */
export const MemberOrderStatus = { AWAITING_CONFIRMATION: 0, CONFIRMED: 1, REFUSED: 2, CANCELLED: 3, AWAITING_PAYMENT: 4 } as const;
export const MEMBER_ORDER_STATUS_LABELS: Record<number, string> = { 0: '待确认', 1: '已确认', 2: '已拒绝', 3: '已撤销', 4: '待付款' };
export const MEMBER_INVOICE_STATUS_LABELS: Record<number, string> = { 0: '未申请', 1: '已申请', 2: '已开具' };

/** Buy (or upgrade to) a level, or renew the current one: creates an order awaiting the transfer. */
export const memberOrderCreateInput = z.object({
  level: z.number({ error: '请选择会员等级' }).int().min(1, '请选择会员等级').max(3, '请选择会员等级'),
});
/** The transfer receipt(s) of an order, with the bank's reference when known. */
export const memberOrderProofInput = z.object({
  id: recordId,
  proofFiles: z.array(z.string().trim().min(1).max(300)).min(1, '请上传转账凭证').max(5, '最多上传5张凭证'),
  transferRef: z.string().trim().max(100).default(''),
  remark: z.string().trim().max(300).default(''),
});
export const memberOrderIdInput = z.object({ id: recordId });
/** An invoice request for a confirmed order (the platform is the seller). */
export const memberInvoiceRequestInput = z.object({
  id: recordId,
  title: z.string().trim().min(4, '请输入发票抬头').max(100, '发票抬头最多100个字'),
  taxNo: creditCodeField,
  email: z.union([z.literal(''), z.email('请输入正确的邮箱')]).default(''),
});
/** The console records the invoice it issued for an order. */
export const memberInvoiceIssueInput = z.object({
  id: recordId,
  invoiceNo: z.string().trim().min(4, '请输入发票号码').max(40, '发票号码最多40个字'),
});
/** The platform's account membership fees are transferred to (site setting `platform_bank`, edited in the console). */
export const platformBankInput = z.object({
  accountName: z.string().trim().min(4, '请输入户名').max(100),
  bankName: z.string().trim().min(2, '请输入开户行').max(100),
  accountNo: z
    .string()
    .trim()
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{8,30}$/, '银行账号为8-30位数字')),
});
export type PlatformBank = z.output<typeof platformBankInput>;
export const PLATFORM_BANK_SETTING = 'platform_bank';

export const bankAccountInput = z.object({
  /** Absent: a new account (decision 0206); present: corrects an account not yet verified. */
  id: z.number().int().positive().optional(),
  accountName: z.string().trim().min(4, '请输入开户名称').max(100),
  bankName: z.string().trim().min(2, '请输入开户银行').max(100),
  branchName: z.string().trim().max(100).default(''),
  accountNo: z
    .string()
    .trim()
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{8,30}$/, '银行账号为8-30位数字')),
});

/** One of the company's accounts; absent: its main one (default, else the latest in use). */
export const bankAccountRef = z.object({ id: z.number().int().positive().optional() });
export const bankAccountId = z.object({ id: z.number({ error: '请选择账户' }).int().positive() });

export const bankVerifyInput = z.object({
  id: z.number().int().positive().optional(),
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
  /** 所在地区 shown in the mall; absent: unchanged. */
  area: areaField.optional(),
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

/** Signing the service agreement: the SMS code sent to the signer's own phone (意愿认证, docs/decisions/0208-order-contracts.md). */
export const certificationSignInput = z.object({
  code: z.string('请输入短信验证码').trim().regex(/^\d{6}$/, '请输入6位短信验证码'),
});
export type CertificationSignInput = z.input<typeof certificationSignInput>;
/** The service agreement as the signer reads it before signing: the parties and the terms. */
export const certificationAgreement = z.object({
  title: z.string(),
  parties: z.array(z.tuple([z.string(), z.string()])),
  terms: z.array(z.string()),
});
export type CertificationAgreement = z.infer<typeof certificationAgreement>;
export const certificationSignCodeAnswer = z.object({ resendSeconds: z.number(), phone: z.string() });

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
  /** The business licence uploaded with the merchant application, reused here (null: none to reuse). */
  entryLicense: z.string().nullable(),
  history: z.array(reviewEventView),
});
export type MyCertification = z.infer<typeof myCertification>;

export const adminCertificationRow = certificationView.extend({ companyId: z.number().int() });
export type AdminCertificationRow = z.infer<typeof adminCertificationRow>;
export const adminCertificationDetail = z.object({ certification: adminCertificationRow, history: z.array(reviewEventView) });
export type AdminCertificationDetail = z.infer<typeof adminCertificationDetail>;

/** A membership order (MemberOrderStatus); rows from before orders have no order number. */
export const memberUpgradeRow = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  orderNo: z.string().nullable(),
  kind: z.number().int(),
  fromLevel: z.number().int(),
  targetLevel: z.number().int(),
  status: z.number().int(),
  /** Yuan, two decimals (the one wire form of money, decision 0182). */
  amount: z.string(),
  months: z.number().int(),
  proofFiles: z.array(z.string()),
  proofAt: nullableTime,
  periodStart: nullableTime,
  periodEnd: nullableTime,
  invoiceStatus: z.number().int(),
  invoiceTitle: z.string().nullable(),
  invoiceTaxNo: z.string().nullable(),
  invoiceEmail: z.string().nullable(),
  invoiceRequestedAt: nullableTime,
  invoiceNo: z.string().nullable(),
  invoiceIssuedAt: nullableTime,
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

/** member/info: the level and its expiry, the levels side by side, where to pay and the latest orders. */
export const memberInfo = z.object({
  memberLevel: z.number().int(),
  isMemberVail: z.number().int(),
  memberExpiresAt: nullableTime,
  levels: z.array(
    z.object({
      level: z.number().int(),
      name: z.string(),
      price: z.string().nullable(),
      months: z.number().int().nullable(),
      rights: z.array(z.string()),
    }),
  ),
  rights: z.array(z.object({ key: z.string(), name: z.string(), minLevel: z.number().int() })),
  /** Null until the platform has set its account in the console (no order can be paid then). */
  platformBank: z.object({ accountName: z.string(), bankName: z.string(), accountNo: z.string() }).nullable(),
  requests: z.array(memberUpgradeRow),
});
export type MemberInfo = z.infer<typeof memberInfo>;

/** The settlement account as the company sees it (number masked, never the deposited amount). */
export const bankAccountView = z.object({
  id: z.number().int(),
  accountName: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  accountNo: z.string(),
  status: z.number().int(),
  attemptsLeft: z.number().int(),
  sentAt: nullableTime,
  verifiedAt: nullableTime,
  /** The payee of new orders (decision 0206). */
  isDefault: z.boolean(),
  /** Set when the company stopped using it. */
  disabledAt: nullableTime,
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
  area: z.array(z.number().int()),
  areaName: z.string().nullable(),
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
