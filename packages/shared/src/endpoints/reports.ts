import type { z } from 'zod';
import {
  balanceReport,
  categoryReport,
  goodsReport,
  orderReport,
  reportQuery,
} from '../contracts/reports.ts';
import { can, endpoint, raw } from './endpoint.ts';
import { probedIn } from './isolation.ts';

const view = can('report:view');
const XLSX = raw('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

/** Every report and its export: a caller of another company asks for them in the server's isolation test. */
const REPORT_PROBE = probedIn('isolation.test.ts');

/** A report's data (POST, the range and granularity as body) and its Excel export at `<path>/export`. */
function report<const P extends string, const R extends z.ZodType>(path: P, summary: string, response: R) {
  return {
    data: endpoint({ method: 'POST', path, summary, access: view, body: reportQuery, response, isolation: REPORT_PROBE }),
    export: endpoint({
      method: 'POST',
      path: `${path}/export`,
      summary: `${summary}, as an Excel workbook`,
      access: view,
      body: reportQuery,
      response: XLSX,
      isolation: REPORT_PROBE,
    }),
  } as const;
}

const procurement = report(
  '/api/report/procurement',
  'Purchaser spend (paid orders) by period, supplier and category',
  orderReport,
);
const orderSale = report(
  '/api/report/orderSale',
  'Supplier sales (paid orders) by period, customer and category',
  orderReport,
);
const goodsSale = report(
  '/api/report/goodsSale',
  'Supplier products sold: by period and ranked by amount and quantity',
  goodsReport,
);
const goodsCategory = report(
  '/api/report/goodsCategory',
  'Supplier sales by product category (shares) and by period',
  categoryReport,
);
const procurementGoods = report(
  '/api/report/procurementGoods',
  'Purchaser products bought: by period and ranked by amount and quantity',
  goodsReport,
);
const saleAmount = report(
  '/api/report/saleAmount',
  'Receivables per customer (suppliers only): delivered but unpaid, credit used, ageing',
  balanceReport,
);
const payAmount = report(
  '/api/report/payAmount',
  'Payables per supplier (purchasers only): delivered but unpaid, credit used, ageing',
  balanceReport,
);

/**
 * Reports (issue 14, decision 0132): open to company users holding report:view; 应收账款 answers suppliers
 * only and 应付账款 purchasers only (the route refuses other company types with the docs/product/workbench.md#company-type-pages message).
 */
export const reportEndpoints = {
  reportProcurement: procurement.data,
  reportProcurementExport: procurement.export,
  reportOrderSale: orderSale.data,
  reportOrderSaleExport: orderSale.export,
  reportGoodsSale: goodsSale.data,
  reportGoodsSaleExport: goodsSale.export,
  reportGoodsCategory: goodsCategory.data,
  reportGoodsCategoryExport: goodsCategory.export,
  reportProcurementGoods: procurementGoods.data,
  reportProcurementGoodsExport: procurementGoods.export,
  reportSaleAmount: saleAmount.data,
  reportSaleAmountExport: saleAmount.export,
  reportPayAmount: payAmount.data,
  reportPayAmountExport: payAmount.export,
};
