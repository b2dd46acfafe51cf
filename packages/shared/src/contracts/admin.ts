import { z } from 'zod';
import { pageQuery, recordId, wireJson, wireTimestamp } from '../envelope.ts';
import { normalizeSearch } from './mall-search.ts';

/**
 * The platform console (/admin/api/...): request schemas (the server validates with them, console forms build
 * their rules from them) and the rows it answers, as they are on the wire (dates are ISO strings).
 */

const sortValue = z.number().int().min(-9999, '排序值最小为-9999').max(9999, '排序值最大为9999').default(0);
const link = z.string().trim().max(300).default('');
const target = z.enum(['_self', '_blank']).default('_self');

/** Body of console commands on one record: `{id}`. */
export const adminIdInput = z.object({ id: recordId });

// ---- Console session and overview -------------------------------------------------------------------------

export const adminMe = z.object({ userId: z.number().int(), isPlatformAdmin: z.literal(true) });
export type AdminMe = z.infer<typeof adminMe>;

export const adminDashboard = z.object({
  pendingMerchants: z.number().int(),
  pendingCertifications: z.number().int(),
  pendingUpgrades: z.number().int(),
  suppliers: z.number().int(),
  purchasers: z.number().int(),
  openShops: z.number().int(),
  onSale: z.number().int(),
  actions24h: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

// ---- Companies ---------------------------------------------------------------------------------------------

export const adminCompanyListQuery = pageQuery.extend({
  keyword: z.string().trim().max(60).optional(),
  type: z.union([z.literal(2), z.literal(4)]).optional(),
  merchantStatus: z.number().int().min(0).max(3).optional(),
  disabled: z.boolean().optional(),
});
export type AdminCompanyListQuery = z.infer<typeof adminCompanyListQuery>;

export const adminCompanyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  creditCode: z.string().nullable(),
  memberLevel: z.number().int(),
  isMemberVail: z.number().int(),
  certStatus: z.number().int(),
  merchantStatus: z.number().int(),
  shopName: z.string().nullable(),
  shopOpen: z.boolean(),
  disabled: z.boolean(),
  createdAt: wireTimestamp,
});
export type AdminCompanyRow = z.infer<typeof adminCompanyRow>;

/** A company as stored, in full (the console's detail drawer). */
export const adminCompany = adminCompanyRow.extend({
  legalPerson: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  provinceCode: z.number().int().nullable(),
  cityCode: z.number().int().nullable(),
  districtCode: z.number().int().nullable(),
  areaName: z.string().nullable(),
  address: z.string().nullable(),
  logo: z.string(),
  introduction: z.string(),
  mainBusiness: z.string(),
  shopType: z.number().int().nullable(),
  shopBanner: z.string(),
  shopFloors: z.array(z.object({ title: z.string(), productIds: z.array(z.number().int()) })),
  /** Every user must sign in with two factors (decision 0150). */
  enforceTwoFactor: z.boolean(),
  /** When the bought membership term ends (decision 0188); null: no term (free level or set by the console). */
  memberExpiresAt: wireTimestamp.nullable(),
  updatedAt: wireTimestamp,
});

export const adminCompanyDetail = z.object({
  company: adminCompany,
  users: z.array(
    z.object({
      id: z.number().int(),
      phone: z.string(),
      realName: z.string(),
      isCompanyAdmin: z.boolean(),
      disabled: z.boolean(),
      createdAt: wireTimestamp,
    }),
  ),
  merchantApplication: z.object({ id: z.number().int(), status: z.number().int() }).nullable(),
  certification: z.object({ id: z.number().int(), status: z.number().int(), contractSignedAt: wireTimestamp.nullable() }).nullable(),
  /** The sandbox deposit is shown so an operator can help a company through bank/auth. */
  bankAccount: z
    .object({
      id: z.number().int(),
      companyId: z.number().int(),
      accountName: z.string(),
      bankName: z.string(),
      branchName: z.string(),
      accountNo: z.string(),
      status: z.number().int(),
      depositFen: z.number().int().nullable(),
      providerRef: z.string().nullable(),
      attemptsLeft: z.number().int(),
      dayChecks: z.number().int(),
      dayStartedAt: wireTimestamp.nullable(),
      sentAt: wireTimestamp.nullable(),
      verifiedAt: wireTimestamp.nullable(),
      note: z.string(),
      /** Decision 0206: the company's default payee, when it stopped using the account, when it was added. */
      isDefault: z.boolean(),
      disabledAt: wireTimestamp.nullable(),
      createdAt: wireTimestamp,
      updatedAt: wireTimestamp,
      depositYuan: z.string().nullable(),
    })
    .nullable(),
});
export type AdminCompanyDetail = z.infer<typeof adminCompanyDetail>;

