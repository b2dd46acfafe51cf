import { BID_UNCHANGED } from '@aquamall/shared';
import type { FastifyInstance } from 'fastify';
import { tenderEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { registerTenderJobs } from './jobs.ts';
import { answerQuestion, awardLot, publishResult, publishTender, replyObjection, republishLots, saveTender, scoreBids } from './purchaser.ts';
import { listSupplierTenders, listTenders, tenderDetail } from './queries.ts';
import { askQuestion, objectToAward, reconfirmBid, registerForTender, submitBid, withdrawBid } from './supplier.ts';

/** Tenders (bid/*): the purchaser's and the supplier's calls, each scoped to the caller's company. */
export default async function tenderRoutes(app: FastifyInstance) {
  registerTenderJobs();
  const c = companyCaller;
  route(app, e.tenderList, async (r) => ok(await listTenders(app.db, c(r), r.body)));
  route(app, e.tenderSupplierList, async (r) => ok(await listSupplierTenders(app.db, c(r), r.body)));
  route(app, e.tenderDetail, async (r) => ok(await tenderDetail(app.db, c(r), r.query.id)));
  route(app, e.tenderRules, async () => ok(app.config.tenderWindows));
  route(app, e.tenderSave, async (r) => ok(await saveTender(app.db, c(r), r.body, app.config.tenderWindows), r.body.id ? '招标项目已保存' : '草稿已保存'));
  route(app, e.tenderPublish, async (r) => {
    await publishTender(app.db, c(r), r.body.id, app.config.tenderWindows);
    return ok(null, '招标项目已发布');
  });
  route(app, e.tenderAnswer, async (r) => {
    await answerQuestion(app.db, c(r), r.body.questionId, r.body.answer);
    return ok(null, '答疑已发布给所有投标单位');
  });
  route(app, e.tenderScore, async (r) => {
    await scoreBids(app.db, c(r), r.body);
    return ok(null, '评分已保存');
  });
  route(app, e.tenderAward, async (r) => {
    const res = await awardLot(app.db, c(r), r.body, app.config.orderRules);
    return ok(res, res.purchaseRequest ? `定标需审批，已提交采购申请 ${res.purchaseRequest.requestNo}` : '已定标');
  });
  route(app, e.tenderPublishResult, async (r) => ok(await publishResult(app.db, c(r), r.body, app.config.tenderPublicityDays), '中标公告已发布'));
  route(app, e.tenderRepublish, async (r) => ok(await republishLots(app.db, c(r), r.body.tenderId, r.body.lotIds), '已生成新的招标草稿'));
  route(app, e.tenderReplyObjection, async (r) => {
    await replyObjection(app.db, c(r), r.body.objectionId, r.body.reply);
    return ok(null, '异议已答复');
  });
  route(app, e.tenderRegister, async (r) => {
    await registerForTender(app.db, c(r), r.body.id);
    return ok(null, '报名成功');
  });
  route(app, e.tenderBid, async (r) => {
    const result = await submitBid(app.db, c(r), r.body);
    return ok(result, result.unchanged ? BID_UNCHANGED : '投标已提交');
  });
  route(app, e.tenderWithdraw, async (r) => {
    await withdrawBid(app.db, c(r), r.body.id);
    return ok(null, '投标已撤回');
  });
  route(app, e.tenderReconfirm, async (r) => {
    await reconfirmBid(app.db, c(r), r.body.id, r.body.amendedAt);
    return ok(null, '投标已确认');
  });
  route(app, e.tenderAsk, async (r) => {
    await askQuestion(app.db, c(r), r.body.tenderId, r.body.question);
    return ok(null, '问题已提交，等待招标方答复');
  });
  route(app, e.tenderObject, async (r) => {
    await objectToAward(app.db, c(r), r.body.tenderId, r.body.reason);
    return ok(null, '异议已提交');
  });
}
