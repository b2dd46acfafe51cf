import type { FastifyInstance } from 'fastify';
import { certificationEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { agreementToSign, contractFile, myCertification, sendAgreementCode, sendContract, signContract, submitCertification } from './service.ts';
import { clientInfo } from '../auth/index.ts';
import { cancelMemberOrder, createMemberOrder, memberInfo, memberOrderOut, registerMemberJobs, requestMemberInvoice, submitMemberProof } from './member.ts';

/** Enterprise certification, contract signing and membership (workbench); the console's review is in admin/. */
export default async function certificationRoutes(app: FastifyInstance) {
  route(app, e.certificationDetail, async (request) => ok(await myCertification(app, companyCaller(request).companyId)));
  route(app, e.certificationSubmit, async (request) => {
    const view = await submitCertification(app, companyCaller(request), request.body);
    return ok(view, view.status === 1 ? '实名核验通过，已提交平台审核' : '实名核验未通过');
  });
  route(app, e.certificationAgreement, async (request) => ok(await agreementToSign(app, companyCaller(request))));
  route(app, e.certificationSignCode, async (request) => ok(await sendAgreementCode(app, companyCaller(request), clientInfo(request).ip), '验证码已发送'));
  route(app, e.certificationSign, async (request) => ok(await signContract(app, companyCaller(request), request.body.code), '服务协议已签署'));
  // The signed contract: only the company's own users here, and platform administrators in the console.
  route(app, e.certificationContract, async (request, reply) =>
    sendContract(reply, await contractFile(app, { companyId: companyCaller(request).companyId })),
  );

  route(app, e.memberInfo, async (request) => ok(await memberInfo(app, companyCaller(request).companyId)));
  registerMemberJobs();
  route(app, e.memberOrderCreate, async (request) =>
    ok(memberOrderOut(await createMemberOrder(app, companyCaller(request), request.body.level)), '会员订单已创建，请按页面信息对公转账'),
  );
  route(app, e.memberOrderProof, async (request) =>
    ok(memberOrderOut(await submitMemberProof(app, companyCaller(request), request.body)), '转账凭证已提交，平台确认收款后生效'),
  );
  route(app, e.memberOrderCancel, async (request) => ok(memberOrderOut(await cancelMemberOrder(app, companyCaller(request), request.body.id)), '订单已撤销'));
  route(app, e.memberOrderInvoice, async (request) =>
    ok(memberOrderOut(await requestMemberInvoice(app, companyCaller(request), request.body)), '发票申请已提交，平台开具后通知您'),
  );
}
