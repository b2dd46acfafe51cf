import { z } from 'zod';
import { CompanyType } from '../enums.ts';
import { MSG } from '../messages.ts';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';
import { MOBILE_RE } from '../constants.ts';
import { confirmPasswordField, newPasswordField } from './identity.ts';

/** Workbench menu item (docs/product/workbench.md#menus), as served flat by GET /api/appuser/getWebMenus; `parentSysNo` 0 = top. */
export interface MenuItem {
  sysNo: number;
  parentSysNo: number;
  name: string;
  icon: string;
  linkPath: string;
  children?: MenuItem[];
}
export const menuItem: z.ZodType<MenuItem> = z.object({
  sysNo: z.number().int(),
  parentSysNo: z.number().int(),
  name: z.string(),
  icon: z.string(),
  linkPath: z.string(),
  get children() {
    return z.array(menuItem).optional();
  },
});

/**
 * Action permissions a company role can grant (docs/product/workbench.md#roles-and-permissions). `types` says which company types may hold it.
 * Company administrators hold every permission of their company type.
 */
export const PERMISSIONS = [
  { code: 'enquiry:manage', name: '发布和管理询价', group: '采购', types: [4] },
  { code: 'purchase:manage', name: '采购下单、付款和收货', group: '采购', types: [4] },
  { code: 'product:edit', name: '编辑和上下架商品', group: '商品', types: [2] },
  { code: 'inventory:adjust', name: '库存调整', group: '商品', types: [2] },
  { code: 'quotation:manage', name: '报价', group: '销售', types: [2] },
  { code: 'order:ship', name: '确认销售订单和发货', group: '销售', types: [2] },
  { code: 'rma:manage', name: '售后处理', group: '售后', types: [2, 4] },
  { code: 'invoice:manage', name: '发票管理', group: '财务', types: [2, 4] },
  { code: 'credit:manage', name: '信用账户管理', group: '财务', types: [2, 4] },
  { code: 'report:view', name: '查看统计报表', group: '财务', types: [2, 4] },
  { code: 'bid:manage', name: '招投标', group: '招投标', types: [2, 4] },
  { code: 'company:manage', name: '企业认证、店铺和银行账户', group: '企业', types: [2, 4] },
  { code: 'user:manage', name: '用户管理', group: '企业', types: [2, 4] },
  { code: 'role:manage', name: '角色管理', group: '企业', types: [2, 4] },
  { code: 'approval:manage', name: '审批设置', group: '企业', types: [4] },
] as const satisfies readonly { code: string; name: string; group: string; types: readonly number[] }[];

export type PermissionCode = (typeof PERMISSIONS)[number]['code'];
export const PERMISSION_CODES = PERMISSIONS.map((p) => p.code) as PermissionCode[];
export const permissionsForType = (companyType: number | null | undefined) =>
  PERMISSIONS.filter((p) => (p.types as readonly number[]).includes(companyType ?? -1));
export const isPermissionCode = (code: string): code is PermissionCode =>
  (PERMISSION_CODES as string[]).includes(code);

/** Membership gates of docs/product/accounts.md#membership-gates. */
export type MemberGate = 'levels23' | 'levels13';
export const MEMBER_GATE_MESSAGE: Record<MemberGate, string> = {
  levels23: MSG.memberLevel23,
  levels13: MSG.memberLevel13,
};
/**
 * The lowest member level that passes each gate. Levels are cumulative (a higher level never loses a right a
 * lower one has, MEMBER_RIGHTS in contracts/merchant.ts): levels13's pages open from level 1 up, levels23's
 * from level 2 up. The messages stay the words of docs/product/accounts.md#membership-gates.
 */
export const MEMBER_GATE_MIN_LEVEL: Record<MemberGate, number> = { levels23: 2, levels13: 1 };

export interface MemberSubject {
  companyType: number | null | undefined;
  isMemberVail: number | null | undefined;
  memberLevel: number | null | undefined;
}

/**
 * The member check (docs/product/accounts.md#membership-gates): applies only when isMemberVail is 1 and the company is not a purchaser (type 4).
 * Returns the message to show when blocked, or null when the subject may pass.
 */
export function memberGateMessage(gate: MemberGate, s: MemberSubject): string | null {
  if (Number(s.isMemberVail) !== 1 || Number(s.companyType) === CompanyType.PURCHASER) return null;
  return Number(s.memberLevel ?? 0) < MEMBER_GATE_MIN_LEVEL[gate] ? MEMBER_GATE_MESSAGE[gate] : null;
}

/** Which gate an order detail of this order type passes (docs/product/accounts.md#membership-gates): 8 → levels23, 6 → levels13. */
export function memberGateForOrderType(orderType: number | null | undefined): MemberGate | null {
  if (Number(orderType) === 8) return 'levels23';
  if (Number(orderType) === 6) return 'levels13';
  return null;
}

/** Reports limited to one company type (docs/product/workbench.md#company-type-pages). */
export const REPORT_COMPANY_TYPE = {
  saleAmount: { type: CompanyType.SUPPLIER, message: '应收账款报表仅对供应商开放' },
  payAmount: { type: CompanyType.PURCHASER, message: '应付账款报表仅对采购商开放' },
} as const;
export type TypedReport = keyof typeof REPORT_COMPANY_TYPE;
export const reportAllowed = (report: TypedReport, companyType: number | null | undefined) =>
  Number(companyType) === REPORT_COMPANY_TYPE[report].type;

// ---- Roles and company users (role/list, user/list) ----