export const adminMembershipInput = z.object({
  id: recordId,
  memberLevel: z.number().int().min(0).max(3),
  isMemberVail: z.union([z.literal(0), z.literal(1)]),
});
export const adminMembership = adminMembershipInput.omit({ id: true });

export const adminDisableInput = z.object({
  id: recordId,
  disabled: z.boolean(),
  reason: z.string().trim().min(2, '请填写原因').max(200),
});
export const adminDisableResult = z.object({ disabled: z.boolean(), endedSessions: z.number().int() });

// ---- Catalogue ---------------------------------------------------------------------------------------------

export const adminCategoryInput = z.object({
  id: recordId.optional(),
  parentId: recordId.nullable().default(null),
  name: z.string().trim().min(1, '请输入分类名称').max(50, '分类名称最多50个字'),
  defaultImage: z.string().trim().max(300).default(''),
  sort: z.number().int().min(0).max(9999).default(0),
  hidden: z.boolean().default(false),
});
export type AdminCategoryInput = z.input<typeof adminCategoryInput>;

export const adminCategoryRow = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  categoryCode: z.string(),
  level: z.number().int(),
  sort: z.number().int(),
  defaultImage: z.string().nullable(),
  hidden: z.boolean(),
});
export type AdminCategoryRow = z.infer<typeof adminCategoryRow>;

// ---- Search synonyms and trade names (docs/decisions/0176) ---------------------------------------------------

/** Longest word of the synonym table (characters). */
export const SYNONYM_WORD_MAX = 20;
/** Most words in each list of one row. */
export const SYNONYM_LIST_MAX = 20;

/** One word, stored as the search matches it (normalizeSearch: half-width, lower case). */
const synonymWord = z
  .string()
  .transform((w) => normalizeSearch(w))
  .pipe(
    z
      .string()
      .min(1, '词语不能为空')
      .max(SYNONYM_WORD_MAX, `每个词最多${SYNONYM_WORD_MAX}个字`)
      .refine((w) => !/\s/.test(w), '一个词中不能有空格，请分成两个词')
      // One Latin letter or digit would match nearly every model number.
      .refine((w) => !/^[\x21-\x7e]$/.test(w), '字母或数字的词至少2个字符'),
  );

export const adminSynonymListQuery = pageQuery.extend({
  keyword: z.string().trim().max(SYNONYM_WORD_MAX).optional(),
});
export type AdminSynonymListQuery = z.infer<typeof adminSynonymListQuery>;

export const adminSynonymInput = z
  .object({
    id: recordId.optional(),
    terms: z
      .array(synonymWord, '请填写同义词')
      .min(1, '请至少填写一个同义词')
      .max(SYNONYM_LIST_MAX, `同义词最多${SYNONYM_LIST_MAX}个`),
    related: z.array(synonymWord).max(SYNONYM_LIST_MAX, `对应商品词最多${SYNONYM_LIST_MAX}个`).default([]),
    note: z.string().trim().max(200, '备注最多200字').default(''),
  })
  .superRefine((v, ctx) => {
    const all = [...v.terms, ...v.related];
    if (all.length < 2) ctx.addIssue({ code: 'custom', path: ['terms'], message: '请至少填写两个词（同义词或对应商品词）' });
    const seen = new Set<string>();
    for (const w of all) {
      if (seen.has(w)) {
        ctx.addIssue({ code: 'custom', path: ['terms'], message: `「${w}」重复出现` });
        return;
      }
      seen.add(w);
    }
  });
export type AdminSynonymInput = z.input<typeof adminSynonymInput>;

export const adminSynonymRow = z.object({
  id: z.number().int(),
  terms: z.array(z.string()),
  related: z.array(z.string()),
  note: z.string(),
  updatedAt: wireTimestamp,
});
export type AdminSynonymRow = z.infer<typeof adminSynonymRow>;

