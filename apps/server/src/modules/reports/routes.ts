import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ReportFilter, ReportName } from '@aquamall/shared';
import { reportEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { assertReportType } from '../access/member-gate.ts';
import { exportFileName, exportReport } from './export.ts';
import { balanceReport, categoryReport, goodsReport, orderReport } from './queries.ts';

/** The seven reports of SPEC §2 report/* and their Excel exports (decision 0132). */
export default async function reportRoutes(app: FastifyInstance) {
  const db = app.db;
  const send = async (reply: FastifyReply, name: ReportName, companyId: number, q: ReportFilter) => {
    const file = await exportReport(db, name, companyId, q);
    const { ascii, utf8 } = exportFileName(name, q);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(utf8)}`,
      )
      .send(file);
  };

  route(app, e.reportProcurement, async (req) =>
    ok(await orderReport(db, 'buyer', companyCaller(req).companyId, req.body)),
  );
  route(app, e.reportProcurementExport, async (req, reply) =>
    send(reply, 'procurement', companyCaller(req).companyId, req.body),
  );
  route(app, e.reportOrderSale, async (req) =>
    ok(await orderReport(db, 'seller', companyCaller(req).companyId, req.body)),
  );
  route(app, e.reportOrderSaleExport, async (req, reply) =>
    send(reply, 'orderSale', companyCaller(req).companyId, req.body),
  );
  route(app, e.reportGoodsSale, async (req) =>
    ok(await goodsReport(db, 'seller', companyCaller(req).companyId, req.body)),
  );
  route(app, e.reportGoodsSaleExport, async (req, reply) =>
    send(reply, 'goodsSale', companyCaller(req).companyId, req.body),
  );
  route(app, e.reportGoodsCategory, async (req) =>
    ok(await categoryReport(db, 'seller', companyCaller(req).companyId, req.body)),
  );
  route(app, e.reportGoodsCategoryExport, async (req, reply) =>
    send(reply, 'goodsCategory', companyCaller(req).companyId, req.body),
  );
  route(app, e.reportProcurementGoods, async (req) =>
    ok(await goodsReport(db, 'buyer', companyCaller(req).companyId, req.body)),
  );
  route(app, e.reportProcurementGoodsExport, async (req, reply) =>
    send(reply, 'procurementGoods', companyCaller(req).companyId, req.body),
  );

  route(app, e.reportSaleAmount, async (req) => {
    const c = companyCaller(req);
    assertReportType(c, 'saleAmount');
    return ok(await balanceReport(db, 'seller', c.companyId, req.body));
  });
  route(app, e.reportSaleAmountExport, async (req, reply) => {
    const c = companyCaller(req);
    assertReportType(c, 'saleAmount');
    return send(reply, 'saleAmount', c.companyId, req.body);
  });
  route(app, e.reportPayAmount, async (req) => {
    const c = companyCaller(req);
    assertReportType(c, 'payAmount');
    return ok(await balanceReport(db, 'buyer', c.companyId, req.body));
  });
  route(app, e.reportPayAmountExport, async (req, reply) => {
    const c = companyCaller(req);
    assertReportType(c, 'payAmount');
    return send(reply, 'payAmount', c.companyId, req.body);
  });
}