export const roleInput = z.object({
  name: z.string().trim().min(1, '请输入角色名称').max(30, '角色名称最多30个字符'),
  description: z.string().trim().max(200, '描述最多200个字符').default(''),
  menuIds: z.array(z.number().int().positive().max(2_147_483_647, '编号格式不正确')).max(500).default([]),
  permissions: z.array(z.string().max(40)).max(100).default([]),
});
export type RoleInput = z.infer<typeof roleInput>;
export const roleUpdateInput = roleInput.extend({ sysNo: z.number().int().positive().max(2_147_483_647, '编号格式不正确') });
export const roleListQuery = pageQuery.extend({ keyword: z.string().trim().max(30).optional() });

export const roleRow = z.object({
  sysNo: z.number().int(),
  name: z.string(),
  description: z.string(),
  isPreset: z.boolean(),
  menuIds: z.array(z.number().int()),
  permissions: z.array(z.string()),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;
/** A role as offered in selects (GET /api/role/all). */
export const roleOption = z.object({ sysNo: z.number().int(), name: z.string(), isPreset: z.boolean() });
export type RoleOption = z.infer<typeof roleOption>;

export const roleGrantOptions = z.object({
  menus: z.array(menuItem),
  permissions: z.array(z.object({ code: z.string(), name: z.string(), group: z.string() })),
});
export type RoleGrantOptions = z.infer<typeof roleGrantOptions>;

const subUserPhone = z.string().trim().regex(MOBILE_RE, '请输入正确的11位手机号');

/**
 * Invites a mobile number into the company (user/list). The administrator sets no password: the number's
 * owner accepts on /sso/invite by SMS code and chooses it (inviteAcceptInput).
 */
export const userInviteInput = z.object({
  phone: subUserPhone,
  realName: z.string().trim().min(1, '请输入姓名').max(50, '姓名最多50个字符'),
  roleIds: z.array(z.number().int().positive().max(2_147_483_647, '编号格式不正确')).max(50).default([]),
});
export type UserInviteInput = z.infer<typeof userInviteInput>;
/** Days an invitation stays open. */
export const INVITATION_DAYS = 7;

/** POST /api/appuser/acceptinvite: the invited number proves itself by SMS code and sets its own password. */
export const inviteAcceptInput = z.object({
  phone: subUserPhone,
  code: z.string({ error: '请输入短信验证码' }).trim().regex(/^\d{6}$/, '请输入6位短信验证码'),
  password: newPasswordField,
  confirmPassword: confirmPasswordField('请再次输入密码'),
  rememberMe: z.boolean().default(false),
});
export type InviteAcceptInput = z.infer<typeof inviteAcceptInput>;

/** A pending invitation as the inviting company sees it (POST /api/user/invitations). */
const roleRef = z.object({ sysNo: z.number().int(), name: z.string() });
export const companyInvitationRow = z.object({
  sysNo: z.number().int(),
  phone: z.string(),
  realName: z.string(),
  roles: z.array(roleRef),
  createdAt: wireTimestamp,
  expiresAt: wireTimestamp,
});
export type CompanyInvitationRow = z.infer<typeof companyInvitationRow>;
export const userUpdateInput = z.object({
  sysNo: z.number().int().positive().max(2_147_483_647, '编号格式不正确'),
  realName: z.string().trim().min(1, '请输入姓名').max(50, '姓名最多50个字符'),
  roleIds: z.array(z.number().int().positive().max(2_147_483_647, '编号格式不正确')).max(50).default([]),
});
export const userListQuery = pageQuery.extend({
  keyword: z.string().trim().max(30).optional(),
  /** 0 active, 1 disabled; absent = all. */
  status: z.union([z.literal(0), z.literal(1)]).optional(),
});

export const companyUserRow = z.object({
  sysNo: z.number().int(),
  phone: z.string(),
  realName: z.string(),
  nickName: z.string(),
  isCompanyAdmin: z.boolean(),
  disabled: z.boolean(),
  roles: z.array(roleRef),
  createdAt: wireTimestamp,
});
export type CompanyUserRow = z.infer<typeof companyUserRow>;
export const userDisableInput = z.object({ sysNo: recordId, disabled: z.boolean() });

/** What the signed-in user may do in the workbench (GET /api/role/mine). */
export const myAccess = z.object({
  isCompanyAdmin: z.boolean(),
  permissions: z.array(z.string()),
  /** Menu link paths of the company type that the user's roles do not grant (pages shown as 无权访问). */
  hiddenLinks: z.array(z.string()),
  /** Menu link paths only the other company type has (pages shown as 仅对采购商/供应商开放). */
  otherTypeLinks: z.array(z.object({ linkPath: z.string(), companyType: z.number().int() })),
});
export type MyAccess = z.infer<typeof myAccess>;

/**
 * The trade to-dos of the workbench home (only those whose list page the caller may open). `to` is the list page,
 * with `?status=` when the count is one tab of it.
 */
export const TRADE_TODO_KEYS = [
  'quotingEnquiries',
  'toPayOrders',
  'toReceiveOrders',
  'openRmas',
  'toConfirmOrders',
  'toShipOrders',
  'pendingRmas',
  'pendingInvoices',
] as const;
export type TradeTodoKey = (typeof TRADE_TODO_KEYS)[number];
export const tradeTodo = z.object({ key: z.enum(TRADE_TODO_KEYS), count: z.number().int(), to: z.string() });
export type TradeTodo = z.infer<typeof tradeTodo>;

/** Counts for the customer-home dashboard (GET /api/workbench/todo). */
export const workbenchTodo = z.object({
  trade: z.array(tradeTodo),
  unreadMessages: z.number().int(),
  users: z.number().int(),
  disabledUsers: z.number().int(),
  roles: z.number().int(),
  certStatus: z.number().int(),
  merchantStatus: z.number().int(),
  memberLevel: z.number().int(),
  isMemberVail: z.number().int(),
});
export type WorkbenchTodo = z.infer<typeof workbenchTodo>;
