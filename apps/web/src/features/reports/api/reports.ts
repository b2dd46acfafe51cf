import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  BalanceReport,
  CategoryReport,
  GoodsReport,
  OrderReport,
  ReportName,
  ReportQuery,
} from '@aquamall/shared';
import { api, downloadEndpoint } from '../../../lib/api.ts';

/** The data and export endpoint of each report (report/*: docs/product/reports.md#the-reports). */
const ENDPOINTS = {
  procurement: ['reportProcurement', 'reportProcurementExport'],
  orderSale: ['reportOrderSale', 'reportOrderSaleExport'],
  goodsSale: ['reportGoodsSale', 'reportGoodsSaleExport'],
  goodsCategory: ['reportGoodsCategory', 'reportGoodsCategoryExport'],
  procurementGoods: ['reportProcurementGoods', 'reportProcurementGoodsExport'],
  saleAmount: ['reportSaleAmount', 'reportSaleAmountExport'],
  payAmount: ['reportPayAmount', 'reportPayAmountExport'],
} as const;

/** What each report answers. */
export interface ReportData {
  procurement: OrderReport;
  orderSale: OrderReport;
  goodsSale: GoodsReport;
  goodsCategory: CategoryReport;
  procurementGoods: GoodsReport;
  saleAmount: BalanceReport;
  payAmount: BalanceReport;
}

/** POST /api/report/<name> — the report for a range and granularity. */
export const useReport = <R extends ReportName>(report: R, q: ReportQuery) =>
  useQuery({
    queryKey: ['reports', report, q],
    // Every data endpoint takes the same body; the answer's type follows the report name.
    queryFn: () =>
      api.read(ENDPOINTS[report][0] as 'reportOrderSale', q, { suppressError: true }) as unknown as Promise<
        ReportData[R]
      >,
    placeholderData: keepPreviousData,
  });

/** POST /api/report/<name>/export — the same report as an Excel file (name from content-disposition). */
export const exportReport = (report: ReportName, q: ReportQuery) => downloadEndpoint(ENDPOINTS[report][1], q);
