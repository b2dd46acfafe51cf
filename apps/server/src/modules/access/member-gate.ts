import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  Code,
  memberGateMessage,
  REPORT_COMPANY_TYPE,
  reportAllowed,
  type MemberGate,
  type TypedReport,
} from '@aquamall/shared';
import { AppError, forbidden, loginExpired } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';

/**
 * Throws the membership error of docs/product/accounts.md#membership-gates (code MEMBER_REQUIRED, 请购买二级/三级会员 or 请购买一级/三级会员) when
 * the caller's company may not open a resource behind `gate`. Applies only when isMemberVail is 1 and the
 * company is not a purchaser. Use inside a handler when the gate depends on the record (order type).
 */
export function assertMemberGate(auth: AuthContext, gate: MemberGate): void {
  const message = memberGateMessage(gate, {
    companyType: auth.companyType,
    isMemberVail: auth.isMemberVail,
    memberLevel: auth.memberLevel,
  });
  if (message) throw new AppError(Code.MEMBER_REQUIRED, message);
}

/**
 * preHandler: levels23 for quotation detail and order detail type 8; levels13 for order detail type 6,
 * inventory adjustment info and product detail. Requires a signed-in user.
 */
export function requireMemberGate(gate: MemberGate): preHandlerAsyncHookHandler {
  return async function memberGuard(request) {
    if (!request.auth) throw loginExpired();
    assertMemberGate(request.auth, gate);
  };
}

/** Throws unless the caller's company type may see the report (saleAmount: type 2, payAmount: type 4). */
export function assertReportType(auth: AuthContext, report: TypedReport): void {
  if (!reportAllowed(report, auth.companyType)) throw forbidden(REPORT_COMPANY_TYPE[report].message);
}

/** preHandler for `report/saleAmount` (suppliers only) and `report/payAmount` (purchasers only) calls. */
export function requireReportType(report: TypedReport): preHandlerAsyncHookHandler {
  return async function reportTypeGuard(request) {
    if (!request.auth) throw loginExpired();
    assertReportType(request.auth, report);
  };
}
