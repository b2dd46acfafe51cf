import {
  enumLabel,
  memberGateForOrderType,
  memberGateMessage,
  REPORT_COMPANY_TYPE,
  reportAllowed,
  type MemberGate,
  type TypedReport,
} from '@aquamall/shared';
import type { MenuItem, MyAccess } from '@aquamall/shared';
import type { RouteHandle } from '../../../app/RootLayout.tsx';
import { matchMenu } from './highlight.ts';

/** Route handle of workbench pages: the membership gate and company-type limit of docs/product/accounts.md#membership-gates, docs/product/workbench.md#company-type-pages. */
export interface WorkbenchHandle extends RouteHandle {
  /** A fixed gate, or 'orderType' for order/detail where the query type decides (8 → levels23, 6 → levels13). */
  memberGate?: MemberGate | 'orderType';
  /** Reports open to one company type only. */
  report?: TypedReport;
}

export interface GateSubject {
  CompanyType: number | null;
  isMemberVail: number;
  memberLv: number;
}

export type GateResult = { kind: 'member' | 'type' | 'access'; message: string } | null;

/** Whether the signed-in user may open a page; the message to show when not. */
export function routeGate(
  handle: WorkbenchHandle | undefined,
  search: string,
  user: GateSubject | null | undefined,
): GateResult {
  if (!handle || !user) return null;
  if (handle.report && !reportAllowed(handle.report, user.CompanyType)) {
    return { kind: 'type', message: REPORT_COMPANY_TYPE[handle.report].message };
  }
  const gate =
    handle.memberGate === 'orderType'
      ? memberGateForOrderType(Number(new URLSearchParams(search).get('type') ?? NaN))
      : (handle.memberGate ?? null);
  if (!gate) return null;
  const message = memberGateMessage(gate, {
    companyType: user.CompanyType,
    isMemberVail: user.isMemberVail,
    memberLevel: user.memberLv,
  });
  return message ? { kind: 'member', message } : null;
}

/** Only http(s) pages may be embedded by iframecontainer; anything else is refused. */
export function safeEmbedUrl(raw: string | null): string | null {
  if (!raw) return null;
  let value = raw;
  try {
    // The uri arrives encoded; tolerate it being encoded once more.
    if (/^https?%3A/i.test(value)) value = decodeURIComponent(value);
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Whether the iframecontainer may frame `url`: only pages on the origins the server lists (FRAME_HOSTS,
 * GET /api/site/features). Anything else is refused with a Chinese reason.
 */
export function frameRefusal(url: string, frameHosts: readonly string[]): string | null {
  const origin = new URL(url).origin;
  if (frameHosts.includes(origin)) return null;
  return frameHosts.length
    ? `该页面（${origin}）不在允许嵌入的站点之列，请联系平台管理员。`
    : '平台尚未配置允许嵌入的外部站点，无法打开该页面，请联系平台管理员。';
}

export const NO_ACCESS_MESSAGE = '您没有访问此页面的权限，请联系企业管理员分配角色';

const asMenu = (linkPath: string, i: number): MenuItem => ({ sysNo: -1 - i, parentSysNo: 0, name: '', icon: '', linkPath });

/** The message of a page only the other company type uses (仅对采购商开放). */
export const otherTypeMessage = (companyType: number) =>
  `该页面仅对${enumLabel('CompanyType', companyType) ?? '其他类型企业'}开放`;

/**
 * A page the user may not open from the menu: its highlight key matches none of the user's own menu entries but
 * a menu entry only the other company type has (a supplier on 招标项目: kind 'type'), or one the user's roles do
 * not grant (kind 'access').
 */
export function menuAccessGate(
  highlight: string,
  visible: MenuItem[] | undefined,
  hiddenLinks: string[] | undefined,
  otherTypeLinks: { linkPath: string; companyType: number }[] = [],
): GateResult {
  if (!visible || matchMenu(visible, highlight)) return null;
  const other = otherTypeLinks.find((l, i) => matchMenu([asMenu(l.linkPath, i)], highlight));
  if (other) return { kind: 'type', message: otherTypeMessage(other.companyType) };
  if (!hiddenLinks?.length || !matchMenu(hiddenLinks.map(asMenu), highlight)) return null;
  return { kind: 'access', message: NO_ACCESS_MESSAGE };
}

/**
 * What the workbench shows in place of its page: a page's own company-type gate first (应付账款报表仅对采购商开放),
 * then the menu's (another company type's page, one the roles do not grant), then membership; 'loading' while the
 * menu or the access list is still on its way, so a page the user may not open never renders — nor sends its
 * requests — before its gate is known. A failed menu or access answer decides nothing (the server still refuses).
 */
export function shellGate(
  pageGate: GateResult,
  highlight: string,
  menu: MenuItem[] | undefined,
  access: Pick<MyAccess, 'hiddenLinks' | 'otherTypeLinks'> | undefined,
  loading: boolean,
): GateResult | 'loading' {
  if (pageGate?.kind === 'type') return pageGate;
  if (loading) return 'loading';
  return menuAccessGate(highlight, menu, access?.hiddenLinks, access?.otherTypeLinks) ?? pageGate;
}
