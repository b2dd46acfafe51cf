import type { FastifyInstance } from 'fastify';
import { adminPaymentEndpoints as a, paymentEndpoints as e, subMerchantEndpoints as sm } from '@aquamall/shared/endpoints';
import { isChinaDay } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import { payPartnersOf } from '../../lib/partners/pay/index.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { runJobNow } from '../jobs/index.ts';
import { scheduleJob } from '../jobs/index.ts';
import { dayRef, RECON_DAY_JOB, registerPaymentJobs } from './jobs.ts';
import { fail } from './messages.ts';
import { acceptNotification } from './notify.ts';
import { createPayOrder, payChannels, paymentsOfOrder, payStatus } from './pay-orders.ts';
import { listDiscrepancies, listReconRuns, resolveDiscrepancy } from './recon.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { decideSubMerchant, listSubMerchants, mySubMerchants, submitAlipayAuthorisation, submitWechatSubMerchant } from './sub-merchants.ts';

/** Online payment (decision 0207, docs/product/payments.md): payment orders, notifications, refunds, reconciliation. */
export default async function paymentRoutes(app: FastifyInstance) {
  const partners = payPartnersOf(app);
  registerPaymentJobs(partners);

  route(app, e.payChannels, async (request) =>
    ok(await payChannels(app.db, partners, companyCaller(request).companyId, request.query.orderId)),
  );
  route(app, e.payCreate, async (request) => ok(await createPayOrder(app.db, partners, companyCaller(request), request.body)));
  route(app, e.payStatus, async (request) =>
    ok(await payStatus(app.db, partners, companyCaller(request).companyId, request.body.payOrderId)),
  );
  route(app, e.payOfOrder, async (request) =>
    ok(await paymentsOfOrder(app.db, partners, companyCaller(request).companyId, request.body.orderId)),
  );

  // WeChat Pay signs the exact bytes of its JSON body: this route reads it as text.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_r, body, done) => done(null, body));
    route(raw, e.wechatPayNotify, async (request, reply) => {
      if (!partners.wechat) return reply.code(404).send({ code: 'NOT_FOUND', message: '未开通微信支付' });
      const body = typeof request.body === 'string' ? request.body : '';
      const { ok: good, outcome } = await acceptNotification(app.db, partners.wechat, request.headers as Record<string, string>, body);
      if (!good) return reply.code(401).type('application/json').send({ code: 'FAIL', message: `验签失败: ${outcome}` });
      return reply.code(204).send();
    });
  });

  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }
  route(app, e.alipayNotify, async (request, reply) => {
    if (!partners.alipay) return reply.code(404).type('text/plain').send('fail');
    const { ok: good } = await acceptNotification(app.db, partners.alipay, request.headers as Record<string, string>, request.body);
    return reply.type('text/plain').send(good ? 'success' : 'fail');
  });

  route(app, sm.subMerchants, async (request) => ok(await mySubMerchants(app.db, partners, companyCaller(request), app.config.publicUrl)));
  route(app, sm.subMerchantWechat, async (request) => {
    await submitWechatSubMerchant(app.db, partners, companyCaller(request), request.body.subMchId);
    return ok(null, '已提交，待平台核验后即可收取微信支付');
  });
  route(app, sm.subMerchantAlipay, async (request) => {
    await submitAlipayAuthorisation(app.db, partners, companyCaller(request), request.body.code);
    return ok(null, '支付宝授权成功，待平台核验后即可收取支付宝付款');
  });
  route(app, a.adminSubMerchants, async (request) => ok(await listSubMerchants(app.db, request.body)));
  route(app, a.adminSubMerchantDecide, async (request) => {
    await decideSubMerchant(app.db, auditActor(request), request.body);
    return ok(null, request.body.approve ? '已核验，该供应商可收取在线支付' : '已驳回');
  });

  route(app, a.adminReconRuns, async (request) => ok(await listReconRuns(app.db, request.body)));
  route(app, a.adminReconDiscrepancies, async (request) => ok(await listDiscrepancies(app.db, request.body)));
  route(app, a.adminReconResolve, async (request) => {
    await resolveDiscrepancy(app.db, auditActor(request), request.body);
    return ok(null, '已记录处理结果');
  });
  route(app, a.adminReconRun, async (request) => {
    if (!partners.wechat && !partners.alipay) throw fail('RECON_NO_CHANNEL');
    if (!isChinaDay(request.body.day)) throw invalid('日期格式不正确');
    const ref = dayRef(request.body.day);
    await scheduleJob(app.db, RECON_DAY_JOB, ref, new Date());
    await recordAudit(app.db, auditActor(request), { action: 'recon.run', targetType: 'recon_run', targetId: request.body.day });
    await runJobNow(app.db, RECON_DAY_JOB, ref);
    return ok(null, '对账已完成');
  });

  if (partners.sandbox) sandboxRoutes(app, partners.sandbox);
}
