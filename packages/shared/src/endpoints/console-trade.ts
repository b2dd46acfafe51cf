import { z } from 'zod';
import {
  adminDisputeDecideInput,
  adminDisputeListQuery,
  adminDisputeRow,
  adminListingQuery,
  adminListingRow,
  adminListingTakedownInput,
  adminOrderDetail,
  adminOrderListQuery,
  adminOrderRow,
  adminTradeStats,
  adminTradeStatsQuery,
  rmaEscalateInput,
} from '../contracts/console-trade.ts';
import { idParam } from '../contracts/mall.ts';
import { noData, pagedOf } from '../envelope.ts';
import { ADMIN, can, endpoint, raw } from './endpoint.ts';
import { probedIn } from './isolation.ts';

/** Console: oversight of the trade (decision 0187). */
export const adminTradeEndpoints = {
  adminOrderList: endpoint({
    method: 'POST',
    path: '/admin/api/trade/order/list',
    summary: "Every company's orders, newest first, filtered and paged",
    access: ADMIN,
    body: adminOrderListQuery,
    response: pagedOf(adminOrderRow),
  }),
  adminOrderDetail: endpoint({
    method: 'GET',
    path: '/admin/api/trade/order/detail/:id',
    summary: 'One order, read only: lines, shipments, payments, history and its after-sales requests',
    access: ADMIN,
    params: idParam,
    response: adminOrderDetail,
  }),
  adminDisputeList: endpoint({
    method: 'POST',
    path: '/admin/api/trade/dispute/list',
    summary: 'After-sales requests taken to the platform, the open ones first',
    access: ADMIN,
    body: adminDisputeListQuery,
    response: pagedOf(adminDisputeRow),
  }),
  adminDisputeDecide: endpoint({
    method: 'POST',
    path: '/admin/api/trade/dispute/decide',
    summary: 'Decide a dispute once: support the purchaser (the request goes on as approved) or the supplier (closed)',
    access: ADMIN,
    body: adminDisputeDecideInput,
    response: noData,
  }),
  adminListingList: endpoint({
    method: 'POST',
    path: '/admin/api/trade/listing/list',
    summary: 'Tenders or enquiries of every company, newest first, with whether the platform took them down',
    access: ADMIN,
    body: adminListingQuery,
    response: pagedOf(adminListingRow),
  }),
  adminListingTakedown: endpoint({
    method: 'POST',
    path: '/admin/api/trade/listing/takedown',
    summary: 'Take a tender or an enquiry down from the public pages with a reason, or show it again',
    access: ADMIN,
    body: adminListingTakedownInput,
    response: noData,
  }),
  adminTradeStats: endpoint({
    method: 'POST',
    path: '/admin/api/trade/stats',
    summary: 'GMV, orders, new companies, active suppliers and purchasers by China day or month',
    access: ADMIN,
    body: adminTradeStatsQuery,
    response: adminTradeStats,
  }),
  adminTradeStatsExport: endpoint({
    method: 'POST',
    path: '/admin/api/trade/stats/export',
    summary: 'The trade statistics as an Excel workbook',
    access: ADMIN,
    body: adminTradeStatsQuery,
    response: raw('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  }),
};

/** 申请平台介入: either party of a refused after-sales request takes it to the platform, once. */
export const rmaDisputeEndpoints = {
  rmaEscalate: endpoint({
    method: 'POST',
    path: '/api/rma/escalate',
    summary: 'Take a refused after-sales request to the platform (either party, once per request)',
    access: can('rma:manage', 'purchase:manage', 'order:ship'),
    body: rmaEscalateInput,
    response: z.null(),
    isolation: probedIn('modules/admin/trade/trade.test.ts'),
  }),
};
