import type { FastifyInstance } from 'fastify';
import { adminReviewEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { auditActor } from '../audit/index.ts';
import { decideUpgrade, issueMemberInvoice, listUpgrades, memberOrderOut, platformBank, savePlatformBank } from '../certification/index.ts';
import { certificationDetail, contractFile, decideCertification, listCertifications, sendContract } from '../certification/index.ts';
import { applicationDetail, decideApplication, listApplications } from '../merchant/index.ts';

/** Console: reviews of merchant applications, certifications and membership upgrades (ADMIN access). */
export default async function adminReviewRoutes(app: FastifyInstance) {
  route(app, e.adminMerchantList, async (request) => ok(await listApplications(app, request.body)));
  route(app, e.adminMerchantDetail, async (request) => ok(await applicationDetail(app, request.params.id)));
  route(app, e.adminMerchantApprove, async (request) =>
    ok(await decideApplication(app, auditActor(request), request.body.id, { approve: true }), '已通过入驻申请'),
  );
  route(app, e.adminMerchantReject, async (request) =>
    ok(await decideApplication(app, auditActor(request), request.body.id, { approve: false, reason: request.body.reason }), '已驳回入驻申请'),
  );

  route(app, e.adminCertificationList, async (request) => ok(await listCertifications(app, request.body)));
  route(app, e.adminCertificationDetail, async (request) => ok(await certificationDetail(app, request.params.id)));
  route(app, e.adminCertificationApprove, async (request) =>
    ok(await decideCertification(app, auditActor(request), request.body.id, { approve: true }), '已通过企业认证'),
  );
  route(app, e.adminCertificationReject, async (request) =>
    ok(await decideCertification(app, auditActor(request), request.body.id, { approve: false, reason: request.body.reason }), '已驳回企业认证'),
  );
  route(app, e.adminCertificationContract, async (request, reply) => sendContract(reply, await contractFile(app, { id: request.params.id })));

  route(app, e.adminUpgradeList, async (request) => ok(await listUpgrades(app, request.body)));
  route(app, e.adminUpgradeConfirm, async (request) =>
    ok(memberOrderOut(await decideUpgrade(app, auditActor(request), request.body.id, { approve: true })), '已确认收款，会员已生效'),
  );
  route(app, e.adminUpgradeReject, async (request) =>
    ok(memberOrderOut(await decideUpgrade(app, auditActor(request), request.body.id, { approve: false, reason: request.body.reason })), '已拒绝该会员订单'),
  );
  route(app, e.adminMemberInvoiceIssue, async (request) =>
    ok(memberOrderOut(await issueMemberInvoice(app, auditActor(request), request.body.id, request.body.invoiceNo)), '已登记开票'),
  );
  route(app, e.adminPlatformBank, async () => ok(await platformBank(app.db)));
  route(app, e.adminPlatformBankSave, async (request) => ok(await savePlatformBank(app.db, auditActor(request), request.body), '平台收款账户已保存'));
}