export const adminProductListQuery = pageQuery.extend({
  keyword: z.string().trim().max(60).optional(),
  status: z.number().int().min(0).max(3).optional(),
  companyId: recordId.optional(),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuery>;

export const adminProductRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Decimal as a string (numeric column). */
  price: z.string(),
  status: z.number().int(),
  defaultImage: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  takenDownReason: z.string().nullable(),
  updatedAt: wireTimestamp,
});
export type AdminProductRow = z.infer<typeof adminProductRow>;

export const adminTakedownInput = z.object({
  id: recordId,
  reason: z.string().trim().min(2, '请填写下架原因').max(200, '下架原因最多200个字'),
});
export const adminTakedownResult = z.object({ id: z.number().int(), status: z.number().int() });

// ---- Workbench menus and role presets ------------------------------------------------------------------------

export const companyTypeInput = z.union([z.literal(2), z.literal(4)]);

export const adminWebMenuInput = z.object({
  id: recordId.optional(),
  companyType: companyTypeInput,
  parentId: recordId.nullable().default(null),
  name: z.string().trim().min(1, '请输入菜单名称').max(40),
  icon: z.string().trim().max(40).default(''),
  linkPath: z.string().trim().max(300).default(''),
  sort: sortValue,
  everyone: z.boolean().default(false),
  hidden: z.boolean().default(false),
});
export type AdminWebMenuInput = z.input<typeof adminWebMenuInput>;

export const adminWebMenuRow = z.object({
  id: z.number().int(),
  code: z.string(),
  companyType: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  icon: z.string(),
  linkPath: z.string(),
  sort: z.number().int(),
  everyone: z.boolean(),
  hidden: z.boolean(),
});
export type AdminWebMenuRow = z.infer<typeof adminWebMenuRow>;

export const adminPresetInput = z.object({
  id: recordId,
  name: z.string().trim().min(1, '请输入角色名称').max(30, '角色名称最多30个字'),
  description: z.string().trim().max(200).default(''),
  menuIds: z.array(recordId).max(300),
  permissions: z.array(z.string().max(40)).max(100),
});
export type AdminPresetInput = z.input<typeof adminPresetInput>;

export const adminPresetRow = z.object({
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyType: z.number().int(),
  presetKey: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  createdAt: wireTimestamp,
  updatedAt: wireTimestamp,
  menuIds: z.array(z.number().int()),
  permissions: z.array(z.string()),
});
export type AdminPresetRow = z.infer<typeof adminPresetRow>;

// ---- Site content ------------------------------------------------------------------------------------------

export const SITE_MENU_KEYS = ['web_top_menu', 'home_top_menu', 'web_bottom_menu', 'web_comproblem_menu', 'mall_nav'] as const;

export const adminBannerQuery = z.object({ position: z.string().max(40).optional() });
export const adminBannerInput = z.object({
  id: recordId.optional(),
  position: z.string().trim().min(1).max(40),
  title: z.string().trim().min(1, '请输入标题').max(100),
  imgUrl: z.string().trim().min(1, '请上传图片').max(300),
  linkUrl: link,
  target,
  sort: sortValue,
  hidden: z.boolean().default(false),
});
export type AdminBannerInput = z.input<typeof adminBannerInput>;
export const adminBannerRow = z.object({
  id: z.number().int(),
  position: z.string(),
  title: z.string(),
  imgUrl: z.string(),
  linkUrl: z.string(),
  target: z.string(),
  sort: z.number().int(),
  hidden: z.boolean(),
});
export type AdminBannerRow = z.infer<typeof adminBannerRow>;

