import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReportFilter, ReportName, TypedReport } from '@aquamall/shared';
import { reportEndpoints as e } from '@aquamall/shared/endpoints';
import type { Endpoint, EndpointHandlerData } from '@aquamall/shared/endpoints';
import type { Db } from '../../db/client.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { assertReportType } from '../access/index.ts';
import { exportFileName, exportReport } from './export.ts';
import { balanceReport, categoryReport, goodsReport, orderReport } from './queries.ts';
import { sendDownload } from '../../lib/download.ts';

/** One report of docs/product/reports.md#the-reports report/*: its data and Excel endpoints, the query behind it, who may ask. */
interface ReportRoute<D extends Endpoint> {
  data: D;
  export: Endpoint;
  answer: (db: Db, companyId: number, q: ReportFilter) => Promise<EndpointHandlerData<D>>;
  /** Limited to one company type (docs/product/workbench.md#company-type-pages): 应收账款 to suppliers (type 2), 应付账款 to purchasers (type 4). */
  onlyFor?: TypedReport;
}
const report = <D extends Endpoint>(r: ReportRoute<D>) => r;

/** The seven reports (decision 0132); every other company user with report:view may ask the first five. */
const REPORT_ROUTES = {
  procurement: report({
    data: e.reportProcurement,
    export: e.reportProcurementExport,
    answer: (db, id, q) => orderReport(db, 'buyer', id, q),
  }),
  orderSale: report({
    data: e.reportOrderSale,
    export: e.reportOrderSaleExport,
    answer: (db, id, q) => orderReport(db, 'seller', id, q),
  }),
  goodsSale: report({
    data: e.reportGoodsSale,
    export: e.reportGoodsSaleExport,
    answer: (db, id, q) => goodsReport(db, 'seller', id, q),
  }),
  goodsCategory: report({
    data: e.reportGoodsCategory,
    export: e.reportGoodsCategoryExport,
    answer: (db, id, q) => categoryReport(db, 'seller', id, q),
  }),
  procurementGoods: report({
    data: e.reportProcurementGoods,
    export: e.reportProcurementGoodsExport,
    answer: (db, id, q) => goodsReport(db, 'buyer', id, q),
  }),
  saleAmount: report({
    data: e.reportSaleAmount,
    export: e.reportSaleAmountExport,
    answer: (db, id, q) => balanceReport(db, 'seller', id, q),
    onlyFor: 'saleAmount',
  }),
  payAmount: report({
    data: e.reportPayAmount,
    export: e.reportPayAmountExport,
    answer: (db, id, q) => balanceReport(db, 'buyer', id, q),
    onlyFor: 'payAmount',
  }),
} satisfies Record<ReportName, unknown>;

/** The seven reports and their Excel exports, registered from the table above (decision 0132). */
export default async function reportRoutes(app: FastifyInstance) {
  const db = app.db;
  for (const [name, r] of Object.entries(REPORT_ROUTES) as [ReportName, ReportRoute<Endpoint>][]) {
    /** The caller's company, refused (message: docs/product/workbench.md#company-type-pages) when the report is limited to another company type. */
    const companyOf = (req: FastifyRequest) => {
      const c = companyCaller(req);
      if (r.onlyFor) assertReportType(c, r.onlyFor);
      return c.companyId;
    };
    route(app, r.data, async (req) => ok(await r.answer(db, companyOf(req), req.body as ReportFilter)));
    route(app, r.export, async (req, reply) => {
      const q = req.body as ReportFilter;
      const file = await exportReport(db, name, companyOf(req), q);
      const { ascii, utf8 } = exportFileName(name, q);
      return sendDownload(reply, file, ascii, utf8);
    });
  }
}
