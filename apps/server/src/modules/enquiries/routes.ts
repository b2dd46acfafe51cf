import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { enquiryEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { awardEnquiry } from './award.ts';
import { contractsForAward } from '../contracts/index.ts';
import { extendEnquiry, registerEnquiryJobs, saveEnquiry, withdrawEnquiry } from './editor.ts';
import { compareOffers, exportOffers, offerDetail } from './offers.ts';
import { exportMyEnquiries } from './export.ts';
import { linesFromWorkbook } from './sheet.ts';
import { enquiryFromProduct, listMyEnquiries, myEnquiryCounts, myEnquiryDetail, supplierOptions } from './queries.ts';
import { sendDownload } from '../../lib/download.ts';
import { fail } from './messages.ts';

/** Enquiries, purchaser side: editor, list, extend, withdraw, comparison, offer detail, award. */
export default async function enquiryRoutes(app: FastifyInstance) {
  registerEnquiryJobs();
  // Multipart only in this plugin (a sheet of lines): one file of at most 5 MB.
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 } });
  const rules = app.config.orderRules;
  route(app, e.enquirySave, async (request) => {
    const r = await saveEnquiry(app.db, companyCaller(request), request.body);
    return ok(r, request.body.publish ? '询价已发布' : '草稿已保存');
  });
  route(app, e.enquiryImportLines, async (request) => {
    companyCaller(request);
    if (!request.isMultipart()) throw fail('ENQUIRY_IMPORT_FILE_REQUIRED');
    let body: Buffer | null = null;
    try {
      for await (const part of request.parts()) if (part.type === 'file' && !body) body = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail('ENQUIRY_IMPORT_TOO_LARGE');
      throw fail('ENQUIRY_IMPORT_MALFORMED');
    }
    if (!body) throw fail('ENQUIRY_IMPORT_FILE_REQUIRED');
    return ok(await linesFromWorkbook(body));
  });
  route(app, e.enquiryMine, async (request) => ok(await listMyEnquiries(app.db, companyCaller(request), request.body)));
  route(app, e.enquiryMineExport, async (request, reply) => {
    const file = await exportMyEnquiries(app.db, companyCaller(request), request.body);
    return sendDownload(reply, file, 'enquiries.xlsx', '我的询价.xlsx');
  });
  route(app, e.enquiryCounts, async (request) => ok(await myEnquiryCounts(app.db, companyCaller(request))));
  route(app, e.enquiryMineDetail, async (request) => ok(await myEnquiryDetail(app.db, companyCaller(request), request.query.id)));
  route(app, e.enquiryExtend, async (request) => {
    await extendEnquiry(app.db, companyCaller(request), request.body.id, request.body.deadline);
    return ok(null, '截止时间已延长');
  });
  route(app, e.enquiryWithdraw, async (request) => {
    await withdrawEnquiry(app.db, companyCaller(request), request.body.id, request.body.reason);
    return ok(null, '询价已撤销');
  });
  route(app, e.enquirySuppliers, async (request) => ok(await supplierOptions(app.db, companyCaller(request), request.query.keyword)));
  route(app, e.enquiryFromProduct, async (request) =>
    ok(await enquiryFromProduct(app.db, companyCaller(request), request.query.productId, request.query.skuId)),
  );
  route(app, e.enquiryOffers, async (request) => ok(await compareOffers(app.db, companyCaller(request), request.query.enquiryId)));
  route(app, e.enquiryOffersExport, async (request, reply) => {
    const { file, code } = await exportOffers(app.db, companyCaller(request), request.query.enquiryId);
    return sendDownload(reply, file, `offers-${code}.xlsx`, `比价表-${code}.xlsx`);
  });
  route(app, e.enquiryOfferDetail, async (request) => ok(await offerDetail(app.db, companyCaller(request), request.query.quotationId)));
  route(app, e.enquiryAward, async (request) => {
    const caller = companyCaller(request);
    const result = await awardEnquiry(app.db, caller, request.body, rules);
    // After the award has committed: one contract per awarded supplier's order (docs/decisions/0208-order-contracts.md).
    await contractsForAward(app, caller, result.orders.map((o) => o.id));
    // 生成框架协议 makes agreements the suppliers confirm, not orders: the message says which.
    const made = result.purchaseRequest
      ? `授标需审批，已提交采购申请 ${result.purchaseRequest.requestNo}`
      : result.agreements
        ? '授标成功，已生成框架协议，等待供应商确认'
        : '授标成功，已生成询价订单';
    return ok(result, made);
  });
}