export const adminSiteMenuQuery = z.object({ menuKey: z.enum(SITE_MENU_KEYS) });
export const adminSiteMenuInput = z.object({
  id: recordId.optional(),
  menuKey: z.enum(SITE_MENU_KEYS),
  parentId: recordId.nullable().default(null),
  title: z.string().trim().min(1, '请输入名称').max(60),
  linkUrl: link,
  target,
  parameters: z.string().trim().max(300).default(''),
  titleImg: z.string().trim().max(300).default(''),
  summary: z.string().trim().max(2000).default(''),
  sort: sortValue,
  hidden: z.boolean().default(false),
});
export type AdminSiteMenuInput = z.input<typeof adminSiteMenuInput>;
export const adminSiteMenuRow = z.object({
  id: z.number().int(),
  menuKey: z.string(),
  parentId: z.number().int().nullable(),
  title: z.string(),
  linkUrl: z.string(),
  target: z.string(),
  parameters: z.string(),
  titleImg: z.string(),
  summary: z.string(),
  sort: z.number().int(),
  hidden: z.boolean(),
});
export type AdminSiteMenuRow = z.infer<typeof adminSiteMenuRow>;

export const adminNewsListQuery = pageQuery.extend({
  keyword: z.string().trim().max(60).optional(),
  categoryCode: z.string().max(40).optional(),
});
export type AdminNewsListQuery = z.infer<typeof adminNewsListQuery>;
export const adminNewsRow = z.object({
  id: z.number().int(),
  title: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  isTop: z.boolean(),
  hidden: z.boolean(),
  views: z.number().int(),
  publishedAt: wireTimestamp,
});
export type AdminNewsRow = z.infer<typeof adminNewsRow>;
export const adminNewsInput = z.object({
  id: recordId.optional(),
  categoryCode: z.string().trim().min(1).max(40),
  categoryName: z.string().trim().min(1, '请选择栏目').max(40),
  title: z.string().trim().min(2, '请输入标题').max(150),
  summary: z.string().trim().max(500).default(''),
  cover: z.string().trim().max(300).default(''),
  content: z.string().min(1, '请输入正文').max(200_000, '正文过长'),
  author: z.string().trim().max(50).default(''),
  source: z.string().trim().max(100).default(''),
  isTop: z.boolean().default(false),
  hidden: z.boolean().default(false),
});
export type AdminNewsInput = z.input<typeof adminNewsInput>;
/** An article as stored (content is sanitised HTML). */
export const adminNewsArticle = adminNewsRow.extend({
  summary: z.string(),
  cover: z.string(),
  content: z.string(),
  author: z.string(),
  source: z.string(),
  createdAt: wireTimestamp,
});
export type AdminNewsArticle = z.infer<typeof adminNewsArticle>;

export const adminPartnerInput = z.object({
  id: recordId.optional(),
  title: z.string().trim().min(1, '请输入企业名称').max(100),
  imgUrl: z.string().trim().min(1, '请上传图片').max(300),
  linkUrl: link,
  sort: sortValue,
});
export type AdminPartnerInput = z.input<typeof adminPartnerInput>;
export const adminPartnerRow = z.object({
  id: z.number().int(),
  title: z.string(),
  imgUrl: z.string(),
  linkUrl: z.string(),
  sort: z.number().int(),
});
export type AdminPartnerRow = z.infer<typeof adminPartnerRow>;

/** Settings the console edits: statistics, hot keywords, filing numbers, QR code and the like. */
export const adminSettingInput = z.object({
  key: z.string().trim().regex(/^[a-z][a-z0-9_]{1,59}$/, '设置项名称不正确'),
  value: z.json().refine((v) => v !== null, '请填写设置值'),
});
export const adminSettingRow = z.object({ key: z.string(), value: wireJson, updatedAt: wireTimestamp });
export type AdminSettingRow = z.infer<typeof adminSettingRow>;

// ---- Audit log ---------------------------------------------------------------------------------------------

export const auditSearchQuery = pageQuery.extend({
  actor: z.string().trim().max(60).optional(),
  action: z.string().trim().max(60).optional(),
  targetType: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(60).optional(),
  /** Part of the actor's company name (company users' actions). */
  company: z.string().trim().max(60).optional(),
  dateFrom: z.iso.date('请输入正确的日期').optional(),
  dateTo: z.iso.date('请输入正确的日期').optional(),
});
export type AuditSearchQuery = z.infer<typeof auditSearchQuery>;
export const auditRow = z.object({
  id: z.number().int(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: wireJson,
  after: wireJson,
  ip: z.string(),
  userAgent: z.string(),
  companyId: z.number().int().nullable(),
  /** The actor's company ('' for the platform). */
  companyName: z.string(),
  createdAt: wireTimestamp,
});
export type AuditRow = z.infer<typeof auditRow>;
